/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "multicore-scenario.h"

#include "multicore-server-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/cfcfs-core-policy.h"
#include "ns3/data-rate.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/multicore-server.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/random-delay-link-helper.h"
#include "ns3/request-client-helper.h"
#include "ns3/request-client.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

namespace ns3
{

namespace
{
constexpr uint16_t kServerPort = 9000; //!< UDP port of the server
} // namespace

MulticoreScenario::Config::Config()
{
    std::string error;
    DistributionSpec::Parse("exp:10us", service, error);
    DistributionSpec::Parse("const:1us", linkDelay, error);
}

bool
MulticoreScenario::Config::Validate(std::string& error) const
{
    auto fail = [&error](const std::string& option, const std::string& why) {
        error = "invalid --" + option + ": " + why;
        return false;
    };
    if (policy != "dfcfs" && policy != "cfcfs" && policy != "ps" && policy != "shinjuku" &&
        policy != "psp" && policy != "afp")
    {
        return fail("policy=" + policy, "expected one of dfcfs|cfcfs|ps|shinjuku|psp|afp");
    }
    uint32_t workers = scaling == "scaled" ? 1 : cores;
    if (policy == "psp" && reserved >= workers)
    {
        return fail("reserved=" + std::to_string(reserved),
                    "reserved cores must be fewer than the " + std::to_string(workers) +
                        " workers");
    }
    if (quantum && !quantum->IsStrictlyPositive())
    {
        return fail("quantum", "must be > 0");
    }
    if (preemptOverhead && preemptOverhead->IsStrictlyNegative())
    {
        return fail("preempt-overhead", "must be >= 0");
    }
    if (dispatchOverhead.IsStrictlyNegative() || feedbackDelay.IsStrictlyNegative())
    {
        return fail(dispatchOverhead.IsStrictlyNegative() ? "dispatch-overhead" : "feedback-delay",
                    "must be >= 0");
    }
    if (thresh == 0)
    {
        return fail("thresh=0", "the starvation threshold must be >= 1");
    }
    if (handOut != "dispatcher" && handOut != "worker")
    {
        return fail("handout=" + handOut, "expected dispatcher or worker");
    }
    if (starvation != "global" && starvation != "per-worker")
    {
        return fail("starvation=" + starvation, "expected global or per-worker");
    }
    if (scaling != "parallel" && scaling != "scaled")
    {
        return fail("scaling=" + scaling, "expected parallel or scaled");
    }
    if (rss != "hash" && rss != "random")
    {
        return fail("rss=" + rss, "expected hash or random");
    }
    if (!service.stream || !(service.mean > 0))
    {
        return fail("service=" + service.text, "its mean must be > 0");
    }
    if (!linkDelay.stream)
    {
        return fail("link-delay", "no distribution");
    }
    if (cores == 0 || clients == 0)
    {
        return fail("cores", "cores and clients must be >= 1");
    }
    // A node has 16384 ephemeral UDP ports.
    if (flows == 0 || flows > 16384)
    {
        return fail("flows=" + std::to_string(flows), "expected 1 .. 16384");
    }
    DataRateValue rate;
    if (linkRate.find_first_of(" \t") != std::string::npos ||
        !rate.DeserializeFromString(linkRate, MakeDataRateChecker()) ||
        rate.Get().GetBitRate() == 0)
    {
        return fail("link-rate=" + linkRate, "expected a data rate > 0, e.g. 100Gbps");
    }
    if (!(load > 0) || !std::isfinite(load))
    {
        return fail("load", "must be > 0");
    }
    // Gaps below the simulator's resolution would all round to 0.
    double gap = clients * service.mean / (load * cores);
    if (gap < 1e-9)
    {
        std::ostringstream os;
        os << "load=" << load;
        return fail(os.str(), "the request rate gives each client less than 1 ns between requests");
    }
    return true;
}

MulticoreScenario::MulticoreScenario(const Config& config)
    : m_config(config)
{
    std::string error;
    NS_ABORT_MSG_IF(!m_config.Validate(error), "MulticoreScenario: " << error);
}

MulticoreScenario::~MulticoreScenario() = default;

double
MulticoreScenario::GetRate() const
{
    // Parallel: cores workers at speed 1; scaled: one worker at speed cores.
    // Either way the capacity is cores / E[S].
    return m_config.load * m_config.cores / m_config.service.mean;
}

void
MulticoreScenario::Build()
{
    m_clientNodes.Create(m_config.clients);
    m_serverNode = CreateObject<Node>();
    InternetStackHelper internet;
    internet.Install(m_clientNodes);
    internet.Install(m_serverNode);

    RandomDelayLinkHelper link;
    link.SetDeviceAttribute("DataRate", StringValue(m_config.linkRate));
    link.SetQueueAttribute("MaxSize", StringValue("10000p"));
    // No queue disc in front of the device queue (Assign installs none on a
    // device without flow control): one FIFO per link direction, as a NIC
    // has, and less work and fewer events per packet.
    link.SetFlowControl(false);
    link.SetChannelAttribute("DelayVariable", PointerValue(m_config.linkDelay.stream));
    Ipv4AddressHelper addresses;
    NetDeviceContainer allDevices;
    std::vector<Ipv4Address> serverAddress;
    for (uint32_t i = 0; i < m_config.clients; ++i)
    {
        NetDeviceContainer devices = link.Install(m_clientNodes.Get(i), m_serverNode);
        std::ostringstream net;
        net << "10." << 1 + i / 250 << "." << i % 250 << ".0";
        addresses.SetBase(net.str().c_str(), "255.255.255.0");
        Ipv4InterfaceContainer ifaces = addresses.Assign(devices);
        serverAddress.push_back(ifaces.GetAddress(1));
        allDevices.Add(devices);
    }
    // One shared delay variable: one stream for all links.
    RandomDelayLinkHelper::AssignStreams(NetDeviceContainer(allDevices.Get(0)), 1000);

    // Every drop in the network loses one request (requests and replies are
    // single packets), so drops are counted, not classified.
    for (auto d = allDevices.Begin(); d != allDevices.End(); ++d)
    {
        auto dev = DynamicCast<PointToPointNetDevice>(*d);
        dev->TraceConnectWithoutContext("PhyRxDrop",
                                        MakeCallback(&MulticoreScenario::NetworkDrop, this));
        dev->GetQueue()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&MulticoreScenario::NetworkDrop, this));
        Ptr<TrafficControlLayer> tc = dev->GetNode()->GetObject<TrafficControlLayer>();
        if (Ptr<QueueDisc> qd = tc ? tc->GetRootQueueDiscOnDevice(dev) : nullptr)
        {
            qd->TraceConnectWithoutContext("Drop",
                                           MakeCallback(&MulticoreScenario::QueueDiscDrop, this));
        }
    }
    NodeContainer all(m_clientNodes, NodeContainer(m_serverNode));
    for (auto n = all.Begin(); n != all.End(); ++n)
    {
        (*n)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&MulticoreScenario::IpDrop, this));
    }

    MulticoreServerHelper serverHelper(kServerPort);
    serverHelper.SetAttribute("ComputeUnits", UintegerValue(m_config.cores));
    serverHelper.SetAttribute("Scaling",
                              StringValue(m_config.scaling == "scaled" ? "Scaled" : "Parallel"));
    serverHelper.SetAttribute("RssMode", StringValue(m_config.rss == "random" ? "Random" : "Hash"));
    serverHelper.SetAttribute("WarmUp", TimeValue(m_config.warmUp));
    serverHelper.SetAttribute("ExactQuantiles", BooleanValue(m_config.exactQuantiles));
    const std::string& name = m_config.policy;
    ObjectFactory policy(name == "cfcfs"      ? "ns3::CfcfsCorePolicy"
                         : name == "shinjuku" ? "ns3::ShinjukuCorePolicy"
                         : name == "psp"      ? "ns3::PspCorePolicy"
                         : name == "afp"      ? "ns3::AfpCorePolicy"
                         : name == "ps"       ? "ns3::PsCorePolicy"
                                              : "ns3::DfcfsCorePolicy");
    if (name == "cfcfs" || name == "shinjuku" || name == "psp")
    {
        policy.Set("DispatchOverhead", TimeValue(m_config.dispatchOverhead));
    }
    // Options left unset keep the policy's own defaults.
    if ((name == "shinjuku" || name == "afp") && m_config.quantum)
    {
        policy.Set("Quantum", TimeValue(*m_config.quantum));
    }
    if ((name == "shinjuku" || name == "afp") && m_config.preemptOverhead)
    {
        policy.Set(name == "afp" ? "InterruptOverhead" : "PreemptionOverhead",
                   TimeValue(*m_config.preemptOverhead));
    }
    if (name == "psp" || name == "afp")
    {
        // The class the service distribution names short (class 0 otherwise).
        const auto& classes = m_config.service.classNames;
        auto shortClass = std::find(classes.begin(), classes.end(), "short");
        policy.Set("ShortClass",
                   UintegerValue(shortClass == classes.end() ? 0 : shortClass - classes.begin()));
    }
    if (name == "psp")
    {
        policy.Set("ReservedCores", UintegerValue(m_config.reserved));
        policy.Set("HandOut",
                   StringValue(m_config.handOut == "dispatcher" ? "Dispatcher" : "Immediate"));
    }
    if (name == "afp")
    {
        policy.Set("Thresh", UintegerValue(m_config.thresh));
        policy.Set("Starvation",
                   StringValue(m_config.starvation == "global" ? "Global" : "PerWorker"));
        policy.Set("FeedbackDelay", TimeValue(m_config.feedbackDelay));
    }
    serverHelper.SetPolicy(policy);
    ApplicationContainer serverApps = serverHelper.Install(m_serverNode);
    m_server = DynamicCast<MulticoreServer>(serverApps.Get(0));
    m_server->TraceConnectWithoutContext("Drop",
                                         MakeCallback(&MulticoreScenario::ServerDrop, this));
    MulticoreServerHelper::AssignStreams(serverApps, 2000);

    // Every client draws from its own copies of the distributions.
    double meanGap = m_config.clients / GetRate();
    RequestClientHelper clientHelper(Ipv4Address::GetAny(), kServerPort);
    clientHelper.SetAttribute("Flows", UintegerValue(m_config.flows));
    clientHelper.SetAttribute("WarmUp", TimeValue(m_config.warmUp));
    clientHelper.SetAttribute("ExactQuantiles", BooleanValue(m_config.exactQuantiles));
    int64_t stream = 3000;
    for (uint32_t i = 0; i < m_config.clients; ++i)
    {
        DistributionSpec gap;
        DistributionSpec demand;
        std::string error;
        NS_ABORT_MSG_IF(!DistributionSpec::Arrival(m_config.arrival, meanGap, gap, error) ||
                            !DistributionSpec::Parse(m_config.service.text, demand, error),
                        "MulticoreScenario: " << error);
        clientHelper.SetAttribute("RemoteAddress", AddressValue(serverAddress[i]));
        clientHelper.SetAttribute("InterArrival", PointerValue(gap.stream));
        clientHelper.SetAttribute("ServiceDemand", PointerValue(demand.stream));
        ApplicationContainer app = clientHelper.Install(m_clientNodes.Get(i));
        app.Start(Seconds(0));
        app.Stop(m_config.duration);
        stream += RequestClientHelper::AssignStreams(app, stream);
        m_clients.Add(app);
    }

    if (!m_config.recordsPath.empty())
    {
        m_records = std::make_unique<std::ofstream>(m_config.recordsPath);
        NS_ABORT_MSG_IF(!*m_records, "cannot write " << m_config.recordsPath);
        *m_records << "client,request,class,send_time_s,rct_us\n";
    }
    for (auto a = m_clients.Begin(); a != m_clients.End(); ++a)
    {
        (*a)->TraceConnectWithoutContext("Complete",
                                         MakeCallback(&MulticoreScenario::Completed, this));
    }
}

