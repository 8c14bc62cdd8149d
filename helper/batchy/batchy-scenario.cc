/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-scenario.h"

#include "batchy-pipelines.h"

#include "ns3/abort.h"
#include "ns3/batchy-header.h"
#include "ns3/batchy-worker.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/nfvnice-batchy-controller.h"
#include "ns3/node.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"
#include "ns3/simple-net-device-helper.h"
#include "ns3/simple-net-device.h"
#include "ns3/simulator.h"
#include "ns3/split-text.h"
#include "ns3/string.h"
#include "ns3/type-aliases.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <regex>
#include <sstream>

namespace ns3
{
namespace rsched
{

namespace
{

/**
 * \brief Declare an option whose value is a number in [0, max] (0 included,
 * unlike ScenarioOptions::AddDouble).
 * \param options where to declare it
 * \param name option name
 * \param help help text ("in [0, max]" is added)
 * \param value the field it sets (its value is the default)
 * \param max the largest value
 */
void
AddNonNegative(ScenarioOptions& options,
               const std::string& name,
               const std::string& help,
               double& value,
               double max)
{
    std::ostringstream range;
    range << "[0, " << max << "]";
    std::ostringstream initial;
    initial << value;
    options.Add(
        name,
        help + ", in " + range.str(),
        initial.str(),
        [&value, name, max, range = range.str()](const std::string& text, std::string& error) {
            double v = 0;
            if (!ScenarioOptions::ParseNumber(text, v) || !(v >= 0) || v > max)
            {
                error = "invalid --" + name + "=" + text + ": expected a number in " + range;
                return false;
            }
            value = v;
            return true;
        });
}

/**
 * \brief Read "TIME:VALUE,TIME:VALUE,..." with increasing times.
 * \param name the option
 * \param text its value
 * \param value reads one value; false with error set if malformed
 * \param steps receives the (time, value) pairs
 * \param error receives the reason on failure
 * \return true on success
 */
template <typename T>
bool
ParseSteps(const std::string& name,
           const std::string& text,
           std::function<bool(const std::string&, T&, std::string&)> value,
           std::vector<std::pair<Time, T>>& steps,
           std::string& error)
{
    steps.clear();
    for (const std::string& item : text.empty() ? std::vector<std::string>() : SplitText(text, ','))
    {
        auto colon = item.find(':');
        if (colon == std::string::npos)
        {
            error = "invalid --" + name + "=" + text + ": expected TIME:VALUE[,TIME:VALUE...]";
            return false;
        }
        Time at;
        T v{};
        if (!ScenarioOptions::ParseTime(name, item.substr(0, colon), true, at, error) ||
            !value(item.substr(colon + 1), v, error))
        {
            return false;
        }
        if (!steps.empty() && at <= steps.back().first)
        {
            error = "invalid --" + name + "=" + text + ": times must increase";
            return false;
        }
        steps.emplace_back(at, v);
    }
    return true;
}

/// The named pipelines (anything else is a file).
} // namespace

const Choices<BatchyTrafficSource::Arrival> BatchyScenario::ARRIVALS = {
    {"poisson", BatchyTrafficSource::POISSON},
    {"paced", BatchyTrafficSource::PACED}};

BatchyScenario::Parameters::Parameters()
{
    controller.SetTypeId("ns3::NullBatchyController");
    duration = Seconds(1);
}

void
BatchyScenario::Parameters::AddOptions(ScenarioOptions& options)
{
    options.AddString(
        "pipeline",
        "l2l3 (L2L3(n)), gw (GW(n): with ACL and NAT), vrf (VRF(m,n)), mgw (MGW(m,n): "
        "m bearers of n users), rc (RC(n): robot control), "
        "or a file in the graph format (module NAME T0 T1 [SUCC,...]; flow NAME "
        "A>B>... RATE SLO)",
        pipeline);
    options.AddUnsigned("n", "size of the pipeline (next hops, leaves)", n, 1, 4096);
    options.AddUnsigned("m", "VRFs of the vrf pipeline, bearers of the mgw pipeline", m, 1, 4096);
    options.Add("controller",
                "buffer controller: " + TypeAliases::List(BatchyController::GetTypeId()) +
                    ", or a TypeId name; attributes as NAME[Attribute=Value|...]",
                TypeAliases::Name(controller.GetTypeId()),
                [this](const std::string& text, std::string& error) {
                    return TypeAliases::Parse("controller",
                                              text,
                                              BatchyController::GetTypeId(),
                                              controller,
                                              error);
                });
    options.Add("slo",
                "delay SLO of every flow: a duration (50us; mgw: D0, bearer b's flows get "
                "(b+1) x D0 and the last bearer's none, as the paper's MGW; not rc, whose "
                "flows have their own), or a factor of each flow's mean delay under the max "
                "controller (0.8x, as the paper's static table; a first run with the max "
                "controller measures it) (default: the pipeline's)",
                "",
                [this](const std::string& text, std::string& error) {
                    if (!text.empty() && text.back() == 'x')
                    {
                        if (!ScenarioOptions::ParseDouble("slo",
                                                          text.substr(0, text.size() - 1),
                                                          0,
                                                          1e6,
                                                          sloFactor,
                                                          error))
                        {
                            error = "invalid --slo=" + text +
                                    ": expected a duration (50us) or a factor in (0, 1e6] "
                                    "followed by x (0.8x)";
                            return false;
                        }
                        return true;
                    }
                    return ScenarioOptions::ParseTime("slo", text, false, slo, error);
                });
    options.Add("slo-basis",
                "each flow's mean delay under the max controller, FLOW:DURATION,... (the "
                "per_flow mean_us of an earlier max run without an SLO factor and otherwise "
                "with the same options and run): a factor SLO such as 0.8x multiplies these "
                "instead of measuring them in a first run of its own, so that several "
                "controllers' runs share one measurement",
                "",
                [this](const std::string& text, std::string& error) {
                    sloBasis.clear();
                    for (const std::string& item :
                         text.empty() ? std::vector<std::string>() : SplitText(text, ','))
                    {
                        size_t colon = item.rfind(':');
                        Time t;
                        if (colon == std::string::npos || colon == 0)
                        {
                            error = "invalid --slo-basis=" + text + ": expected FLOW:DURATION,...";
                            return false;
                        }
                        if (!ScenarioOptions::ParseTime("slo-basis",
                                                        item.substr(colon + 1),
                                                        true,
                                                        t,
                                                        error))
                        {
                            return false;
                        }
                        if (!sloBasis.emplace(item.substr(0, colon), t).second)
                        {
                            error = "invalid --slo-basis: flow " + item.substr(0, colon) +
                                    " given twice";
                            return false;
                        }
                    }
                    return true;
                });
    options.AddBool("report-own-slos",
                    "with a factor SLO (0.8x), also report the SLO metrics against the "
                    "pipeline's own SLOs (own_slo_violation_periods, ...): a controller that "
                    "reads no SLO (null, max, nfvnice on one core) then runs once for both",
                    reportOwnSlos);
    options.Add("report-slo-factor",
                "also report the SLO metrics against this factor times each flow's mean "
                "delay in this run (factor_slo_violation_periods, ...), as a run given this "
                "factor SLO and this run's means as its basis reports them: the max "
                "controller, which reads no SLO, is then its own 0.8x run (default: none)",
                "",
                [this](const std::string& text, std::string& error) {
                    reportSloFactor = 0;
                    return text.empty() || ScenarioOptions::ParseDouble("report-slo-factor",
                                                                        text,
                                                                        0,
                                                                        1e6,
                                                                        reportSloFactor,
                                                                        error);
                });
    AddTrafficOptions(options);
    AddSwitchOptions(options);
    AddStepOptions(options);
    AddCommonAndChecks(options);
}

void
BatchyScenario::Parameters::AddTrafficOptions(ScenarioOptions& options)
{
    options.AddDouble("rate", "offered rate of all flows together (packets/s)", rate, 0, 1e9);
    options.Add(
        "burstiness",
        "mean number of consecutive packets of one flow, >= 1",
        "1",
        [this](const std::string& text, std::string& error) {
            if (!ScenarioOptions::ParseDouble("burstiness", text, 0, 1e6, burstiness, error))
            {
                return false;
            }
            if (burstiness < 1)
            {
                error = "invalid --burstiness=" + text + ": must be >= 1";
                return false;
            }
            return true;
        });
    options.AddChoice("arrival",
                      "traffic: poisson, or paced (even gaps, flows in an evenly spread order, "
                      "as the authors' rate-limited BESS sources)",
                      arrival,
                      ARRIVALS);
    options.AddUnsigned("source-batch",
                        "packets the source sends back to back at each arrival instant, as a "
                        "BESS Source's burst (31 in the authors' bulk source)",
                        sourceBatch,
                        1,
                        4096);
}

void
BatchyScenario::Parameters::AddSwitchOptions(ScenarioOptions& options)
{
    options.AddUnsigned("batch", "largest batch B (packets)", batch, 1, 4096);
    options.AddUnsigned("buffer-capacity",
                        "packets a fractional buffer holds, the largest trigger (>= --batch; "
                        "not with a controller that uses no buffer)",
                        bufferCapacity,
                        1,
                        4096);
    options.AddTime("period", "control period", period, false);
    options.AddUnsigned("warmup-periods",
                        "control periods before measuring",
                        warmupPeriods,
                        0,
                        1000000);
    options.AddUnsigned("packet-size",
                        "bytes per packet (at least the Batchy header's 18)",
                        packetSize,
                        BatchyHeader::SERIALIZED_SIZE,
                        9000);
    options.AddDataRate("link-rate",
                        "data rate of the links from the source and to the sink",
                        linkRate);
    options.AddChoice("level",
                      "packet (packets on links to and from the switch) or queue (no packets: "
                      "the source hands each one to the switch, as over an infinitely fast "
                      "link; several times faster)",
                      level,
                      LEVELS);
    options.AddOutputFile("trace",
                          "per-period CSV: throughput, SLO, p95 delay per flow, trigger and batch "
                          "per module",
                          tracePath);
    AddNonNegative(options,
                   "cost-jitter",
                   "relative standard deviation of each module execution's cost",
                   costJitter,
                   1);
    options.AddBool("backpressure",
                    "the switch pauses the source when its ingress queue is 90 % full and "
                    "resumes it at 15 % (BESS's Queue with backpressure, on in the authors' "
                    "runs), so a saturating source loses no packets there",
                    backpressure);
    AddNonNegative(options,
                   "buffer-t0",
                   "worker time a fractional buffer in use costs per batch offered to it (ns; "
                   "a buffer is a module of its own in BESS)",
                   bufferT0,
                   1e9);
    AddNonNegative(options,
                   "buffer-t1",
                   "worker time a fractional buffer in use costs per packet offered to it (ns)",
                   bufferT1,
                   1e9);
    AddNonNegative(options,
                   "control-rate",
                   "rc: the control flow's rate (packets/s), the bulk flows sharing the rest of "
                   "the total rate (0: every flow an equal share of it, as the authors' code runs; "
                   "their configuration's 1 kpps bound is never read)",
                   controlRate,
                   1e9);
    options.AddBool("profile",
                    "first profile every module (batches 1..B, 10 each) and report the fitted "
                    "T0, T1 and R^2 per module",
                    profile);
    options.AddUnsigned("cores",
                        "CPU cores of the switch's worker (the extra ones serve modules moved "
                        "by --decompose)",
                        cores,
                        1,
                        64);
    options.AddBool("decompose",
                    "pipeline decomposition: at each period end, move the flows the first "
                    "core cannot serve within their SLOs onto the other cores",
                    decompose);
    options.AddBool("chain-buffers",
                    "buffer every module by its costs, as the authors do (by default not a "
                    "module inside a chain below a buffered one, nor a merger of buffered "
                    "branches or anything below it)",
                    chainBuffers);
}

void
BatchyScenario::Parameters::AddStepOptions(ScenarioOptions& options)
{
    options.Add("slo-steps",
                "SLO changes: TIME:SLO,... (e.g. 1s:300us,2s:60us) for the step flows that "
                "have an SLO",
                "",
                [this](const std::string& text, std::string& error) {
                    return ParseSteps<Time>(
                        "slo-steps",
                        text,
                        [](const std::string& v, Time& t, std::string& e) {
                            return ScenarioOptions::ParseTime("slo-steps", v, false, t, e);
                        },
                        sloSteps,
                        error);
                });
    options.Add("rate-steps",
                "rate changes: TIME:RATE,... the total rate of the step flows (packets/s), "
                "shared as their initial rates",
                "",
                [this](const std::string& text, std::string& error) {
                    return ParseSteps<double>(
                        "rate-steps",
                        text,
                        [](const std::string& v, double& r, std::string& e) {
                            return ScenarioOptions::ParseDouble("rate-steps", v, 0, 1e9, r, e);
                        },
                        rateSteps,
                        error);
                });
    options.Add("step-flows",
                "regular expression: the flows --slo-steps and --rate-steps change (default "
                "all)",
                stepFlows,
                [this](const std::string& text, std::string& error) {
                    try
                    {
                        std::regex check(text);
                    }
                    catch (const std::regex_error&)
                    {
                        error = "invalid --step-flows=" + text + ": not a regular expression";
                        return false;
                    }
                    stepFlows = text;
                    return true;
                });
}

void
BatchyScenario::Parameters::AddCommonAndChecks(ScenarioOptions& options)
{
    RequestScenario::Parameters::AddOptions(options);
    options.Owns("ns3::BatchyController::Period", "period");
    options.Owns("ns3::BatchyController::Decompose", "decompose");
    options.Owns("ns3::BatchyWorker::MaxBatch", "batch");
    options.Owns("ns3::BatchyWorker::BufferCapacity", "buffer-capacity");
    options.Owns("ns3::BatchyWorker::CostJitter", "cost-jitter");
    options.Owns("ns3::BatchyWorker::IngressBackpressure", "backpressure");
    options.Owns("ns3::BatchyWorker::BufferT0", "buffer-t0");
    options.Owns("ns3::BatchyWorker::BufferT1", "buffer-t1");
    options.Owns("ns3::BatchyWorker::Cores", "cores");
    options.Owns("ns3::BatchyTrafficSource::PacketSize", "packet-size");
    options.Owns("ns3::BatchyTrafficSource::Arrival", "arrival");
    options.Owns("ns3::BatchyTrafficSource::Burstiness", "burstiness");
    options.Owns("ns3::BatchyTrafficSource::SendBatch", "source-batch");
    // Options the pipeline or the level does not use are errors, not ignored.
    options.RefuseUnused(
        {"m", "n", "slo", "control-rate", "link-rate", "packet-size"},
        [this](const std::string& option) -> std::string {
            if (option == "link-rate" || option == "packet-size")
            {
                return level == Level::PACKET ? "" : "with --level=queue (no packets, no links)";
            }
            const BatchyPipelines::Named* named = BatchyPipelines::Find(pipeline);
            const std::map<std::string, bool> uses{
                {"m", named && named->usesM},
                {"n", named},
                {"slo", !(named && named->ownSlos) || sloFactor > 0},
                {"control-rate", named && named->ownSlos},
            };
            if (uses.at(option))
            {
                return "";
            }
            return "with --pipeline=" + pipeline +
                   (option == "slo"
                        ? " (its flows have their own SLOs; a factor such as 0.8x applies)"
                        : "");
        });
    // A controller that keeps every trigger at 0 uses no buffer.
    options.ContextualDefault("buffer-capacity", "64, or --batch if larger");
    options.RefuseUnused({"buffer-capacity", "buffer-t0", "buffer-t1"},
                         [this](const std::string&) -> std::string {
                             TypeId tid = controller.GetTypeId();
                             if (!tid.IsChildOf(BatchyController::GetTypeId()) ||
                                 controller.Create<BatchyController>()->UsesBuffers())
                             {
                                 return ""; // Validate() names a type that is no controller
                             }
                             return "with --controller=" + TypeAliases::Name(tid) +
                                    " (every trigger 0: no buffer in use)";
                         });
    options.AddCheck([this, &options](std::string&) {
        if (!options.IsGiven("buffer-capacity"))
        {
            bufferCapacity = std::max(bufferCapacity, batch);
        }
        return true;
    });
}

bool
BatchyScenario::Parameters::MakeGraph(DataFlowGraph& graph, std::string& error) const
{
    if (const BatchyPipelines::Named* named = BatchyPipelines::Find(pipeline))
    {
        if (!BatchyPipelines::Build(pipeline, n, m, rate, slo, graph, error))
        {
            error = "invalid " + error;
            return false;
        }
        if (named->controlFlow && controlRate > 0)
        {
            if (controlRate >= rate)
            {
                std::ostringstream text;
                text << "invalid --control-rate=" << controlRate
                     << ": must be below --rate=" << rate;
                error = text.str();
                return false;
            }
            // Flow 0 is the control flow; the bulk flows share the rest.
            graph.SetFlowRate(0, controlRate);
            for (uint32_t f = 1; f < graph.GetNFlows(); ++f)
            {
                graph.SetFlowRate(f, (rate - controlRate) / (graph.GetNFlows() - 1));
            }
        }
    }
    else
    {
        std::ifstream in(pipeline);
        if (!in)
        {
            error = "invalid --pipeline=" + pipeline +
                    ": not l2l3, gw, vrf, mgw, rc, nor a readable file";
            return false;
        }
        if (!DataFlowGraph::Parse(in, pipeline, graph, error))
        {
            error = "invalid --pipeline=" + pipeline + ": " + error;
            return false;
        }
        // The file's rates are shares of --rate.
        double total = 0;
        for (uint32_t f = 0; f < graph.GetNFlows(); ++f)
        {
            total += graph.GetFlow(f).ratePps;
        }
        for (uint32_t f = 0; f < graph.GetNFlows(); ++f)
        {
            double share = total > 0 ? graph.GetFlow(f).ratePps / total : 1.0 / graph.GetNFlows();
            graph.SetFlowRate(f, rate * share);
            if (slo.IsStrictlyPositive())
            {
                graph.SetFlowSlo(f, slo);
            }
        }
    }
    graph.SetChainBuffers(chainBuffers);
    if (!graph.Validate(error))
    {
        error = "invalid --pipeline=" + pipeline + ": " + error;
        return false;
    }
    return true;
}

bool
BatchyScenario::Parameters::Validate(std::string& error) const
{
    TypeId tid = controller.GetTypeId();
    if (!tid.IsChildOf(BatchyController::GetTypeId()) || !tid.HasConstructor())
    {
        return Invalid(error, "controller=" + tid.GetName(), "not a Batchy controller");
    }
    if (arrival == BatchyTrafficSource::PACED && burstiness != std::floor(burstiness))
    {
        return Invalid(error, "burstiness", "must be a whole number with --arrival=paced");
    }
    // Gaps beyond ScenarioOptions::MAX_SECONDS would overflow ns-3's Time.
    if (!(rate >= 1 / ScenarioOptions::MAX_SECONDS))
    {
        return Invalid(error, "rate", "must be >= 1e-6 (packets/s)");
    }
    if (!RequestScenario::Parameters::Validate(error))
    {
        return false;
    }
    DataRate linkBps;
    if (!ScenarioOptions::ParseDataRate("link-rate", linkRate, linkBps, error))
    {
        return false;
    }
    // The max controller sets every trigger to B, and a trigger above the
    // capacity could never fire.
    if (batch > bufferCapacity)
    {
        return Invalid(error,
                       "buffer-capacity=" + std::to_string(bufferCapacity),
                       "below --batch=" + std::to_string(batch) +
                           ": a buffer must hold a trigger of B packets");
    }
    if (decompose && cores < 2)
    {
        return Invalid(error, "decompose", "needs --cores=2 or more");
    }
    if (period < MicroSeconds(1))
    {
        return Invalid(error,
                       "period=" + ScenarioOptions::FormatTime(period),
                       "the controllers' shortest period is 1us");
    }
    // What the worker would only find out when it runs, with the ns-3
    // defaults given (--ns3::BatchyWorker::QueueCapacity=...).
    auto worker = CreateObject<BatchyWorker>();
    UintegerValue queueCapacity;
    worker->GetAttribute("QueueCapacity", queueCapacity);
    if (batch > queueCapacity.Get())
    {
        return Invalid(error,
                       "batch=" + std::to_string(batch),
                       "above the ingress queue's " + std::to_string(queueCapacity.Get()) +
                           " packets (ns3::BatchyWorker::QueueCapacity): no batch could reach "
                           "it; give a smaller --batch or a larger QueueCapacity");
    }
    StringValue scheduling;
    worker->GetAttribute("Scheduling", scheduling);
    if (scheduling.Get() == "WeightedFair" && cores > 1)
    {
        return Invalid(error,
                       "cores=" + std::to_string(cores),
                       "WeightedFair scheduling (ns3::BatchyWorker::Scheduling) runs on one core");
    }
    TypeId nfvnice = NfvniceBatchyController::GetTypeId();
    if (cores > 1 && (tid == nfvnice || tid.IsChildOf(nfvnice)))
    {
        return Invalid(error,
                       "cores=" + std::to_string(cores),
                       "the nfvnice controller runs on one core");
    }

    if (!warmUp.IsZero())
    {
        return Invalid(error, "warmup", "give the warm-up in control periods (--warmup-periods)");
    }
    if (period * warmupPeriods >= duration)
    {
        return Invalid(error, "warmup-periods", "the warm-up must end before --duration");
    }
    DataFlowGraph graph;
    if (!MakeGraph(graph, error))
    {
        return false;
    }
    if (!sloBasis.empty() && sloFactor == 0)
    {
        return Invalid(error, "slo-basis", "needs --slo=Fx (a factor such as 0.8x)");
    }
    if (reportOwnSlos && sloFactor == 0)
    {
        return Invalid(error, "report-own-slos", "needs --slo=Fx (a factor such as 0.8x)");
    }
    for (uint32_t f = 0; f < graph.GetNFlows() && !sloBasis.empty(); ++f)
    {
        if (!sloBasis.count(graph.GetFlow(f).name))
        {
            return Invalid(error, "slo-basis", "has no delay of flow " + graph.GetFlow(f).name);
        }
    }
    if (sloBasis.size() > graph.GetNFlows())
    {
        return Invalid(error, "slo-basis", "names a flow the pipeline does not have");
    }
    if (sloSteps.empty() && rateSteps.empty() && stepFlows != ".*")
    {
        return Invalid(error,
                       "step-flows=" + stepFlows,
                       "changes nothing without --slo-steps or --rate-steps");
    }
    if (!sloSteps.empty() || !rateSteps.empty())
    {
        std::regex select(stepFlows);
        bool any = false;
        for (uint32_t f = 0; f < graph.GetNFlows(); ++f)
        {
            any |= std::regex_match(graph.GetFlow(f).name, select);
        }
        if (!any)
        {
            return Invalid(error, "step-flows=" + stepFlows, "matches no flow of the pipeline");
        }
    }
    return true;
}

BatchyScenario::BatchyScenario(const Parameters& parameters)
    : RequestScenario(
          [&parameters]() {
              // Packets sent during the warm-up periods are not recorded.
              Parameters p = parameters;
              p.warmUp = p.period * p.warmupPeriods;
              return p;
          }(),
          NAME),
      m_parameters(parameters)
{
    std::string error;
    NS_ABORT_MSG_IF(!m_parameters.Validate(error), "BatchyScenario: " << error);
    m_parameters.warmUp = m_parameters.period * m_parameters.warmupPeriods;
    m_parameters.MakeGraph(m_graph, error);
}

BatchyScenario::~BatchyScenario() = default;

Ptr<BatchySwitch>
BatchyScenario::GetSwitch() const
{
    return m_switch;
}

Time
BatchyScenario::GetMeanDelay(uint32_t flow) const
{
    return flow < m_endToEnd.GetClassCount() ? m_endToEnd.GetClass(flow).GetMean() : Time(0);
}

void
BatchyScenario::Build()
{
    const Parameters& p = m_parameters;
    if (p.sloFactor > 0)
    {
        CalibrateSlos();
    }
    if (p.profile)
    {
        for (uint32_t v = 0; v < m_graph.GetNModules(); ++v)
        {
            m_profile.push_back(
                BatchyProfiler::Profile(m_graph.GetModule(v), p.batch, 10, p.costJitter, 3200 + v));
        }
    }
    m_nodes.Create(3);
    if (p.level == Level::PACKET)
    {
        BuildLinks();
    }

    auto worker = CreateObject<BatchyWorker>();
    worker->SetAttribute("MaxBatch", UintegerValue(p.batch));
    worker->SetAttribute("BufferCapacity", UintegerValue(p.bufferCapacity));
    worker->SetAttribute("CostJitter", DoubleValue(p.costJitter));
    worker->SetAttribute("BufferT0", DoubleValue(p.bufferT0));
    worker->SetAttribute("BufferT1", DoubleValue(p.bufferT1));
    worker->SetAttribute("Cores", UintegerValue(p.cores));
    worker->AssignStreams(3100);
    worker->SetGraph(m_graph);
    worker->TraceConnectWithoutContext("Drop", MakeCallback(&BatchyScenario::WorkerDrop, this));
    auto controller = p.controller.Create<BatchyController>();
    controller->SetAttribute("Period", TimeValue(p.period));
    controller->SetAttribute("Decompose", BooleanValue(p.decompose));
    controller->TraceConnectWithoutContext("Move", MakeCallback(&BatchyScenario::Moved, this));
    controller->TraceConnectWithoutContext("Failover",
                                           MakeCallback(&BatchyScenario::FailedOver, this));
    controller->TraceConnectWithoutContext("Period",
                                           MakeCallback(&BatchyScenario::PeriodEnd, this));
    m_switch = CreateObject<BatchySwitch>();
    m_switch->SetAttribute("Worker", PointerValue(worker));
    m_switch->SetAttribute("Controller", PointerValue(controller));
    m_switch->SetAttribute("EgressDevice", UintegerValue(1));
    m_switch->TraceConnectWithoutContext("Drop", MakeCallback(&BatchyScenario::SwitchDrop, this));
    m_nodes.Get(1)->AddApplication(m_switch);
    m_switch->SetStartTime(Time(0));

    m_source = CreateObject<BatchyTrafficSource>();
    std::vector<double> rates;
    for (uint32_t f = 0; f < m_graph.GetNFlows(); ++f)
    {
        rates.push_back(m_graph.GetFlow(f).ratePps);
    }
    m_source->SetFlowRates(rates);
    m_source->SetAttribute("Burstiness", DoubleValue(p.burstiness));
    m_source->SetAttribute("Arrival", EnumValue(p.arrival));
    m_source->SetAttribute("PacketSize", UintegerValue(p.packetSize));
    m_source->SetAttribute("SendBatch", UintegerValue(p.sourceBatch));
    m_source->AssignStreams(3000);
    m_nodes.Get(0)->AddApplication(m_source);
    m_source->SetStartTime(Time(0));
    m_source->SetStopTime(p.duration);
    worker->SetAttribute("IngressBackpressure", BooleanValue(p.backpressure));
    worker->SetBackpressureCallback(MakeCallback(&BatchyTrafficSource::SetPaused, m_source));
    if (p.level == Level::QUEUE)
    {
        m_source->SetDirectSink(MakeCallback(&BatchySwitch::Deliver, m_switch));
        m_switch->SetDirectEgress(MakeCallback(&BatchyScenario::Departed, this));
    }
    m_endToEnd = RequestStats(p.exactQuantiles);
    if (!p.tracePath.empty())
    {
        m_trace = std::make_unique<std::ofstream>(p.tracePath);
        NS_ABORT_MSG_IF(!*m_trace, "cannot write " << p.tracePath);
        *m_trace << "period,time_s,pps,utilisation,slo_us,worst_p95_over_slo,violated,overdelayed";
        for (uint32_t f = 0; f < m_graph.GetNFlows(); ++f)
        {
            *m_trace << ",p95_us_" << m_graph.GetFlow(f).name;
        }
        for (uint32_t v = 0; v < m_graph.GetNModules(); ++v)
        {
            *m_trace << ",trigger_" << m_graph.GetModule(v).name << ",batch_"
                     << m_graph.GetModule(v).name;
        }
        *m_trace << "\n";
    }
    ScheduleSteps(worker, rates);
    Simulator::Schedule(p.warmUp, [this, worker]() {
        for (uint32_t v = 0; v < m_graph.GetNModules(); ++v)
        {
            m_executionsAtWarmUp.push_back(worker->GetModuleStats(v).executions);
            m_packetsAtWarmUp.push_back(worker->GetModuleStats(v).packets);
        }
    });
}

void
BatchyScenario::CalibrateSlos()
{
    const Parameters& p = m_parameters;
    // The paper's relative SLO: a factor of each flow's mean delay under
    // the max controller over the measured periods, given (--slo-basis) or
    // measured by a first run of the same pipeline on one core.
    std::vector<Time> means;
    for (uint32_t f = 0; f < m_graph.GetNFlows() && !p.sloBasis.empty(); ++f)
    {
        means.push_back(p.sloBasis.at(m_graph.GetFlow(f).name));
    }
    if (means.empty())
    {
        Parameters probe = p;
        probe.cores = 1;
        probe.decompose = false;
        probe.sloFactor = 0;
        probe.reportOwnSlos = false;
        probe.reportSloFactor = 0;
        probe.warmUp = Time(0); // as given: the scenario derives it from warmupPeriods
        probe.tracePath.clear();
        probe.recordsPath.clear();
        // The calibration run measures the pipeline itself, not its faults.
        probe.faults.clear();
        probe.controller = ObjectFactory("ns3::MaxBatchyController");
        BatchyScenario max(probe);
        max.Build();
        max.Run();
        for (uint32_t f = 0; f < m_graph.GetNFlows(); ++f)
        {
            means.push_back(max.GetMeanDelay(f));
        }
        Simulator::Destroy();
    }
    for (uint32_t f = 0; f < m_graph.GetNFlows() && p.reportOwnSlos; ++f)
    {
        m_ownSlos.push_back(m_graph.GetFlow(f).slo);
    }
    for (uint32_t f = 0; f < m_graph.GetNFlows(); ++f)
    {
        m_graph.SetFlowSlo(f, FactorSlo(means[f], p.sloFactor));
    }
}

void
BatchyScenario::ScheduleSteps(Ptr<BatchyWorker> worker, const std::vector<double>& rates)
{
    const Parameters& p = m_parameters;
    std::regex select(p.stepFlows);
    std::vector<uint32_t> stepped;
    double steppedRate = 0;
    for (uint32_t f = 0; f < m_graph.GetNFlows(); ++f)
    {
        if (std::regex_match(m_graph.GetFlow(f).name, select))
        {
            stepped.push_back(f);
            steppedRate += rates[f];
        }
    }
    for (const auto& [at, slo] : p.sloSteps)
    {
        Simulator::Schedule(at, [this, worker, stepped, slo = slo]() {
            for (uint32_t f : stepped)
            {
                if (m_graph.GetFlow(f).slo.IsStrictlyPositive())
                {
                    m_graph.SetFlowSlo(f, slo);
                    worker->SetFlowSlo(f, slo);
                }
            }
        });
    }
    for (const auto& [at, total] : p.rateSteps)
    {
        std::vector<double> next = rates;
        for (uint32_t f : stepped)
        {
            next[f] = steppedRate > 0 ? rates[f] * total / steppedRate : total / stepped.size();
        }
        Simulator::Schedule(at, [this, next]() { m_source->SetFlowRates(next); });
    }
}

void
BatchyScenario::BuildLinks()
{
    SimpleNetDeviceHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(DataRate(m_parameters.linkRate)));
    link.SetChannelAttribute("Delay", TimeValue(Time(0)));
    link.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("10000p"));
    NetDeviceContainer in = link.Install(NodeContainer(m_nodes.Get(0), m_nodes.Get(1)));
    NetDeviceContainer out = link.Install(NodeContainer(m_nodes.Get(1), m_nodes.Get(2)));
    for (NetDeviceContainer* c : {&in, &out})
    {
        for (uint32_t i = 0; i < c->GetN(); ++i)
        {
            auto d = DynamicCast<SimpleNetDevice>(c->Get(i));
            d->TraceConnectWithoutContext("PhyRxDrop",
                                          MakeCallback(&BatchyScenario::DeviceDrop, this));
            d->GetQueue()->TraceConnectWithoutContext(
                "Drop",
                MakeCallback(&BatchyScenario::DeviceDrop, this));
        }
    }
    m_nodes.Get(2)->RegisterProtocolHandler(MakeCallback(&BatchyScenario::SinkReceive, this),
                                            BatchyHeader::PROTOCOL,
                                            out.Get(1));
}

