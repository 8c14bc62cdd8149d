/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "request-scenario.h"

#include "type-aliases.h"

#include "ns3/abort.h"
#include "ns3/command-line.h"
#include "ns3/global-value.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/log.h"
#include "ns3/loopback-net-device.h"
#include "ns3/multicore-server.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/request-client.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/udp-header.h"
#include "ns3/udp-l4-protocol.h"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("RequestScenario");

namespace
{
/// Bytes before a request's own header in a packet a point-to-point device
/// drops: PPP, IPv4 (the scenarios send no IP options) and UDP.
const uint32_t kDeviceHeaders = 2 + 20 + 8;
} // namespace

void
RequestScenario::Parameters::AddOptions(ScenarioOptions& options)
{
    options.AddTime("duration", "time during which clients send, e.g. 2s", duration, false);
    options.AddTime("warmup",
                    "requests sent before this are not recorded (0 by default in every example: "
                    "all are; the reproduce targets give the papers' warm-ups)",
                    warmUp,
                    true);
    options.AddTime("drain",
                    "longest simulated time after --duration to answer requests",
                    drain,
                    true);
    options.AddBool("exact", "exact quantiles (keeps every sample)", exactQuantiles);
    options.AddOutputFile("records", "write one CSV line per completed request here", recordsPath);
    options.Add("fail",
                "parts down during the run: KIND:INDEX@DOWN[-UP],... with KIND server, link "
                "or switch, e.g. server:3@1s-2s",
                "",
                [this](const std::string& text, std::string& error) {
                    return FaultSpec::Parse("fail", text, faults, error);
                });
    options.AddTime("fail-detection",
                    "time until the scheduler's control plane learns of a failure or a recovery",
                    faultDetection,
                    true);
    options.RefuseUnused({"fail-detection"}, [this](const std::string&) {
        return faults.empty() ? "without --fail" : "";
    });
}

const Choices<RequestScenario::Level> RequestScenario::LEVELS = {{"packet", Level::PACKET},
                                                                 {"queue", Level::QUEUE}};

bool
RequestScenario::Parameters::Invalid(std::string& error,
                                     const std::string& option,
                                     const std::string& why)
{
    error = "invalid --" + option + ": " + why;
    return false;
}

bool
RequestScenario::Parameters::Validate(std::string& error) const
{
    if (!duration.IsStrictlyPositive())
    {
        return Invalid(error, "duration", "must be > 0");
    }
    if (warmUp.IsStrictlyNegative())
    {
        return Invalid(error, "warmup", "must be >= 0");
    }
    // Nothing sent after the warm-up: no result but zeros.
    if (warmUp >= duration)
    {
        return Invalid(error, "warmup", "must be shorter than --duration");
    }
    if (drain.IsStrictlyNegative())
    {
        return Invalid(error, "drain", "must be >= 0");
    }
    if (faultDetection.IsStrictlyNegative())
    {
        return Invalid(error, "fail-detection", "must be >= 0");
    }
    for (const FaultSpec& f : faults)
    {
        if (f.down > duration + drain)
        {
            return Invalid(error,
                           "fail=" + f.text,
                           "starts after the run ends (--duration plus --drain: " +
                               ScenarioOptions::FormatTime(duration + drain) + ")");
        }
    }
    return true;
}

void
RequestScenario::Parameters::OwnClientAttributes(ScenarioOptions& options,
                                                 const std::string& arrivalOption,
                                                 const std::string& serviceOption,
                                                 const std::string& clientsOption)
{
    options.Owns("ns3::RequestClient::InterArrival", arrivalOption);
    options.Owns("ns3::RequestClient::ServiceDemand", serviceOption);
    options.Owns("ns3::RequestClient::Clients", clientsOption);
    // The helpers give the clients the servers' port.
    options.Owns("ns3::RequestClient::RemotePort", "");
    options.Owns("ns3::MulticoreServer::Port", "");
    for (const char* type : {"ns3::RequestClient::", "ns3::MulticoreServer::"})
    {
        options.Owns(std::string(type) + "WarmUp", "warmup");
        options.Owns(std::string(type) + "ExactQuantiles", "exact");
    }
}

