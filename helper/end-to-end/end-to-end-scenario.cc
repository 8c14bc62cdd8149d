/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "end-to-end-scenario.h"

#include "ns3/abort.h"
#include "ns3/batchy-controller.h"
#include "ns3/batchy-pipelines.h"
#include "ns3/batchy-switch.h"
#include "ns3/batchy-worker.h"
#include "ns3/boolean.h"
#include "ns3/cards-dispatcher.h"
#include "ns3/core-policy.h"
#include "ns3/data-path-router-helper.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/file-transfer-client.h"
#include "ns3/file-transfer-server.h"
#include "ns3/flow-splitter.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/load-tracker.h"
#include "ns3/multicore-server-helper.h"
#include "ns3/multicore-server.h"
#include "ns3/output-route-cache-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-size.h"
#include "ns3/rack-scheduler.h"
#include "ns3/random-dispatcher.h"
#include "ns3/random-variable-stream.h"
#include "ns3/request-client.h"
#include "ns3/request-dispatcher.h"
#include "ns3/round-robin-dispatcher.h"
#include "ns3/semantic-router-helper.h"
#include "ns3/semantic-router.h"
#include "ns3/split-text.h"
#include "ns3/string.h"
#include "ns3/tunnel-router.h"
#include "ns3/type-aliases.h"
#include "ns3/udp-header.h"
#include "ns3/udp-l4-protocol.h"
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

/// The file server's TCP port (--wan's downloads).
constexpr uint16_t kTransferPort = 8080;

} // namespace

EndToEndScenario::Parameters::Parameters()
{
    ingress.SetTypeId("ns3::CardsDispatcher");
    gateway.controller.SetTypeId("ns3::FullBatchyController");
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
    options.AddChoice("level",
                      "packet (requests and replies are packets on the links) or queue (no "
                      "packets: each link a FIFO of its rate and delay, many times faster; "
                      "without a WAN, gateways or faults)",
                      level,
                      LEVELS);
    AddWanOptions(options);
    AddGatewayOptions(options);
    RequestScenario::Parameters::AddOptions(options);
    OwnClientAttributes(options, "load", "service");
    options.Owns("ns3::RequestClient::Flows", "flows");
    options.Owns("ns3::MulticoreServer::ComputeUnits", "workers");
    options.Owns("ns3::MulticoreServer::Policy", "intra");
    options.Owns("ns3::RackScheduler::VirtualAddress", "");
    options.Owns("ns3::PointToPointChannel::Delay", "access-delay, --site-delay and --wan-delay");
    options.Owns("ns3::PointToPointNetDevice::DataRate", "link-rate and --wan-rate");
}