void
MulticoreScenario::Run()
{
    // Utilisation is measured over the sending period [0, duration).
    Simulator::Schedule(m_config.duration, [this]() {
        Ptr<CorePolicy> policy = m_server->GetPolicy();
        m_busyAtDuration = policy->GetBusyTime();
        if (auto cfcfs = DynamicCast<CfcfsCorePolicy>(policy))
        {
            m_dispatcherBusyAtDuration = cfcfs->GetDispatcherBusyTime();
        }
        CheckDrained();
    });
    Simulator::Stop(m_config.duration + m_config.drain);
    uint64_t before = Simulator::GetEventCount();
    auto start = std::chrono::steady_clock::now();
    Simulator::Run();
    m_wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m_events = Simulator::GetEventCount() - before;
    m_simulated = Simulator::Now();
    if (m_records)
    {
        m_records->flush();
    }
}

void
MulticoreScenario::NetworkDrop(Ptr<const Packet> /* p */)
{
    ++m_networkDrops;
    CheckDrained();
}

void
MulticoreScenario::QueueDiscDrop(Ptr<const QueueDiscItem> /* item */)
{
    ++m_networkDrops;
    CheckDrained();
}

void
MulticoreScenario::IpDrop(const Ipv4Header& /* header */,
                          Ptr<const Packet> /* p */,
                          Ipv4L3Protocol::DropReason /* reason */,
                          Ptr<Ipv4> /* ipv4 */,
                          uint32_t /* interface */)
{
    ++m_networkDrops;
    CheckDrained();
}

