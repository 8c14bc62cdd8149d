/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "cards-scenario.h"

#include "semantic-router-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/cards-dispatcher.h"
#include "ns3/core-policy.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-list-routing-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/multicore-server-helper.h"
#include "ns3/multicore-server.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"
#include "ns3/random-delay-link-helper.h"
#include "ns3/random-dispatcher.h"
#include "ns3/request-client-helper.h"
#include "ns3/request-client.h"
#include "ns3/semantic-router.h"
#include "ns3/simulator.h"
#include "ns3/steam-dispatcher.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <chrono>
#include <numeric>
#include <sstream>

namespace ns3
{

const Ipv4Address CardsScenario::SERVICE_ADDRESS("100.64.0.1");

namespace
{
/// Compute units per instance per site of the paper's scenarios (Table I).
const std::map<std::string, std::vector<std::vector<uint32_t>>> kScenarioUnits = {
    {"1", {{1, 2, 2, 3}, {1, 2, 2, 4}, {2, 2, 3, 3}, {2, 2, 3, 4}, {1, 3, 4, 4}}},
    {"3", {{1, 2, 2, 3}, {1, 2, 2, 4}, {2, 2, 3, 3}, {2, 2, 3, 4}, {1, 3, 4, 4}}},
    {"2a", {{2, 2, 3, 3}, {2, 2, 3, 3}, {2, 2, 3, 3}, {2, 2, 3, 3}, {2, 2, 3, 3}}},
    {"2b", {{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {8, 8, 9, 9}}},
    {"2c", {{1, 1, 1, 7}, {1, 1, 1, 7}, {1, 1, 1, 7}, {1, 1, 1, 7}, {1, 1, 1, 7}}},
};

/**
 * \param a first octets
 * \return a dotted address string
 */
std::string
Dotted(std::initializer_list<uint32_t> a)
{
    std::ostringstream os;
    bool first = true;
    for (uint32_t x : a)
    {
        os << (first ? "" : ".") << x;
        first = false;
    }
    return os.str();
}

/**
 * \param nodes nodes running a SemanticRouter
 * \return their routers
 */
std::vector<Ptr<SemanticRouter>>
RoutersOf(const NodeContainer& nodes)
{
    std::vector<Ptr<SemanticRouter>> routers;
    for (auto n = nodes.Begin(); n != nodes.End(); ++n)
    {
        routers.push_back(SemanticRouterHelper::Get(*n));
    }
    return routers;
}
} // namespace

CardsScenario::Config::Config()
{
    std::string error;
    SetScenario("1", error);
}

bool
CardsScenario::Config::SetScenario(const std::string& name, std::string& error)
{
    auto it = kScenarioUnits.find(name);
    if (it == kScenarioUnits.end())
    {
        error = "invalid --scenario=" + name + ": expected one of 1|2a|2b|2c|3";
        return false;
    }
    scenario = name;
    computeUnits = it->second;
    if (name == "3")
    {
        DistributionSpec::Parse("uniform:1.6ms:2.4ms", service, error);
        DistributionSpec::Parse("uniform:1.9s:2.1s", interArrival, error);
        duration = Seconds(1800);
        joinWindow = Seconds(60);
    }
    else
    {
        DistributionSpec::Parse("uniform:128us:192us", service, error);
        DistributionSpec::Parse("uniform:2.5ms:7.5ms", interArrival, error);
        duration = Seconds(10);
        joinWindow = Time(0);
    }
    return true;
}

bool
CardsScenario::Config::Validate(std::string& error) const
{
    auto fail = [&error](const std::string& what) {
        error = "invalid " + what;
        return false;
    };
    if (computeUnits.empty())
    {
        return fail("--compute-vector: empty compute vector");
    }
    for (uint32_t s = 0; s < computeUnits.size(); ++s)
    {
        if (computeUnits[s].empty())
        {
            return fail("--compute-vector: site " + std::to_string(s) + " has no instance");
        }
        for (uint32_t cu : computeUnits[s])
        {
            if (cu == 0)
            {
                return fail("--compute-vector: compute units must be >= 1");
            }
            if (cu > serverCapacity)
            {
                return fail("--compute-vector: an instance of " + std::to_string(cu) +
                            " compute units exceeds the server capacity of " +
                            std::to_string(serverCapacity) + " (--server-capacity)");
            }
        }
    }
    // Addresses: 10.2.(ingress * sites + site).0 and 10.(20 + ingress).(server).0.
    uint32_t servers = 0;
    uint32_t units = 0;
    for (const auto& site : computeUnits)
    {
        servers += site.size();
        units += std::accumulate(site.begin(), site.end(), 0u);
    }
    if (computeUnits.size() > 15 || servers > 250)
    {
        return fail("--compute-vector: at most 15 sites and 250 instances in all");
    }
    // One WRR slot per compute unit at every scheduling point.
    if (units > 10000)
    {
        return fail("--compute-vector: at most 10000 compute units in all");
    }
    static const std::vector<std::string> kSchedulers{"cards",
                                                      "central",
                                                      "random",
                                                      "site-random",
                                                      "steam"};
    if (std::find(kSchedulers.begin(), kSchedulers.end(), scheduler) == kSchedulers.end())
    {
        return fail("--scheduler=" + scheduler +
                    ": expected one of cards|central|random|site-random|steam");
    }
    uint32_t sites = computeUnits.size();
    if (scheduler == "cards" && (schedulers == 0 || (schedulers != 1 && schedulers % sites != 0)))
    {
        return fail("--schedulers=" + std::to_string(schedulers) +
                    ": must be 1 or a multiple of the " + std::to_string(sites) +
                    " ingress routers");
    }
    if (deployment != "ingress" && deployment != "routed")
    {
        return fail("--deployment=" + deployment + ": expected ingress or routed");
    }
    if (deployment == "routed" && (scheduler != "cards" || schedulers == 1))
    {
        return fail("--deployment=routed: only for --scheduler=cards with a scheduling point "
                    "per ingress or more (site-random and steam are routed already)");
    }
    if (scaling != "parallel" && scaling != "scaled")
    {
        return fail("--scaling=" + scaling + ": expected parallel or scaled");
    }
    if (latency != "exp" && latency != "const")
    {
        return fail("--latency=" + latency + ": expected exp or const");
    }
    if (clients == 0)
    {
        return fail("--clients=0: need at least one client");
    }
    if (!duration.IsStrictlyPositive())
    {
        return fail("--duration: must be > 0");
    }
    if (!service.stream || !(service.mean > 0) || !interArrival.stream ||
        !(interArrival.mean >= 1e-9))
    {
        return fail("--service or --inter-arrival: means must be > 0");
    }
    if (steamBatch == 0)
    {
        return fail("--steam-batch=0: must be >= 1");
    }
    return true;
}

CardsScenario::CardsScenario(const Config& config)
    : m_config(config)
{
    std::string error;
    NS_ABORT_MSG_IF(!m_config.Validate(error), "CardsScenario: " << error);
    m_sites = m_config.computeUnits.size();
}

CardsScenario::~CardsScenario() = default;

bool
CardsScenario::UsesGateways() const
{
    // The routed deployments schedule again at each site's gateway.
    const std::string& s = m_config.scheduler;
    return s == "site-random" || s == "steam" || (s == "cards" && m_config.deployment == "routed");
}

double
CardsScenario::GetOfferedLoad() const
{
    uint32_t units = 0;
    for (const auto& site : m_config.computeUnits)
    {
        units += std::accumulate(site.begin(), site.end(), 0u);
    }
    return m_config.clients / m_config.interArrival.mean * m_config.service.mean / units;
}

void
CardsScenario::Build()
{
    const uint32_t S = m_sites;
    m_ingress.Create(S);
    if (UsesGateways())
    {
        m_gateways.Create(S);
    }
    m_clientNodes.Create(S);
    for (const auto& site : m_config.computeUnits)
    {
        m_servers.Create(site.size());
    }

    // Routers: semantic routing ahead of static routing.
    Ipv4ListRoutingHelper list;
    list.Add(SemanticRouterHelper(), 10);
    list.Add(Ipv4StaticRoutingHelper(), 0);
    InternetStackHelper routerStack;
    routerStack.SetRoutingHelper(list);
    routerStack.Install(m_ingress);
    routerStack.Install(m_gateways);
    InternetStackHelper hostStack;
    hostStack.SetRoutingHelper(Ipv4StaticRoutingHelper());
    hostStack.Install(m_clientNodes);
    hostStack.Install(m_servers);

    RandomDelayLinkHelper local;
    local.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
    local.SetQueueAttribute("MaxSize", StringValue("100000p"));
    // No flow control, hence no queue disc: one FIFO per link direction.
    local.SetFlowControl(false);
    RandomDelayLinkHelper wan = local;
    Ipv4AddressHelper addresses;
    Ipv4StaticRoutingHelper staticRouting;
    NetDeviceContainer all;
    auto link =
        [&](RandomDelayLinkHelper& helper, Ptr<Node> a, Ptr<Node> b, const std::string& net) {
            NetDeviceContainer d = helper.Install(a, b);
            addresses.SetBase(net.c_str(), "255.255.255.0");
            Ipv4InterfaceContainer ifs = addresses.Assign(d);
            all.Add(d);
            return ifs;
        };

    // Clients -- ingress: 10.1.i.0/24 (client .1, ingress .2).
    for (uint32_t i = 0; i < S; ++i)
    {
        Ipv4InterfaceContainer ifs =
            link(local, m_clientNodes.Get(i), m_ingress.Get(i), Dotted({10, 1, i, 0}));
        staticRouting.GetStaticRouting(m_clientNodes.Get(i)->GetObject<Ipv4>())
            ->SetDefaultRoute(ifs.GetAddress(1), 1);
    }
    // Random-latency links: intra-site to the ingress's own site, else inter-site;
    // exponential per packet (the paper) or always the mean (--latency=const).
    int64_t stream = 10000;
    auto wanTo = [&](uint32_t ingress, uint32_t site) -> RandomDelayLinkHelper& {
        Time mean = ingress == site ? m_config.intraSiteMean : m_config.interSiteMean;
        Ptr<RandomVariableStream> delay;
        if (m_config.latency == "const")
        {
            delay =
                CreateObjectWithAttributes<ConstantRandomVariable>("Constant",
                                                                   DoubleValue(mean.GetSeconds()));
        }
        else
        {
            delay = CreateObjectWithAttributes<ExponentialRandomVariable>(
                "Mean",
                DoubleValue(mean.GetSeconds()));
        }
        delay->SetStream(stream++);
        wan.SetChannelAttribute("DelayVariable", PointerValue(delay));
        return wan;
    };
    MulticoreServerHelper instances(SERVICE_PORT);
    instances.SetAttribute("Scaling",
                           StringValue(m_config.scaling == "scaled" ? "Scaled" : "Parallel"));
    instances.SetAttribute("WarmUp", TimeValue(m_config.warmUp));
    instances.SetPolicy("ns3::CfcfsCorePolicy");
    auto addInstance = [&](Ptr<Node> node, uint32_t site, uint32_t cu, Ipv4Address locator) {
        instances.SetAttribute("ComputeUnits", UintegerValue(cu));
        instances.SetAttribute("Locator", Ipv4AddressValue(locator));
        m_instances.push_back(DynamicCast<MulticoreServer>(instances.Install(node).Get(0)));
        m_instanceSite.push_back(site);
        m_instanceUnits.push_back(cu);
        ComputeTarget t{locator, cu, true, site};
        m_siteVectors[site].Add(t);
        m_allInstances.Add(t);
    };
    m_siteVectors.assign(S, ComputeVector());
    m_gatewayAddress.assign(S, std::vector<Ipv4Address>(S));
    if (UsesGateways())
    {
        // Ingress i -- gateway j: 10.2.(i*S+j).0/24 (ingress .1, gateway .2);
        // gateway j -- its server k: 10.(10+j).k.0/24 (gateway .1, server .2 = locator).
        for (uint32_t i = 0; i < S; ++i)
        {
            for (uint32_t j = 0; j < S; ++j)
            {
                Ipv4InterfaceContainer ifs = link(wanTo(i, j),
                                                  m_ingress.Get(i),
                                                  m_gateways.Get(j),
                                                  Dotted({10, 2, i * S + j, 0}));
                m_gatewayAddress[i][j] = ifs.GetAddress(1);
                staticRouting.GetStaticRouting(m_ingress.Get(i)->GetObject<Ipv4>())
                    ->AddNetworkRouteTo(Ipv4Address(Dotted({10, 10 + j, 0, 0}).c_str()),
                                        Ipv4Mask("255.255.0.0"),
                                        ifs.GetAddress(1),
                                        ifs.Get(0).second);
                staticRouting.GetStaticRouting(m_gateways.Get(j)->GetObject<Ipv4>())
                    ->AddNetworkRouteTo(Ipv4Address(Dotted({10, 1, i, 0}).c_str()),
                                        Ipv4Mask("255.255.255.0"),
                                        ifs.GetAddress(0),
                                        ifs.Get(1).second);
            }
        }
        uint32_t server = 0;
        for (uint32_t j = 0; j < S; ++j)
        {
            for (uint32_t k = 0; k < m_config.computeUnits[j].size(); ++k, ++server)
            {
                Ptr<Node> node = m_servers.Get(server);
                Ipv4InterfaceContainer ifs =
                    link(local, m_gateways.Get(j), node, Dotted({10, 10 + j, k, 0}));
                staticRouting.GetStaticRouting(node->GetObject<Ipv4>())
                    ->SetDefaultRoute(ifs.GetAddress(0), 1);
                addInstance(node, j, m_config.computeUnits[j][k], ifs.GetAddress(1));
            }
        }
    }
    else
    {
        // No site gateways when only the ingresses schedule: ingress i --
        // server s directly, 10.(20+i).s.0/24 (ingress .1, server .2); the
        // server's locator is its address towards ingress 0. Every path
        // still crosses one random-latency link each way, and a request
        // crosses two links instead of three each way (faster to simulate).
        uint32_t server = 0;
        for (uint32_t j = 0; j < S; ++j)
        {
            for (uint32_t k = 0; k < m_config.computeUnits[j].size(); ++k, ++server)
            {
                Ptr<Node> node = m_servers.Get(server);
                std::vector<std::pair<Ipv4InterfaceContainer, uint32_t>> links;
                for (uint32_t i = 0; i < S; ++i)
                {
                    Ipv4InterfaceContainer ifs =
                        link(wanTo(i, j), m_ingress.Get(i), node, Dotted({10, 20 + i, server, 0}));
                    links.emplace_back(ifs, i);
                }
                Ipv4Address locator = links[0].first.GetAddress(1);
                for (auto& [ifs, i] : links)
                {
                    staticRouting.GetStaticRouting(m_ingress.Get(i)->GetObject<Ipv4>())
                        ->AddHostRouteTo(locator, ifs.GetAddress(1), ifs.Get(0).second);
                    staticRouting.GetStaticRouting(node->GetObject<Ipv4>())
                        ->AddNetworkRouteTo(Ipv4Address(Dotted({10, 1, i, 0}).c_str()),
                                            Ipv4Mask("255.255.255.0"),
                                            ifs.GetAddress(0),
                                            ifs.Get(1).second);
                }
                addInstance(node, j, m_config.computeUnits[j][k], locator);
            }
        }
    }
    for (auto d = all.Begin(); d != all.End(); ++d)
    {
        auto dev = DynamicCast<PointToPointNetDevice>(*d);
        dev->GetQueue()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&CardsScenario::NetworkDrop, this));
        dev->TraceConnectWithoutContext("PhyRxDrop",
                                        MakeCallback(&CardsScenario::NetworkDrop, this));
    }

