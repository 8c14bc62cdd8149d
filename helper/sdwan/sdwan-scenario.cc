/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sdwan-scenario.h"

#include "ns3/abort.h"
#include "ns3/background-traffic-generator.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/file-transfer-client.h"
#include "ns3/file-transfer-server.h"
#include "ns3/flow-splitter.h"
#include "ns3/inet-socket-address.h"
#include "ns3/pointer.h"
#include "ns3/queue-size.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/type-aliases.h"
#include "ns3/uinteger.h"
#include "ns3/wan-flow-monitor.h"

#include <cmath>
#include <regex>

namespace ns3
{
namespace rsched
{

namespace
{

constexpr uint16_t kServerPort = 8080; //!< file server's TCP port

/// Per-packet cost of the splitter for --splitter-delay=generic|native.
const std::vector<std::pair<std::string, std::string>> kSplitterDelays = {
    {"none", "const:0us"},
    {"generic", "const:10us"},
    {"native", "const:2us"},
};

/**
 * \param text a congestion-control name (NewReno, ns3::TcpCubic, ...)
 * \return its TypeId name
 */
std::string
TcpTypeName(const std::string& text)
{
    return text.rfind("ns3::", 0) == 0 ? text : "ns3::Tcp" + text;
}

/**
 * \param node a node with TCP
 * \return the TypeId name of its connections' congestion control
 */
std::string
TcpTypeOf(Ptr<Node> node)
{
    TypeIdValue type;
    node->GetObject<TcpL4Protocol>()->GetAttribute("SocketType", type);
    return type.Get().GetName();
}

} // namespace

SdwanScenario::Parameters::Parameters()
{
    router.SetTypeId("ns3::FlowSplitter");
    duration = Seconds(120);
    drain = Seconds(60);
    std::string error;
    // The paper's NextCloud mix (see the module's documentation): folder
    // listings of ~5 packets, RPC-like transfers of 1-40 packets, rare
    // 60 000-packet video plays; uploads of 100 000 packets.
    DistributionSpec::Parse("mix:0.3:1:0.35:5:0.2:10:0.148:40:0.002:60000",
                            downloadSizes,
                            error,
                            DistributionSpec::Quantity::COUNT);
    DistributionSpec::Parse("const:100000", uploadSizes, error, DistributionSpec::Quantity::COUNT);
    uploadShare = 0.0005;
    DistributionSpec::Parse("const:0us", splitterDelay, error);
}

ObjectFactory
SdwanScenario::Parameters::GetRouter() const
{
    ObjectFactory factory = router;
    TypeId::AttributeInformation info;
    if (factory.GetTypeId().LookupAttributeByName("Thresholds", &info))
    {
        factory.Set("Thresholds", StringValue(thresholds));
    }
    return factory;
}

bool
SdwanScenario::Parameters::IsQueueSize(const std::string& text)
{
    return std::regex_match(text, std::regex("[1-9][0-9]{0,8}[pB]"));
}

void
SdwanScenario::Parameters::OwnTcpAttributes(ScenarioOptions& options)
{
    options.Owns("ns3::TcpSocket::SegmentSize", "ns3::FileTransferApplication::SegmentSize");
    options.Owns("ns3::TcpSocket::SndBufSize", "ns3::FileTransferApplication::BufferSize");
    options.Owns("ns3::TcpSocket::RcvBufSize", "ns3::FileTransferApplication::BufferSize");
    options.Owns("ns3::TcpSocketBase::MaxSegLifetime", "ns3::FileTransferApplication::TimeWait");
}

uint64_t
SdwanScenario::Parameters::GetShortSize() const
{
    std::vector<uint64_t> t;
    std::string error;
    if (shortSize > 0 || !FlowSplitter::ParseThresholds(thresholds, t, error))
    {
        return shortSize;
    }
    return t.front();
}

uint32_t
SdwanScenario::Parameters::GetTunnels() const
{
    std::vector<uint64_t> t;
    std::string error;
    return FlowSplitter::ParseThresholds(thresholds, t, error) ? t.size() + 1 : 2;
}

void
SdwanScenario::Parameters::AddOptions(ScenarioOptions& options)
{
    options.Add(
        "mode",
        "border routers: " + TypeAliases::List(TunnelRouter::GetTypeId()) +
            " (splitter: the paper's short/long flow splitter; ecmp: per-flow hash; "
            "ecmp-packet: per-packet spraying), or a TypeId name with [Attribute=Value|...]",
        TypeAliases::Name(router.GetTypeId()),
        [this](const std::string& text, std::string& error) {
            return TypeAliases::Parse("mode", text, TunnelRouter::GetTypeId(), router, error);
        });
    options.Add("threshold",
                "packets after which a flow is long (one threshold, two tunnels)",
                thresholds,
                [this](const std::string& text, std::string& error) {
                    std::vector<uint64_t> t;
                    std::string why;
                    if (text.find(',') != std::string::npos)
                    {
                        why = "expected one packet count (--thresholds takes several)";
                    }
                    if (!why.empty() || !FlowSplitter::ParseThresholds(text, t, why))
                    {
                        error = "invalid --threshold=" + text + ": " + why;
                        return false;
                    }
                    thresholds = text;
                    return true;
                });
    options.Owns("ns3::FlowSplitter::Thresholds", "threshold");
    options.ContextualDefault("threshold");
    options.Add("thresholds",
                "increasing thresholds N1,N2,... for as many more tunnels (multi-level)",
                "",
                [this, &options](const std::string& text, std::string& error) {
                    std::vector<uint64_t> t;
                    std::string why;
                    if (options.IsGiven("threshold"))
                    {
                        error = "invalid --thresholds=" + text +
                                ": give --threshold or --thresholds, not both";
                        return false;
                    }
                    if (!FlowSplitter::ParseThresholds(text, t, why))
                    {
                        error = "invalid --thresholds=" + text + ": " + why;
                        return false;
                    }
                    thresholds = text;
                    return true;
                });
    AddTrafficOptions(options);
    AddNetworkOptions(options);
}

void
SdwanScenario::Parameters::AddTrafficOptions(ScenarioOptions& options)
{
    options.AddShare("utilisation",
                     "background UDP load as a share of the tunnels' capacity, in [0, 1)",
                     utilisation,
                     false);
    options.AddDouble("rate", "file requests per second (Poisson)", rate, 0, 1e6);
    options.AddDistribution("sizes",
                            "download sizes in packets, e.g. mix:0.5:5:0.5:40",
                            downloadSizes,
                            DistributionSpec::Quantity::COUNT);
    options.AddDistribution("upload-sizes",
                            "upload sizes in packets",
                            uploadSizes,
                            DistributionSpec::Quantity::COUNT);
    options.AddShare("upload-share",
                     "share of requests that are uploads, in [0, 1]",
                     uploadShare,
                     true);
    options.RefuseUnused({"upload-sizes"}, [this](const std::string&) {
        return uploadShare == 0 ? "with --upload-share=0" : "";
    });
}

void
SdwanScenario::Parameters::AddNetworkOptions(ScenarioOptions& options)
{
    options.Add("queue",
                "size of each WAN queue (FIFO queue disc), e.g. 1000p or 1500000B",
                queue,
                [this](const std::string& text, std::string& error) {
                    if (!IsQueueSize(text))
                    {
                        error = "invalid --queue=" + text + ": expected e.g. 1000p or 1500000B";
                        return false;
                    }
                    queue = text;
                    return true;
                });
    std::string presets;
    for (const auto& [name, value] : kSplitterDelays)
    {
        presets += (presets.empty() ? "" : "|") + name + " (" + value + ")";
    }
    options.Add(
        "splitter-delay",
        "per-packet cost of the border routers: " + presets + ", or a distribution",
        "none",
        [this](const std::string& text, std::string& error) {
            for (const auto& [name, value] : kSplitterDelays)
            {
                if (text == name)
                {
                    return DistributionSpec::Parse(value, splitterDelay, error);
                }
            }
            return ScenarioOptions::ParseDistribution("splitter-delay", text, splitterDelay, error);
        });
    options.Owns("ns3::TunnelRouter::ProcessingDelay", "splitter-delay");
    options.AddTime("wan-delay", "propagation delay of each WAN link", wanDelay, true);
    options.AddTime("lan-delay", "propagation delay of each LAN link", lanDelay, true);
    options.AddDataRate("wan-rate", "data rate of each WAN link", wanRate);
    options.AddDataRate("lan-rate", "data rate of each LAN link", lanRate);
    options.Add("tcp",
                "TCP congestion control (NewReno, Cubic, Bbr, ... or a TypeId name); "
                "default: ns-3's",
                "",
                [this](const std::string& text, std::string& error) {
                    TypeId tid;
                    if (!TypeId::LookupByNameFailSafe(TcpTypeName(text), &tid) ||
                        !tid.IsChildOf(TcpCongestionOps::GetTypeId()))
                    {
                        error = "invalid --tcp=" + text +
                                ": not a TCP congestion control (e.g. NewReno, Cubic)";
                        return false;
                    }
                    tcp = tid.GetName();
                    return true;
                });
    options.AddBool("sack", "TCP selective acknowledgements", sack);
    // What the scenario sets on its own objects from these options (see
    // ScenarioOptions::Owns): naming them as ns-3 defaults is an error.
    options.Owns("ns3::TcpL4Protocol::SocketType", "tcp", false);
    options.Owns("ns3::TcpSocketBase::Sack", "sack");
    options.Owns("ns3::FileTransferApplication::Sack", "sack");
    OwnTcpAttributes(options);
    options.Owns("ns3::FifoQueueDisc::MaxSize", "queue");
    options.Owns("ns3::FileTransferClient::InterArrival", "rate");
    options.Owns("ns3::FileTransferClient::DownloadSize", "sizes");
    options.Owns("ns3::FileTransferClient::UploadSize", "upload-sizes");
    options.Owns("ns3::FileTransferClient::UploadProbability", "upload-share");
    options.Owns("ns3::BackgroundTrafficGenerator::PacketSize", "utilisation");
    options.Owns("ns3::BackgroundTrafficGenerator::InterArrival", "utilisation");
    options.Owns("ns3::PointToPointChannel::Delay", "wan-delay and --lan-delay");
    options.Owns("ns3::PointToPointNetDevice::DataRate", "wan-rate and --lan-rate");
    options.Owns("ns3::DropTailQueue<Packet>::MaxSize", "");
    options.Owns("ns3::WanFlowMonitor::WarmUp", "warmup");
    options.AddUnsigned("short-size",
                        "flows of at most this many packets are short in the results",
                        shortSize,
                        1,
                        UINT32_MAX);
    options.ContextualDefault("short-size", "the first threshold, the splitter's own class");
    options.AddOutputFile("flows",
                          "write one CSV line per completed flow (one direction of a "
                          "connection) here",
                          flowsPath);
    options.AddOutputFile("jitter-cdf",
                          "write the jitter CDFs here (CSV: packets,jitter_us,fraction; packets "
                          "all, same_tunnel or tunnel_change)",
                          jitterCdfPath);
    RequestScenario::Parameters::AddOptions(options);
}

bool
SdwanScenario::Parameters::Validate(std::string& error) const
{
    TypeId tid = router.GetTypeId();
    if (!tid.IsChildOf(TunnelRouter::GetTypeId()) || !tid.HasConstructor())
    {
        return Invalid(error, "mode=" + tid.GetName(), "not a tunnel router");
    }
    std::vector<uint64_t> t;
    std::string why;
    if (!FlowSplitter::ParseThresholds(thresholds, t, why))
    {
        return Invalid(error, "thresholds=" + thresholds, why);
    }
    if (GetTunnels() > SdwanTestbedHelper::MAX_TUNNELS)
    {
        return Invalid(error,
                       "thresholds",
                       "at most " + std::to_string(SdwanTestbedHelper::MAX_TUNNELS - 1) +
                           " thresholds (the testbed has up to " +
                           std::to_string(SdwanTestbedHelper::MAX_TUNNELS) + " tunnels)");
    }
    // Checked here rather than when the first packet is steered.
    if (!GetRouter().Create<TunnelRouter>()->CheckTunnels(GetTunnels(), why))
    {
        return Invalid(error, "mode=" + TypeAliases::Name(tid), why);
    }
    // Gaps beyond ScenarioOptions::MAX_SECONDS would overflow ns-3's Time.
    if (!(rate >= 1 / ScenarioOptions::MAX_SECONDS) || !std::isfinite(rate))
    {
        return Invalid(error, "rate", "must be >= 1e-6 (requests/s)");
    }
    if (!(utilisation >= 0 && utilisation < 1))
    {
        return Invalid(error, "utilisation", "must be in [0, 1)");
    }
    DataRate wan;
    DataRate lan;
    if (!ScenarioOptions::ParseDataRate("wan-rate", wanRate, wan, error) ||
        !ScenarioOptions::ParseDataRate("lan-rate", lanRate, lan, error))
    {
        return false;
    }
    if (utilisation > 0 &&
        SdwanTestbedHelper::BACKGROUND_ON_WIRE * 8.0 / (utilisation * wan.GetBitRate()) >
            ScenarioOptions::MAX_SECONDS)
    {
        return Invalid(error,
                       "utilisation",
                       "so small that background packets are over 1e6s apart: use 0");
    }
    if (!splitterDelay.stream)
    {
        return Invalid(error, "splitter-delay", "no distribution");
    }
    if (!RequestScenario::Parameters::Validate(error))
    {
        return false;
    }
    return true;
}

SdwanScenario::SdwanScenario(const Parameters& parameters)
    : RequestScenario(parameters, NAME),
      m_parameters(parameters)
{
    std::string error;
    NS_ABORT_MSG_IF(!m_parameters.Validate(error), "SdwanScenario: " << error);
    // --exact for the completion, flow and connection times (the WAN
    // monitor's delay and jitter keep the histogram).
    m_fct = RequestStats(parameters.exactQuantiles);
    m_connection = RequestStats(parameters.exactQuantiles);
    m_app = RequestStats(parameters.exactQuantiles);
}

SdwanScenario::~SdwanScenario() = default;

void
SdwanScenario::Build()
{
    const Parameters& p = m_parameters;
    m_shortSize = p.GetShortSize();
    m_testbed.SetRouter(p.GetRouter());
    m_testbed.SetTunnels(p.GetTunnels());
    DataRate wanRate(p.wanRate);
    m_testbed.SetWan(wanRate, p.wanDelay);
    m_testbed.SetLan(DataRate(p.lanRate), p.lanDelay);
    ObjectFactory queue("ns3::FifoQueueDisc");
    queue.Set("MaxSize", QueueSizeValue(QueueSize(p.queue)));
    m_testbed.SetQueueDisc(queue);
    m_testbed.Install();
    int64_t stream = 1000;
    for (uint32_t side = 0; side < 2; ++side)
    {
        // Each border router its own random variable (and stream).
        Ptr<TunnelRouter> br = m_testbed.GetBorderRouter(side);
        br->SetAttribute("ProcessingDelay", PointerValue(p.splitterDelay.Create()));
        stream += br->AssignStreams(stream);
    }

    Ptr<Node> clientNode = m_testbed.GetClient();
    Ptr<Node> serverNode = m_testbed.GetServer();
    if (!p.tcp.empty())
    {
        for (Ptr<Node> node : {clientNode, serverNode})
        {
            node->GetObject<TcpL4Protocol>()->SetAttribute(
                "SocketType",
                TypeIdValue(TypeId::LookupByName(p.tcp)));
        }
    }

    m_monitor = CreateObjectWithAttributes<WanFlowMonitor>("WarmUp", TimeValue(p.warmUp));
    m_monitor->Watch(m_testbed.GetBorderRouter(0));
    m_monitor->Watch(m_testbed.GetBorderRouter(1));
    m_monitor->TraceConnectWithoutContext("FlowCompleted",
                                          MakeCallback(&SdwanScenario::FlowCompleted, this));

    auto server = CreateObjectWithAttributes<FileTransferServer>("Port",
                                                                 UintegerValue(kServerPort),
                                                                 "Sack",
                                                                 BooleanValue(p.sack));
    serverNode->AddApplication(server);
    server->SetStartTime(Seconds(0));
    server->TraceConnectWithoutContext("Timeout",
                                       MakeCallback(&WanFlowMonitor::Timeout, m_monitor));

    m_client = CreateObject<FileTransferClient>();
    m_client->SetAttribute(
        "Remote",
        AddressValue(InetSocketAddress(m_testbed.GetServerAddress(), kServerPort)));
    m_client->SetAttribute("InterArrival",
                           PointerValue(CreateObjectWithAttributes<ExponentialRandomVariable>(
                               "Mean",
                               DoubleValue(1 / p.rate))));
    m_client->SetAttribute("DownloadSize", PointerValue(p.downloadSizes.Create()));
    m_client->SetAttribute("UploadSize", PointerValue(p.uploadSizes.Create()));
    m_client->SetAttribute("UploadProbability", DoubleValue(p.uploadShare));
    m_client->SetAttribute("Sack", BooleanValue(p.sack));
    clientNode->AddApplication(m_client);
    m_client->SetStartTime(Seconds(0));
    m_client->SetStopTime(p.duration);
    stream += m_client->AssignStreams(stream);
    m_client->TraceConnectWithoutContext("Started", MakeCallback(&SdwanScenario::Started, this));
    m_client->TraceConnectWithoutContext("Completed",
                                         MakeCallback(&SdwanScenario::Completed, this));
    m_client->TraceConnectWithoutContext("Failed", MakeCallback(&SdwanScenario::Failed, this));
    m_client->TraceConnectWithoutContext("Timeout",
                                         MakeCallback(&WanFlowMonitor::Timeout, m_monitor));

    // Background: each tunnel's middle link carries utilisation x its
    // capacity in each direction, on the wire.
    if (p.utilisation > 0)
    {
        ApplicationContainer generators =
            m_testbed.InstallBackground(p.utilisation, p.duration, stream);
        for (uint32_t i = 0; i < generators.GetN(); ++i)
        {
            m_generators.push_back(DynamicCast<BackgroundTrafficGenerator>(generators.Get(i)));
        }
    }

    if (!p.flowsPath.empty())
    {
        m_flows = std::make_unique<std::ofstream>(p.flowsPath);
        NS_ABORT_MSG_IF(!*m_flows, "cannot write " << p.flowsPath);
        *m_flows << "connection,direction,packets,class,start_s,fct_us,syn_timeouts,rto\n";
    }
}

void
SdwanScenario::Started(const FileTransfer& t)
{
    m_monitor->Open(t.key);
}

void
SdwanScenario::Completed(const FileTransfer& t)
{
    Time time;
    bool measured = m_monitor->Close(t.key, time);
    uint32_t cls = t.packets <= m_shortSize ? 0 : 1;
    Time completion = t.end - t.start;
    if (t.start >= m_parameters.warmUp)
    {
        m_app.Record(cls, completion);
        if (measured)
        {
            m_connection.Record(cls, time);
        }
    }
    RequestAnswered(0, t.id, cls, t.start, completion);
}

void
SdwanScenario::FlowCompleted(const WanFlow& flow)
{
    if (flow.start < m_parameters.warmUp)
    {
        return;
    }
    uint32_t cls = flow.packets <= m_shortSize ? 0 : 1;
    m_fct.Record(cls, flow.fct);
    m_synTimeouts[cls] += flow.handshakeTimeouts > 0;
    m_rtoTimeouts[cls] += flow.timeouts > 0;
    if (m_flows)
    {
        *m_flows << flow.connection << ',' << (flow.direction == 0 ? "up" : "down") << ','
                 << flow.packets << ',' << (cls == 0 ? "short" : "long") << ','
                 << flow.start.GetSeconds() << ',' << flow.fct.GetSeconds() * 1e6 << ','
                 << flow.handshakeTimeouts << ',' << flow.timeouts << '\n';
    }
}

void
SdwanScenario::Failed(const FileTransfer& t, const std::string& reason)
{
    m_monitor->Abandon(t.key);
    RequestDropped(reason);
}

bool
SdwanScenario::GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error)
{
    uint32_t tunnels = m_testbed.GetTunnels();
    NetDeviceContainer wan = m_testbed.GetWanDevices();
    uint32_t tunnel = UINT32_MAX; // the tunnel the fault breaks, if any
    if (fault.kind == FaultSpec::Kind::LINK && fault.index < wan.GetN() / 2)
    {
        target.AddDevice(wan.Get(2 * fault.index));
        target.AddDevice(wan.Get(2 * fault.index + 1));
        tunnel = fault.index / 3;
    }
    else if (fault.kind == FaultSpec::Kind::SWITCH && fault.index < 2 + 2 * tunnels)
    {
        uint32_t r = fault.index;
        target.AddNode(r < 2 ? m_testbed.GetBorderNode(r)
                             : m_testbed.GetTunnelRouter((r - 2) / 2, (r - 2) % 2));
        tunnel = r < 2 ? UINT32_MAX : (r - 2) / 2;
    }
    else if (fault.kind == FaultSpec::Kind::SERVER && fault.index == 0)
    {
        target.AddNode(m_testbed.GetServer());
    }
    else
    {
        error = "the testbed has server 0, switches 0-1 (border routers) and 2-" +
                std::to_string(1 + 2 * tunnels) + " (two per tunnel), links 0-" +
                std::to_string(wan.GetN() / 2 - 1) + " (three per tunnel)";
        return false;
    }
    if (tunnel != UINT32_MAX)
    {
        std::vector<Ptr<TunnelRouter>> borders{m_testbed.GetBorderRouter(0),
                                               m_testbed.GetBorderRouter(1)};
        target.notify = [borders, tunnel](bool up) {
            for (const auto& b : borders)
            {
                b->SetTunnelAvailable(tunnel, up);
            }
        };
    }
    return true;
}

void
SdwanScenario::DoSendingStopped()
{
    for (uint32_t direction = 0; direction < 2; ++direction)
    {
        m_sentBytes[direction].clear();
        for (uint32_t k = 0; k < m_testbed.GetTunnels(); ++k)
        {
            m_sentBytes[direction].push_back(
                m_testbed.GetBottleneck(k, direction)->GetStats().nTotalDequeuedBytes);
        }
    }
    if (m_flows)
    {
        m_flows->flush();
    }
}

uint64_t
SdwanScenario::GetSent() const
{
    return m_client ? m_client->GetStarted() : 0;
}

RequestStats
SdwanScenario::GetClientStats() const
{
    return m_app;
}

const RequestStats&
SdwanScenario::GetFlowStats() const
{
    return m_fct;
}

const RequestStats&
SdwanScenario::GetConnectionStats() const
{
    return m_connection;
}

bool
SdwanScenario::WriteOutputs(std::string& error) const
{
    const std::string& path = m_parameters.jitterCdfPath;
    if (path.empty())
    {
        return true;
    }
    std::ofstream out(path);
    out << "packets,jitter_us,fraction\n";
    auto write = [&out](const char* kind, const LatencySummary& jitter) {
        for (const auto& [value, fraction] : jitter.GetCdf())
        {
            out << kind << ',' << value.GetSeconds() * 1e6 << ',' << fraction << '\n';
        }
    };
    write("all", m_monitor->GetJitter());
    write("same_tunnel", m_monitor->GetJitter(false));
    write("tunnel_change", m_monitor->GetJitter(true));
    if (!out)
    {
        error = "cannot write --jitter-cdf=" + path;
        return false;
    }
    return true;
}

const SdwanTestbedHelper&
SdwanScenario::GetTestbed() const
{
    return m_testbed;
}

Ptr<WanFlowMonitor>
SdwanScenario::GetMonitor() const
{
    return m_monitor;
}

JsonSummary
SdwanScenario::Summarize() const
{
    const Parameters& p = m_parameters;
    LatencySummary none;
    auto classOf = [&none](const RequestStats& stats, uint32_t cls) -> const LatencySummary& {
        return stats.GetClassCount() > cls ? stats.GetClass(cls) : none;
    };
    const LatencySummary& shortFct = classOf(m_fct, 0);
    const LatencySummary& longFct = classOf(m_fct, 1);
    const LatencySummary& shortConnection = classOf(m_connection, 0);
    const LatencySummary& longConnection = classOf(m_connection, 1);

    JsonSummary connections;
    connections.Set("started", m_client->GetStarted())
        .Set("completed", m_client->GetCompleted())
        .Set("in_flight", m_client->GetInFlight())
        .Set("failed", m_client->GetFailed());

    // Splitter state, summed over both border routers.
    uint64_t reclassified = 0;
    uint64_t rerouted = 0;
    uint64_t full = 0;
    uint32_t peak = 0;
    JsonSummary unclassified;
    uint64_t status[FlowKey::STATUS_COUNT] = {};
    JsonSummary perTunnel;
    double seconds = p.duration.GetSeconds();
    double capacityBytes = DataRate(p.wanRate).GetBitRate() / 8.0 * seconds;
    for (uint32_t side = 0; side < 2; ++side)
    {
        Ptr<TunnelRouter> r = m_testbed.GetBorderRouter(side);
        rerouted += r->GetRerouted();
        for (uint32_t s = 0; s < FlowKey::STATUS_COUNT; ++s)
        {
            status[s] += r->GetPackets(static_cast<FlowKey::Status>(s));
        }
        if (auto splitter = DynamicCast<FlowSplitter>(r))
        {
            reclassified += splitter->GetPromotions(1);
            full += splitter->GetTableFullEvents();
            peak = std::max(peak, splitter->GetTablePeak());
        }
    }
    unclassified.Set("not_tcp", status[FlowKey::UDP] + status[FlowKey::OTHER])
        .Set("fragment", status[FlowKey::FRAGMENT])
        .Set("truncated", status[FlowKey::TRUNCATED]);
    for (uint32_t k = 0; k < m_testbed.GetTunnels(); ++k)
    {
        JsonSummary t;
        uint64_t drops = 0;
        for (uint32_t direction = 0; direction < 2; ++direction)
        {
            const char* name = direction == 0 ? "utilisation_up" : "utilisation_down";
            double bytes = m_sentBytes[direction].empty() ? 0 : m_sentBytes[direction][k];
            t.Set(name, bytes / capacityBytes);
            drops += m_testbed.GetBottleneck(k, direction)->GetStats().nTotalDroppedPackets;
        }
        t.Set("drops", drops)
            .Set("packets_up", m_testbed.GetBorderRouter(0)->GetTunnelPackets(k))
            .Set("packets_down", m_testbed.GetBorderRouter(1)->GetTunnelPackets(k));
        perTunnel.Set(std::to_string(k), t);
    }

    uint64_t background = 0;
    uint64_t steered = 0;
    for (const auto& g : m_generators)
    {
        background += g->GetSent();
    }
    for (uint32_t side = 0; side < 2; ++side)
    {
        for (uint32_t k = 0; k < m_testbed.GetTunnels(); ++k)
        {
            steered += m_testbed.GetBorderRouter(side)->GetTunnelPackets(k);
        }
    }
    const LatencySummary& jitter = m_monitor->GetJitter();
    JsonSummary jitterBy;
    for (bool change : {false, true})
    {
        const LatencySummary& some = m_monitor->GetJitter(change);
        JsonSummary k;
        k.Set("packets", some.GetCount())
            .Set("mean_us", some.GetMean().GetSeconds() * 1e6)
            .Set("std_us", some.GetStdDev().GetSeconds() * 1e6)
            .Set("p99_us", some.GetQuantile(0.99).GetSeconds() * 1e6);
        jitterBy.Set(change ? "tunnel_change" : "same_tunnel", k);
    }
    JsonSummary j = RequestScenario::Summarize();
    double wall = GetWallSeconds();
    j.Set("rerouted_packets", rerouted)
        .Set("mode", TypeAliases::Name(p.router.GetTypeId()))
        .Set("thresholds", p.thresholds)
        .Set("tunnels", m_testbed.GetTunnels())
        .Set("background_utilisation", p.utilisation)
        .Set("rate", p.rate)
        .Set("sizes", p.downloadSizes.text)
        .Set("upload_sizes", p.uploadSizes.text)
        .Set("upload_share", p.uploadShare)
        .Set("queue", p.queue)
        .Set("splitter_delay", p.splitterDelay.text)
        .Set("tcp", TcpTypeOf(m_testbed.GetClient()))
        .Set("tcp_sack", p.sack)
        .Set("short_size", m_shortSize)
        .Set("connections", connections)
        .Set("short_flows", shortFct.GetCount())
        .SetLatency("short_fct_", shortFct)
        .Set("short_flows_syn_timeout", m_synTimeouts[0])
        .Set("short_flows_rto", m_rtoTimeouts[0])
        .Set("long_flows", longFct.GetCount())
        .SetLatency("long_fct_", longFct)
        .Set("long_flows_syn_timeout", m_synTimeouts[1])
        .Set("long_flows_rto", m_rtoTimeouts[1])
        .Set("short_connections", shortConnection.GetCount())
        .SetLatency("short_connection_", shortConnection)
        .Set("long_connections", longConnection.GetCount())
        .SetLatency("long_connection_", longConnection)
        .SetLatency("delay_", m_monitor->GetDelay())
        .Set("jitter_mean_us", jitter.GetMean().GetSeconds() * 1e6)
        .Set("jitter_std_us", jitter.GetStdDev().GetSeconds() * 1e6)
        .Set("jitter_p99_us", jitter.GetQuantile(0.99).GetSeconds() * 1e6)
        .Set("jitter_by", jitterBy)
        .Set("reclassified", reclassified)
        .Set("table_peak", peak)
        .Set("table_full_events", full)
        .Set("unclassified", unclassified)
        .Set("per_tunnel", perTunnel)
        .Set("wan_packets", steered)
        .Set("background_messages", background)
        .Set("packets_per_wall_s", wall > 0 ? (steered + background) / wall : 0.0);
    return j;
}

} // namespace rsched
} // namespace ns3