void
MulticoreScenario::Completed(const ServiceRequestHeader& header, Time rct)
{
    if (m_records)
    {
        *m_records << header.GetClientId() << ',' << header.GetRequestId() << ','
                   << +header.GetRequestClass() << ',' << header.GetSendTime().GetSeconds() << ','
                   << rct.GetSeconds() * 1e6 << '\n';
    }
    ++m_answered;
    CheckDrained();
}

void
MulticoreScenario::CheckDrained()
{
    // Once the clients have stopped, end the run with the last answer (or
    // drop) rather than at the drain limit.
    if (Simulator::Now() >= m_config.duration && m_answered + GetDroppedRequests() >= GetSent())
    {
        Simulator::Stop();
    }
}

void
MulticoreScenario::ServerDrop(Ptr<const Packet> p, const std::string& /* reason */)
{
    // Only the clients' requests count; the server also drops packets that
    // are not requests (malformed or foreign traffic).
    ServiceRequestHeader header;
    if (ServiceRequestHeader::Peek(p, header) &&
        header.GetMessageType() == ServiceRequestHeader::REQUEST)
    {
        ++m_serverRequestDrops;
        CheckDrained();
    }
}

uint64_t
MulticoreScenario::GetDroppedRequests() const
{
    return m_serverRequestDrops + m_networkDrops;
}