void
EndToEndScenario::Parameters::AddWanOptions(ScenarioOptions& options)
{
    options.Add(
        "wan",
        "the branch's SD-WAN border routers: none (the clients' access links lead to "
        "the ingress), " +
            TypeAliases::List(TunnelRouter::GetTypeId()) +
            ", or their TypeId names; attributes as NAME[Attribute=Value|...]",
        wanText,
        [this](const std::string& text, std::string& error) {
            wanText = text;
            return text == "none" ||
                   TypeAliases::Parse("wan", text, TunnelRouter::GetTypeId(), wan.router, error);
        });
    options.AddTime("wan-delay", "propagation delay of each WAN link", wan.wanDelay, true);
    options.AddDataRate("wan-rate", "data rate of each WAN link", wan.wanRate);
    options.Add("wan-queue",
                "size of each WAN queue (FIFO queue disc; WAN only), e.g. 1000p or 1500000B",
                wan.queue,
                [this](const std::string& text, std::string& error) {
                    if (!SdwanScenario::Parameters::IsQueueSize(text))
                    {
                        error = "invalid --wan-queue=" + text + ": expected e.g. 1000p or 1500000B";
                        return false;
                    }
                    wan.queue = text;
                    return true;
                });
    options.Add("transfers",
                "file downloads per second from the datacenter to the branch, Poisson "
                "(WAN only; 0 for none)",
                "100",
                [this](const std::string& text, std::string& error) {
                    double r;
                    if (!ScenarioOptions::ParseNumber(text, r) || r < 0 || r > 1e6)
                    {
                        error = "invalid --transfers=" + text + ": expected a number in [0, 1e6]";
                        return false;
                    }
                    wan.rate = r;
                    return true;
                });
    options.AddDistribution("transfer-sizes",
                            "sizes of the downloads in packets (WAN only), e.g. mix:0.5:5:0.5:40",
                            wan.downloadSizes,
                            DistributionSpec::Quantity::COUNT);
    options.AddShare(
        "wan-utilisation",
        "background UDP load on each tunnel as a share of its capacity (WAN only), in [0, 1)",
        wan.utilisation,
        false);
    // The options that only --wan uses.
    options.RefuseUnused(
        {"wan-delay", "wan-rate", "wan-queue", "transfers", "transfer-sizes", "wan-utilisation"},
        [this](const std::string& option) -> std::string {
            if (!HasWan())
            {
                return "with --wan=none";
            }
            return option == "transfer-sizes" && wan.rate == 0 ? "with --transfers=0" : "";
        });
    SdwanScenario::Parameters::OwnTcpAttributes(options);
    options.Owns("ns3::TcpSocketBase::Sack", "ns3::FileTransferApplication::Sack");
    options.Owns("ns3::FifoQueueDisc::MaxSize", "wan-queue");
    options.Owns("ns3::FileTransferClient::InterArrival", "transfers");
    options.Owns("ns3::FileTransferClient::DownloadSize", "transfer-sizes");
    options.Owns("ns3::FileTransferClient::UploadProbability", "");
    options.Owns("ns3::BackgroundTrafficGenerator::PacketSize", "wan-utilisation");
    options.Owns("ns3::BackgroundTrafficGenerator::InterArrival", "wan-utilisation");
}

void
EndToEndScenario::Parameters::AddGatewayOptions(ScenarioOptions& options)
{
    options.Add("gateway",
                "each site's Batchy software switch in front of its switch: none, or a "
                "pipeline as batchy-scenario's (l2l3, gw, vrf, mgw, rc, or a file in its graph "
                "format); the requests' 5-tuples hash onto its flows",
                gatewayText,
                [this](const std::string& text, std::string& error) {
                    if (text.empty())
                    {
                        error = "invalid --gateway=: expected none, l2l3, gw, vrf, mgw, rc or a "
                                "file";
                        return false;
                    }
                    gatewayText = text;
                    gateway.pipeline = text;
                    return true;
                });
    options.AddUnsigned("gateway-n",
                        "size of the gateway's pipeline (next hops, leaves; at most 64, the "
                        "authors' largest)",
                        gateway.n,
                        1,
                        64);
    options.AddUnsigned("gateway-m",
                        "VRFs of the gateway's vrf pipeline, bearers of its mgw pipeline (at "
                        "most 16, the authors' largest)",
                        gateway.m,
                        1,
                        16);
    options.Add(
        "gateway-controller",
        "the gateway's buffer controller: " + TypeAliases::List(BatchyController::GetTypeId()) +
            ", or a TypeId name; attributes as NAME[Attribute=Value|...]",
        TypeAliases::Name(gateway.controller.GetTypeId()),
        [this](const std::string& text, std::string& error) {
            return TypeAliases::Parse("gateway-controller",
                                      text,
                                      BatchyController::GetTypeId(),
                                      gateway.controller,
                                      error);
        });
    // The options that only --gateway uses.
    options.RefuseUnused({"gateway-n", "gateway-m", "gateway-controller"},
                         [this](const std::string& option) -> std::string {
                             const BatchyPipelines::Named* named =
                                 BatchyPipelines::Find(gatewayText);
                             bool used = option == "gateway-n"   ? named != nullptr
                                         : option == "gateway-m" ? named && named->usesM
                                                                 : HasGateway();
                             return used ? "" : "with --gateway=" + gatewayText;
                         });
    options.Owns("ns3::BatchySwitch::Ingress", "");
    options.Owns("ns3::BatchySwitch::EgressDevice", "");
    options.Owns("ns3::BatchyWorker::IngressBackpressure", "");
}