    // Scheduling points.
    const std::string& sched = m_config.scheduler;
    bool routed = UsesGateways();
    uint32_t points = sched == "central" ? 1 : (sched == "cards" ? m_config.schedulers : S);
    uint32_t perIngress = points == 1 ? 1 : points / S;
    Ptr<Dispatcher> central;
    for (uint32_t i = 0; i < S; ++i)
    {
        ComputeVector toSites;
        for (uint32_t j = 0; j < S; ++j)
        {
            toSites.Add(ComputeTarget{m_gatewayAddress[i][j],
                                      m_siteVectors[j].GetTotalComputeUnits(),
                                      false,
                                      j});
        }
        std::vector<Ptr<Dispatcher>> mine;
        for (uint32_t n = 0; n < perIngress; ++n)
        {
            Ptr<Dispatcher> d = central;
            if (!d)
            {
                if (sched == "random" || sched == "steam")
                {
                    d = CreateObject<RandomDispatcher>();
                }
                else
                {
                    d = CreateObject<CardsDispatcher>();
                }
                stream += d->AssignStreams(stream);
                d->SetComputeVector(routed ? toSites : m_allInstances);
            }
            if (points == 1)
            {
                central = d; // one counter for all ingresses
            }
            mine.push_back(d);
        }
        SemanticRouterHelper::Get(m_ingress.Get(i))->AddService(SERVICE_ADDRESS, mine);
    }
    if (routed)
    {
        for (uint32_t j = 0; j < S; ++j)
        {
            Ptr<Dispatcher> d;
            if (sched == "steam")
            {
                d = CreateObject<SteamDispatcher>();
                d->SetAttribute("BatchSize", UintegerValue(m_config.steamBatch));
            }
            else if (sched == "site-random")
            {
                d = CreateObject<RandomDispatcher>();
            }
            else
            {
                d = CreateObject<CardsDispatcher>();
            }
            stream += d->AssignStreams(stream);
            d->SetComputeVector(m_siteVectors[j]);
            SemanticRouterHelper::Get(m_gateways.Get(j))->AddService(SERVICE_ADDRESS, d);
        }
    }