RequestScenario::RequestScenario(const Parameters& parameters, const std::string& name)
    : m_common(parameters),
      m_name(name)
{
}

RequestScenario::~RequestScenario() = default;

void
RequestScenario::InstallClient(RequestClientHelper& helper,
                               Ptr<Node> node,
                               const DistributionSpec& interArrival,
                               const DistributionSpec& service,
                               int64_t& stream)
{
    helper.SetAttribute("InterArrival", PointerValue(interArrival.Create()));
    helper.SetAttribute("ServiceDemand", PointerValue(service.Create()));
    ApplicationContainer app = helper.Install(node);
    app.Start(Seconds(0));
    app.Stop(m_common.duration);
    stream += RequestClientHelper::AssignStreams(app, stream);
    app.Get(0)->TraceConnectWithoutContext("Complete",
                                           MakeCallback(&RequestScenario::Completed, this));
    app.Get(0)->TraceConnectWithoutContext("Drop",
                                           MakeCallback(&RequestScenario::ClientDrop, this));
    m_clients.Add(app);
}

JsonSummary
RequestScenario::PolicyAttributes(Ptr<const Object> policy)
{
    JsonSummary attributes;
    for (const auto& [name, value] : TypeAliases::Attributes(policy))
    {
        attributes.Set(name, value);
    }
    return attributes;
}

void
RequestScenario::WatchDevices(const NetDeviceContainer& devices)
{
    for (auto d = devices.Begin(); d != devices.End(); ++d)
    {
        auto dev = DynamicCast<PointToPointNetDevice>(*d);
        NS_ABORT_MSG_IF(!dev, "RequestScenario::WatchDevices: not a point-to-point device");
        dev->TraceConnectWithoutContext("PhyRxDrop",
                                        MakeCallback(&RequestScenario::DeviceDrop, this));
        dev->GetQueue()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&RequestScenario::DeviceDrop, this));
        Ptr<TrafficControlLayer> tc = dev->GetNode()->GetObject<TrafficControlLayer>();
        if (Ptr<QueueDisc> qd = tc ? tc->GetRootQueueDiscOnDevice(dev) : nullptr)
        {
            qd->TraceConnectWithoutContext("Drop",
                                           MakeCallback(&RequestScenario::QueueDiscDrop, this));
        }
    }
}

void
RequestScenario::WatchIp(const NodeContainer& nodes, bool countNoRoute)
{
    for (auto n = nodes.Begin(); n != nodes.End(); ++n)
    {
        (*n)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Drop",
            countNoRoute ? MakeCallback(&RequestScenario::IpDrop, this)
                         : MakeCallback(&RequestScenario::IpDropRouted, this));
    }
}

void
RequestScenario::WatchServers(const ApplicationContainer& servers)
{
    for (auto s = servers.Begin(); s != servers.End(); ++s)
    {
        (*s)->TraceConnectWithoutContext("Drop", MakeCallback(&RequestScenario::ServerDrop, this));
        Ptr<MulticoreServer> server = DynamicCast<MulticoreServer>(*s);
        NS_ABORT_MSG_UNLESS(server, "WatchServers: not a MulticoreServer");
        m_watchedServers.push_back(server);
    }
}

std::vector<RequestScenario::BusyTime>
RequestScenario::BusyTimes() const
{
    std::vector<BusyTime> busy;
    for (const Ptr<MulticoreServer>& server : m_watchedServers)
    {
        Ptr<CorePolicy> policy = server->GetPolicy();
        busy.push_back(BusyTime{policy->GetBusyTime(), policy->GetSpecialBusyTime()});
    }
    return busy;
}

