/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Clients send requests over point-to-point links to one multi-core server
 * that schedules them on its worker cores with an intra-server policy
 * (d-FCFS behind RSS, c-FCFS, processor sharing, Shinjuku, Perséphone,
 * AFP). Prints or writes a JSON
 * summary: counts, server sojourn and client completion-time statistics
 * overall and per request class, utilisation, simulation speed.
 *
 *   multicore-server --policy=cfcfs --cores=4 --load=0.8 --service=exp:10us \
 *                    --duration=2s --json=out.json
 *   multicore-server --policy=afp --cores=14 --workload=w1 --quantum=1us \
 *                    --load=0.9 --rss=random --duration=200ms
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/request-scheduling-module.h"

#include <fstream>
#include <iostream>
#include <optional>

using namespace ns3;

namespace
{

/**
 * \brief Parse a time option that may be left unset.
 * \param name option name
 * \param text its value, empty if not given
 * \param allowZero whether 0 is valid
 * \param value receives the time if given
 * \param error receives the message on failure
 * \return false on a bad value
 */
bool
ParseOptionalTime(const std::string& name,
                  const std::string& text,
                  bool allowZero,
                  std::optional<Time>& value,
                  std::string& error)
{
    if (text.empty())
    {
        return true;
    }
    Time t;
    if (!ScenarioOptions::ParseTime(name, text, allowZero, t, error))
    {
        return false;
    }
    value = t;
    return true;
}

/**
 * \brief Turn --workload into the service distribution it stands for.
 * \param workload w1, w2 or empty
 * \param service --service; receives the workload's distribution
 * \param error receives the message on failure
 * \return false on a bad or conflicting value
 */
bool
ParseWorkload(const std::string& workload, std::string& service, std::string& error)
{
    if (workload.empty())
    {
        if (service.empty())
        {
            service = "exp:10us";
        }
        return true;
    }
    if (!ScenarioOptions::ParseChoice("workload", workload, {"w1", "w2"}, error))
    {
        return false;
    }
    if (!service.empty())
    {
        error = "invalid --workload=" + workload + ": give --workload or --service, not both";
        return false;
    }
    // The AFP paper's workloads: short and long requests of constant length.
    service = workload == "w1" ? "bimodal:0.995:500ns:500us" : "bimodal:0.99:1us:100us";
    return true;
}

} // namespace

