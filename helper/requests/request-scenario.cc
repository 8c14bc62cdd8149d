/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "request-scenario.h"

#include "ns3/abort.h"
#include "ns3/command-line.h"
#include "ns3/global-value.h"
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

#include <chrono>
#include <iostream>

namespace ns3
{

void
RequestScenario::Parameters::AddOptions(ScenarioOptions& options)
{
    options.AddTime("duration", "time during which clients send, e.g. 2s", duration, false);
    options.AddTime("warmup", "requests sent before this are not recorded", warmUp, true);
    options.AddTime("drain",
                    "longest simulated time after --duration to answer requests",
                    drain,
                    true);
    options.AddBool("exact", "exact quantiles (keeps every sample)", exactQuantiles);
    options.AddOutputFile("records", "write one CSV line per completed request here", recordsPath);
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
    m_clients.Add(app);
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
RequestScenario::WatchIp(const NodeContainer& nodes)
{
    for (auto n = nodes.Begin(); n != nodes.End(); ++n)
    {
        (*n)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&RequestScenario::IpDrop, this));
    }
}

void
RequestScenario::WatchServers(const ApplicationContainer& servers)
{
    for (auto s = servers.Begin(); s != servers.End(); ++s)
    {
        (*s)->TraceConnectWithoutContext("Drop", MakeCallback(&RequestScenario::ServerDrop, this));
    }
}

void
RequestScenario::Run()
{
    if (!m_common.recordsPath.empty())
    {
        m_records = std::make_unique<std::ofstream>(m_common.recordsPath);
        NS_ABORT_MSG_IF(!*m_records, "cannot write " << m_common.recordsPath);
        *m_records << "client,request,class,send_time_s,rct_us\n";
        // Nanoseconds of a run of up to 10^6 s.
        m_records->precision(15);
    }
    Simulator::Schedule(m_common.duration, [this]() {
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
}

void
RequestScenario::DoSendingStopped()
{
}

void
RequestScenario::DeviceDrop(Ptr<const Packet> /* p */)
{
    RequestDropped("network: device");
}

void
RequestScenario::QueueDiscDrop(Ptr<const QueueDiscItem> /* item */)
{
    RequestDropped("network: queue disc");
}

void
RequestScenario::IpDrop(const Ipv4Header& /* header */,
                        Ptr<const Packet> /* p */,
                        Ipv4L3Protocol::DropReason /* reason */,
                        Ptr<Ipv4> /* ipv4 */,
                        uint32_t /* interface */)
{
    RequestDropped("network: ip");
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
        RequestDropped("server: " + reason);
    }
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
    RequestAnswered(header.GetClientId(),
                    header.GetRequestId(),
                    header.GetRequestClass(),
                    header.GetSendTime(),
                    rct);
}

void
RequestScenario::RequestAnswered(uint32_t client,
                                 uint64_t request,
                                 uint32_t requestClass,
                                 Time sent,
                                 Time rct)
{
    if (m_records)
    {
        *m_records << client << ',' << request << ',' << requestClass << ',' << sent.GetSeconds()
                   << ',' << rct.GetSeconds() * 1e6 << '\n';
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
    JsonSummary j;
    j.Set("example", m_name)
        .Set("duration_s", m_common.duration.GetSeconds())
        .Set("sent", sent)
        .Set("completed", m_answered)
        .Set("dropped", m_dropped)
        .Set("in_flight", static_cast<int64_t>(sent - m_answered - m_dropped))
        .Set("dropped_by_reason", drops)
        .SetLatency("rct_", GetClientStats().GetAll())
        .Set("exact_quantiles", m_common.exactQuantiles)
        .Set("sim_time_s", m_simulated.GetSeconds())
        .Set("wall_s", m_wallSeconds)
        .Set("events", m_events)
        .Set("events_per_wall_s", m_wallSeconds > 0 ? m_events / m_wallSeconds : 0.0)
        .Set("requests_per_wall_s", m_wallSeconds > 0 ? sent / m_wallSeconds : 0.0);
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
    options.AddUnsigned("seed", "RngSeed", m_seed, 1, UINT32_MAX);
    options.AddOutputFile("json", "write the summary here (default: standard output)", m_json);
    options.AddOutputFile("cdf",
                          "write the completion-time CDF here (CSV: rct_us,fraction)",
                          m_cdf);
    options.AddOutputFile("cdf-plot",
                          "write a gnuplot CDF of completion times: PREFIX.plt",
                          m_cdfPlot,
                          ".plt");
    // A binary heap of events is the fastest of ns-3's schedulers for these
    // scenarios (thousands of pending events); --SchedulerType overrides it.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PriorityQueueScheduler"));
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
    if (!summary.WriteFile(m_json))
    {
        std::cerr << m_program << ": cannot write --json=" << m_json << std::endl;
        status = 1;
    }
    Simulator::Destroy();
    return status;
}

} // namespace ns3
