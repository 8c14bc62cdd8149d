/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "microsecond-scenario.h"

#include "multicore-server-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/core-policy.h"
#include "ns3/data-rate.h"
#include "ns3/enum.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/multicore-server.h"
#include "ns3/output-route-cache-helper.h"
#include "ns3/pointer.h"
#include "ns3/random-delay-link-helper.h"
#include "ns3/request-client-helper.h"
#include "ns3/request-client.h"
#include "ns3/string.h"
#include "ns3/type-aliases.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{
namespace rsched
{

namespace
{

constexpr uint16_t kServerPort = 9000; //!< UDP port of the server

/// A command-line option that sets an attribute of whichever core policy has it.
struct PolicyOption
{
    const char* name;                    //!< option name
    const char* help;                    //!< help text
    std::vector<const char*> attributes; //!< attribute names, first present wins
    std::vector<std::pair<const char*, const char*>> values; //!< option value -> attribute value
};

/// The friendly options of the policies' attributes (also settable as
/// --intra=NAME[Attribute=Value] or --ns3::TypeName::Attribute=Value).
const std::vector<PolicyOption> kPolicyOptions = {
    {"dispatch-overhead",
     "dispatcher (cfcfs, shinjuku) or classifier (psp) time per request, e.g. 150ns",
     {"DispatchOverhead"},
     {}},
    {"quantum",
     "shinjuku: run before preemption (default 5us); afp: run of a long request before the "
     "timer checks its NIC queue (default 1us)",
     {"Quantum"},
     {}},
    {"preempt-overhead",
     "worker time per preemption (shinjuku default 0ns, afp default 580ns)",
     {"PreemptionOverhead", "InterruptOverhead"},
     {}},
    {"reserved", "psp: workers reserved for short requests", {"ReservedCores"}, {}},
    {"handout",
     "psp: the dispatcher hands requests to workers between classifications (dispatcher), "
     "idle workers take them at once (worker), or the dispatcher hands them out only in its "
     "passes, as the AFP authors' simulator does (passes)",
     {"HandOut"},
     {{"dispatcher", "Dispatcher"}, {"worker", "Immediate"}, {"passes", "Passes"}}},
    {"thresh",
     "afp: NIC-queue requests taken before the wait queue is served, >= 1",
     {"Thresh"},
     {}},
    {"starvation",
     "afp: starvation counter global|per-worker",
     {"Starvation"},
     {{"global", "Global"}, {"per-worker", "PerWorker"}}},
    {"feedback-delay",
     "afp: run time before the application marks a long request long",
     {"FeedbackDelay"},
     {}},
};

/**
 * \brief Set a friendly option on a policy factory.
 * \param option the option
 * \param text its value
 * \param policy the policy factory
 * \param error receives the reason on failure
 * \return true on success
 */
bool
SetPolicyOption(const PolicyOption& option,
                const std::string& text,
                ObjectFactory& policy,
                std::string& error)
{
    std::string value = text;
    if (!option.values.empty())
    {
        auto it = std::find_if(option.values.begin(), option.values.end(), [&text](auto v) {
            return text == v.first;
        });
        std::vector<std::string> choices;
        for (const auto& v : option.values)
        {
            choices.emplace_back(v.first);
        }
        if (!ScenarioOptions::ParseChoice(option.name, text, choices, error))
        {
            return false;
        }
        value = it->second;
    }
    TypeId tid = policy.GetTypeId();
    for (const char* attribute : option.attributes)
    {
        TypeId::AttributeInformation info;
        if (!tid.LookupAttributeByName(attribute, &info))
        {
            continue;
        }
        // Durations are written with a unit here, as everywhere in the examples.
        Time t;
        if (info.checker->GetValueTypeName() == "ns3::TimeValue" &&
            !ScenarioOptions::ParseTime(option.name, text, true, t, error))
        {
            return false;
        }
        Ptr<AttributeValue> valid = TypeAliases::ReadValue(info.checker, value);
        if (!valid)
        {
            error = std::string("invalid --") + option.name + "=" + text + ": not a valid " +
                    attribute + " of " + tid.GetName() + " (" +
                    info.checker->GetUnderlyingTypeInformation() + ")";
            return false;
        }
        policy.Set(attribute, *valid);
        return true;
    }
    error = std::string("invalid --") + option.name + "=" + text + ": policy " +
            TypeAliases::Name(tid) + " has no such parameter";
    return false;
}

} // namespace

MicrosecondScenario::Parameters::Parameters()
{
    policy.SetTypeId("ns3::DfcfsCorePolicy");
    std::string error;
    DistributionSpec::Parse("exp:10us", service, error);
    DistributionSpec::Parse("const:1us", linkDelay, error);
}

bool
MicrosecondScenario::Parameters::SetPolicy(const std::string& text, std::string& error)
{
    return TypeAliases::Parse("intra", text, CorePolicy::GetTypeId(), policy, error);
}

void
MicrosecondScenario::Parameters::AddOptions(ScenarioOptions& options)
{
    options.Add(
        "intra",
        "intra-server policy (how the server's cores serve requests): " +
            TypeAliases::List(CorePolicy::GetTypeId()) +
            ", or a TypeId name; attributes as NAME[Attribute=Value|...]",
        TypeAliases::Name(policy.GetTypeId()),
        [this](const std::string& text, std::string& error) { return SetPolicy(text, error); });
    options.AddFormerName("policy", "intra");
    for (const PolicyOption& o : kPolicyOptions)
    {
        options.Add(o.name, o.help, "", [this, &o](const std::string& text, std::string& error) {
            return SetPolicyOption(o, text, policy, error);
        });
        for (const char* attribute : o.attributes)
        {
            options.Owns(std::string("ns3::CorePolicy::") + attribute, o.name, false);
        }
    }
    // The class the service distribution names "short" (Build()).
    options.Owns("ns3::CorePolicy::ShortClass", "service");
    options.AddUnsigned("cores",
                        "worker cores (compute units); a dispatcher or timer core comes on top",
                        cores,
                        1,
                        4096);
    options.AddChoice("scaling",
                      "parallel (one core per unit) or scaled (one faster core)",
                      scaling,
                      MulticoreServerHelper::SCALINGS);
    options.AddDouble("load",
                      "offered load: request rate x mean service demand / capacity of the "
                      "worker cores (above 1 overloads them: queues grow until --drain ends "
                      "the run)",
                      load,
                      0,
                      MAX_LOAD);
    options.AddChoice("arrival", "inter-arrival process", arrival, DistributionSpec::PROCESSES);
    options.AddDistribution("service",
                            "service demand, e.g. exp:10us, const:1us, bimodal:0.995:500ns:500us",
                            service);
    options.AddWorkload(service, workload);
    options.Add("link-delay",
                "propagation delay of each link: a duration (constant, as in every example) or "
                "a distribution drawn per packet, e.g. exp:700us",
                linkDelay.text,
                [this](const std::string& text, std::string& error) {
                    // A duration alone is a constant delay.
                    double seconds = 0;
                    std::string reason;
                    if (!DistributionSpec::Parse(
                            ScenarioOptions::ParseSeconds(text, seconds) ? "const:" + text : text,
                            linkDelay,
                            reason))
                    {
                        error = "invalid --link-delay=" + text + ": " + reason;
                        return false;
                    }
                    return true;
                });
    options.AddDataRate("link-rate", "data rate of each link", linkRate);
    options.AddChoice("rss",
                      "NIC queue choice: hash (Toeplitz of the flow) or random",
                      rss,
                      MulticoreServerHelper::RSS_MODES);
    options.AddChoice("level",
                      "packet (requests and replies are packets on the links) or queue "
                      "(straight to the server and back: no links, many times faster)",
                      level,
                      LEVELS);
    options.RefuseUnused({"link-delay", "link-rate"}, [this](const std::string&) {
        return level == Level::QUEUE ? "with --level=queue (no links)" : "";
    });
    options.AddUnsigned("clients", "client nodes", clients, 1, 60000);
    options.AddUnsigned("flows",
                        "UDP source ports per client (0: 64 with hash RSS and a policy with "
                        "NIC queues, else 1, as the port then matters to nothing)",
                        flows,
                        0,
                        16384);
    RequestScenario::Parameters::AddOptions(options);
    options.Owns("ns3::MulticoreServer::Policy", "intra");
    options.Owns("ns3::MulticoreServer::ComputeUnits", "cores");
    options.Owns("ns3::MulticoreServer::Scaling", "scaling");
    options.Owns("ns3::MulticoreServer::RssMode", "rss");
    options.Owns("ns3::PointToPointNetDevice::DataRate", "link-rate");
    options.Owns("ns3::RandomDelayChannel::DelayVariable", "link-delay");
    options.Owns("ns3::DropTailQueue<Packet>::MaxSize", "");
    OwnClientAttributes(options, "load", "service");
    options.Owns("ns3::RequestClient::Flows", "flows");
    // Only the policies with NIC queues (d-FCFS, AFP) read the RSS choice,
    // and only hash RSS reads the source ports: given elsewhere these are
    // errors, so a SEM campaign must not pass --rss back.
    options.ContextualDefault("rss", "hash");
    options.RefuseUnused({"rss"}, [this](const std::string&) { return NoNicQueue(); });
    // --flows=0 (the contextual count) acts anywhere, so --flows keeps its default.
    options.AddCheck([this, &options](std::string& error) {
        if (!options.IsGiven("flows") || flows == 0)
        {
            return true;
        }
        std::string why = rss == MulticoreServer::RSS_RANDOM ? "with --rss=random" : NoNicQueue();
        if (!why.empty())
        {
            error = "invalid --flows=" + std::to_string(flows) + ": has no effect " + why;
            return false;
        }
        return true;
    });
}

std::string
MicrosecondScenario::Parameters::NoNicQueue() const
{
    if (policy.Create<CorePolicy>()->UsesNicQueues())
    {
        return "";
    }
    return "with a policy that reads no NIC queue (--intra=" +
           TypeAliases::Name(policy.GetTypeId()) + ")";
}

uint32_t
MicrosecondScenario::Parameters::GetFlows() const
{
    if (flows > 0)
    {
        return flows;
    }
    return rss == MulticoreServer::RSS_HASH && policy.Create<CorePolicy>()->UsesNicQueues() ? 64
                                                                                            : 1;
}

double
MicrosecondScenario::Parameters::GetRate() const
{
    // Parallel: cores workers at speed 1; scaled: one worker at speed cores.
    // Either way the capacity is cores / E[S].
    return load * cores / service.mean;
}

uint32_t
MicrosecondScenario::Parameters::GetWorkers() const
{
    return scaling == MulticoreServer::SCALED ? 1 : cores;
}

bool
MicrosecondScenario::Parameters::Validate(std::string& error) const
{
    TypeId tid = policy.GetTypeId();
    if (!tid.IsChildOf(CorePolicy::GetTypeId()) || !tid.HasConstructor())
    {
        return Invalid(error, "intra=" + tid.GetName(), "not a core policy");
    }
    std::string why;
    if (!policy.Create<CorePolicy>()->CheckConfig(GetWorkers(), why))
    {
        return Invalid(error, "intra=" + TypeAliases::Name(tid), why);
    }
    if (!service.stream || !(service.mean > 0))
    {
        return Invalid(error, "service=" + service.text, "its mean must be > 0");
    }
    if (!linkDelay.stream)
    {
        return Invalid(error, "link-delay", "no distribution");
    }
    if (cores == 0 || clients == 0)
    {
        return Invalid(error, "cores", "cores and clients must be >= 1");
    }
    // A node has 16384 ephemeral UDP ports.
    if (flows > 16384)
    {
        return Invalid(error, "flows=" + std::to_string(flows), "expected 0 .. 16384");
    }
    DataRate rate;
    if (!ScenarioOptions::ParseDataRate("link-rate", linkRate, rate, error))
    {
        return false;
    }
    if (!(load > 0) || !std::isfinite(load))
    {
        return Invalid(error, "load", "must be > 0");
    }
    if (!RequestScenario::Parameters::Validate(error))
    {
        return false;
    }
    double gap = clients / GetRate(); // as Build() computes it
    DistributionSpec arrivals;
    if (!DistributionSpec::Arrival(arrival, gap, arrivals, why))
    {
        std::ostringstream os;
        os << "load=" << load;
        return Invalid(error,
                       os.str(),
                       why + " (a client's, from --load, --service, --cores and --clients)");
    }
    return true;
}

MicrosecondScenario::MicrosecondScenario(const Parameters& parameters)
    : RequestScenario(parameters, NAME),
      m_parameters(parameters)
{
    std::string error;
    NS_ABORT_MSG_IF(!m_parameters.Validate(error), "MicrosecondScenario: " << error);
}

MicrosecondScenario::~MicrosecondScenario() = default;

double
MicrosecondScenario::GetRate() const
{
    return m_parameters.GetRate();
}

void
MicrosecondScenario::Build()
{
    const Parameters& p = m_parameters;
    m_clientNodes.Create(p.clients);
    m_serverNode = CreateObject<Node>();
    // Hosts keep the route to each destination they send to (OutputRouteCache)
    // instead of static routing building it anew for every packet.
    InternetStackHelper internet;
    internet.SetRoutingHelper(AheadOfStaticRouting(OutputRouteCacheHelper()));
    internet.Install(m_clientNodes);
    internet.Install(m_serverNode);

    RandomDelayLinkHelper link;
    link.SetDeviceAttribute("DataRate", StringValue(p.linkRate));
    link.SetQueueAttribute("MaxSize", StringValue("10000p"));
    // No queue disc in front of the device queue (Assign installs none on a
    // device without flow control): one FIFO per link direction, as a NIC
    // has, and less work and fewer events per packet.
    link.SetFlowControl(false);
    link.SetChannelAttribute("DelayVariable", PointerValue(p.linkDelay.stream));
    Ipv4AddressHelper addresses;
    NetDeviceContainer allDevices;
    std::vector<Ipv4Address> serverAddress;
    for (uint32_t i = 0; i < p.clients; ++i)
    {
        NetDeviceContainer devices = link.Install(m_clientNodes.Get(i), m_serverNode);
        std::ostringstream net;
        net << "10." << 1 + i / 250 << "." << i % 250 << ".0";
        addresses.SetBase(net.str().c_str(), "255.255.255.0");
        Ipv4InterfaceContainer ifaces = addresses.Assign(devices);
        serverAddress.push_back(ifaces.GetAddress(1));
        allDevices.Add(devices);
    }
    m_devices = allDevices;
    // One shared delay variable: one stream for all links.
    RandomDelayLinkHelper::AssignStreams(NetDeviceContainer(allDevices.Get(0)), 1000);
    WatchDevices(allDevices);
    WatchIp(NodeContainer(m_clientNodes, NodeContainer(m_serverNode)));

    MulticoreServerHelper serverHelper(kServerPort);
    serverHelper.SetAttribute("ComputeUnits", UintegerValue(p.cores));
    serverHelper.SetAttribute("Scaling", EnumValue(p.scaling));
    serverHelper.SetAttribute("RssMode", EnumValue(p.rss));
    serverHelper.SetAttribute("WarmUp", TimeValue(p.warmUp));
    serverHelper.SetAttribute("ExactQuantiles", BooleanValue(p.exactQuantiles));
    ObjectFactory policy = p.policy;
    TypeId::AttributeInformation info;
    if (policy.GetTypeId().LookupAttributeByName("ShortClass", &info))
    {
        // The class the service distribution names short (class 0 otherwise).
        const auto& classes = p.service.classNames;
        auto shortClass = std::find(classes.begin(), classes.end(), "short");
        policy.Set("ShortClass",
                   UintegerValue(shortClass == classes.end() ? 0 : shortClass - classes.begin()));
    }
    serverHelper.SetPolicy(policy);
    ApplicationContainer serverApps = serverHelper.Install(m_serverNode);
    m_server = DynamicCast<MulticoreServer>(serverApps.Get(0));
    WatchServers(serverApps);
    MulticoreServerHelper::AssignStreams(serverApps, 2000);

    // Every client draws from its own copies of the distributions.
    double meanGap = p.clients / GetRate();
    RequestClientHelper clientHelper(Ipv4Address::GetAny(), kServerPort);
    clientHelper.SetAttribute("Flows", UintegerValue(p.GetFlows()));
    clientHelper.SetAttribute("WarmUp", TimeValue(p.warmUp));
    clientHelper.SetAttribute("ExactQuantiles", BooleanValue(p.exactQuantiles));
    DistributionSpec gap;
    std::string error;
    NS_ABORT_MSG_IF(!DistributionSpec::Arrival(p.arrival, meanGap, gap, error),
                    "MicrosecondScenario: " << error);
    int64_t stream = 3000;
    for (uint32_t i = 0; i < p.clients; ++i)
    {
        clientHelper.SetAttribute("RemoteAddress", AddressValue(serverAddress[i]));
        InstallClient(clientHelper, m_clientNodes.Get(i), gap, p.service, stream);
    }
    if (p.level == Level::QUEUE)
    {
        for (uint32_t i = 0; i < GetClients().GetN(); ++i)
        {
            DynamicCast<RequestClient>(GetClients().Get(i))
                ->SetDirectSink(MakeCallback(&MulticoreServer::Deliver, m_server));
        }
    }
}

bool
MicrosecondScenario::GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error)
{
    // One server: nothing to route around, requests to it are lost.
    uint32_t links = m_devices.GetN() / 2;
    if (m_parameters.level == Level::QUEUE)
    {
        error = "there are no links or servers to fail at --level=queue";
        return false;
    }
    if (fault.kind == FaultSpec::Kind::SERVER && fault.index == 0)
    {
        target.AddNode(m_serverNode);
        return true;
    }
    if (fault.kind == FaultSpec::Kind::LINK && fault.index < links)
    {
        target.AddDevice(m_devices.Get(2 * fault.index));
        target.AddDevice(m_devices.Get(2 * fault.index + 1));
        return true;
    }
    error = "microsecond-scenario has server 0 and links 0-" + std::to_string(links - 1) +
            " (one per client)";
    return false;
}