Ptr<MulticoreServer>
MulticoreScenario::GetServer() const
{
    return m_server;
}

ApplicationContainer
MulticoreScenario::GetClients() const
{
    return m_clients;
}

uint64_t
MulticoreScenario::GetSent() const
{
    return RequestClientHelper::GetSent(m_clients);
}

uint64_t
MulticoreScenario::GetCompleted() const
{
    return m_answered;
}

uint64_t
MulticoreScenario::GetNetworkDrops() const
{
    return m_networkDrops;
}

RequestStats
MulticoreScenario::GetClientStats() const
{
    return RequestClientHelper::GetStats(m_clients, m_config.exactQuantiles);
}

JsonSummary
MulticoreScenario::Summarize() const
{
    RequestStats rct = GetClientStats();
    const RequestStats& sojourn = m_server->GetStats();
    Ptr<CorePolicy> policy = m_server->GetPolicy();
    uint64_t sent = GetSent();
    uint64_t completed = GetCompleted();
    uint64_t dropped = GetDroppedRequests();

    JsonSummary drops;
    for (const auto& [reason, count] : m_server->GetDrops())
    {
        drops.Set(reason, count);
    }
    drops.Set("Network", m_networkDrops);

    JsonSummary perClass;
    for (uint32_t c = 0; c < m_config.service.classNames.size(); ++c)
    {
        JsonSummary cls;
        bool served = c < sojourn.GetClassCount();
        bool answered = c < rct.GetClassCount();
        cls.Set("completed", answered ? rct.GetClass(c).GetCount() : uint64_t{0});
        cls.SetLatency("", served ? sojourn.GetClass(c) : LatencySummary());
        cls.SetLatency("rct_", answered ? rct.GetClass(c) : LatencySummary());
        perClass.Set(m_config.service.classNames[c], cls);
    }

    double seconds = m_config.duration.GetSeconds();
    uint32_t workers = m_server->GetWorkers();
    JsonSummary j;
    j.Set("example", "multicore-server")
        .Set("policy", m_config.policy)
        .Set("cores", m_config.cores)
        .Set("workers", workers)
        .Set("special_cores", policy->GetSpecialCores())
        .Set("scaling", m_config.scaling)
        .Set("load", m_config.load)
        .Set("rate_rps", GetRate())
        .Set("service", m_config.service.text)
        .Set("service_mean_us", m_config.service.mean * 1e6)
        .Set("arrival", m_config.arrival)
        .Set("rss", m_config.rss)
        .Set("clients", m_config.clients)
        .Set("duration_s", seconds)
        .Set("sent", sent)
        .Set("completed", completed)
        .Set("dropped", dropped)
        .Set("in_flight", static_cast<int64_t>(sent - completed - dropped))
        .Set("in_server", m_server->GetInSystem())
        .Set("dropped_by_reason", drops)
        .SetLatency("", sojourn.GetAll())
        .SetLatency("rct_", rct.GetAll())
        .Set("per_class", perClass)
        .Set("utilisation", m_busyAtDuration.GetSeconds() / (workers * seconds))
        .Set("preemptions", policy->GetPreemptions())
        .Set("dispatcher_utilisation", m_dispatcherBusyAtDuration.GetSeconds() / seconds)
        .Set("peak_in_server", m_server->GetPeakInSystem())
        .Set("exact_quantiles", m_config.exactQuantiles)
        .Set("sim_time_s", m_simulated.GetSeconds())
        .Set("wall_s", m_wallSeconds)
        .Set("events", m_events)
        .Set("events_per_wall_s", m_wallSeconds > 0 ? m_events / m_wallSeconds : 0.0)
        .Set("requests_per_wall_s", m_wallSeconds > 0 ? sent / m_wallSeconds : 0.0);
    // The policy's parameters as it ran (options left unset have its defaults).
    for (const auto& [attribute, key] : {std::pair{"DispatchOverhead", "dispatch_overhead_ns"},
                                         {"Quantum", "quantum_ns"},
                                         {"PreemptionOverhead", "preempt_overhead_ns"},
                                         {"InterruptOverhead", "preempt_overhead_ns"},
                                         {"FeedbackDelay", "feedback_delay_ns"}})
    {
        TimeValue value;
        if (policy->GetAttributeFailSafe(attribute, value))
        {
            j.Set(key, value.Get().GetSeconds() * 1e9);
        }
    }
    for (const auto& [attribute, key] :
         {std::pair{"ReservedCores", "reserved"}, {"Thresh", "thresh"}})
    {
        UintegerValue value;
        if (policy->GetAttributeFailSafe(attribute, value))
        {
            j.Set(key, value.Get());
        }
    }
    if (m_config.policy == "afp")
    {
        j.Set("starvation", m_config.starvation);
    }
    if (m_config.policy == "psp")
    {
        j.Set("handout", m_config.handOut);
    }
    return j;
}

} // namespace ns3