RequestScenario::BusyTime
RequestScenario::GetMeasuredBusyTime(uint32_t server) const
{
    NS_ABORT_MSG_UNLESS(server < m_busyAtDuration.size(),
                        "GetMeasuredBusyTime: server " << server
                                                       << " not watched, or still sending");
    const BusyTime& start = m_busyAtWarmUp[server];
    const BusyTime& end = m_busyAtDuration[server];
    return BusyTime{end.workers - start.workers, end.special - start.special};
}

double
RequestScenario::GetMeasuredSeconds() const
{
    return (m_common.duration - m_common.warmUp).GetSeconds();
}

void
RequestScenario::FaultTarget::AddNode(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4, "FaultTarget::AddNode: node " << node->GetId() << " has no IP stack");
    for (uint32_t i = 0; i < ipv4->GetNInterfaces(); ++i)
    {
        if (!DynamicCast<LoopbackNetDevice>(ipv4->GetNetDevice(i)))
        {
            interfaces.emplace_back(ipv4, i);
        }
    }
}

void
RequestScenario::FaultTarget::AddDevice(Ptr<NetDevice> device)
{
    Ptr<Ipv4> ipv4 = device->GetNode()->GetObject<Ipv4>();
    int32_t i = ipv4 ? ipv4->GetInterfaceForDevice(device) : -1;
    NS_ABORT_MSG_IF(i < 0, "FaultTarget::AddDevice: the device has no IP interface");
    interfaces.emplace_back(ipv4, static_cast<uint32_t>(i));
}

bool
RequestScenario::GetFaultTarget(const FaultSpec& fault,
                                FaultTarget& /* target */,
                                std::string& error)
{
    error = m_name + " has no " + fault.GetKindName() + " that can fail";
    return false;
}

bool
RequestScenario::CheckFaults(std::string& error)
{
    m_faultTargets.clear();
    for (const auto& f : m_common.faults)
    {
        FaultTarget target;
        std::string why;
        if (!GetFaultTarget(f, target, why))
        {
            error = "invalid --fail=" + f.text + ": " + f.GetName() + ": " + why;
            return false;
        }
        m_faultTargets.push_back(std::move(target));
    }
    m_faultsChecked = true;
    return true;
}

void
RequestScenario::SetFault(size_t fault, bool down)
{
    const std::string& name = m_common.faults[fault].GetName();
    NS_LOG_INFO(Simulator::Now().As(Time::S) << " " << name << (down ? " fails" : " recovers"));
    if (m_faultTargets[fault].apply)
    {
        m_faultTargets[fault].apply(!down);
    }
    Ipv4StaticRoutingHelper helper;
    for (const auto& [ipv4, i] : m_faultTargets[fault].interfaces)
    {
        DownInterface& d = m_downInterfaces[{PeekPointer(ipv4), i}];
        Ptr<Ipv4StaticRouting> routing = helper.GetStaticRouting(ipv4);
        if (down)
        {
            d.fault = name;
            if (d.holders++ > 0)
            {
                continue;
            }
            // ns-3's static routing forgets the routes through an interface
            // that goes down (a host's default route too): keep them.
            d.routes.clear();
            for (uint32_t r = 0; routing && r < routing->GetNRoutes(); ++r)
            {
                Ipv4RoutingTableEntry e = routing->GetRoute(r);
                if (e.GetInterface() == i)
                {
                    d.routes.emplace_back(e, routing->GetMetric(r));
                }
            }
            ipv4->SetDown(i);
        }
        else if (--d.holders == 0)
        {
            ipv4->SetUp(i);
            // SetUp() restored the connected network; put back the others.
            for (const auto& [e, metric] : d.routes)
            {
                bool present = false;
                for (uint32_t r = 0; !present && r < routing->GetNRoutes(); ++r)
                {
                    Ipv4RoutingTableEntry x = routing->GetRoute(r);
                    present = x.GetDest() == e.GetDest() && x.GetGateway() == e.GetGateway() &&
                              x.GetDestNetworkMask() == e.GetDestNetworkMask() &&
                              x.GetInterface() == i;
                }
                if (!present)
                {
                    routing->AddNetworkRouteTo(e.GetDestNetwork(),
                                               e.GetDestNetworkMask(),
                                               e.GetGateway(),
                                               i,
                                               metric);
                }
            }
        }
    }
}