bool
EndToEndScenario::Parameters::HasGateway() const
{
    return gatewayText != "none";
}

bool
EndToEndScenario::Parameters::MakeGatewayGraph(uint32_t site,
                                               DataFlowGraph& graph,
                                               std::string& error) const
{
    uint32_t servers = 0;
    for (uint32_t n : sites)
    {
        servers += n;
    }
    BatchyScenario::Parameters pipeline = gateway;
    pipeline.rate = GetRate() * sites[site] / servers;
    if (pipeline.MakeGraph(graph, error))
    {
        return true;
    }
    // Name the options as this example calls them.
    for (const auto& [theirs, ours] :
         {std::pair<std::string, std::string>{"--pipeline=", "--gateway="},
          {"--n=", "--gateway-n="},
          {"--m=", "--gateway-m="}})
    {
        for (size_t at = error.find(theirs); at != std::string::npos; at = error.find(theirs, at))
        {
            error.replace(at, theirs.size(), ours);
            at += ours.size();
        }
    }
    return false;
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
    DistributionSpec arrivals;
    if (!DistributionSpec::Arrival(DistributionSpec::Process::EXPONENTIAL,
                                   clients / GetRate(),
                                   arrivals,
                                   why))
    {
        std::ostringstream given;
        given << "load=" << load;
        return Invalid(error, given.str(), why + " (each client's)");
    }
    if (level == Level::QUEUE && (HasWan() || HasGateway()))
    {
        return Invalid(error,
                       "level=queue",
                       HasWan() ? "the WAN's TCP transfers and background are packets (--wan=none)"
                                : "the gateways' Batchy switches forward packets (--gateway=none)");
    }
    DataFlowGraph graph;
    return (!HasWan() || ValidateWan(error)) &&
           (!HasGateway() || MakeGatewayGraph(0, graph, error));
}

bool
EndToEndScenario::Parameters::ValidateWan(std::string& error) const
{
    uint32_t tunnels = GetTunnels();
    std::string why;
    if (tunnels > SdwanTestbedHelper::MAX_TUNNELS)
    {
        return Invalid(error,
                       "wan=" + wanText,
                       "more than " + std::to_string(SdwanTestbedHelper::MAX_TUNNELS) + " tunnels");
    }
    if (!wan.router.Create<TunnelRouter>()->CheckTunnels(tunnels, why))
    {
        return Invalid(error, "wan=" + wanText, why);
    }
    DataRate rate;
    if (!ScenarioOptions::ParseDataRate("wan-rate", wan.wanRate, rate, error))
    {
        return false;
    }
    if (wan.rate > 0 && !(1 / wan.rate <= ScenarioOptions::MAX_SECONDS))
    {
        return Invalid(error, "transfers", "more than 1e6 s between downloads: use 0");
    }
    if (wan.utilisation > 0 &&
        SdwanTestbedHelper::BACKGROUND_ON_WIRE * 8.0 / (wan.utilisation * rate.GetBitRate()) >
            ScenarioOptions::MAX_SECONDS)
    {
        return Invalid(error,
                       "wan-utilisation",
                       "so small that background packets are over 1e6s apart: use 0");
    }
    return true;
}

bool
EndToEndScenario::Parameters::HasWan() const
{
    return wanText != "none";
}