Ptr<MulticoreServer>
MicrosecondScenario::GetServer() const
{
    return m_server;
}

double
MicrosecondScenario::GetUtilisation() const
{
    return GetMeasuredBusyTime(0).workers.GetSeconds() /
           (m_server->GetWorkers() * GetMeasuredSeconds());
}

void
MicrosecondScenario::CheckResults()
{
    RequestScenario::CheckResults();
    const Parameters& p = m_parameters;
    std::ostringstream text;
    text.precision(3);
    if (double utilisation = GetUtilisation(); utilisation >= SATURATED)
    {
        text << "saturated: the worker cores were busy " << 100 * utilisation
             << " % of the time at --load=" << p.load
             << "; queues grow for as long as the run lasts, so the latencies depend on "
                "--duration as much as on the load";
        Warn(text.str());
        text.str("");
    }
    Ptr<CorePolicy> policy = m_server->GetPolicy();
    const RequestStats& sojourn = m_server->GetStats();
    uint32_t arrived = 0;
    for (uint32_t c = 0; c < sojourn.GetClassCount(); ++c)
    {
        arrived += sojourn.GetClass(c).GetCount() > 0;
    }
    if (policy->DistinguishesClasses() && arrived <= 1)
    {
        text << "--intra=" << TypeAliases::Name(policy->GetInstanceTypeId())
             << " tells request classes apart, but the requests were all of one class"
             << " (--service=" << p.service.text
             << "): it has nothing to act on and runs as its one-class baseline";
        Warn(text.str());
    }
}