void
RequestScenario::Run()
{
    std::string error;
    NS_ABORT_MSG_IF(!m_faultsChecked && !CheckFaults(error), error);
    for (size_t f = 0; f < m_faultTargets.size(); ++f)
    {
        const FaultSpec& spec = m_common.faults[f];
        const auto& notify = m_faultTargets[f].notify;
        Simulator::Schedule(spec.down, &RequestScenario::SetFault, this, f, true);
        if (notify)
        {
            Simulator::Schedule(spec.down + m_common.faultDetection, [notify]() { notify(false); });
        }
        if (spec.up != Time::Max())
        {
            Simulator::Schedule(spec.up, &RequestScenario::SetFault, this, f, false);
            if (notify)
            {
                Simulator::Schedule(spec.up + m_common.faultDetection,
                                    [notify]() { notify(true); });
            }
        }
    }
    if (!m_common.recordsPath.empty())
    {
        m_records = std::make_unique<std::ofstream>(m_common.recordsPath);
        NS_ABORT_MSG_IF(!*m_records, "cannot write " << m_common.recordsPath);
        *m_records << "client,request,class,send_time_s,rct_us,server\n";
        // Nanoseconds of a run of up to 10^6 s.
        m_records->precision(15);
    }
    // The busy times at the window's ends (the one at 0 is all zero).
    m_busyAtWarmUp = BusyTimes();
    if (m_common.warmUp.IsStrictlyPositive())
    {
        Simulator::Schedule(m_common.warmUp, [this]() { m_busyAtWarmUp = BusyTimes(); });
    }
    Simulator::Schedule(m_common.duration, [this]() {
        m_busyAtDuration = BusyTimes();
        DoSendingStopped();
        CheckDrained();
    });
    Simulator::Stop(m_common.duration + m_common.drain);
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
    CheckResults();
}

void
RequestScenario::Warn(const std::string& text)
{
    std::cerr << m_name << ": warning: " << text << std::endl;
    m_warnings.push_back(text);
}

const std::vector<std::string>&
RequestScenario::GetWarnings() const
{
    return m_warnings;
}

void
RequestScenario::CheckResults()
{
    uint64_t sent = GetSent();
    uint64_t inFlight = sent - m_answered - m_dropped;
    if (inFlight > 0)
    {
        Warn(std::to_string(inFlight) + " of " + std::to_string(sent) +
             " requests were still in flight when --drain ended the run: the system did not "
             "keep up (overloaded), and the latencies leave out its slowest requests");
    }
    uint64_t recorded = GetClientStats().GetAll().GetCount();
    if (m_answered > 0 && recorded * 2 < m_answered)
    {
        std::ostringstream text;
        text << "the warm-up leaves out " << m_answered - recorded << " of the " << m_answered
             << " answered requests (" << std::fixed << std::setprecision(0)
             << 100.0 * (m_answered - recorded) / m_answered << " %): the latencies rest on the "
             << recorded << " others only";
        Warn(text.str());
    }
}

void
RequestScenario::DoSendingStopped()
{
}

void
RequestScenario::SetRequestPort(uint16_t port)
{
    m_requestPort = port;
}

