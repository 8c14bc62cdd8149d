/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "end-to-end-scenario.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/cards-dispatcher.h"
#include "ns3/core-policy.h"
#include "ns3/data-path-router-helper.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/load-tracker.h"
#include "ns3/multicore-server-helper.h"
#include "ns3/multicore-server.h"
#include "ns3/output-route-cache-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/rack-scheduler.h"
#include "ns3/random-dispatcher.h"
#include "ns3/request-dispatcher.h"
#include "ns3/round-robin-dispatcher.h"
#include "ns3/semantic-router-helper.h"
#include "ns3/semantic-router.h"
#include "ns3/split-text.h"
#include "ns3/string.h"
#include "ns3/type-aliases.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{
namespace rsched
{

const Ipv4Address EndToEndScenario::SERVICE_ADDRESS("100.64.0.1");

namespace
{

/// The dispatchers the ingress runs: they need no load reports (those of a
/// rack's servers name the servers, not the rack the ingress chooses).
const TypeId kIngressDispatchers[] = {CardsDispatcher::GetTypeId(),
                                      RandomDispatcher::GetTypeId(),
                                      RoundRobinDispatcher::GetTypeId()};

/// The port the racks' servers listen on.
constexpr uint16_t kPort = 9000;

} // namespace

EndToEndScenario::Parameters::Parameters()
{
    ingress.SetTypeId("ns3::CardsDispatcher");
}

void
EndToEndScenario::Parameters::AddOptions(ScenarioOptions& options)
{
    options.Add(
        "inter",
        "the ingress's inter-site policy (how a request's site is chosen): cards "
        "(weighted round robin over the sites' cores), random or round-robin, or "
        "their TypeId names; attributes as NAME[Attribute=Value|...]",
        inter,
        [this](const std::string& text, std::string& error) {
            inter = text;
            return TypeAliases::Parse("inter", text, Dispatcher::GetTypeId(), ingress, error);
        });
    options.AddChoice("rack",
                      "each site's switch, one of racksched-scenario's inter-server policies",
                      rack.policy,
                      RackSchedScenario::GetPolicyNames(true));
    rack.AddIntraOptions(options);
    options.AddDistribution("service",
                            "the service demand, instead of a workload, e.g. exp:50us",
                            rack.service);
    options.Add("sites",
                "servers of each site, e.g. 4,2 (1 to 200 sites of 1 to 255 servers)",
                "4,2",
                [this](const std::string& text, std::string& error) {
                    std::vector<uint32_t> parsed;
                    for (const std::string& part : SplitText(text, ','))
                    {
                        uint64_t n = 0;
                        if (!ScenarioOptions::ParseUnsigned("sites", part, 1, 255, n, error))
                        {
                            error = "invalid --sites=" + text +
                                    ": expected 1 to 200 counts of 1 to 255 servers, e.g. 4,2";
                            return false;
                        }
                        parsed.push_back(n);
                    }
                    if (parsed.empty() || parsed.size() > 200)
                    {
                        error = "invalid --sites=" + text +
                                ": expected 1 to 200 counts of 1 to 255 servers, e.g. 4,2";
                        return false;
                    }
                    sites = parsed;
                    return true;
                });
    options.AddUnsigned("workers", "worker cores per server", workers, 1, 1024);
    options.AddDouble("load",
                      "offered load: request rate x mean service demand / all sites' worker "
                      "cores (above 1 overloads them)",
                      load,
                      0,
                      MAX_LOAD);
    options.AddUnsigned("clients", "client hosts, each on its own access link", clients, 1, 1000);
    options.AddUnsigned("flows", "UDP source ports per client host", flows, 1, 16384);
    options.AddDataRate("link-rate", "data rate of the access and site links", linkRate);
    options.AddTime("access-delay",
                    "propagation delay of each client's link to the ingress",
                    accessDelay,
                    true);
    options.AddTime("site-delay",
                    "propagation delay of each site's link to the ingress",
                    siteDelay,
                    true);
    RequestScenario::Parameters::AddOptions(options);
    OwnClientAttributes(options, "load", "service");
    options.Owns("ns3::RequestClient::Flows", "flows");
    options.Owns("ns3::MulticoreServer::ComputeUnits", "workers");
    options.Owns("ns3::MulticoreServer::Policy", "intra");
    options.Owns("ns3::RackScheduler::VirtualAddress", "");
    options.Owns("ns3::PointToPointChannel::Delay", "access-delay and --site-delay");
    options.Owns("ns3::PointToPointNetDevice::DataRate", "link-rate");
}

bool
EndToEndScenario::Parameters::Validate(std::string& error) const
{
    if (!RequestScenario::Parameters::Validate(error))
    {
        return false;
    }
    TypeId tid = ingress.GetTypeId();
    bool supported = false;
    for (const TypeId& t : kIngressDispatchers)
    {
        supported |= tid == t;
    }
    if (!supported)
    {
        return Invalid(error,
                       "inter=" + inter,
                       "the ingress runs cards, random or round-robin (a dispatcher that "
                       "tracks load would need reports about the racks, which their servers "
                       "do not send)");
    }
    std::string why;
    if (!ingress.Create<Dispatcher>()->CheckConfig(why))
    {
        return Invalid(error, "inter=" + inter, why);
    }
    if (!rack.service.stream || !(rack.service.mean > 0))
    {
        return Invalid(error, "service=" + rack.service.text, "the mean must be > 0");
    }
    ObjectFactory unused;
    if (!rack.MakeDispatcher(unused, error) || !rack.MakeServerPolicy(unused, error))
    {
        return false;
    }
    if (!(clients / GetRate() <= ScenarioOptions::MAX_SECONDS))
    {
        std::ostringstream given;
        given << "load=" << load;
        return Invalid(error, given.str(), "more than 1e6 s between a client's requests");
    }
    return true;
}

uint32_t
EndToEndScenario::Parameters::GetWorkers() const
{
    uint32_t servers = 0;
    for (uint32_t s : sites)
    {
        servers += s;
    }
    return servers * workers;
}

double
EndToEndScenario::Parameters::GetRate() const
{
    return load * GetWorkers() / rack.service.mean;
}

EndToEndScenario::EndToEndScenario(const Parameters& parameters)
    : RequestScenario(parameters, NAME),
      m_parameters(parameters)
{
    std::string error;
    NS_ABORT_MSG_IF(!m_parameters.Validate(error), "EndToEndScenario: " << error);
}

EndToEndScenario::~EndToEndScenario() = default;

void
EndToEndScenario::Build()
{
    const Parameters& p = m_parameters;
    std::string error;
    ObjectFactory rackDispatcher;
    ObjectFactory serverPolicy;
    NS_ABORT_MSG_IF(!p.rack.MakeDispatcher(rackDispatcher, error) ||
                        !p.rack.MakeServerPolicy(serverPolicy, error),
                    "EndToEndScenario: " << error);
    ObjectFactory tracker;
    bool tracked = p.rack.MakeTracker(tracker);

    // The ingress: a semantic router ahead of static routing.
    m_ingressNode = CreateObject<Node>();
    InternetStackHelper routerStack;
    routerStack.SetRoutingHelper(AheadOfStaticRouting(SemanticRouterHelper()));
    routerStack.Install(m_ingressNode);

    // Client host c on 172.16.0.0 + 4c /30, its default route the ingress.
    m_clientNodes.Create(p.clients);
    InternetStackHelper hostStack;
    hostStack.SetRoutingHelper(AheadOfStaticRouting(OutputRouteCacheHelper()));
    hostStack.Install(m_clientNodes);
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue(p.linkRate));
    access.SetChannelAttribute("Delay", TimeValue(p.accessDelay));
    access.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("10000p"));
    access.DisableFlowControl();
    Ipv4StaticRoutingHelper routing;
    NetDeviceContainer accessDevices;
    for (uint32_t c = 0; c < p.clients; ++c)
    {
        Ptr<Node> host = m_clientNodes.Get(c);
        NetDeviceContainer devices = access.Install(host, m_ingressNode);
        Ipv4AddressHelper addresses(Ipv4Address(0xac100000 + 4 * c), "255.255.255.252");
        Ipv4InterfaceContainer ifaces = addresses.Assign(devices);
        Ptr<Ipv4> ip = host->GetObject<Ipv4>();
        routing.GetStaticRouting(ip)->SetDefaultRoute(ifaces.GetAddress(1),
                                                      ip->GetInterfaceForDevice(devices.Get(0)));
        accessDevices.Add(devices);
    }
    WatchDevices(accessDevices);
    WatchIp(m_clientNodes);

    // Site s: a rack on 10.(1 + s).0.0, virtual address 10.255.s.1, its
    // switch linked to the ingress on 192.168.0.0 + 4s /30.
    ComputeVector sites;
    m_racks.resize(p.sites.size());
    for (uint32_t s = 0; s < p.sites.size(); ++s)
    {
        RackHelper& rack = m_racks[s];
        rack.SetServers(std::vector<uint32_t>(p.sites[s], p.workers));
        rack.SetClients(0);
        rack.SetAddressBase(Ipv4Address((10u << 24) + ((1 + s) << 16)));
        rack.SetSwitchAttribute(
            "VirtualAddress",
            Ipv4AddressValue(Ipv4Address((10u << 24) + (255u << 16) + (s << 8) + 1)));
        rack.SetPort(kPort);
        rack.SetServerPolicy(serverPolicy);
        rack.SetServerAttribute("WarmUp", TimeValue(p.warmUp));
        rack.SetServerAttribute("ExactQuantiles", BooleanValue(p.exactQuantiles));
        rack.SetServerAttribute("ReportPerClass", BooleanValue(tracked && p.rack.PerTypeLoad()));
        ObjectFactory dispatcher = rackDispatcher;
        if (tracked)
        {
            dispatcher.Set("LoadTracker", PointerValue(tracker.Create<LoadTracker>()));
        }
        rack.SetDispatcher(dispatcher);
        rack.Install();
        rack.ConnectUplink(m_ingressNode,
                           Ipv4Address(0xc0a80000 + 4 * s),
                           DataRate(p.linkRate),
                           p.siteDelay);
        rack.GetDispatcher()->AssignStreams(1000 + 10 * s);
        rack.GetSwitch()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&EndToEndScenario::SwitchDrop, this));
        WatchDevices(rack.GetDevices());
        WatchIp(rack.GetAllNodes());
        WatchServers(rack.GetServers());
        for (uint32_t i = 0; i < rack.GetServers().GetN(); ++i)
        {
            rack.GetServers().Get(i)->TraceConnectWithoutContext(
                "RequestComplete",
                MakeCallback(&EndToEndScenario::ServerComplete, this));
        }
        MulticoreServerHelper::AssignStreams(rack.GetServers(), 100000 + 1000 * s);
        sites.Add(ComputeTarget{rack.GetVirtualAddress(), p.sites[s] * p.workers, true, s});
    }

    // The ingress spreads the service's requests over the sites.
    Ptr<Dispatcher> ingress = p.ingress.Create<Dispatcher>();
    ingress->SetComputeVector(sites);
    ingress->AssignStreams(100);
    Ptr<SemanticRouter> router = GetIngress();
    router->AddService(SERVICE_ADDRESS, ingress);
    router->TraceConnectWithoutContext("Drop", MakeCallback(&EndToEndScenario::RouterDrop, this));
    // The router counts the requests it cannot route itself.
    WatchIp(NodeContainer(m_ingressNode), false);

    // One client per host, Poisson arrivals, distinct client ids.
    DistributionSpec gap;
    NS_ABORT_MSG_IF(!DistributionSpec::Arrival(DistributionSpec::Process::EXPONENTIAL,
                                               p.clients / p.GetRate(),
                                               gap,
                                               error),
                    "EndToEndScenario: " << error);
    RequestClientHelper clientHelper(SERVICE_ADDRESS, kPort);
    clientHelper.SetAttribute("Flows", UintegerValue(p.flows));
    clientHelper.SetAttribute("WarmUp", TimeValue(p.warmUp));
    clientHelper.SetAttribute("ExactQuantiles", BooleanValue(p.exactQuantiles));
    int64_t stream = 200000;
    for (uint32_t c = 0; c < p.clients; ++c)
    {
        clientHelper.SetAttribute("ClientId", UintegerValue(c));
        InstallClient(clientHelper, m_clientNodes.Get(c), gap, p.rack.service, stream);
    }
}