uint32_t
EndToEndScenario::Parameters::GetTunnels() const
{
    StringValue text;
    std::vector<uint64_t> thresholds;
    std::string error;
    return wan.router.Create<TunnelRouter>()->GetAttributeFailSafe("Thresholds", text) &&
                   FlowSplitter::ParseThresholds(text.Get(), thresholds, error)
               ? thresholds.size() + 1
               : 2;
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

    // With --wan, the clients' first hop is the branch router.
    Ptr<Node> firstHop = m_ingressNode;
    if (p.HasWan())
    {
        m_branchNode = CreateObject<Node>();
        InternetStackHelper branchStack;
        branchStack.SetRoutingHelper(Ipv4StaticRoutingHelper());
        branchStack.Install(m_branchNode);
        firstHop = m_branchNode;
        WatchIp(NodeContainer(m_branchNode));
    }

    // Client host c on 172.16.0.0 + 4c /30, its default route the first hop.
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
    for (uint32_t c = 0; c < p.clients; ++c)
    {
        Ptr<Node> host = m_clientNodes.Get(c);
        NetDeviceContainer devices = access.Install(host, firstHop);
        Ipv4AddressHelper addresses(Ipv4Address(0xac100000 + 4 * c), "255.255.255.252");
        Ipv4InterfaceContainer ifaces = addresses.Assign(devices);
        Ptr<Ipv4> ip = host->GetObject<Ipv4>();
        routing.GetStaticRouting(ip)->SetDefaultRoute(ifaces.GetAddress(1),
                                                      ip->GetInterfaceForDevice(devices.Get(0)));
        m_access.Add(devices);
    }
    WatchDevices(m_access);
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
        Ptr<Node> gateway = p.HasGateway() ? CreateObject<Node>() : nullptr;
        m_uplinks.push_back(rack.ConnectUplink(m_ingressNode,
                                               Ipv4Address(0xc0a80000 + 4 * s),
                                               DataRate(p.linkRate),
                                               p.siteDelay,
                                               gateway));
        if (gateway)
        {
            InstallGateway(s, gateway);
        }
        rack.GetDispatcher()->AssignStreams(1000 + 10 * s);
        rack.GetSwitch()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&EndToEndScenario::SwitchDrop, this));
        rack.GetSwitch()->TraceConnectWithoutContext(
            "Schedule",
            MakeCallback(&EndToEndScenario::Scheduled, this));
        WatchDevices(rack.GetDevices());
        WatchIp(rack.GetAllNodes());
        WatchServers(rack.GetServers());
        for (uint32_t i = 0; i < rack.GetServers().GetN(); ++i)
        {
            rack.GetServers().Get(i)->TraceConnectWithoutContext(
                "RequestComplete",
                MakeCallback(&EndToEndScenario::ServerComplete, this));
        }
        // Sites from 100 on draw past the clients' (200000 on), the WAN's
        // and the gateways' streams.
        MulticoreServerHelper::AssignStreams(rack.GetServers(),
                                             (s < 100 ? 100000 : 1000000) + 1000 * s);
        sites.Add(ComputeTarget{rack.GetVirtualAddress(), p.sites[s] * p.workers, true, s});
    }

    // The ingress spreads the service's requests over the sites.
    m_ingressDispatcher = p.ingress.Create<Dispatcher>();
    m_ingressDispatcher->SetComputeVector(sites);
    m_ingressDispatcher->AssignStreams(100);
    Ptr<SemanticRouter> router = GetIngress();
    router->AddService(SERVICE_ADDRESS, m_ingressDispatcher);
    router->TraceConnectWithoutContext("Drop", MakeCallback(&EndToEndScenario::RouterDrop, this));
    // The router counts the requests it cannot route itself.
    WatchIp(NodeContainer(m_ingressNode), false);

    if (p.HasWan())
    {
        BuildWan();
    }

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
    if (p.level == Level::QUEUE)
    {
        InstallDirectLinks();
    }
}