bool
RequestScenario::IsRequestTraffic(uint8_t protocol, Ptr<const Packet> p, uint32_t transport) const
{
    if (m_requestPort == 0)
    {
        return true;
    }
    // Up to a PPP header (2 bytes) and the longest IPv4 header (60), then the ports.
    uint8_t bytes[2 + 60 + 4];
    if (protocol != UdpL4Protocol::PROT_NUMBER || !p || transport + 4 > sizeof(bytes) ||
        p->GetSize() < transport + 4)
    {
        return false;
    }
    p->CopyData(bytes, transport + 4);
    const uint8_t* ports = bytes + transport;
    return (ports[0] << 8 | ports[1]) == m_requestPort ||
           (ports[2] << 8 | ports[3]) == m_requestPort;
}

void
RequestScenario::DeviceDrop(Ptr<const Packet> p)
{
    // A point-to-point frame: PPP header (2 bytes), IPv4 header, transport.
    uint8_t frame[2 + 10];
    if (m_requestPort != 0)
    {
        if (!p || p->GetSize() < sizeof(frame))
        {
            return; // too short to be a request
        }
        p->CopyData(frame, sizeof(frame));
        if (!IsRequestTraffic(frame[2 + 9], p, 2 + 4 * (frame[2] & 0x0f)))
        {
            return;
        }
    }
    PacketDropped(p, kDeviceHeaders, "network: device");
}

void
RequestScenario::QueueDiscDrop(Ptr<const QueueDiscItem> item)
{
    auto ip = DynamicCast<const Ipv4QueueDiscItem>(item);
    if (m_requestPort != 0 &&
        (!ip || !IsRequestTraffic(ip->GetHeader().GetProtocol(), item->GetPacket(), 0)))
    {
        return;
    }
    PacketDropped(item->GetPacket(), UdpHeader().GetSerializedSize(), "network: queue disc");
}

void
RequestScenario::IpDrop(const Ipv4Header& header,
                        Ptr<const Packet> p,
                        Ipv4L3Protocol::DropReason reason,
                        Ptr<Ipv4> ipv4,
                        uint32_t interface)
{
    if (!IsRequestTraffic(header.GetProtocol(), p, 0))
    {
        return;
    }
    // Interfaces are down only while a fault holds them.
    auto down = reason == Ipv4L3Protocol::DROP_INTERFACE_DOWN
                    ? m_downInterfaces.find({PeekPointer(ipv4), interface})
                    : m_downInterfaces.end();
    PacketDropped(p,
                  UdpHeader().GetSerializedSize(),
                  down != m_downInterfaces.end() ? "fault: " + down->second.fault + " down"
                  : reason == Ipv4L3Protocol::DROP_NO_ROUTE ||
                          reason == Ipv4L3Protocol::DROP_ROUTE_ERROR
                      ? "network: no route"
                      : "network: ip");
}

void
RequestScenario::ClientDrop(const ServiceRequestHeader& /* header */, const std::string& reason)
{
    RequestDropped("client: " + reason);
}

void
RequestScenario::IpDropRouted(const Ipv4Header& header,
                              Ptr<const Packet> p,
                              Ipv4L3Protocol::DropReason reason,
                              Ptr<Ipv4> ipv4,
                              uint32_t interface)
{
    // A routing protocol's own drops reach the IP layer's error callback.
    if (reason != Ipv4L3Protocol::DROP_ROUTE_ERROR)
    {
        IpDrop(header, p, reason, ipv4, interface);
    }
}

void
RequestScenario::ServerDrop(Ptr<const Packet> p, const std::string& reason)
{
    // The server also drops packets that are not requests (malformed or
    // foreign traffic): only the clients' requests count.
    ServiceRequestHeader header;
    if (ServiceRequestHeader::Peek(p, header) &&
        header.GetMessageType() == ServiceRequestHeader::REQUEST)
    {
        PacketDropped(p, 0, "server: " + reason);
    }
}

void
RequestScenario::PacketDropped(Ptr<const Packet> p, uint32_t offset, const std::string& reason)
{
    ServiceRequestHeader header;
    if (p && p->GetSize() > offset &&
        ServiceRequestHeader::Peek(
            offset > 0 ? Ptr<const Packet>(p->CreateFragment(offset, p->GetSize() - offset)) : p,
            header) &&
        header.GetPacketCount() > 1 &&
        !m_lostMultiPacket.emplace(header.GetClientId(), header.GetRequestId()).second)
    {
        return; // another packet of the request was counted
    }
    RequestDropped(reason);
}