void
BatchyScenario::SinkReceive(Ptr<NetDevice> /* device */,
                            Ptr<const Packet> packet,
                            uint16_t /* protocol */,
                            const Address& /* from */,
                            const Address& /* to */,
                            NetDevice::PacketType /* type */)
{
    BatchyHeader h;
    packet->PeekHeader(h);
    Departed(h.GetFlow(), h.GetSequence(), h.GetSendTime());
}

void
BatchyScenario::Departed(uint32_t flow, uint64_t sequence, Time sent)
{
    Time now = PeekableScheduler::Now();
    if (sent >= m_parameters.warmUp)
    {
        m_endToEnd.Record(flow, now - sent);
    }
    if (now >= m_parameters.warmUp && now < m_parameters.duration)
    {
        ++m_departedMeasured;
    }
    RequestAnswered(0, sequence, flow, sent, now - sent);
}

void
BatchyScenario::PeriodEnd(uint32_t index)
{
    Ptr<BatchyWorker> w = m_switch->GetWorker();
    std::vector<double> p95(m_graph.GetNFlows());
    std::vector<Time> delays(m_graph.GetNFlows()); // the delay each flow's SLO is held to
    std::vector<Time> slos(m_graph.GetNFlows());
    m_insideAtPeriodStart.resize(m_graph.GetNFlows());
    for (uint32_t f = 0; f < m_graph.GetNFlows(); ++f)
    {
        const auto& s = w->GetPeriodFlowStats(f);
        p95[f] = s.departed ? s.delay.GetQuantile(0.95).GetSeconds() * 1e6 : 0.0;
        slos[f] = m_graph.GetFlow(f).slo;
        const auto& total = w->GetFlowStats(f);
        uint64_t out = total.departed + total.dropped;
        uint64_t inside = total.received > out ? total.received - out : 0;
        // Nothing left and nothing lost (only arrivals are dropped): the
        // packets inside at the start were all still there at the end.
        bool starved = !s.departed && m_insideAtPeriodStart[f] > 0 &&
                       inside == m_insideAtPeriodStart[f] + s.received - s.dropped;
        m_insideAtPeriodStart[f] = inside;
        // Starved: a packet inside since the period began has waited the
        // whole period, a lower bound of its delay.
        delays[f] = s.departed ? s.delay.GetQuantile(0.95)
                    : starved  ? m_parameters.period
                               : Time(0);
    }
    double worst = WorstRatio(delays, slos); // the largest p95 / SLO of the flows with an SLO
    bool violated = worst > 1;
    bool overdelayed = worst > 1 + OVERDELAY_TOLERANCE;
    bool measured =
        index >= m_parameters.warmupPeriods && Simulator::Now() <= m_parameters.duration;
    if (measured)
    {
        ++m_periods;
        Tally(m_tally, worst);
        if (!m_ownSlos.empty())
        {
            Tally(m_ownTally, WorstRatio(delays, m_ownSlos));
        }
        if (m_parameters.reportSloFactor > 0)
        {
            m_periodDelays.push_back(delays);
        }
    }
    if (m_trace)
    {
        uint64_t departed = 0;
        Time busy;
        for (uint32_t v = 0; v < m_graph.GetNModules(); ++v)
        {
            busy += w->GetPeriodModuleStats(v).busy + w->GetPeriodModuleStats(v).bufferBusy;
        }
        Time slo;
        for (uint32_t f = 0; f < m_graph.GetNFlows(); ++f)
        {
            departed += w->GetPeriodFlowStats(f).departed;
            Time s = m_graph.GetFlow(f).slo;
            slo = s.IsStrictlyPositive() && (slo.IsZero() || s < slo) ? s : slo;
        }
        *m_trace << index << ',' << Simulator::Now().GetSeconds() << ','
                 << departed / m_parameters.period.GetSeconds() << ','
                 << busy.GetSeconds() / m_parameters.period.GetSeconds() << ','
                 << slo.GetSeconds() * 1e6 << ',' << worst << ',' << violated << ',' << overdelayed;
        for (double v : p95)
        {
            *m_trace << ',' << v;
        }
        for (uint32_t v = 0; v < m_graph.GetNModules(); ++v)
        {
            *m_trace << ',' << w->GetTrigger(v) << ',' << w->GetPeriodModuleStats(v).GetMeanBatch();
        }
        *m_trace << "\n";
    }
}