void
EndToEndScenario::InstallDirectLinks()
{
    m_direct.Install(m_access);
    for (const RackHelper& rack : m_racks)
    {
        m_direct.Install(rack.GetDevices());
    }
    std::vector<Ipv4Address> clientHosts =
        m_direct.ConnectClients(m_clientNodes, GetClients(), SERVICE_ADDRESS);
    // The link by which a node's IP routing sends to a host: the queue
    // level takes the packet level's paths.
    auto route = [this](Ptr<Node> node, Ipv4Address to) {
        Ptr<DirectLink> link = m_direct.GetRoute(node, to);
        NS_ABORT_MSG_IF(!link,
                        "EndToEndScenario: node " << node->GetId() << " has no route to " << to);
        return link;
    };
    Ptr<SemanticRouter> ingress = GetIngress();
    m_direct.SetReceiver(m_ingressNode, MakeCallback(&SemanticRouter::ReceiveDirect, ingress));
    for (const Ipv4Address& host : clientHosts)
    {
        ingress->AddDirectRoute(host, route(m_ingressNode, host));
    }
    for (const RackHelper& rack : m_racks)
    {
        ingress->AddDirectRoute(rack.GetVirtualAddress(),
                                route(m_ingressNode, rack.GetVirtualAddress()));
        Ptr<Node> torNode = rack.GetSwitchNode();
        Ptr<RackScheduler> tor = rack.GetSwitch();
        m_direct.SetReceiver(torNode, MakeCallback(&RackScheduler::ReceiveDirect, tor));
        for (const Ipv4Address& host : clientHosts)
        {
            tor->AddDirectRoute(host, route(torNode, host));
        }
        ApplicationContainer servers = rack.GetServers();
        for (uint32_t i = 0; i < servers.GetN(); ++i)
        {
            Ptr<MulticoreServer> server = DynamicCast<MulticoreServer>(servers.Get(i));
            Ptr<Node> node = server->GetNode();
            Ipv4Address address = node->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
            tor->AddDirectRoute(address, route(torNode, address));
            m_direct.SetReceiver(node, MakeCallback(&MulticoreServer::DeliverDirect, server));
            // A server's one link, to its switch, carries every reply.
            server->SetDirectUplink(route(node, clientHosts.front()));
        }
    }
}

