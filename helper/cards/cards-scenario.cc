/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "cards-scenario.h"

#include "orchestrator-helper.h"
#include "semantic-router-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/core-policy.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/multicore-server.h"
#include "ns3/output-route-cache-helper.h"
#include "ns3/pointer.h"
#include "ns3/request-client-helper.h"
#include "ns3/request-client.h"
#include "ns3/request-dispatcher.h"
#include "ns3/semantic-router.h"
#include "ns3/string.h"
#include "ns3/type-aliases.h"
#include "ns3/uinteger.h"

#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>

namespace ns3
{
namespace rsched
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

/// A baseline of the CArDS paper that is more than one ingress dispatcher.
struct SchedulerPreset
{
    const char* name;    //!< the paper's name
    const char* ingress; //!< TypeId name of the ingress dispatcher
    const char* gateway; //!< TypeId name of the gateway dispatcher (empty: no gateways)
    bool central;        //!< one dispatcher shared by all ingresses
    const char* instead; //!< what to give rather than attributes in brackets
};

/// The composite baselines; any other scheduler is an ingress dispatcher.
const SchedulerPreset kPresets[] = {
    {"central", "ns3::CardsDispatcher", "", true, "ns-3 defaults reach its dispatcher"},
    {"site-random",
     "ns3::CardsDispatcher",
     "ns3::RandomDispatcher",
     false,
     "ns-3 defaults reach its dispatchers"},
    {"steam",
     "ns3::RandomDispatcher",
     "ns3::SteamDispatcher",
     false,
     "--steam-batch sets STEAM's batch size; ns3::SteamDispatcher[...] is STEAM at the ingresses"},
};

/// A command-line option that sets an unsigned attribute (1 .. 100000) of whichever dispatcher has
/// it.
struct DispatcherOption
{
    const char* name;      //!< option name
    const char* help;      //!< help text
    const char* attribute; //!< attribute name
};

/// The friendly options of the dispatchers' attributes.
const DispatcherOption kDispatcherOptions[] = {
    {"steam-batch", "STEAM batch size (default 50)", "BatchSize"},
};

/// \return the dispatchers' short names and the presets, each once, joined by '|'
std::string
SchedulerChoices()
{
    std::string list = TypeAliases::List(Dispatcher::GetTypeId());
    for (const SchedulerPreset& p : kPresets)
    {
        if (("|" + list + "|").find(std::string("|") + p.name + "|") == std::string::npos)
        {
            list += std::string("|") + p.name;
        }
    }
    return list;
}

} // namespace

std::vector<std::vector<uint32_t>>
CardsScenario::GetPaperComputeUnits(const std::string& name)
{
    auto it = kScenarioUnits.find(name);
    return it == kScenarioUnits.end() ? std::vector<std::vector<uint32_t>>() : it->second;
}

const Choices<CardsScenario::Deployment> CardsScenario::DEPLOYMENTS = {
    {"ingress", Deployment::INGRESS},
    {"routed", Deployment::ROUTED}};
const Choices<CardsScenario::Latency> CardsScenario::LATENCIES = {{"exp", Latency::EXPONENTIAL},
                                                                  {"const", Latency::CONSTANT}};

CardsScenario::Parameters::Parameters()
{
    duration = Seconds(10);
    drain = Seconds(60);
    std::string error;
    SetScenario("1", error);
    ingress.SetTypeId("ns3::CardsDispatcher");
    scheduler = TypeAliases::Name(ingress.GetTypeId());
}