double
BatchyScenario::WorstRatio(const std::vector<Time>& delays, const std::vector<Time>& slos)
{
    double worst = 0;
    for (size_t f = 0; f < delays.size(); ++f)
    {
        if (slos[f].IsStrictlyPositive() && delays[f].IsStrictlyPositive())
        {
            worst = std::max(worst, delays[f].GetDouble() / slos[f].GetDouble());
        }
    }
    return worst;
}

void
BatchyScenario::Tally(SloTally& tally, double worst)
{
    tally.violations += worst > 1;
    tally.overdelayed += worst > 1 + OVERDELAY_TOLERANCE;
    double overshoot = std::max(0.0, worst - 1);
    tally.overshootSum += overshoot;
    tally.overshootMax = std::max(tally.overshootMax, overshoot);
}

void
BatchyScenario::WriteTally(JsonSummary& json,
                           const std::string& prefix,
                           const SloTally& tally) const
{
    json.Set(prefix + "slo_violation_periods",
             m_periods ? double(tally.violations) / m_periods : 0.0)
        .Set(prefix + "slo_overdelay_periods",
             m_periods ? double(tally.overdelayed) / m_periods : 0.0)
        .Set(prefix + "slo_overshoot_mean", m_periods ? tally.overshootSum / m_periods : 0.0)
        .Set(prefix + "slo_overshoot_max", tally.overshootMax);
}