void
RequestScenario::RequestDropped(const std::string& reason)
{
    ++m_drops[reason];
    ++m_dropped;
    CheckDrained();
}

void
RequestScenario::Completed(const ServiceRequestHeader& header, Time rct)
{
    if (!m_records)
    {
        // The answering server's address is built only for a record.
        RequestAnswered();
        return;
    }
    RequestAnswered(header.GetClientId(),
                    header.GetRequestId(),
                    header.GetRequestClass(),
                    header.GetSendTime(),
                    rct,
                    Ipv4Address(header.GetLocator()));
}

void
RequestScenario::RequestAnswered(uint32_t client,
                                 uint64_t request,
                                 uint32_t requestClass,
                                 Time sent,
                                 Time rct,
                                 Ipv4Address server)
{
    if (m_records)
    {
        *m_records << client << ',' << request << ',' << requestClass << ',' << sent.GetSeconds()
                   << ',' << rct.GetSeconds() * 1e6 << ',';
        if (server != Ipv4Address::GetAny())
        {
            *m_records << server;
        }
        *m_records << '\n';
    }
    RequestAnswered();
}

void
RequestScenario::RequestAnswered()
{
    ++m_answered;
    CheckDrained();
}

void
RequestScenario::CheckDrained()
{
    // Once the clients have stopped, end the run with the last answer (or
    // drop) rather than at the drain limit.
    if (Simulator::Now() >= m_common.duration && m_answered + m_dropped >= GetSent())
    {
        Simulator::Stop();
    }
}

ApplicationContainer
RequestScenario::GetClients() const
{
    return m_clients;
}

uint64_t
RequestScenario::GetSent() const
{
    return RequestClientHelper::GetSent(m_clients);
}

uint64_t
RequestScenario::GetCompleted() const
{
    return m_answered;
}

uint64_t
RequestScenario::GetDropped() const
{
    return m_dropped;
}

const std::map<std::string, uint64_t>&
RequestScenario::GetDrops() const
{
    return m_drops;
}

uint64_t
RequestScenario::GetNetworkDrops() const
{
    uint64_t drops = 0;
    for (const auto& [reason, count] : m_drops)
    {
        drops += reason.rfind("network: ", 0) == 0 ? count : 0;
    }
    return drops;
}

double
RequestScenario::GetWallSeconds() const
{
    return m_wallSeconds;
}

RequestStats
RequestScenario::GetClientStats() const
{
    return RequestClientHelper::GetStats(m_clients, m_common.exactQuantiles);
}

JsonSummary
RequestScenario::Summarize() const
{
    uint64_t sent = GetSent();
    JsonSummary drops;
    for (const auto& [reason, count] : m_drops)
    {
        drops.Set(reason, count);
    }
    JsonSummary faults;
    for (const auto& f : m_common.faults)
    {
        JsonSummary when;
        when.Set("down_s", f.down.GetSeconds());
        if (f.up != Time::Max())
        {
            when.Set("up_s", f.up.GetSeconds());
        }
        faults.Set(f.text, when);
    }
    RequestStats clients = GetClientStats();
    JsonSummary j;
    j.Set("example", m_name)
        .Set("duration_s", m_common.duration.GetSeconds())
        .Set("sent", sent)
        .Set("completed", m_answered)
        .Set("recorded", clients.GetAll().GetCount())
        .Set("dropped", m_dropped)
        .Set("in_flight", static_cast<int64_t>(sent - m_answered - m_dropped))
        .Set("dropped_by_reason", drops)
        .SetLatency("rct_", clients.GetAll())
        .Set("exact_quantiles", m_common.exactQuantiles)
        .Set("faults", faults)
        .Set("fail_detection_s", m_common.faultDetection.GetSeconds())
        .Set("sim_time_s", m_simulated.GetSeconds())
        .Set("wall_s", m_wallSeconds)
        .Set("events", m_events)
        .Set("events_per_wall_s", m_wallSeconds > 0 ? m_events / m_wallSeconds : 0.0)
        .Set("requests_per_wall_s", m_wallSeconds > 0 ? sent / m_wallSeconds : 0.0)
        .Set("warnings", m_warnings);
    return j;
}