    for (const auto* routers : {&m_ingress, &m_gateways})
    {
        for (auto n = routers->Begin(); n != routers->End(); ++n)
        {
            SemanticRouterHelper::Get(*n)->TraceConnectWithoutContext(
                "Drop",
                MakeCallback(&CardsScenario::RouterDrop, this));
        }
    }

    // Clients, spread evenly over the ingresses; ids contiguous per ingress.
    uint32_t firstId = 0;
    for (uint32_t i = 0; i < S; ++i)
    {
        uint32_t n = m_config.clients / S + (i < m_config.clients % S ? 1 : 0);
        if (n == 0)
        {
            continue;
        }
        DistributionSpec gap;
        DistributionSpec demand;
        std::string error;
        DistributionSpec::Parse(m_config.interArrival.text, gap, error);
        DistributionSpec::Parse(m_config.service.text, demand, error);
        Ptr<RequestClient> c = CreateObject<RequestClient>();
        c->SetAttribute("RemoteAddress", AddressValue(SERVICE_ADDRESS));
        c->SetAttribute("RemotePort", UintegerValue(SERVICE_PORT));
        c->SetAttribute("ClientId", UintegerValue(firstId));
        c->SetAttribute("Clients", UintegerValue(n));
        c->SetAttribute("JoinWindow", TimeValue(m_config.joinWindow));
        c->SetAttribute("InterArrival", PointerValue(gap.stream));
        c->SetAttribute("ServiceDemand", PointerValue(demand.stream));
        c->SetAttribute("TransactionRequests", UintegerValue(m_config.transactionRequests));
        c->SetAttribute("TransactionDuration", TimeValue(m_config.transactionDuration));
        c->SetAttribute("WarmUp", TimeValue(m_config.warmUp));
        c->SetAttribute("ExactQuantiles", BooleanValue(m_config.exactQuantiles));
        m_clientNodes.Get(i)->AddApplication(c);
        c->SetStartTime(Seconds(0));
        c->SetStopTime(m_config.duration);
        stream += c->AssignStreams(stream);
        c->TraceConnectWithoutContext("Complete", MakeCallback(&CardsScenario::Completed, this));
        m_clients.Add(c);
        firstId += n;
    }
}