Time
BatchyScenario::FactorSlo(Time mean, double factor)
{
    return Time::FromDouble(mean.GetDouble() * factor, Time::GetResolution());
}

Time
BatchyScenario::SloBasisOf(Time mean)
{
    std::ostringstream us;
    us.precision(10); // JsonSummary's
    us << mean.GetSeconds() * 1e6;
    return NanoSeconds(static_cast<int64_t>(std::nearbyint(std::stod(us.str()) * 1000)));
}

void
BatchyScenario::DeviceDrop(Ptr<const Packet> /* p */)
{
    RequestDropped("network: device");
}

void
BatchyScenario::WorkerDrop(Ptr<const Packet> /* p */,
                           uint32_t /* flow */,
                           const std::string& reason)
{
    SwitchDropped(reason);
}

void
BatchyScenario::SwitchDrop(Ptr<const Packet> /* p */, const std::string& reason)
{
    SwitchDropped(reason);
}

void
BatchyScenario::FailedOver(uint32_t /* module */, uint32_t /* core */)
{
    ++m_failedOver;
}

void
BatchyScenario::SwitchDropped(const std::string& reason)
{
    // A failure's drops carry its name ("fault: server 1 down"), as in every scenario.
    RequestDropped(reason.rfind("fault: ", 0) == 0 ? reason : "switch: " + reason);
}