int
main(int argc, char* argv[])
{
    // Options are read as text and converted strictly, so that a bad value
    // ends the run with one line naming the option.
    std::string policy = "dfcfs";
    std::string cores = "4";
    std::string scaling = "parallel";
    std::string load = "0.5";
    std::string arrival = "exp";
    std::string service;
    std::string workload;
    std::string linkDelay = "const:1us";
    std::string linkRate = "100Gbps";
    std::string rss = "hash";
    std::string dispatchOverhead = "0ns";
    std::string quantum;
    std::string preemptOverhead;
    std::string reserved = "1";
    std::string handOut = "dispatcher";
    std::string thresh = "1000";
    std::string starvation = "global";
    std::string feedbackDelay = "0ns";
    std::string duration = "1s";
    std::string warmUp = "0s";
    std::string drain = "10s";
    std::string clients = "1";
    std::string flows = "64";
    std::string run = "1";
    std::string seed = "1";
    std::string exact = "false";
    std::string json;
    std::string records;
    std::string cdfPlot;

    // A binary heap of events is the fastest of ns-3's schedulers for these
    // scenarios (thousands of pending events); --SchedulerType overrides it.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PriorityQueueScheduler"));

    CommandLine cmd(__FILE__);
    cmd.AddValue("policy", "intra-server policy: dfcfs|cfcfs|ps|shinjuku|psp|afp", policy);
    cmd.AddValue("cores",
                 "worker cores (compute units); a dispatcher or timer core comes on top",
                 cores);
    cmd.AddValue("scaling", "parallel (one core per unit) | scaled (one faster core)", scaling);
    cmd.AddValue("load", "utilisation of the worker cores, > 0", load);
    cmd.AddValue("arrival", "inter-arrival process: exp|lognormal|uniform|constant", arrival);
    cmd.AddValue("service",
                 "service demand, e.g. exp:10us, const:1us, bimodal:0.995:500ns:500us "
                 "(default exp:10us)",
                 service);
    cmd.AddValue("workload",
                 "instead of --service: w1 (99.5% 0.5us + 0.5% 500us) | w2 (99% 1us + 1% 100us)",
                 workload);
    cmd.AddValue("link-delay",
                 "per-packet propagation delay of each link, e.g. exp:700us",
                 linkDelay);
    cmd.AddValue("link-rate", "data rate of each link", linkRate);
    cmd.AddValue("rss", "NIC queue choice: hash (Toeplitz of the flow) | random", rss);
    cmd.AddValue("dispatch-overhead",
                 "dispatcher (cfcfs, shinjuku) or classifier (psp) time per request, e.g. 150ns",
                 dispatchOverhead);
    cmd.AddValue("quantum",
                 "shinjuku: run before preemption (default 5us); afp: run of a long request "
                 "before the timer checks its NIC queue (default 1us)",
                 quantum);
    cmd.AddValue("preempt-overhead",
                 "worker time per preemption (shinjuku default 0ns, afp default 580ns)",
                 preemptOverhead);
    cmd.AddValue("reserved", "psp: workers reserved for short requests", reserved);
    cmd.AddValue("handout",
                 "psp: the dispatcher hands requests to workers between classifications "
                 "(dispatcher) or idle workers take them at once (worker)",
                 handOut);
    cmd.AddValue("thresh",
                 "afp: NIC-queue requests taken before the wait queue is served, >= 1",
                 thresh);
    cmd.AddValue("starvation", "afp: starvation counter global|per-worker", starvation);
    cmd.AddValue("feedback-delay",
                 "afp: run time before the application marks a long request long",
                 feedbackDelay);
    cmd.AddValue("duration", "time during which clients send, e.g. 2s", duration);
    cmd.AddValue("warmup", "requests sent before this are not recorded", warmUp);
    cmd.AddValue("drain", "longest simulated time after --duration to answer requests", drain);
    cmd.AddValue("clients", "client nodes", clients);
    cmd.AddValue("flows", "UDP source ports per client", flows);
    cmd.AddValue("run", "RngRun: index of the independent replication", run);
    cmd.AddValue("seed", "RngSeed", seed);
    cmd.AddValue("exact", "exact quantiles (keeps every sample)", exact);
    cmd.AddValue("json", "write the summary here (default: standard output)", json);
    cmd.AddValue("records", "write one CSV line per completed request here", records);
    cmd.AddValue("cdf-plot", "write a gnuplot CDF of completion times: PREFIX.plt", cdfPlot);
    cmd.Parse(argc, argv);

    MulticoreScenario::Config config;
    uint64_t coreCount = 0;
    uint64_t reservedCount = 0;
    uint64_t threshCount = 0;
    uint64_t clientCount = 0;
    uint64_t flowCount = 0;
    uint64_t runIndex = 0;
    uint64_t seedValue = 0;
    std::string error;
    bool ok =
        ScenarioOptions::ParseChoice("policy",
                                     policy,
                                     {"dfcfs", "cfcfs", "ps", "shinjuku", "psp", "afp"},
                                     error) &&
        ScenarioOptions::ParseUnsigned("reserved", reserved, 0, 4096, reservedCount, error) &&
        ScenarioOptions::ParseChoice("handout", handOut, {"dispatcher", "worker"}, error) &&
        ScenarioOptions::ParseUnsigned("thresh", thresh, 1, UINT32_MAX, threshCount, error) &&
        ScenarioOptions::ParseChoice("starvation", starvation, {"global", "per-worker"}, error) &&
        ScenarioOptions::ParseTime("feedback-delay",
                                   feedbackDelay,
                                   true,
                                   config.feedbackDelay,
                                   error) &&
        ParseOptionalTime("quantum", quantum, false, config.quantum, error) &&
        ParseOptionalTime("preempt-overhead",
                          preemptOverhead,
                          true,
                          config.preemptOverhead,
                          error) &&
        ScenarioOptions::ParseUnsigned("cores", cores, 1, 4096, coreCount, error) &&
        ScenarioOptions::ParseChoice("scaling", scaling, {"parallel", "scaled"}, error) &&
        ScenarioOptions::ParseDouble("load", load, 0, 100, config.load, error) &&
        ScenarioOptions::ParseChoice("arrival",
                                     arrival,
                                     {"exp", "lognormal", "uniform", "constant"},
                                     error) &&
        ParseWorkload(workload, service, error) &&
        ScenarioOptions::ParseDistribution("service", service, config.service, error) &&
        ScenarioOptions::ParseDistribution("link-delay", linkDelay, config.linkDelay, error) &&
        ScenarioOptions::ParseChoice("rss", rss, {"hash", "random"}, error) &&
        ScenarioOptions::ParseTime("dispatch-overhead",
                                   dispatchOverhead,
                                   true,
                                   config.dispatchOverhead,
                                   error) &&
        ScenarioOptions::ParseTime("duration", duration, false, config.duration, error) &&
        ScenarioOptions::ParseTime("warmup", warmUp, true, config.warmUp, error) &&
        ScenarioOptions::ParseTime("drain", drain, true, config.drain, error) &&
        ScenarioOptions::ParseUnsigned("clients", clients, 1, 60000, clientCount, error) &&
        ScenarioOptions::ParseUnsigned("flows", flows, 1, 16384, flowCount, error) &&
        ScenarioOptions::ParseUnsigned("run", run, 1, UINT32_MAX, runIndex, error) &&
        ScenarioOptions::ParseUnsigned("seed", seed, 1, UINT32_MAX, seedValue, error) &&
        ScenarioOptions::ParseChoice("exact", exact, {"true", "false"}, error);
    if (ok)
    {
        config.policy = policy;
        config.cores = coreCount;
        config.scaling = scaling;
        config.arrival = arrival;
        config.linkRate = linkRate;
        config.rss = rss;
        config.clients = clientCount;
        config.flows = flowCount;
        config.reserved = reservedCount;
        config.thresh = threshCount;
        config.handOut = handOut;
        config.starvation = starvation;
        config.exactQuantiles = exact == "true";
        config.recordsPath = records;
        ok = config.Validate(error);
    }
    for (const auto& [name, path] :
         {std::pair{"json", json}, {"records", records}, {"cdf-plot", cdfPlot}})
    {
        // Fail before the run, not after it, if an output cannot be written.
        std::string file = std::string(name) == "cdf-plot" ? path + ".plt" : path;
        if (ok && !path.empty() && !std::ofstream(file, std::ios::app))
        {
            error = "invalid --" + std::string(name) + "=" + path + ": cannot write " + file;
            ok = false;
        }
    }
    if (!ok)
    {
        std::cerr << "multicore-server: " << error << std::endl;
        return 1;
    }
    RngSeedManager::SetSeed(seedValue);
    RngSeedManager::SetRun(runIndex);

    MulticoreScenario scenario(config);
    scenario.Build();
    scenario.Run();
    JsonSummary summary = scenario.Summarize();
    summary.Set("run", runIndex).Set("seed", seedValue);
    if (!cdfPlot.empty())
    {
        WriteLatencyCdfPlot(scenario.GetClientStats().GetAll(),
                            cdfPlot,
                            "multicore-server: completion time, " + policy);
    }
    if (!summary.WriteFile(json))
    {
        std::cerr << "multicore-server: cannot write --json=" << json << std::endl;
        return 1;
    }
    Simulator::Destroy();
    return 0;
}