bool
CardsScenario::Parameters::SetScenario(const std::string& name, std::string& error)
{
    auto units = GetPaperComputeUnits(name);
    if (units.empty())
    {
        error = "invalid --scenario=" + name + ": expected one of 1|2a|2b|2c|3";
        return false;
    }
    scenario = name;
    computeUnits = units;
    // The paper's STEAM comparison (scenario 2) "scale[s] processing rates
    // according to their compute units, instead of utilizing a parallel
    // processing capability"; the others run CU parallel executors.
    scaling = name.substr(0, 1) == "2" ? MulticoreServer::SCALED : MulticoreServer::PARALLEL;
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
CardsScenario::Parameters::SetScheduler(const std::string& text, std::string& error)
{
    gateway = ObjectFactory();
    for (const SchedulerPreset& p : kPresets)
    {
        // A preset is more than one dispatcher, or one shared: steam[...]
        // would otherwise read as the short name, STEAM at the ingresses.
        if (text.rfind(std::string(p.name) + "[", 0) == 0)
        {
            error = "invalid --inter=" + text + ": the " + p.name +
                    " preset takes no attributes; " + p.instead;
            return false;
        }
        if (text == p.name)
        {
            scheduler = text;
            ingress.SetTypeId(p.ingress);
            if (*p.gateway)
            {
                gateway.SetTypeId(p.gateway);
            }
            if (p.central)
            {
                schedulers = 1;
            }
            return true;
        }
    }
    if (!TypeAliases::Parse("inter", text, Dispatcher::GetTypeId(), ingress, error))
    {
        // An unknown name gets the presets too; a bad attribute keeps its reason.
        if (error.find(": expected one of ") != std::string::npos)
        {
            error = "invalid --inter=" + text + ": expected one of " + SchedulerChoices() +
                    ", or the TypeId name of a dispatcher";
        }
        return false;
    }
    scheduler = text;
    return true;
}

void
CardsScenario::Parameters::AddOptions(ScenarioOptions& options)
{
    options.Add(
        "scenario",
        "paper scenario: 1|2a|2b|2c|3 (compute units, workload)",
        scenario,
        [this](const std::string& text, std::string& error) { return SetScenario(text, error); });
    options.AddUnsigned("schedulers",
                        "scheduling points (1, one shared by all ingresses, or a multiple of "
                        "the ingresses)",
                        schedulers,
                        1,
                        1000000);
    options.ContextualDefault("schedulers", std::to_string(schedulers) + "; 1 with central");
    // --schedulers as given, which the central preset replaces by 1.
    auto schedulersGiven = std::make_shared<uint32_t>(0);
    options.Add("inter",
                "inter-server policy (how a request's instance is chosen): the paper's "
                "baselines " +
                    SchedulerChoices() +
                    ", or an ingress dispatcher's short or TypeId name, with attributes as "
                    "NAME[Attribute=Value|...] (not a preset's: central, site-random, steam)",
                scheduler,
                [this, schedulersGiven](const std::string& text, std::string& error) {
                    *schedulersGiven = schedulers;
                    return SetScheduler(text, error);
                });
    options.AddFormerName("scheduler", "inter");
    for (const DispatcherOption& o : kDispatcherOptions)
    {
        options.Add(o.name, o.help, "", [this, &o](const std::string& text, std::string& error) {
            for (ObjectFactory* f : {&gateway, &ingress})
            {
                TypeId::AttributeInformation info;
                if (f->GetTypeId() != TypeId() &&
                    f->GetTypeId().LookupAttributeByName(o.attribute, &info))
                {
                    // Checked strictly first: ns-3's own conversion accepts "4abc".
                    uint64_t n = 0;
                    if (!ScenarioOptions::ParseUnsigned(o.name, text, 1, 100000, n, error))
                    {
                        return false;
                    }
                    f->Set(o.attribute, UintegerValue(n));
                    return true;
                }
            }
            error = std::string("invalid --") + o.name + "=" + text +
                    ": no dispatcher of --inter=" + scheduler + " has " + o.attribute;
            return false;
        });
    }
    options.Owns("ns3::SteamDispatcher::BatchSize", "steam-batch", false);
    options.AddChoice("deployment",
                      "ingress (rewrite at the ingress) or routed (hop by hop, the ingress's "
                      "dispatcher at the site gateways too)",
                      deployment,
                      DEPLOYMENTS);
    options.AddUnsigned("clients", "number of clients", clients, 1, 10000000);
    options.AddChoice("scaling",
                      "compute units as parallel executors or one executor that many times "
                      "faster",
                      scaling,
                      MulticoreServerHelper::SCALINGS);
    options.ContextualDefault("scaling",
                              "scaled in scenario 2, as the paper's STEAM comparison; parallel "
                              "otherwise");
    options.Add(
        "affinity",
        "transaction length: requests (1 = packet level) or a duration, e.g. 60s",
        "1",
        [this](const std::string& text, std::string& error) {
            uint64_t n = 0;
            if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos)
            {
                if (!ScenarioOptions::ParseUnsigned("affinity", text, 1, UINT32_MAX, n, error))
                {
                    return false;
                }
                transactionRequests = n;
                transactionDuration = Time(0);
                return true;
            }
            if (!ScenarioOptions::ParseTime("affinity", text, false, transactionDuration, error))
            {
                error = "invalid --affinity=" + text +
                        ": expected a number of requests (1 = packet level) or a duration, "
                        "e.g. 60s";
                return false;
            }
            return true;
        });
    options.Add("compute-vector",
                "custom compute units, e.g. 1,2,2,3;1,2,2,4 (sites by ';')",
                "",
                [this](const std::string& text, std::string& error) {
                    if (!ComputeVector::ParseSites(text, computeUnits, error))
                    {
                        error = "invalid --compute-vector=" + text + ": " + error;
                        return false;
                    }
                    return true;
                });
    options.AddUnsigned("server-capacity",
                        "compute units a server offers (C_Sv)",
                        serverCapacity,
                        1,
                        1000000);
    options.AddDistribution("service", "service time, e.g. uniform:128us:192us", service);
    options.AddDistribution("inter-arrival", "time between a client's requests", interArrival);
    options.AddTime("join-window", "clients join within this time", joinWindow, true);
    for (const char* name : {"service", "inter-arrival", "join-window"})
    {
        options.ContextualDefault(name, "the scenario's");
    }
    options.AddTime("intra-site", "mean latency ingress -- own site", intraSiteMean, true);
    options.AddTime("inter-site", "mean latency ingress -- other sites", interSiteMean, true);
    options.AddChoice("latency",
                      "per-packet link latency: exp (exponential, the paper) or const (the mean)",
                      latency,
                      LATENCIES);
    options.AddChoice("level",
                      "packet (requests and replies are packets on the links) or queue (no "
                      "packets: each link a FIFO of its rate and per-packet latency, many times "
                      "faster)",
                      level,
                      LEVELS);
    options.AddBool("hold-until-affinity",
                    "a request of a transaction issued before the first reply has named its "
                    "instance waits for that reply and goes there (the transaction assigned "
                    "once at its start, as application-level schemes do); otherwise it is "
                    "scheduled on its own",
                    holdUntilAffinity);
    RequestScenario::Parameters::AddOptions(options);
    OwnClientAttributes(options, "inter-arrival", "service", "clients");
    options.Owns("ns3::RequestClient::JoinWindow", "join-window");
    options.Owns("ns3::RequestClient::TransactionRequests", "affinity");
    options.Owns("ns3::RequestClient::TransactionDuration", "affinity");
    options.Owns("ns3::RequestClient::HoldUntilAffinity", "hold-until-affinity");
    options.Owns("ns3::MulticoreServer::Scaling", "scaling");
    options.Owns("ns3::MulticoreServer::ComputeUnits", "compute-vector");
    options.Owns("ns3::RandomDelayChannel::DelayVariable", "latency");
    options.Owns("ns3::MulticoreServer::Policy", "");
    options.Owns("ns3::PointToPointNetDevice::DataRate", "");
    options.Owns("ns3::DropTailQueue<Packet>::MaxSize", "");
    options.AddCheck([this, &options, schedulersGiven](std::string& error) {
        if (scheduler == "central" && options.IsGiven("schedulers") && *schedulersGiven != 1)
        {
            error = "invalid --schedulers: --inter=central is one scheduling point shared by "
                    "all ingresses; give one of them";
            return false;
        }
        return true;
    });
}

