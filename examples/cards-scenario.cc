/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * CArDS (Khandaker et al.): clients send service requests to a service
 * identifier; semantic routers at the ingress resolve them to service
 * instances at 5 sites by compute-aware weighted round robin, or by one of
 * the baselines (central scheduler, random, site-random load balancer,
 * STEAM). Writes a JSON summary: counts, completion time (RCT), requests
 * served and utilisation per instance, simulation speed.
 *
 *   cards-scenario --scenario=2b --scheduler=cards --clients=930 --json=out.json
 */

#include "ns3/core-module.h"
#include "ns3/request-scheduling-module.h"

#include <fstream>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string scenario = "1";
    std::string scheduler = "cards";
    std::string schedulers = "5";
    std::string deployment = "ingress";
    std::string clients = "1550";
    std::string scaling = "parallel";
    std::string affinity = "1";
    std::string computeVector;
    std::string serverCapacity = "16";
    std::string service;
    std::string interArrival;
    std::string duration;
    std::string joinWindow;
    std::string warmUp = "0s";
    std::string drain = "60s";
    std::string intraSite = "700us";
    std::string interSite = "3000us";
    std::string latency = "exp";
    std::string steamBatch = "50";
    std::string run = "1";
    std::string seed = "1";
    std::string exact = "false";
    std::string json;
    std::string cdf;

    // A binary heap of events is the fastest of ns-3's schedulers for these
    // scenarios (thousands of pending events); --SchedulerType overrides it.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PriorityQueueScheduler"));

    CommandLine cmd(__FILE__);
    cmd.AddValue("scenario", "paper scenario: 1|2a|2b|2c|3 (compute units, workload)", scenario);
    cmd.AddValue("scheduler", "cards|central|random|site-random|steam", scheduler);
    cmd.AddValue("schedulers", "scheduling points for cards (1 or a multiple of 5)", schedulers);
    cmd.AddValue("deployment",
                 "cards: ingress (rewrite at the ingress) | routed (hop by hop)",
                 deployment);
    cmd.AddValue("clients", "number of clients", clients);
    cmd.AddValue("scaling", "compute units as parallel executors | one scaled executor", scaling);
    cmd.AddValue("affinity",
                 "transaction length: requests (1 = packet level) or a duration, e.g. 60s",
                 affinity);
    cmd.AddValue("compute-vector",
                 "custom compute units, e.g. 1,2,2,3;1,2,2,4 (sites by ';')",
                 computeVector);
    cmd.AddValue("server-capacity", "compute units a server offers (C_Sv)", serverCapacity);
    cmd.AddValue("service", "service time, e.g. uniform:128us:192us (scenario default)", service);
    cmd.AddValue("inter-arrival",
                 "time between a client's requests (scenario default)",
                 interArrival);
    cmd.AddValue("duration", "time during which clients send (scenario default)", duration);
    cmd.AddValue("join-window", "clients join within this time (scenario default)", joinWindow);
    cmd.AddValue("warmup", "requests sent before this are not recorded", warmUp);
    cmd.AddValue("drain", "longest simulated time after --duration to answer requests", drain);
    cmd.AddValue("intra-site", "mean latency ingress -- own site", intraSite);
    cmd.AddValue("inter-site", "mean latency ingress -- other sites", interSite);
    cmd.AddValue("latency",
                 "per-packet link latency: exp (exponential, the paper) | const (the mean)",
                 latency);
    cmd.AddValue("steam-batch", "STEAM batch size", steamBatch);
    cmd.AddValue("run", "RngRun: index of the independent replication", run);
    cmd.AddValue("seed", "RngSeed", seed);
    cmd.AddValue("exact", "exact quantiles: true|false", exact);
    cmd.AddValue("json", "write the summary here (default: standard output)", json);
    cmd.AddValue("cdf", "write the completion-time CDF here (CSV: rct_us,fraction)", cdf);
    cmd.Parse(argc, argv);

    CardsScenario::Config config;
    uint64_t n = 0;
    uint64_t runIndex = 0;
    uint64_t seedValue = 0;
    std::string error;
    auto number =
        [&](const char* name, const std::string& text, uint64_t lo, uint64_t hi, auto& to) {
            if (!ScenarioOptions::ParseUnsigned(name, text, lo, hi, n, error))
            {
                return false;
            }
            to = n;
            return true;
        };
    auto optionalTime = [&](const char* name, const std::string& text, Time& to) {
        return text.empty() || ScenarioOptions::ParseTime(name, text, true, to, error);
    };
    auto optionalDistribution =
        [&](const char* name, const std::string& text, DistributionSpec& to) {
            return text.empty() || ScenarioOptions::ParseDistribution(name, text, to, error);
        };
    bool ok =
        config.SetScenario(scenario, error) &&
        ScenarioOptions::ParseChoice("scheduler",
                                     scheduler,
                                     {"cards", "central", "random", "site-random", "steam"},
                                     error) &&
        number("schedulers", schedulers, 1, 1000000, config.schedulers) &&
        ScenarioOptions::ParseChoice("deployment", deployment, {"ingress", "routed"}, error) &&
        number("clients", clients, 1, 10000000, config.clients) &&
        ScenarioOptions::ParseChoice("scaling", scaling, {"parallel", "scaled"}, error) &&
        number("server-capacity", serverCapacity, 1, 1000000, config.serverCapacity) &&
        optionalDistribution("service", service, config.service) &&
        optionalDistribution("inter-arrival", interArrival, config.interArrival) &&
        optionalTime("duration", duration, config.duration) &&
        optionalTime("join-window", joinWindow, config.joinWindow) &&
        ScenarioOptions::ParseTime("warmup", warmUp, true, config.warmUp, error) &&
        ScenarioOptions::ParseTime("drain", drain, true, config.drain, error) &&
        ScenarioOptions::ParseTime("intra-site", intraSite, true, config.intraSiteMean, error) &&
        ScenarioOptions::ParseTime("inter-site", interSite, true, config.interSiteMean, error) &&
        ScenarioOptions::ParseChoice("latency", latency, {"exp", "const"}, error) &&
        number("steam-batch", steamBatch, 1, 100000, config.steamBatch) &&
        ScenarioOptions::ParseUnsigned("run", run, 1, UINT32_MAX, runIndex, error) &&
        ScenarioOptions::ParseUnsigned("seed", seed, 1, UINT32_MAX, seedValue, error) &&
        ScenarioOptions::ParseChoice("exact", exact, {"true", "false"}, error);
    if (ok && !affinity.empty() && affinity.find_first_not_of("0123456789") == std::string::npos)
    {
        ok = number("affinity", affinity, 1, UINT32_MAX, config.transactionRequests);
    }
    else if (ok)
    {
        ok = ScenarioOptions::ParseTime("affinity",
                                        affinity,
                                        false,
                                        config.transactionDuration,
                                        error);
        if (!ok)
        {
            error = "invalid --affinity=" + affinity +
                    ": expected a number of requests (1 = packet level) or a duration, e.g. 60s";
        }
    }
    if (ok && !computeVector.empty() &&
        !ComputeVector::ParseSites(computeVector, config.computeUnits, error))
    {
        error = "invalid --compute-vector=" + computeVector + ": " + error;
        ok = false;
    }
    if (ok && config.duration.IsZero())
    {
        error = "invalid --duration=" + duration + ": must be > 0";
        ok = false;
    }
    for (const auto& [name, path] : {std::pair{"json", json}, {"cdf", cdf}})
    {
        if (ok && !path.empty() && !std::ofstream(path, std::ios::app))
        {
            error = "invalid --" + std::string(name) + "=" + path + ": cannot write the file";
            ok = false;
        }
    }
    if (ok)
    {
        config.scheduler = scheduler;
        config.deployment = deployment;
        config.scaling = scaling;
        config.latency = latency;
        config.exactQuantiles = exact == "true";
        ok = config.Validate(error);
    }
    if (!ok)
    {
        std::cerr << "cards-scenario: " << error << std::endl;
        return 1;
    }
    RngSeedManager::SetSeed(seedValue);
    RngSeedManager::SetRun(runIndex);

    CardsScenario cards(config);
    cards.Build();
    cards.Run();
    JsonSummary summary = cards.Summarize();
    if (!cdf.empty())
    {
        std::ofstream out(cdf);
        out << "rct_us,fraction\n";
        for (const auto& [value, fraction] : cards.GetClientStats().GetAll().GetCdf())
        {
            out << value.GetSeconds() * 1e6 << "," << fraction << "\n";
        }
    }
    summary.Set("run", runIndex).Set("seed", seedValue);
    if (!summary.WriteFile(json))
    {
        std::cerr << "cards-scenario: cannot write --json=" << json << std::endl;
        return 1;
    }
    Simulator::Destroy();
    return 0;
}