Ptr<SemanticRouter>
EndToEndScenario::GetIngress() const
{
    return SemanticRouterHelper::Get(m_ingressNode);
}

const std::vector<RackHelper>&
EndToEndScenario::GetRacks() const
{
    return m_racks;
}

void
EndToEndScenario::RouterDrop(const Ipv4Header& ip, Ptr<const Packet> p, const std::string& reason)
{
    // Only the scenario's clients' requests count; foreign packets do not.
    ServiceRequestHeader h;
    if (SemanticRouter::ReadServiceHeader(p, ip, h) &&
        h.GetMessageType() == ServiceRequestHeader::REQUEST &&
        h.GetClientId() < m_parameters.clients)
    {
        RequestDropped("router: " + reason);
    }
}

void
EndToEndScenario::ServerComplete(const ServerRequest& request, Time sojourn)
{
    const ServiceRequestHeader& h = request.header;
    if (h.GetSendTime() < m_parameters.warmUp)
    {
        return;
    }
    ++m_breakdown.requests;
    m_breakdown.toServer += Simulator::Now() - sojourn - h.GetSendTime();
    m_breakdown.waiting += sojourn - h.GetServiceDemand();
    m_breakdown.service += h.GetServiceDemand();
}

void
EndToEndScenario::SwitchDrop(Ptr<const Packet> p, const std::string& reason)
{
    PacketDropped(p, UdpHeader().GetSerializedSize(), "switch: " + reason);
}