JsonSummary
MicrosecondScenario::Summarize() const
{
    const Parameters& p = m_parameters;
    RequestStats rct = GetClientStats();
    const RequestStats& sojourn = m_server->GetStats();
    Ptr<CorePolicy> policy = m_server->GetPolicy();

    JsonSummary perClass;
    for (uint32_t c = 0; c < p.service.classNames.size(); ++c)
    {
        JsonSummary cls;
        bool served = c < sojourn.GetClassCount();
        bool answered = c < rct.GetClassCount();
        cls.Set("recorded", answered ? rct.GetClass(c).GetCount() : uint64_t{0});
        cls.SetLatency("sojourn_", served ? sojourn.GetClass(c) : LatencySummary());
        cls.SetLatency("rct_", answered ? rct.GetClass(c) : LatencySummary());
        perClass.Set(p.service.classNames[c], cls);
    }
    uint32_t workers = m_server->GetWorkers();
    uint32_t special = policy->GetSpecialCores();
    JsonSummary j = RequestScenario::Summarize();
    j.Set("intra", TypeAliases::Name(policy->GetInstanceTypeId()))
        .Set("intra_attributes", PolicyAttributes(policy))
        .Set("cores", p.cores)
        .Set("workers", workers)
        .Set("special_cores", special)
        .Set("scaling", ScenarioOptions::NameOf(p.scaling, MulticoreServerHelper::SCALINGS))
        .Set("load", p.load)
        .Set("rate_rps", GetRate())
        .Set("workload", DistributionSpec::WorkloadOf(p.workload, p.service))
        .Set("service", p.service.text)
        .Set("service_mean_us", p.service.mean * 1e6)
        .Set("arrival", ScenarioOptions::NameOf(p.arrival, DistributionSpec::PROCESSES))
        .Set("rss", ScenarioOptions::NameOf(p.rss, MulticoreServerHelper::RSS_MODES))
        .Set("level", ScenarioOptions::NameOf(p.level, LEVELS))
        .Set("clients", p.clients)
        .Set("flows", p.GetFlows())
        .Set("in_server", m_server->GetInSystem())
        .SetLatency("sojourn_", sojourn.GetAll())
        .Set("per_class", perClass)
        .Set("utilisation", GetUtilisation())
        .Set("preemptions", policy->GetPreemptions())
        .Set("special_utilisation",
             special
                 ? GetMeasuredBusyTime(0).special.GetSeconds() / (special * GetMeasuredSeconds())
                 : 0.0)
        .Set("peak_in_server", m_server->GetPeakInSystem());
    return j;
}

} // namespace rsched
} // namespace ns3