bool
CardsScenario::Parameters::UsesGateways() const
{
    return gateway.GetTypeId() != TypeId() || deployment == Deployment::ROUTED;
}

ObjectFactory
CardsScenario::Parameters::GetGatewayDispatcher() const
{
    // Routed: the gateways decide again with the ingress's kind of dispatcher.
    return gateway.GetTypeId() != TypeId() ? gateway : ingress;
}

bool
CardsScenario::Parameters::Validate(std::string& error) const
{
    if (computeUnits.empty())
    {
        return Invalid(error, "compute-vector", "empty compute vector");
    }
    for (uint32_t s = 0; s < computeUnits.size(); ++s)
    {
        if (computeUnits[s].empty())
        {
            return Invalid(error,
                           "compute-vector",
                           "site " + std::to_string(s) + " has no instance");
        }
        for (uint32_t cu : computeUnits[s])
        {
            if (cu == 0)
            {
                return Invalid(error, "compute-vector", "compute units must be >= 1");
            }
            if (cu > serverCapacity)
            {
                return Invalid(error,
                               "compute-vector with --server-capacity=" +
                                   std::to_string(serverCapacity),
                               "an instance of " + std::to_string(cu) +
                                   " compute units exceeds the server capacity");
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
        return Invalid(error, "compute-vector", "at most 15 sites and 250 instances in all");
    }
    // One WRR slot per compute unit at every scheduling point.
    if (units > 10000)
    {
        return Invalid(error, "compute-vector", "at most 10000 compute units in all");
    }
    for (const ObjectFactory* f : {&ingress, &gateway})
    {
        TypeId tid = f->GetTypeId();
        if (tid != TypeId() && (!tid.IsChildOf(Dispatcher::GetTypeId()) || !tid.HasConstructor()))
        {
            return Invalid(error, "inter=" + scheduler, tid.GetName() + " is not a dispatcher");
        }
    }
    uint32_t sites = computeUnits.size();
    if (schedulers == 0 || (schedulers != 1 && schedulers % sites != 0))
    {
        return Invalid(error,
                       "schedulers=" + std::to_string(schedulers),
                       "must be 1 or a multiple of the " + std::to_string(sites) +
                           " ingress routers");
    }
    if (UsesGateways() && schedulers == 1)
    {
        std::string given = scheduler == "central" ? "inter=central" : "schedulers=1";
        return Invalid(error,
                       given,
                       "one scheduler shared by all ingresses chooses among all "
                       "instances; it does not combine with site gateways (--deployment=" +
                           ScenarioOptions::NameOf(deployment, DEPLOYMENTS) + ")");
    }
    // What a dispatcher can only find out when it is built, checked here.
    for (const ObjectFactory* f : {&ingress, &gateway})
    {
        std::string why;
        if (f->GetTypeId() != TypeId() && !f->Create<Dispatcher>()->CheckConfig(why))
        {
            return Invalid(error, "inter=" + scheduler, why);
        }
    }
    if (schedulers == 1 && sites > 1 && ingress.Create<Dispatcher>()->HoldsRequests())
    {
        return Invalid(
            error,
            "schedulers=1",
            "--inter=" + scheduler +
                " queues requests at its scheduling point, which needs a queue of its own "
                "at each ingress (a shared one would hold requests at one ingress while "
                "replies free its capacity at another): give --schedulers=" +
                std::to_string(sites));
    }
    if (schedulers > sites && ingress.Create<Dispatcher>()->HoldsRequests())
    {
        return Invalid(
            error,
            "schedulers=" + std::to_string(schedulers),
            "--inter=" + scheduler +
                " queues requests at its scheduling point, which must be the only one at "
                "an ingress (--schedulers=" +
                std::to_string(sites) + " at most)");
    }
    if (deployment == Deployment::ROUTED && gateway.GetTypeId() != TypeId())
    {
        return Invalid(error,
                       "deployment=routed",
                       "only for an ingress dispatcher with a scheduling point "
                       "per ingress or more (site-random and steam are routed already)");
    }
    if (holdUntilAffinity && transactionRequests == 1 && !transactionDuration.IsStrictlyPositive())
    {
        return Invalid(error,
                       "hold-until-affinity",
                       "needs transactions (--affinity above 1 request, or a "
                       "duration)");
    }
    if (clients == 0)
    {
        return Invalid(error, "clients=0", "need at least one client");
    }
    if (!RequestScenario::Parameters::Validate(error))
    {
        return false;
    }
    if (!service.stream || !(service.mean > 0))
    {
        return Invalid(error, "service=" + service.text, "its mean must be > 0");
    }
    if (!interArrival.stream || !(interArrival.mean >= 1e-9))
    {
        return Invalid(error, "inter-arrival=" + interArrival.text, "its mean must be >= 1ns");
    }
    return true;
}

CardsScenario::CardsScenario(const Parameters& parameters)
    : RequestScenario(parameters, NAME),
      m_parameters(parameters),
      m_instanceHelper(SERVICE_PORT)
{
    std::string error;
    NS_ABORT_MSG_IF(!m_parameters.Validate(error), "CardsScenario: " << error);
    m_sites = m_parameters.computeUnits.size();
}

CardsScenario::~CardsScenario() = default;

double
CardsScenario::GetOfferedLoad() const
{
    uint32_t units = 0;
    for (const auto& site : m_parameters.computeUnits)
    {
        units += std::accumulate(site.begin(), site.end(), 0u);
    }
    return m_parameters.clients / m_parameters.interArrival.mean * m_parameters.service.mean /
           units;
}

void
CardsScenario::Build()
{
    CreateNodes();
    m_local.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
    m_local.SetQueueAttribute("MaxSize", StringValue("100000p"));
    // No flow control, hence no queue disc: one FIFO per link direction.
    m_local.SetFlowControl(false);
    m_wan = m_local;
    // Clients -- ingress: 10.1.i.0/24 (client .1, ingress .2).
    Ipv4StaticRoutingHelper staticRouting;
    for (uint32_t i = 0; i < m_sites; ++i)
    {
        Ipv4InterfaceContainer ifs =
            Connect(m_local, m_clientNodes.Get(i), m_ingress.Get(i), Dotted({10, 1, i, 0}));
        staticRouting.GetStaticRouting(m_clientNodes.Get(i)->GetObject<Ipv4>())
            ->SetDefaultRoute(ifs.GetAddress(1), 1);
    }
    m_instanceHelper.SetAttribute("Scaling", EnumValue(m_parameters.scaling));
    m_instanceHelper.SetAttribute("WarmUp", TimeValue(m_parameters.warmUp));
    m_instanceHelper.SetAttribute("ExactQuantiles", BooleanValue(m_parameters.exactQuantiles));
    // A service instance's local FIFO buffer, non-preemptive (the paper's).
    m_instanceHelper.SetPolicy("ns3::CfcfsCorePolicy");
    m_siteVectors.assign(m_sites, ComputeVector());
    m_gatewayAddress.assign(m_sites, std::vector<Ipv4Address>(m_sites));
    if (m_parameters.UsesGateways())
    {
        LinkSitesThroughGateways();
    }
    else
    {
        LinkSitesDirectly();
    }
    WatchDevices(m_devices);
    WatchServers(m_instanceApps);
    // The semantic routers count what they cannot route ("router: ...").
    WatchIp(NodeContainer(m_ingress, m_gateways), false);
    WatchIp(NodeContainer(m_servers, m_clientNodes));
    PlaceDispatchers();
    InstallClients();
    if (m_parameters.level == Level::QUEUE)
    {
        InstallDirectLinks();
    }
    // A client joining after the end sends nothing (scenario 3 joins within 60 s by default).
    const Parameters& p = m_parameters;
    if (p.joinWindow > p.duration)
    {
        std::ostringstream text;
        text << "the clients join within --join-window="
             << ScenarioOptions::FormatTime(p.joinWindow)
             << ", longer than --duration=" << ScenarioOptions::FormatTime(p.duration) << ": about "
             << std::fixed << std::setprecision(0)
             << 100 * (1 - p.duration.GetSeconds() / p.joinWindow.GetSeconds())
             << " % of them join after the end and send nothing";
        Warn(text.str());
    }
    m_boundCap = GetBoundUtilisationCap();
    if (m_boundCap >= 0 && m_boundCap < GetOfferedLoad())
    {
        std::ostringstream text;
        text << "--inter=" << m_parameters.scheduler
             << ": its bound on outstanding requests caps the instances' utilisation at "
             << m_boundCap << " (one bound per network round trip), below the offered load "
             << GetOfferedLoad();
        Warn(text.str());
    }
}

double
CardsScenario::GetBoundUtilisationCap() const
{
    // Little's law per entry of each level (ingress dispatchers, gateway
    // dispatchers): K requests outstanding at once, each for its service
    // plus the round trip, let through at most K / (service + round trip).
    const double service = m_parameters.service.mean;
    bool bounded = false;
    double cap = 1;
    for (const NodeContainer* level : {&m_ingress, &m_gateways})
    {
        // Per entry address: its capacity (requests/s) and what the bounds let through.
        std::map<Ipv4Address, std::pair<double, double>> entries;
        std::map<Ptr<Dispatcher>, std::vector<uint32_t>> hosts; // dispatcher -> its nodes
        for (uint32_t n = 0; n < level->GetN(); ++n)
        {
            for (const auto& d :
                 SemanticRouterHelper::Get(level->Get(n))->GetDispatchers(SERVICE_ADDRESS))
            {
                hosts[d].push_back(n);
            }
        }
        for (const auto& [d, nodes] : hosts)
        {
            const ComputeVector& v = d->GetComputeVector();
            for (uint32_t t = 0; t < v.GetN(); ++t)
            {
                const ComputeTarget& e = v.Get(t);
                auto& [capacity, through] = entries[e.address];
                capacity = e.computeUnits / service;
                uint32_t bound = d->GetOutstandingBound(t);
                if (bound == 0)
                {
                    through = std::numeric_limits<double>::infinity();
                    continue;
                }
                bounded = true;
                // Round trip from the dispatcher's routers (a gateway's instances are local).
                double rtt = 0;
                if (level == &m_ingress)
                {
                    for (uint32_t i : nodes)
                    {
                        Time mean =
                            i == e.site ? m_parameters.intraSiteMean : m_parameters.interSiteMean;
                        rtt += 2 * mean.GetSeconds() / nodes.size();
                    }
                }
                bool scaled = m_parameters.scaling == MulticoreServer::SCALED && e.rewrite;
                double sojourn = scaled ? service / e.computeUnits : service;
                through += bound / (sojourn + rtt);
            }
        }
        double capacity = 0;
        double carried = 0;
        for (const auto& [address, entry] : entries)
        {
            capacity += entry.first;
            carried += std::min(entry.first, entry.second);
        }
        if (capacity > 0)
        {
            cap = std::min(cap, carried / capacity);
        }
    }
    return bounded ? cap : -1;
}

void
CardsScenario::CreateNodes()
{
    m_ingress.Create(m_sites);
    if (m_parameters.UsesGateways())
    {
        m_gateways.Create(m_sites);
    }
    m_clientNodes.Create(m_sites);
    for (const auto& site : m_parameters.computeUnits)
    {
        m_servers.Create(site.size());
    }
    // Routers: semantic routing ahead of static routing.
    InternetStackHelper routerStack;
    routerStack.SetRoutingHelper(AheadOfStaticRouting(SemanticRouterHelper()));
    routerStack.Install(m_ingress);
    routerStack.Install(m_gateways);
    InternetStackHelper hostStack;
    // Hosts keep the route to each destination they send to (OutputRouteCache).
    hostStack.SetRoutingHelper(AheadOfStaticRouting(OutputRouteCacheHelper()));
    hostStack.Install(m_clientNodes);
    hostStack.Install(m_servers);
}

Ipv4InterfaceContainer
CardsScenario::Connect(RandomDelayLinkHelper& helper,
                       Ptr<Node> a,
                       Ptr<Node> b,
                       const std::string& network)
{
    NetDeviceContainer d = helper.Install(a, b);
    m_addresses.SetBase(network.c_str(), "255.255.255.0");
    Ipv4InterfaceContainer ifs = m_addresses.Assign(d);
    m_devices.Add(d);
    return ifs;
}

RandomDelayLinkHelper&
CardsScenario::Wan(uint32_t ingress, uint32_t site)
{
    // Intra-site to the ingress's own site, else inter-site; exponential per
    // packet (the paper) or always the mean (--latency=const).
    Time mean = ingress == site ? m_parameters.intraSiteMean : m_parameters.interSiteMean;
    Ptr<RandomVariableStream> delay;
    if (m_parameters.latency == Latency::CONSTANT)
    {
        delay = CreateObjectWithAttributes<ConstantRandomVariable>("Constant",
                                                                   DoubleValue(mean.GetSeconds()));
    }
    else
    {
        delay =
            CreateObjectWithAttributes<ExponentialRandomVariable>("Mean",
                                                                  DoubleValue(mean.GetSeconds()));
    }
    delay->SetStream(m_stream++);
    m_wan.SetChannelAttribute("DelayVariable", PointerValue(delay));
    return m_wan;
}

void
CardsScenario::AddInstance(Ptr<Node> node, uint32_t site, uint32_t units, Ipv4Address locator)
{
    m_instanceHelper.SetAttribute("ComputeUnits", UintegerValue(units));
    m_instanceHelper.SetAttribute("Locator", Ipv4AddressValue(locator));
    ApplicationContainer app = m_instanceHelper.Install(node);
    m_instanceApps.Add(app);
    m_instances.push_back(DynamicCast<MulticoreServer>(app.Get(0)));
    m_instanceSite.push_back(site);
    m_instanceUnits.push_back(units);
    ComputeTarget t{locator, units, true, site};
    m_siteVectors[site].Add(t);
    m_allInstances.Add(t);
}

void
CardsScenario::LinkSitesThroughGateways()
{
    // Ingress i -- gateway j: 10.2.(i*S+j).0/24 (ingress .1, gateway .2);
    // gateway j -- its server k: 10.(10+j).k.0/24 (gateway .1, server .2 = locator).
    const uint32_t S = m_sites;
    Ipv4StaticRoutingHelper staticRouting;
    for (uint32_t i = 0; i < S; ++i)
    {
        for (uint32_t j = 0; j < S; ++j)
        {
            Ipv4InterfaceContainer ifs = Connect(Wan(i, j),
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
        for (uint32_t k = 0; k < m_parameters.computeUnits[j].size(); ++k, ++server)
        {
            Ptr<Node> node = m_servers.Get(server);
            Ipv4InterfaceContainer ifs =
                Connect(m_local, m_gateways.Get(j), node, Dotted({10, 10 + j, k, 0}));
            staticRouting.GetStaticRouting(node->GetObject<Ipv4>())
                ->SetDefaultRoute(ifs.GetAddress(0), 1);
            AddInstance(node, j, m_parameters.computeUnits[j][k], ifs.GetAddress(1));
        }
    }
}

void
CardsScenario::LinkSitesDirectly()
{
    // No site gateways when only the ingresses schedule: ingress i --
    // server s directly, 10.(20+i).s.0/24 (ingress .1, server .2); the
    // server's locator is its address towards ingress 0. Every path still
    // crosses one random-latency link each way, and a request crosses two
    // links instead of three each way (faster to simulate).
    Ipv4StaticRoutingHelper staticRouting;
    uint32_t server = 0;
    for (uint32_t j = 0; j < m_sites; ++j)
    {
        for (uint32_t k = 0; k < m_parameters.computeUnits[j].size(); ++k, ++server)
        {
            Ptr<Node> node = m_servers.Get(server);
            std::vector<std::pair<Ipv4InterfaceContainer, uint32_t>> links;
            for (uint32_t i = 0; i < m_sites; ++i)
            {
                Ipv4InterfaceContainer ifs =
                    Connect(Wan(i, j), m_ingress.Get(i), node, Dotted({10, 20 + i, server, 0}));
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
            AddInstance(node, j, m_parameters.computeUnits[j][k], locator);
        }
    }
}

void
CardsScenario::PlaceDispatchers()
{
    bool gateways = m_parameters.UsesGateways();
    OrchestratorHelper ingress;
    ingress.SetDispatcher(m_parameters.ingress);
    if (m_parameters.schedulers == 1)
    {
        // One counter for all ingresses (the central scheduler): no path stretch.
        ingress.InstallShared(m_ingress, SERVICE_ADDRESS, m_allInstances);
    }
    else
    {
        for (uint32_t i = 0; i < m_sites; ++i)
        {
            // The ingress sends to its own address of each site's gateway.
            ComputeVector toSites;
            for (uint32_t j = 0; j < m_sites; ++j)
            {
                toSites.Add(ComputeTarget{m_gatewayAddress[i][j],
                                          m_siteVectors[j].GetTotalComputeUnits(),
                                          false,
                                          j});
            }
            ingress.Install(m_ingress.Get(i),
                            SERVICE_ADDRESS,
                            gateways ? toSites : m_allInstances,
                            m_parameters.schedulers / m_sites);
        }
    }
    m_stream += OrchestratorHelper::AssignStreams(m_ingress, SERVICE_ADDRESS, m_stream);
    if (gateways)
    {
        OrchestratorHelper site;
        site.SetDispatcher(m_parameters.GetGatewayDispatcher());
        for (uint32_t j = 0; j < m_sites; ++j)
        {
            site.Install(m_gateways.Get(j), SERVICE_ADDRESS, m_siteVectors[j]);
        }
        m_stream += OrchestratorHelper::AssignStreams(m_gateways, SERVICE_ADDRESS, m_stream);
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
}

bool
CardsScenario::GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error)
{
    if (m_parameters.level == Level::QUEUE)
    {
        // DirectLinks and the routers' and servers' queue-level paths do not fail.
        error = "there are no links or nodes to fail at --level=queue";
        return false;
    }
    uint32_t instances = m_instances.size();
    uint32_t routers = m_ingress.GetN() + m_gateways.GetN();
    uint32_t links = m_devices.GetN() / 2;
    if (fault.kind == FaultSpec::Kind::LINK && fault.index < links)
    {
        target.AddDevice(m_devices.Get(2 * fault.index));
        target.AddDevice(m_devices.Get(2 * fault.index + 1));
        return true;
    }
    if (fault.kind == FaultSpec::Kind::SWITCH && fault.index < routers)
    {
        Ptr<Node> node = fault.index < m_ingress.GetN()
                             ? m_ingress.Get(fault.index)
                             : m_gateways.Get(fault.index - m_ingress.GetN());
        target.AddNode(node);
        Ptr<SemanticRouter> router = SemanticRouterHelper::Get(node);
        target.apply = [router](bool up) { router->SetFailed(!up); };
        return true;
    }
    if (fault.kind != FaultSpec::Kind::SERVER || fault.index >= instances)
    {
        error = "the scenario has servers 0-" + std::to_string(instances - 1) + ", routers 0-" +
                std::to_string(routers - 1) + " (switch:R) and links 0-" +
                std::to_string(links - 1);
        return false;
    }
    uint32_t s = fault.index;
    target.AddNode(m_servers.Get(s));
    uint32_t site = m_instanceSite[s];
    // The instance's entry in the dispatchers that hold it.
    std::vector<std::pair<Ptr<Dispatcher>, uint32_t>> holders;
    std::vector<Ptr<Dispatcher>> ingresses;
    for (auto n = m_ingress.Begin(); n != m_ingress.End(); ++n)
    {
        for (const auto& d : SemanticRouterHelper::Get(*n)->GetDispatchers(SERVICE_ADDRESS))
        {
            ingresses.push_back(d);
        }
    }
    if (m_parameters.UsesGateways())
    {
        uint32_t entry = std::count(m_instanceSite.begin(), m_instanceSite.begin() + s, site);
        for (const auto& d :
             SemanticRouterHelper::Get(m_gateways.Get(site))->GetDispatchers(SERVICE_ADDRESS))
        {
            holders.emplace_back(d, entry);
        }
    }
    else
    {
        for (const auto& d : ingresses)
        {
            holders.emplace_back(d, s);
        }
        ingresses.clear();
    }
    m_siteInstancesDown.resize(m_sites, 0);
    uint32_t siteSize = m_siteVectors[site].GetN();
    target.notify = [this, holders, ingresses, site, siteSize](bool up) {
        for (const auto& [d, entry] : holders)
        {
            d->SetAvailable(entry, up);
        }
        // An ingress leaves out (or takes back) a site with no instance up.
        uint32_t& down = m_siteInstancesDown[site];
        bool siteWasUp = down < siteSize;
        down += up ? -1 : 1;
        if (siteWasUp != (down < siteSize))
        {
            for (const auto& d : ingresses)
            {
                d->SetAvailable(site, up);
            }
        }
    };
    return true;
}

void
CardsScenario::InstallClients()
{
    // Clients, spread evenly over the ingresses; ids contiguous per ingress
    // (one application runs the ingress's clients).
    RequestClientHelper helper(SERVICE_ADDRESS, SERVICE_PORT);
    helper.SetAttribute("JoinWindow", TimeValue(m_parameters.joinWindow));
    helper.SetAttribute("TransactionRequests", UintegerValue(m_parameters.transactionRequests));
    helper.SetAttribute("TransactionDuration", TimeValue(m_parameters.transactionDuration));
    helper.SetAttribute("HoldUntilAffinity", BooleanValue(m_parameters.holdUntilAffinity));
    helper.SetAttribute("WarmUp", TimeValue(m_parameters.warmUp));
    helper.SetAttribute("ExactQuantiles", BooleanValue(m_parameters.exactQuantiles));
    // Their streams come first and do not depend on the topology or the
    // dispatchers, so every scheduler of a comparison sees the same arrivals
    // and service demands at the same --run (common random numbers).
    int64_t stream = CLIENT_STREAMS;
    for (uint32_t i = 0; i < m_sites; ++i)
    {
        uint32_t n = m_parameters.clients / m_sites + (i < m_parameters.clients % m_sites ? 1 : 0);
        if (n == 0)
        {
            continue;
        }
        helper.SetAttribute("Clients", UintegerValue(n));
        InstallClient(helper,
                      m_clientNodes.Get(i),
                      m_parameters.interArrival,
                      m_parameters.service,
                      stream);
    }
    NS_ASSERT(stream <= OTHER_STREAMS);
}

void
CardsScenario::InstallDirectLinks()
{
    m_direct.Install(m_devices);
    // Every host a router or server sends to: the client nodes, the
    // instances' locators, the gateways' addresses.
    std::vector<Ipv4Address> clientHosts =
        m_direct.ConnectClients(m_clientNodes, GetClients(), SERVICE_ADDRESS);
    std::vector<Ipv4Address> hosts = clientHosts;
    for (uint32_t t = 0; t < m_allInstances.GetN(); ++t)
    {
        hosts.push_back(m_allInstances.Get(t).address);
    }
    for (const auto& row : m_gatewayAddress)
    {
        hosts.insert(hosts.end(), row.begin(), row.end());
    }
    for (uint32_t s = 0; s < m_instances.size(); ++s)
    {
        Ptr<Node> node = m_servers.Get(s);
        m_direct.SetReceiver(node, MakeCallback(&MulticoreServer::DeliverDirect, m_instances[s]));
        for (const Ipv4Address& host : clientHosts)
        {
            if (Ptr<DirectLink> link = m_direct.GetRoute(node, host))
            {
                m_instances[s]->AddDirectRoute(host, link);
            }
        }
    }
    NodeContainer routers(m_ingress, m_gateways);
    for (auto n = routers.Begin(); n != routers.End(); ++n)
    {
        Ptr<Node> node = *n;
        Ptr<SemanticRouter> router = SemanticRouterHelper::Get(node);
        m_direct.SetReceiver(node, MakeCallback(&SemanticRouter::ReceiveDirect, router));
        for (const Ipv4Address& host : hosts)
        {
            if (Ptr<DirectLink> link = m_direct.GetRoute(node, host))
            {
                router->AddDirectRoute(host, link);
            }
        }
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

void
CardsScenario::RouterDrop(const Ipv4Header& ip, Ptr<const Packet> p, const std::string& reason)
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

JsonSummary
CardsScenario::Summarize() const
{
    uint64_t affinity = 0;
    ApplicationContainer clients = GetClients();
    for (auto a = clients.Begin(); a != clients.End(); ++a)
    {
        affinity += DynamicCast<RequestClient>(*a)->GetAffinitySent();
    }
    uint64_t held = 0;
    uint64_t expired = 0;
    for (const auto* routers : {&m_ingress, &m_gateways})
    {
        for (const auto& r : RoutersOf(*routers))
        {
            held += r->GetHeld();
            expired += r->GetExpired();
        }
    }
    JsonSummary perInstance;
    for (uint32_t i = 0; i < m_instances.size(); ++i)
    {
        const Ptr<MulticoreServer>& si = m_instances[i];
        // m_instanceApps, watched in this order.
        Time busy = GetMeasuredBusyTime(i).workers;
        JsonSummary entry;
        entry.Set("site", m_instanceSite[i])
            .Set("compute_units", m_instanceUnits[i])
            .Set("served", si->GetCompleted())
            .Set("utilisation", busy.GetSeconds() / (si->GetWorkers() * GetMeasuredSeconds()))
            .SetLatency("sojourn_", si->GetStats().GetAll());
        std::ostringstream name;
        name << "s" << m_instanceSite[i] << "-" << i;
        perInstance.Set(name.str(), entry);
    }
    bool gateways = m_parameters.UsesGateways();
    JsonSummary j = RequestScenario::Summarize();
    j.Set("scenario", m_parameters.scenario)
        .Set("inter", m_parameters.scheduler)
        .Set("ingress_dispatcher", TypeAliases::Name(m_parameters.ingress.GetTypeId()))
        .Set("gateway_dispatcher",
             gateways ? TypeAliases::Name(m_parameters.GetGatewayDispatcher().GetTypeId()) : "none")
        .Set("schedulers", m_parameters.schedulers)
        .Set("deployment", ScenarioOptions::NameOf(m_parameters.deployment, DEPLOYMENTS))
        .Set("clients", m_parameters.clients)
        .Set("scaling",
             ScenarioOptions::NameOf(m_parameters.scaling, MulticoreServerHelper::SCALINGS))
        .Set("latency", ScenarioOptions::NameOf(m_parameters.latency, LATENCIES))
        .Set("offered_load", GetOfferedLoad())
        .Set("transaction_requests", m_parameters.transactionRequests)
        .Set("transaction_s", m_parameters.transactionDuration.GetSeconds())
        .Set("hold_until_affinity", m_parameters.holdUntilAffinity)
        .Set("affinity_sent", affinity)
        .Set("held_by_routers", held)
        .Set("replies_expired", expired)
        .Set("bound_utilisation_cap", m_boundCap)
        .Set("per_instance", perInstance)
        .Set("level", ScenarioOptions::NameOf(m_parameters.level, LEVELS));
    if (m_parameters.level == Level::QUEUE)
    {
        j.Set("link_backlog_peak", DirectLinkHelper::GetPeakBacklog(m_direct.GetLinks()));
    }
    return j;
}

} // namespace rsched
} // namespace ns3