bool
BatchyScenario::GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error)
{
    Ptr<BatchySwitch> sw = m_switch;
    Ptr<BatchyWorker> worker = sw->GetWorker();
    Ptr<BatchyController> controller = sw->GetController();
    std::string reason = "fault: " + fault.GetName() + " down";
    uint32_t cores = worker->GetCores();
    if (fault.kind == FaultSpec::Kind::SERVER && fault.index < cores)
    {
        uint32_t core = fault.index;
        target.apply = [worker, core, reason](bool up) {
            up ? worker->SetCoreUp(core) : worker->SetCoreDown(core, reason);
        };
        target.notify = [controller, core](bool up) { controller->SetCoreAvailable(core, up); };
    }
    else if (fault.kind == FaultSpec::Kind::LINK && fault.index < 2)
    {
        // The switch's devices: 0 from the source, 1 to the sink.
        uint32_t device = fault.index;
        target.apply = [sw, device, reason](bool up) {
            up ? sw->SetDeviceUp(device) : sw->SetDeviceDown(device, reason);
        };
    }
    else if (fault.kind == FaultSpec::Kind::SWITCH && fault.index == 0)
    {
        target.apply = [sw, worker, cores, reason](bool up) {
            for (uint32_t device : {0, 1})
            {
                up ? sw->SetDeviceUp(device) : sw->SetDeviceDown(device, reason);
            }
            for (uint32_t core = 0; core < cores; ++core)
            {
                up ? worker->SetCoreUp(core) : worker->SetCoreDown(core, reason);
            }
        };
    }
    else
    {
        error = "the pipeline has servers (cores) 0-" + std::to_string(cores - 1) +
                ", links 0 (source to switch) and 1 (switch to sink) and switch 0";
        return false;
    }
    return true;
}