void
EndToEndScenario::BuildWan()
{
    const Parameters& p = m_parameters;
    // The SD-WAN testbed between the branch router (the clients' networks,
    // 172.16.0.0/12, behind it) and the ingress (the service behind it),
    // numbered in 100.0.0.0/10, clear of the racks (10/8) and the service
    // prefix (100.64/10).
    m_wan.SetRouter(p.wan.router);
    m_wan.SetTunnels(p.GetTunnels());
    m_wan.SetWan(DataRate(p.wan.wanRate), p.wan.wanDelay);
    m_wan.SetLan(DataRate(p.linkRate), p.wan.lanDelay);
    m_wan.SetQueueDisc("ns3::FifoQueueDisc", "MaxSize", QueueSizeValue(QueueSize(p.wan.queue)));
    m_wan.SetAddressBase(Ipv4Address("100.0.0.0"));
    m_wan.SetHost(0, m_branchNode);
    m_wan.SetHost(1, m_ingressNode);
    m_wan.AddHostNetwork(0, Ipv4Address("172.16.0.0"), Ipv4Mask("255.240.0.0"));
    m_wan.AddHostNetwork(1, SERVICE_ADDRESS, Ipv4Mask("255.255.255.255"));
    m_wan.Install();
    int64_t stream = 300000;
    for (uint32_t side = 0; side < 2; ++side)
    {
        stream += m_wan.GetBorderRouter(side)->AssignStreams(stream);
    }
    m_wan.GetBorderRouter(1)->TraceConnectWithoutContext(
        "TunnelRx",
        MakeCallback(&EndToEndScenario::WanArrival, this));

    // Requests share the WAN with TCP downloads and background datagrams:
    // only the drops of the servers' port count.
    SetRequestPort(kPort);
    WatchDevices(m_wan.GetWanDevices());
    WatchDevices(m_wan.GetLanDevices());
    NodeContainer routers;
    for (uint32_t side = 0; side < 2; ++side)
    {
        routers.Add(m_wan.GetBorderNode(side));
        for (uint32_t k = 0; k < m_wan.GetTunnels(); ++k)
        {
            routers.Add(m_wan.GetTunnelRouter(k, side));
        }
    }
    WatchIp(routers);

    // Downloads from a server on the ingress node to a client on the branch
    // router (hosts on uncongested LANs), and each tunnel's background.
    if (p.wan.rate > 0)
    {
        auto server =
            CreateObjectWithAttributes<FileTransferServer>("Port", UintegerValue(kTransferPort));
        m_ingressNode->AddApplication(server);
        server->SetStartTime(Seconds(0));
        m_transfers = CreateObject<FileTransferClient>();
        m_transfers->SetAttribute(
            "Remote",
            AddressValue(InetSocketAddress(m_wan.GetServerAddress(), kTransferPort)));
        m_transfers->SetAttribute(
            "InterArrival",
            PointerValue(CreateObjectWithAttributes<ExponentialRandomVariable>(
                "Mean",
                DoubleValue(1 / p.wan.rate))));
        m_transfers->SetAttribute("DownloadSize", PointerValue(p.wan.downloadSizes.Create()));
        m_transfers->SetAttribute("UploadProbability", DoubleValue(0));
        m_branchNode->AddApplication(m_transfers);
        m_transfers->SetStartTime(Seconds(0));
        m_transfers->SetStopTime(p.duration);
        stream += m_transfers->AssignStreams(stream);
        m_transfers->TraceConnectWithoutContext(
            "Completed",
            MakeCallback(&EndToEndScenario::TransferCompleted, this));
    }
    if (p.wan.utilisation > 0)
    {
        m_wan.InstallBackground(p.wan.utilisation, p.duration, stream);
    }
}

void
EndToEndScenario::InstallGateway(uint32_t site, Ptr<Node> node)
{
    const Parameters& p = m_parameters;
    DataFlowGraph graph;
    std::string error;
    NS_ABORT_MSG_UNLESS(p.MakeGatewayGraph(site, graph, error), "EndToEndScenario: " << error);
    auto worker = CreateObject<BatchyWorker>();
    // The network cannot pause: a full ingress queue drops.
    worker->SetAttribute("IngressBackpressure", BooleanValue(false));
    worker->SetGraph(graph);
    worker->AssignStreams(400000 + 100 * site);
    worker->TraceConnectWithoutContext("Drop",
                                       MakeCallback(&EndToEndScenario::GatewayWorkerDrop, this));
    auto gateway = CreateObject<BatchySwitch>();
    gateway->SetAttribute("Worker", PointerValue(worker));
    gateway->SetAttribute("Controller",
                          PointerValue(p.gateway.controller.Create<BatchyController>()));
    gateway->SetAttribute("Ingress", EnumValue(BatchySwitch::IPV4_HASH));
    gateway->SetAttribute("EgressDevice", UintegerValue(1));
    gateway->TraceConnectWithoutContext("Drop", MakeCallback(&EndToEndScenario::GatewayDrop, this));
    node->AddApplication(gateway);
    gateway->SetStartTime(Seconds(0));
    m_gateways.push_back(gateway);
}

void
EndToEndScenario::GatewayDrop(Ptr<const Packet> p, const std::string& reason)
{
    Ipv4Header ip;
    if (p->GetSize() >= 20 && p->PeekHeader(ip) != 0 &&
        ip.GetProtocol() == UdpL4Protocol::PROT_NUMBER &&
        IsRequestTraffic(ip.GetProtocol(), p, ip.GetSerializedSize()))
    {
        PacketDropped(p,
                      ip.GetSerializedSize() + UdpHeader().GetSerializedSize(),
                      "gateway: " + reason);
    }
}