void
CardsScenario::Run()
{
    Simulator::Schedule(m_config.duration, [this]() {
        for (const auto& si : m_instances)
        {
            m_busyAtDuration.push_back(si->GetPolicy()->GetBusyTime());
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
}

void
CardsScenario::Completed(const ServiceRequestHeader& /* header */, Time /* rct */)
{
    ++m_answered;
    CheckDrained();
}

void
CardsScenario::NetworkDrop(Ptr<const Packet> /* p */)
{
    ++m_networkDrops;
    CheckDrained();
}

void
CardsScenario::CheckDrained()
{
    if (Simulator::Now() >= m_config.duration && m_answered + GetDropped() >= GetSent())
    {
        Simulator::Stop();
    }
}

const std::vector<Ptr<MulticoreServer>>&
CardsScenario::GetInstances() const
{
    return m_instances;
}

const std::vector<uint32_t>&
CardsScenario::GetInstanceSites() const
{
    return m_instanceSite;
}

std::vector<Ptr<SemanticRouter>>
CardsScenario::GetIngressRouters() const
{
    return RoutersOf(m_ingress);
}

const NodeContainer&
CardsScenario::GetIngressNodes() const
{
    return m_ingress;
}

std::vector<Ptr<SemanticRouter>>
CardsScenario::GetGatewayRouters() const
{
    return RoutersOf(m_gateways);
}

ApplicationContainer
CardsScenario::GetClients() const
{
    return m_clients;
}

uint64_t
CardsScenario::GetSent() const
{
    return RequestClientHelper::GetSent(m_clients);
}

uint64_t
CardsScenario::GetCompleted() const
{
    return m_answered;
}

uint64_t
CardsScenario::GetDropped() const
{
    uint64_t dropped = m_networkDrops + m_routerRequestDrops;
    for (const auto& si : m_instances)
    {
        dropped += si->GetDropped();
    }
    return dropped;
}

void
CardsScenario::RouterDrop(const Ipv4Header& ip,
                          Ptr<const Packet> p,
                          const std::string& /* reason */)
{
    // Only the scenario's clients' requests count; foreign packets do not.
    ServiceRequestHeader h;
    if (SemanticRouter::ReadServiceHeader(p, ip, h) &&
        h.GetMessageType() == ServiceRequestHeader::REQUEST && h.GetClientId() < m_config.clients)
    {
        ++m_routerRequestDrops;
        CheckDrained();
    }
}

RequestStats
CardsScenario::GetClientStats() const
{
    return RequestClientHelper::GetStats(m_clients, m_config.exactQuantiles);
}

JsonSummary
CardsScenario::Summarize() const
{
    RequestStats rct = GetClientStats();
    uint64_t affinity = 0;
    for (auto a = m_clients.Begin(); a != m_clients.End(); ++a)
    {
        affinity += DynamicCast<RequestClient>(*a)->GetAffinitySent();
    }
    uint64_t held = 0;
    JsonSummary routerDrops;
    std::map<std::string, uint64_t> drops;
    for (const auto* routers : {&m_ingress, &m_gateways})
    {
        for (auto n = routers->Begin(); n != routers->End(); ++n)
        {
            Ptr<SemanticRouter> r = SemanticRouterHelper::Get(*n);
            held += r->GetHeld();
            for (const auto& [reason, count] : r->GetDrops())
            {
                drops[reason] += count;
            }
        }
    }
    for (const auto& [reason, count] : drops)
    {
        routerDrops.Set(reason, count);
    }
    uint64_t sent = GetSent();
    uint64_t dropped = GetDropped();
    double seconds = m_config.duration.GetSeconds();
    JsonSummary perInstance;
    for (uint32_t i = 0; i < m_instances.size(); ++i)
    {
        const Ptr<MulticoreServer>& si = m_instances[i];
        Time busy =
            i < m_busyAtDuration.size() ? m_busyAtDuration[i] : si->GetPolicy()->GetBusyTime();
        JsonSummary entry;
        entry.Set("site", m_instanceSite[i])
            .Set("compute_units", m_instanceUnits[i])
            .Set("served", si->GetCompleted())
            .Set("utilisation", busy.GetSeconds() / (si->GetWorkers() * seconds))
            .SetLatency("sojourn_", si->GetStats().GetAll());
        std::ostringstream name;
        name << "s" << m_instanceSite[i] << "-" << i;
        perInstance.Set(name.str(), entry);
    }
    JsonSummary j;
    j.Set("example", "cards-scenario")
        .Set("scenario", m_config.scenario)
        .Set("scheduler", m_config.scheduler)
        .Set("schedulers", m_config.scheduler == "central" ? 1u : m_config.schedulers)
        .Set("deployment", m_config.deployment)
        .Set("clients", m_config.clients)
        .Set("scaling", m_config.scaling)
        .Set("latency", m_config.latency)
        .Set("offered_load", GetOfferedLoad())
        .Set("transaction_requests", m_config.transactionRequests)
        .Set("transaction_s", m_config.transactionDuration.GetSeconds())
        .Set("duration_s", seconds)
        .Set("sent", sent)
        .Set("completed", m_answered)
        .Set("dropped", dropped)
        .Set("in_flight", static_cast<int64_t>(sent - m_answered - dropped))
        .Set("affinity_sent", affinity)
        .Set("held_by_routers", held)
        .Set("router_drops", routerDrops)
        .SetLatency("rct_", rct.GetAll())
        .Set("per_instance", perInstance)
        .Set("sim_time_s", m_simulated.GetSeconds())
        .Set("wall_s", m_wallSeconds)
        .Set("events", m_events)
        .Set("requests_per_wall_s", m_wallSeconds > 0 ? sent / m_wallSeconds : 0.0);
    return j;
}

} // namespace ns3