JsonSummary
EndToEndScenario::Summarize() const
{
    const Parameters& p = m_parameters;
    RequestStats sojourn(p.exactQuantiles);
    JsonSummary perSite;
    uint32_t server = 0; // index among the watched servers
    uint64_t scheduled = 0;
    for (uint32_t s = 0; s < m_racks.size(); ++s)
    {
        const RackHelper& rack = m_racks[s];
        ApplicationContainer servers = rack.GetServers();
        RequestStats siteSojourn(p.exactQuantiles);
        uint64_t served = 0;
        Time busy;
        for (uint32_t i = 0; i < servers.GetN(); ++i, ++server)
        {
            Ptr<MulticoreServer> m = DynamicCast<MulticoreServer>(servers.Get(i));
            siteSojourn.Merge(m->GetStats());
            served += m->GetCompleted();
            busy += GetMeasuredBusyTime(server).workers;
        }
        sojourn.Merge(siteSojourn);
        scheduled += rack.GetSwitch()->GetScheduled();
        JsonSummary site;
        site.Set("servers", servers.GetN())
            .Set("worker_cores", servers.GetN() * p.workers)
            .Set("switch_scheduled", rack.GetSwitch()->GetScheduled())
            .Set("switch_queued", rack.GetSwitch()->GetQueued())
            .Set("served", served)
            .Set("utilisation",
                 busy.GetSeconds() / (servers.GetN() * p.workers * GetMeasuredSeconds()))
            .SetLatency("sojourn_", siteSojourn.GetAll());
        perSite.Set(std::to_string(s), site);
    }
    Ptr<MulticoreServer> first = DynamicCast<MulticoreServer>(m_racks[0].GetServers().Get(0));
    const LatencySummary rct = GetClientStats().GetAll();
    JsonSummary j = RequestScenario::Summarize();
    j.Set("inter", p.inter)
        .Set("ingress_dispatcher", TypeAliases::Name(p.ingress.GetTypeId()))
        .Set("rack", p.rack.policy)
        .Set("dispatcher", TypeAliases::Name(m_racks[0].GetDispatcher()->GetInstanceTypeId()))
        .Set("intra", TypeAliases::Name(first->GetPolicy()->GetInstanceTypeId()))
        .Set("sites", static_cast<uint32_t>(m_racks.size()))
        .Set("workers", p.workers)
        .Set("worker_cores", p.GetWorkers())
        .Set("workload", DistributionSpec::WorkloadOf(p.rack.workload, p.rack.service))
        .Set("service", p.rack.service.text)
        .Set("service_mean_us", p.rack.service.mean * 1e6)
        .Set("load", p.load)
        .Set("rate_rps", p.GetRate())
        .Set("ingress_resolved", GetIngress()->GetResolved())
        .Set("switch_scheduled", scheduled)
        .SetLatency("sojourn_", sojourn.GetAll())
        .Set("outside_server_mean_us",
             rct.GetCount() > 0 && sojourn.GetAll().GetCount() > 0
                 ? (rct.GetMean() - sojourn.GetAll().GetMean()).GetSeconds() * 1e6
                 : 0.0)
        .Set("per_site", perSite);
    // Where the clients' mean completion time goes: to the server (access
    // link, ingress, site link, switch, rack link), waiting at the server
    // (queueing, preemptions and their overheads), service, and back (the
    // rest of the clients' mean, over the same requests once all are in).
    const Breakdown& b = m_breakdown;
    auto mean = [&b](Time sum) { return b.requests ? sum.GetSeconds() * 1e6 / b.requests : 0.0; };
    double parts = mean(b.toServer) + mean(b.waiting) + mean(b.service);
    JsonSummary breakdown;
    breakdown.Set("requests", b.requests)
        .Set("to_server", mean(b.toServer))
        .Set("server_waiting", mean(b.waiting))
        .Set("service", mean(b.service))
        .Set("back_to_client",
             rct.GetCount() > 0 && b.requests > 0 ? rct.GetMean().GetSeconds() * 1e6 - parts : 0.0);
    j.Set("time_breakdown_us", breakdown);
    return j;
}

} // namespace rsched
} // namespace ns3