void
EndToEndScenario::GatewayWorkerDrop(Ptr<const Packet> p,
                                    uint32_t /* flow */,
                                    const std::string& reason)
{
    GatewayDrop(p, reason);
}

void
EndToEndScenario::WanArrival(Ptr<const Packet> p, const Ipv4Header& header, uint32_t /* tunnel */)
{
    const uint32_t udp = UdpHeader().GetSerializedSize();
    ServiceRequestHeader h;
    if (header.GetProtocol() == UdpL4Protocol::PROT_NUMBER && p->GetSize() > udp &&
        ServiceRequestHeader::Peek(p->CreateFragment(udp, p->GetSize() - udp), h) &&
        h.GetMessageType() == ServiceRequestHeader::REQUEST &&
        h.GetClientId() < m_parameters.clients && h.GetSendTime() >= m_parameters.warmUp)
    {
        ++m_breakdown.wanRequests;
        m_breakdown.toDatacenter += Simulator::Now() - h.GetSendTime();
    }
}

void
EndToEndScenario::Scheduled(const ServiceRequestHeader& request, uint32_t /* server */)
{
    if (request.GetClientId() < m_parameters.clients &&
        request.GetSendTime() >= m_parameters.warmUp)
    {
        ++m_breakdown.switched;
        m_breakdown.toSwitch += Simulator::Now() - request.GetSendTime();
    }
}

void
EndToEndScenario::TransferCompleted(const FileTransfer& t)
{
    if (t.start >= m_parameters.warmUp)
    {
        m_transferTimes.Record(0, t.end - t.start);
    }
}