ScenarioExample::ScenarioExample(const std::string& program)
    : m_program(program)
{
}

bool
ScenarioExample::Parse(ScenarioOptions& options, int argc, char* argv[], std::string& error)
{
    options.AddUnsigned("run",
                        "RngRun: index of the independent replication",
                        m_run,
                        1,
                        UINT32_MAX);
    // ns-3's MRG32k3a takes seeds below its second modulus, 4294944443.
    options.AddUnsigned("seed", "RngSeed", m_seed, 1, 4294944442);
    options.Owns("RngRun", "run");
    options.Owns("RngSeed", "seed");
    // The scenarios start their applications at 0 and stop the sources at --duration.
    options.Owns("ns3::Application::StartTime", "");
    options.Owns("ns3::Application::StopTime", "duration");
    options.AddOutputFile("json", "write the summary here (default: standard output)", m_json);
    options.AddOutputFile("cdf",
                          "write the completion-time CDF here (CSV: rct_us,fraction)",
                          m_cdf);
    options.AddOutputFile("cdf-plot",
                          "write a gnuplot CDF of completion times: PREFIX.plt",
                          m_cdfPlot,
                          ".plt");
    // A binary heap of events is the fastest of ns-3's schedulers for these
    // scenarios (thousands of pending events); this one also spares the
    // queue level an event per request. --SchedulerType overrides it.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PeekableScheduler"));
    // The same events in the same order as DefaultSimulatorImpl, with less
    // work per event; --SimulatorImplementationType overrides it.
    GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::LeanSimulatorImpl"));
    if (!options.CheckArguments(argc, argv, error))
    {
        return false;
    }
    CommandLine cmd(m_program);
    options.AddTo(cmd);
    cmd.Parse(argc, argv);
    return true;
}

int
ScenarioExample::Prepare(std::string error)
{
    // The outputs were checked when converted (ScenarioOptions::AddOutputFile).
    if (!error.empty())
    {
        std::cerr << m_program << ": " << error << std::endl;
        return 1;
    }
    RngSeedManager::SetSeed(m_seed);
    RngSeedManager::SetRun(m_run);
    return 0;
}

bool
RequestScenario::WriteOutputs(std::string& /* error */) const
{
    return true;
}

int
ScenarioExample::Finish(const RequestScenario& scenario)
{
    JsonSummary summary = scenario.Summarize();
    summary.Set("run", m_run).Set("seed", m_seed);
    LatencySummary rct = scenario.GetClientStats().GetAll();
    if (!m_cdf.empty())
    {
        std::ofstream out(m_cdf);
        out << "rct_us,fraction\n";
        for (const auto& [value, fraction] : rct.GetCdf())
        {
            out << value.GetSeconds() * 1e6 << "," << fraction << "\n";
        }
    }
    if (!m_cdfPlot.empty())
    {
        WriteLatencyCdfPlot(rct, m_cdfPlot, m_program + ": completion time");
    }
    int status = 0;
    std::string error;
    if (!scenario.WriteOutputs(error))
    {
        std::cerr << m_program << ": " << error << std::endl;
        status = 1;
    }
    if (!summary.WriteFile(m_json))
    {
        std::cerr << m_program << ": cannot write --json=" << m_json << std::endl;
        status = 1;
    }
    Simulator::Destroy();
    return status;
}

} // namespace rsched
} // namespace ns3