void
BatchyScenario::Moved(uint32_t /* module */, uint32_t /* core */)
{
    ++m_moved;
    if (m_firstMove.IsNegative())
    {
        m_firstMove = Simulator::Now();
    }
}

uint64_t
BatchyScenario::GetSent() const
{
    return m_source ? m_source->GetSent() : 0;
}

RequestStats
BatchyScenario::GetClientStats() const
{
    return m_endToEnd;
}

JsonSummary
BatchyScenario::Summarize() const
{
    const Parameters& p = m_parameters;
    Ptr<BatchyWorker> w = m_switch->GetWorker();
    double window = (p.duration - p.warmUp).GetSeconds();
    JsonSummary perFlow;
    for (uint32_t f = 0; f < m_graph.GetNFlows(); ++f)
    {
        const auto& flow = m_graph.GetFlow(f);
        bool any = f < m_endToEnd.GetClassCount();
        const LatencySummary& d = any ? m_endToEnd.GetClass(f) : LatencySummary();
        JsonSummary one;
        one.Set("offered_pps", flow.ratePps)
            .Set("received", w->GetFlowStats(f).received)
            .Set("departed", w->GetFlowStats(f).departed)
            .Set("dropped", w->GetFlowStats(f).dropped)
            .Set("p95_us", any ? d.GetQuantile(0.95).GetSeconds() * 1e6 : 0.0)
            .Set("mean_us", any ? d.GetMean().GetSeconds() * 1e6 : 0.0)
            .Set("slo_us", flow.slo.GetSeconds() * 1e6);
        perFlow.Set(flow.name, one);
    }
    JsonSummary perModule;
    uint64_t executions = 0;
    uint64_t packets = 0;
    Time bufferBusy;
    for (uint32_t v = 0; v < m_graph.GetNModules(); ++v)
    {
        const auto& s = w->GetModuleStats(v);
        bufferBusy += s.bufferBusy;
        uint64_t e = s.executions - (v < m_executionsAtWarmUp.size() ? m_executionsAtWarmUp[v] : 0);
        uint64_t n = s.packets - (v < m_packetsAtWarmUp.size() ? m_packetsAtWarmUp[v] : 0);
        executions += e;
        packets += n;
        JsonSummary one;
        one.Set("t0_ns", m_graph.GetModule(v).t0Ns)
            .Set("t1_ns", m_graph.GetModule(v).t1Ns)
            .Set("controllable", m_graph.GetModule(v).controllable)
            .Set("core", w->GetCore(v))
            .Set("trigger", w->GetTrigger(v))
            .Set("executions", e)
            .Set("mean_batch", e ? double(n) / e : 0.0)
            .Set("buffer_busy_s", s.bufferBusy.GetSeconds());
        if (v < m_profile.size())
        {
            one.Set("t0_fit_ns", m_profile[v].t0Ns)
                .Set("t1_fit_ns", m_profile[v].t1Ns)
                .Set("r2", m_profile[v].r2);
        }
        perModule.Set(m_graph.GetModule(v).name, one);
    }
    Ptr<BatchyController> controller = m_switch->GetController();
    JsonSummary cores;
    for (uint32_t c = 0; c < w->GetCores(); ++c)
    {
        cores.Set(std::to_string(c),
                  w->GetBusyTime(c).GetSeconds() / Simulator::Now().GetSeconds());
    }
    JsonSummary j = RequestScenario::Summarize();
    j.Set("pipeline", p.pipeline)
        .Set("n", p.n)
        .Set("m", p.m)
        .Set("controller", TypeAliases::Name(p.controller.GetTypeId()))
        .Set("batch", p.batch)
        .Set("buffer_capacity", p.bufferCapacity)
        .Set("offered_pps", p.rate)
        .Set("burstiness", p.burstiness)
        .Set("backpressure", p.backpressure)
        .Set("source_pauses", m_source->GetPauses())
        .Set("buffer_t0_ns", p.bufferT0)
        .Set("buffer_t1_ns", p.bufferT1)
        .Set("control_rate_pps", p.controlRate)
        .Set("arrival", ScenarioOptions::NameOf(p.arrival, ARRIVALS))
        .Set("source_batch", p.sourceBatch)
        .Set("level", ScenarioOptions::NameOf(p.level, LEVELS))
        .Set("throughput_pps", window > 0 ? m_departedMeasured / window : 0.0)
        .Set("mean_batch", executions ? double(packets) / executions : 0.0)
        .Set("control_periods", m_periods);
    WriteTally(j, "", m_tally);
    if (!m_ownSlos.empty())
    {
        WriteTally(j, "own_", m_ownTally);
    }
    if (p.reportSloFactor > 0)
    {
        // The SLOs CalibrateSlos would set from these means.
        std::vector<Time> slos;
        for (uint32_t f = 0; f < m_graph.GetNFlows(); ++f)
        {
            slos.push_back(FactorSlo(SloBasisOf(GetMeanDelay(f)), p.reportSloFactor));
        }
        SloTally tally;
        for (const auto& delays : m_periodDelays)
        {
            Tally(tally, WorstRatio(delays, slos));
        }
        WriteTally(j, "factor_", tally);
    }
    j.Set("controller_us_per_period",
          controller->GetActivePeriods()
              ? controller->GetControlWallSeconds() * 1e6 / controller->GetActivePeriods()
              : 0.0)
        .Set("worker_utilisation", w->GetBusyTime().GetSeconds() / Simulator::Now().GetSeconds())
        .Set("buffer_utilisation", bufferBusy.GetSeconds() / Simulator::Now().GetSeconds())
        .Set("chain_buffers", p.chainBuffers)
        .Set("cores", w->GetCores())
        .Set("core_utilisation", cores)
        .Set("moved_modules", m_moved)
        .Set("decomposed_at_s", m_firstMove.IsNegative() ? -1.0 : m_firstMove.GetSeconds())
        .Set("failover_moves", m_failedOver)
        .Set("held_in_buffers", w->GetHeld())
        .Set("queued", w->GetQueued())
        .Set("per_flow", perFlow)
        .Set("per_module", perModule);
    return j;
}

} // namespace rsched
} // namespace ns3