bool
EndToEndScenario::GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error)
{
    if (m_parameters.level == Level::QUEUE)
    {
        // DirectLinks and the routers', switches' and servers' queue-level
        // paths do not fail.
        error = "there are no links or nodes to fail at --level=queue";
        return false;
    }
    uint32_t sites = m_racks.size();
    Ptr<Dispatcher> ingress = m_ingressDispatcher;
    auto tellIngress = [ingress](uint32_t site) {
        return [ingress, site](bool up) { ingress->SetAvailable(site, up); };
    };
    if (fault.kind == FaultSpec::Kind::SERVER)
    {
        uint32_t first = 0; // the site's first server, numbered across the sites
        for (uint32_t s = 0; s < sites; ++s)
        {
            uint32_t n = m_racks[s].GetServers().GetN();
            if (fault.index < first + n)
            {
                uint32_t server = fault.index - first;
                target.AddNode(m_racks[s].GetAllNodes().Get(1 + server));
                Ptr<Dispatcher> dispatcher = m_racks[s].GetDispatcher();
                target.notify = [dispatcher, server](bool up) {
                    dispatcher->SetAvailable(server, up);
                };
                return true;
            }
            first += n;
        }
    }
    else if (fault.kind == FaultSpec::Kind::SWITCH && fault.index < sites)
    {
        target.AddNode(m_racks[fault.index].GetSwitchNode());
        Ptr<RackScheduler> tor = m_racks[fault.index].GetSwitch();
        target.apply = [tor](bool up) { tor->SetFailed(!up); };
        target.notify = tellIngress(fault.index);
        return true;
    }
    else if (fault.kind == FaultSpec::Kind::LINK && fault.index < sites)
    {
        // The two IP ends; with a gateway, the path through it.
        target.AddDevice(m_uplinks[fault.index].Get(0));
        target.AddDevice(m_uplinks[fault.index].Get(1));
        target.notify = tellIngress(fault.index);
        return true;
    }
    uint32_t servers = m_parameters.GetWorkers() / m_parameters.workers;
    error = "the sites have servers 0-" + std::to_string(servers - 1) +
            " (numbered across the sites), switches 0-" + std::to_string(sites - 1) +
            " and links 0-" + std::to_string(sites - 1) + " (each site's link to the ingress)";
    return false;
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
        if (p.HasGateway())
        {
            const Ptr<BatchySwitch>& g = m_gateways[s];
            uint64_t dropped = 0;
            for (const auto& [reason, n] : g->GetDrops())
            {
                dropped += n;
            }
            Ptr<BatchyWorker> worker = g->GetWorker();
            uint64_t departed = 0;
            double delay = 0; // summed over the departed packets (us)
            for (uint32_t f = 0; f < worker->GetGraph().GetNFlows(); ++f)
            {
                const BatchyWorker::FlowStats& stats = worker->GetFlowStats(f);
                dropped += stats.dropped;
                departed += stats.departed;
                delay += stats.departed * stats.delay.GetMean().GetSeconds() * 1e6;
            }
            site.Set("gateway_received", g->GetReceived())
                .Set("gateway_forwarded", g->GetForwarded())
                .Set("gateway_returned", g->GetReturned())
                .Set("gateway_dropped", dropped)
                .Set("gateway_delay_mean_us", departed ? delay / departed : 0.0);
        }
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
        .Set("intra_attributes", PolicyAttributes(first->GetPolicy()))
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
        .Set("per_site", perSite)
        .Set("wan", p.HasWan() ? TypeAliases::Name(p.wan.router.GetTypeId()) : "none")
        .Set("gateway", p.gatewayText)
        .Set("level", ScenarioOptions::NameOf(p.level, LEVELS));
    if (p.level == Level::QUEUE)
    {
        j.Set("link_backlog_peak", DirectLinkHelper::GetPeakBacklog(m_direct.GetLinks()));
    }
    if (p.HasGateway())
    {
        j.Set("gateway_controller", TypeAliases::Name(p.gateway.controller.GetTypeId()));
    }
    if (p.HasWan())
    {
        j.Set("wan_layer", SummarizeWan());
    }
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
    breakdown.Set("to_switch", b.switched ? b.toSwitch.GetSeconds() * 1e6 / b.switched : 0.0);
    if (p.HasWan())
    {
        breakdown.Set("to_datacenter",
                      b.wanRequests ? b.toDatacenter.GetSeconds() * 1e6 / b.wanRequests : 0.0);
    }
    j.Set("time_breakdown_us", breakdown);
    return j;
}

JsonSummary
EndToEndScenario::SummarizeWan() const
{
    const Parameters& p = m_parameters;
    JsonSummary tunnels;
    for (uint32_t k = 0; k < m_wan.GetTunnels(); ++k)
    {
        JsonSummary tunnel;
        tunnel.Set("packets_up", m_wan.GetBorderRouter(0)->GetTunnelPackets(k))
            .Set("packets_down", m_wan.GetBorderRouter(1)->GetTunnelPackets(k))
            .Set("bottleneck_drops_up", m_wan.GetBottleneck(k, 0)->GetStats().nTotalDroppedPackets)
            .Set("bottleneck_drops_down",
                 m_wan.GetBottleneck(k, 1)->GetStats().nTotalDroppedPackets);
        tunnels.Set(std::to_string(k), tunnel);
    }
    JsonSummary wan;
    wan.Set("router", TypeAliases::Name(p.wan.router.GetTypeId()))
        .Set("tunnels", m_wan.GetTunnels())
        .Set("per_tunnel", tunnels)
        .Set("transfers_started", m_transfers ? m_transfers->GetStarted() : 0)
        .Set("transfers_completed", m_transfers ? m_transfers->GetCompleted() : 0)
        .Set("transfers_failed", m_transfers ? m_transfers->GetFailed() : 0)
        .SetLatency("transfer_fct_", m_transferTimes.GetAll());
    return wan;
}

} // namespace rsched
} // namespace ns3
