/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "racksched-scenario.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/core-policy.h"
#include "ns3/data-rate.h"
#include "ns3/direct-link-helper.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/jbsq-dispatcher.h"
#include "ns3/load-tracker.h"
#include "ns3/multicore-server-helper.h"
#include "ns3/multicore-server.h"
#include "ns3/pointer.h"
#include "ns3/power-of-k-dispatcher.h"
#include "ns3/proactive-load-tracker.h"
#include "ns3/rack-scheduler.h"
#include "ns3/request-client-helper.h"
#include "ns3/request-client.h"
#include "ns3/request-dispatcher.h"
#include "ns3/shinjuku-core-policy.h"
#include "ns3/simulator.h"
#include "ns3/split-text.h"
#include "ns3/string.h"
#include "ns3/type-aliases.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace ns3
{
namespace rsched
{

namespace
{

/// The paper's workloads (Fig. 10, 13; DistributionSpec::WORKLOADS) for
/// which the authors' servers keep one queue per type: those whose types
/// have their own ports.
const std::set<std::string> kTypeQueueWorkloads{"bimodal50", "trimodal", "getscan50"};

/// An inter-server policy: a dispatcher on the switch or on each client.
struct RackPolicy
{
    const char* name;       //!< option value
    const char* dispatcher; //!< TypeId name of the dispatcher
    bool onClients;         //!< each client chooses (client-based)
    bool tracked;           //!< compares tracked loads (--tracking applies)
    bool overAll;           //!< compares every server (no --k), with a random share
    bool perType;           //!< --per-type-load applies (tracked loads, or per-type turns)
    bool switchQueue;       //!< the switch queues requests (JBSQ: --jbsq-bound, one packet each)
    uint32_t defaultK;      //!< its own default of --k (0: --k's)
    const char* servers;    //!< the servers' core policy whatever --intra says ("": --intra's)
    const char* intra;      //!< its default --intra ("": Shinjuku with the authors' quantum)
    const char* help;       //!< what it is
};

const RackPolicy kPolicies[] = {
    // clang-format off
    // name       dispatcher                   onClients tracked overAll perType switchQueue defaultK servers intra
    {"racksched", "ns3::PowerOfKDispatcher",   false, true,  false, true,  false, 0, "", "",
     "power-of-k at the switch (k samples)"},
    {"random",    "ns3::RandomDispatcher",     false, false, false, false, false, 0, "", "",
     "uniformly random server (ECMP-like)"},
    {"rr",        "ns3::RoundRobinDispatcher", false, false, false, true,  false, 0, "", "",
     "round robin"},
    {"shortest",  "ns3::PowerOfKDispatcher",   false, true,  true,  true,  false, 0, "", "",
     "JSQ over all servers' tracked load"},
    {"sampling",  "ns3::PowerOfKDispatcher",   false, true,  false, true,  false, 4, "", "",
     "power-of-k with k samples (4 unless k is given)"},
    {"client",    "ns3::PowerOfKDispatcher",   true,  true,  false, true,  false, 0, "", "",
     "each client samples k of its own view"},
    {"jbsq",      "ns3::JbsqDispatcher",       false, false, false, false, true,  0, "", "ns3::CfcfsCorePolicy",
     "R2P2 JBSQ(n) per worker core, n the jbsq-bound"},
    {"shinjuku",  "ns3::RandomDispatcher",     false, false, false, false, false, 0, "ns3::ShinjukuCorePolicy", "",
     "random spreading, Shinjuku servers"},
    // clang-format on
};

/// A load-tracking scheme: a LoadTracker and its attribute, or a dispatcher of its own.
struct Tracking
{
    const char* name;       //!< option value
    const char* tracker;    //!< TypeId name of the LoadTracker ("": none)
    const char* report;     //!< ReportedLoadTracker::Report ("" for others)
    const char* dispatcher; //!< replaces the policy's dispatcher ("": keep it)
    bool overAll;           //!< compares every server, with a random share (not --k samples)
};

/// The tracking schemes of the paper's Fig. 16, each with the rule of the
/// authors' P4 program for it, and the module's own variants.
const Tracking kTrackings[] = {
    // INT1: what the authors' servers report as their queue length, the
    // requests at the server (waiting or running) besides the one answered.
    {"int1", "ns3::ReportedLoadTracker", "Outstanding", "", false},
    // INT2: the authors keep only the least loaded server in a register.
    {"int2", "", "", "ns3::LowestLoadDispatcher", false},
    {"int3", "ns3::ReportedLoadTracker", "OutstandingWork", "", false},
    {"queue", "ns3::ReportedLoadTracker", "QueueLength", "", false},
    // proactive.p4: counts at the switch, the minimum over all servers,
    // a share of the requests to a random server.
    {"proactive", "ns3::ProactiveLoadTracker", "", "", true},
    // The same counts compared over --k samples.
    {"proactive-k", "ns3::ProactiveLoadTracker", "", "", false},
};

/**
 * \param table a table of named entries
 * \param name a name
 * \return the entry of that name, or null
 */
template <typename T, std::size_t N>
const T*
Find(const T (&table)[N], const std::string& name)
{
    for (const T& t : table)
    {
        if (name == t.name)
        {
            return &t;
        }
    }
    return nullptr;
}

/**
 * \param table a table of named entries
 * \return their names, in order
 */
template <typename T, std::size_t N>
std::vector<std::string>
Names(const T (&table)[N])
{
    std::vector<std::string> names;
    for (const T& t : table)
    {
        names.emplace_back(t.name);
    }
    return names;
}

/**
 * \param text a decimal number
 * \param value receives it
 * \return true if \p text is an unsigned integer that fits
 */
bool
ParseIndex(const std::string& text, uint32_t& value)
{
    if (text.empty() || text.size() > 9 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    {
        return false;
    }
    value = std::stoul(text);
    return true;
}

/**
 * \param text "N:W"
 * \param servers servers in the rack
 * \param n receives N (1 .. servers)
 * \param workers receives W (1 .. 1024, as --workers)
 * \return true if \p text is valid
 */
bool
ParseHeterogeneous(const std::string& text, uint32_t servers, uint32_t& n, uint32_t& workers)
{
    auto parts = SplitText(text, ':');
    return parts.size() == 2 && ParseIndex(parts[0], n) && ParseIndex(parts[1], workers) &&
           n >= 1 && n <= servers && workers >= 1 && workers <= 1024;
}

/// The workloads of the authors' RocksDB servers, which preempt after
/// 500 us (console.py sets preemption_delay=500000); their other servers
/// preempt after 250 us (shinjuku.conf.sample).
const std::set<std::string> kRocksDbWorkloads{"getscan90", "getscan50"};

/// The SLOs of the authors' servers, one per request type
/// (shinjuku.conf.sample), the targets of their per-type queue rule.
const std::vector<std::string> kAuthorsTargets{"50", "500", "5000"};

} // namespace

std::vector<std::string>
RackSchedScenario::GetPolicyNames(bool switchOnly)
{
    std::vector<std::string> names;
    for (const RackPolicy& p : kPolicies)
    {
        if (!switchOnly || !p.onClients)
        {
            names.emplace_back(p.name);
        }
    }
    return names;
}

const Choices<RackSchedScenario::Switch> RackSchedScenario::SWITCHES = {{"auto", Switch::AUTO},
                                                                        {"on", Switch::ON},
                                                                        {"off", Switch::OFF}};
const Choices<PowerOfKDispatcher::Sampling> RackSchedScenario::SAMPLINGS = {
    {"independent", PowerOfKDispatcher::INDEPENDENT},
    {"distinct", PowerOfKDispatcher::DISTINCT}};

RackSchedScenario::Parameters::Parameters()
{
    intra.SetTypeId("ns3::ShinjukuCorePolicy");
    std::string error;
    DistributionSpec::ParseWorkload(workload, service, error);
    duration = Seconds(1);
}

void
RackSchedScenario::Parameters::AddOptions(ScenarioOptions& options)
{
    std::string policies;
    for (const RackPolicy& p : kPolicies)
    {
        policies += std::string(policies.empty() ? "" : "; ") + p.name + ": " + p.help;
    }
    options.AddChoice("inter",
                      "inter-server policy (how a request's server is chosen; " + policies + ")",
                      policy,
                      Names(kPolicies));
    options.AddFormerName("policy", "inter");
    options.Add("k",
                "servers sampled per request by racksched, sampling and client, 1 .. --servers",
                "2",
                [this](const std::string& text, std::string& error) {
                    uint64_t value = 0;
                    if (!ScenarioOptions::ParseUnsigned("k", text, 1, 1000000, value, error))
                    {
                        return false;
                    }
                    k = value;
                    kGiven = true;
                    return true;
                });
    options.AddChoice("tracking",
                      "load tracking: int1 (requests at the server, from replies), int2 (the "
                      "least loaded server only, from replies; its own dispatcher), int3 "
                      "(outstanding service time, from replies), queue (requests waiting, "
                      "from replies), proactive (counted at the switch, the least loaded of "
                      "all servers as the authors' program), proactive-k (the same counts "
                      "over k samples)",
                      tracking,
                      Names(kTrackings));
    options.AddChoice("sampling",
                      "how power-of-k draws its k samples: independent (with replacement, "
                      "as the authors' switch and client) or distinct",
                      sampling,
                      SAMPLINGS);
    options.AddShare("random-share",
                     "share of requests sent to a random server by the rules that compare "
                     "every server (shortest, proactive tracking) and by int2, in [0, 1]",
                     randomShare,
                     true);
    options.AddChoice("per-type-load",
                      "one load per (server, request type), a request compared on its type's, "
                      "and one round-robin turn per type: auto (as the authors, for the "
                      "workloads whose types have their own ports: bimodal50, trimodal, "
                      "getscan50), on, off",
                      perTypeLoad,
                      SWITCHES);
    AddServerOptions(options);
    AddTrafficOptions(options);
    AddCommonAndChecks(options);
}

void
RackSchedScenario::Parameters::AddServerOptions(ScenarioOptions& options)
{
    options.AddUnsigned("servers", "servers in the rack", servers, 1, 1000);
    options.AddUnsigned("workers", "worker cores per server", workers, 1, 1024);
    options.AddString("heterogeneous",
                      "N:W, the last N servers have W worker cores (e.g. 4:4)",
                      heterogeneous);
    AddIntraOptions(options);
}

void
RackSchedScenario::Parameters::AddIntraOptions(ScenarioOptions& options)
{
    options.Add("intra",
                "intra-server policy (how a server's cores serve requests): " +
                    TypeAliases::List(CorePolicy::GetTypeId()) +
                    ", or a TypeId name; attributes as NAME[Attribute=Value|...]",
                "shinjuku",
                [this](const std::string& text, std::string& error) {
                    intraGiven = true;
                    if (!TypeAliases::Parse("intra", text, CorePolicy::GetTypeId(), intra, error))
                    {
                        return false;
                    }
                    // The authors' settings stay unless the brackets name
                    // them (MakeServerPolicy()).
                    intraNamed = TypeAliases::AttributeNames(text);
                    return true;
                });
    options.ContextualDefault("intra",
                              "shinjuku with a 250us quantum (500us with getscan90 and getscan50, "
                              "and per-type queues as the authors' servers with bimodal50, "
                              "trimodal and getscan50); cfcfs where the switch runs jbsq");
    options.Owns("ns3::ShinjukuCorePolicy::Quantum", "intra");
    options.AddWorkload(service, workload);
    // The authors' per-type queues and the queues --priority/--weights ask
    // for keep what the user sets as ns-3 defaults too (MakeServerPolicy()).
    options.AddCheck([this, &options](std::string&) {
        for (const char* name :
             {"QueuePerClass", "ClassScheduling", "ClassWeights", "PreemptedFirst"})
        {
            if (options.GivesDefault(std::string("ns3::ShinjukuCorePolicy::") + name))
            {
                shinjukuDefaults.insert(name);
            }
        }
        return true;
    });
}

void
RackSchedScenario::Parameters::AddTrafficOptions(ScenarioOptions& options)
{
    options.AddDistribution("service",
                            "the service demand, instead of a workload, e.g. exp:50us, "
                            "bimodal:0.9:50us:500us",
                            service);
    options.AddDouble("load",
                      "offered load: request rate x mean service demand / the rack's worker "
                      "cores (above 1 overloads the rack: queues grow until --drain ends the run)",
                      load,
                      0,
                      MAX_LOAD);
    options.AddDouble("rate", "request rate (requests/s), instead of --load", rate, 0, 1e9);
    // One of them is given: neither default goes back from a SEM campaign.
    options.ContextualDefault("load");
    options.ContextualDefault("rate", "none");
    options.AddUnsigned("packets-per-request",
                        "packets of each request (later ones follow the first)",
                        packetsPerRequest,
                        1,
                        65535);
    options.AddString("priority",
                      "strict priority between request types on the servers: one value per "
                      "type, higher first, e.g. 2,1",
                      priority);
    options.AddString("weights",
                      "weighted fair sharing between request types on the servers: one weight "
                      "per type, e.g. 3,1",
                      weights);
    options.AddString("placement",
                      "types restricted to servers: TYPE:SERVERS;... with TYPE a class name "
                      "or index and SERVERS a list of indices and ranges, e.g. scan:0-3",
                      placement);
    options.AddUnsigned("clients", "client hosts", clients, 1, 1000);
    options.AddUnsigned("client-count",
                        "independent clients of the client inter-server policy (Client(N)), spread "
                        "over the hosts",
                        clientCount,
                        1,
                        100000);
    options.AddUnsigned("jbsq-bound",
                        "n of JBSQ(n): outstanding requests per worker core",
                        jbsqBound,
                        1,
                        1000000);
    options.AddDataRate("link-rate", "data rate of every link", linkRate);
    options.AddTime("link-delay", "propagation delay of every link", linkDelay, true);
    options.AddUnsigned("flows",
                        "UDP source ports per client host (with the client policy shared by its "
                        "clients, at least one each)",
                        flows,
                        1,
                        16384);
    options.AddChoice("level",
                      "packet (requests and replies are packets on the links) or queue (no "
                      "packets: each link a FIFO of its rate and delay, many times faster)",
                      level,
                      LEVELS);
}

void
RackSchedScenario::Parameters::AddCommonAndChecks(ScenarioOptions& options)
{
    RequestScenario::Parameters::AddOptions(options);
    OwnClientAttributes(options, "load", "service");
    options.Owns("ns3::RequestClient::Flows", "flows");
    options.Owns("ns3::RequestClient::PacketsPerRequest", "packets-per-request");
    options.Owns("ns3::RequestClient::Dispatcher", "inter");
    options.Owns("ns3::MulticoreServer::Policy", "intra");
    options.Owns("ns3::MulticoreServer::ComputeUnits", "workers");
    options.Owns("ns3::PowerOfKDispatcher::K", "k");
    options.Owns("ns3::PowerOfKDispatcher::Sampling", "sampling");
    options.Owns("ns3::PowerOfKDispatcher::RandomShare", "random-share");
    options.Owns("ns3::LowestLoadDispatcher::RandomShare", "random-share");
    options.Owns("ns3::LoadTracker::PerClass", "per-type-load");
    options.Owns("ns3::RoundRobinDispatcher::PerClass", "per-type-load");
    options.Owns("ns3::MulticoreServer::ReportPerClass", "per-type-load");
    options.Owns("ns3::JbsqDispatcher::Bound", "jbsq-bound");
    options.Owns("ns3::Dispatcher::LoadTracker", "tracking");
    options.Owns("ns3::ReportedLoadTracker::Report", "tracking");
    options.Owns("ns3::ShinjukuCorePolicy::ClassScheduling", "priority", false);
    options.Owns("ns3::ShinjukuCorePolicy::ClassWeights", "priority", false);
    options.Owns("ns3::ShinjukuCorePolicy::ClassScheduling", "weights", false);
    options.Owns("ns3::ShinjukuCorePolicy::ClassWeights", "weights", false);
    options.Owns("ns3::PointToPointNetDevice::DataRate", "link-rate");
    options.Owns("ns3::PointToPointChannel::Delay", "link-delay");
    options.Owns("ns3::DropTailQueue<Packet>::MaxSize", "");
    // Options the chosen policy does not use are errors, not ignored.
    options.RefuseUnused(
        {"k",
         "tracking",
         "sampling",
         "random-share",
         "per-type-load",
         "jbsq-bound",
         "client-count",
         "intra"},
        [this, &options](const std::string& option) -> std::string {
            const RackPolicy* p = Find(kPolicies, policy);
            const Tracking* t = Find(kTrackings, tracking);
            if (!p || !t)
            {
                return ""; // Validate() names them
            }
            const std::map<std::string, bool> uses{
                {"k", GetSamples() > 0 && !p->overAll && !(t->overAll && p->tracked)},
                {"tracking", p->tracked},
                {"sampling", GetSamples() > 0 && GetSamples() < servers},
                {"random-share", UsesRandomShare()},
                {"per-type-load", p->perType},
                {"jbsq-bound", p->switchQueue},
                {"client-count", p->onClients},
                {"intra", !*p->servers || intra.GetTypeId().GetName() == p->servers},
            };
            if (!uses.at(option))
            {
                std::string with = "with --inter=" + policy;
                if (p->tracked && *t->dispatcher)
                {
                    with += " --tracking=" + tracking;
                }
                return with + (option == "intra" ? " (Shinjuku servers)" : "");
            }
            // One request type has one load per server whatever --per-type-load says.
            if (option == "per-type-load" && service.classNames.size() < 2)
            {
                return "with one request type (--" +
                       (options.IsGiven("service") ? "service=" + service.text
                                                   : "workload=" + workload) +
                       ")";
            }
            return "";
        });
    options.AddCheck([&options](std::string& error) {
        if (options.IsGiven("load") && options.IsGiven("rate"))
        {
            error = "invalid --rate: give --load or --rate, not both";
            return false;
        }
        return true;
    });
}

std::vector<uint32_t>
RackSchedScenario::Parameters::GetWorkers() const
{
    std::vector<uint32_t> w(servers, workers);
    uint32_t n = 0;
    uint32_t cores = 0;
    if (!heterogeneous.empty() && ParseHeterogeneous(heterogeneous, servers, n, cores))
    {
        std::fill(w.end() - n, w.end(), cores);
    }
    return w;
}

double
RackSchedScenario::Parameters::GetRate() const
{
    if (rate > 0)
    {
        return rate;
    }
    auto w = GetWorkers();
    double cores = 0;
    for (uint32_t c : w)
    {
        cores += c;
    }
    return load * cores / service.mean;
}

bool
RackSchedScenario::Parameters::ParsePlacement(std::map<uint32_t, std::vector<uint32_t>>& result,
                                              std::string& error) const
{
    result.clear();
    if (placement.empty())
    {
        return true;
    }
    for (const std::string& rule : SplitText(placement, ';'))
    {
        auto parts = SplitText(rule, ':');
        if (parts.size() != 2)
        {
            return Invalid(error,
                           "placement=" + placement,
                           "expected TYPE:SERVERS, got \"" + rule + "\"");
        }
        const auto& names = service.classNames;
        uint32_t cls = 0;
        auto named = std::find(names.begin(), names.end(), parts[0]);
        if (named != names.end())
        {
            cls = named - names.begin();
        }
        else if (!ParseIndex(parts[0], cls) || cls >= std::max<std::size_t>(names.size(), 1))
        {
            return Invalid(error,
                           "placement=" + placement,
                           "unknown request type \"" + parts[0] + "\"");
        }
        std::vector<uint32_t> list;
        for (const std::string& item : SplitText(parts[1], ','))
        {
            auto range = SplitText(item, '-');
            uint32_t lo = 0;
            uint32_t hi = 0;
            if (range.size() == 1 && ParseIndex(range[0], lo))
            {
                hi = lo;
            }
            else if (range.size() != 2 || !ParseIndex(range[0], lo) || !ParseIndex(range[1], hi) ||
                     hi < lo)
            {
                return Invalid(error,
                               "placement=" + placement,
                               "\"" + item + "\" is not a server index or range a-b");
            }
            if (hi >= servers)
            {
                return Invalid(error,
                               "placement=" + placement,
                               "server " + std::to_string(hi) + " is not in the rack (0 .. " +
                                   std::to_string(servers - 1) + ")");
            }
            for (uint32_t s = lo; s <= hi; ++s)
            {
                if (std::find(list.begin(), list.end(), s) == list.end())
                {
                    list.push_back(s);
                }
            }
        }
        if (list.empty())
        {
            return Invalid(error,
                           "placement=" + placement,
                           "type \"" + parts[0] + "\" names no server");
        }
        if (!result.emplace(cls, list).second)
        {
            return Invalid(error,
                           "placement=" + placement,
                           "type \"" + parts[0] + "\" is placed twice");
        }
    }
    return true;
}

uint32_t
RackSchedScenario::Parameters::GetSamples() const
{
    const RackPolicy* p = Find(kPolicies, policy);
    const Tracking* t = Find(kTrackings, tracking);
    if (!p || std::string(p->dispatcher) != "ns3::PowerOfKDispatcher" || (t && *t->dispatcher))
    {
        return 0;
    }
    if (p->overAll || (p->tracked && t && t->overAll))
    {
        return servers;
    }
    return std::min(p->defaultK > 0 && !kGiven ? p->defaultK : k, servers);
}

bool
RackSchedScenario::Parameters::UsesRandomShare() const
{
    const RackPolicy* p = Find(kPolicies, policy);
    const Tracking* t = Find(kTrackings, tracking);
    return p && t && (p->overAll || (p->tracked && (t->overAll || *t->dispatcher)));
}

bool
RackSchedScenario::Parameters::PerTypeLoad() const
{
    if (perTypeLoad != Switch::AUTO)
    {
        return perTypeLoad == Switch::ON;
    }
    return kTypeQueueWorkloads.count(workload) == 1;
}

bool
RackSchedScenario::Parameters::MakeDispatcher(ObjectFactory& factory, std::string& error) const
{
    const RackPolicy* p = Find(kPolicies, policy);
    if (!p)
    {
        error = "invalid --inter=" + policy;
        return false;
    }
    const Tracking* t = Find(kTrackings, tracking);
    if (!t)
    {
        error = "invalid --tracking=" + tracking;
        return false;
    }
    factory = ObjectFactory(p->tracked && *t->dispatcher ? t->dispatcher : p->dispatcher);
    if (GetSamples() > 0)
    {
        factory.Set("K", UintegerValue(GetSamples()));
        factory.Set("Sampling", EnumValue(sampling));
    }
    if (p->tracked && (GetSamples() > 0 || *t->dispatcher))
    {
        factory.Set("RandomShare", DoubleValue(UsesRandomShare() ? randomShare : 0.0));
    }
    if (p->switchQueue)
    {
        factory.Set("Bound", UintegerValue(jbsqBound));
    }
    // Per-type turns (a tracked policy's per-type loads are its tracker's).
    if (p->perType && !p->tracked)
    {
        factory.Set("PerClass", BooleanValue(PerTypeLoad()));
    }
    return true;
}

bool
RackSchedScenario::Parameters::MakeTracker(ObjectFactory& factory) const
{
    const RackPolicy* p = Find(kPolicies, policy);
    const Tracking* t = Find(kTrackings, tracking);
    if (!p || !t || !p->tracked || !*t->tracker)
    {
        return false;
    }
    factory = ObjectFactory(t->tracker);
    factory.Set("PerClass", BooleanValue(PerTypeLoad()));
    if (*t->report)
    {
        factory.Set("Report", StringValue(t->report));
    }
    return true;
}

bool
RackSchedScenario::Parameters::MakeServerPolicy(ObjectFactory& factory, std::string& error) const
{
    // The reference line is Shinjuku whatever --intra says (its quantum
    // too, if --intra is a Shinjuku); R2P2's workers run each request to
    // completion, FCFS.
    const RackPolicy* p = Find(kPolicies, policy);
    if (!p)
    {
        return Invalid(error, "inter=" + policy, "unknown policy");
    }
    factory = intra;
    bool fromIntra = true;
    if (*p->servers && intra.GetTypeId().GetName() != p->servers)
    {
        factory = ObjectFactory(p->servers);
        fromIntra = false;
    }
    else if (*p->intra && !intraGiven)
    {
        factory = ObjectFactory(p->intra);
        fromIntra = false;
    }
    // An attribute the user set, in --intra's brackets or as an ns-3
    // default, is never replaced by the authors' setting.
    auto named = [this, fromIntra](const std::string& attribute) {
        return shinjukuDefaults.count(attribute) == 1 ||
               (fromIntra &&
                std::find(intraNamed.begin(), intraNamed.end(), attribute) != intraNamed.end());
    };
    bool shinjuku = factory.GetTypeId() == ShinjukuCorePolicy::GetTypeId();
    if (shinjuku && !named("Quantum"))
    {
        factory.Set("Quantum",
                    TimeValue(MicroSeconds(kRocksDbWorkloads.count(workload) == 1 ? 500 : 250)));
    }
    // Per-type queues for the authors' per-type workloads and for
    // --priority/--weights, unless the user sets QueuePerClass.
    bool byClass = !priority.empty() || !weights.empty();
    bool authorsTypeQueues = kTypeQueueWorkloads.count(workload) == 1;
    TypeId::AttributeInformation info;
    bool hasTypeQueues = factory.GetTypeId().LookupAttributeByName("QueuePerClass", &info);
    BooleanValue queuePerClass(false);
    if (hasTypeQueues)
    {
        if (!named("QueuePerClass") && (authorsTypeQueues || byClass))
        {
            factory.Set("QueuePerClass", BooleanValue(true));
        }
        factory.Create<CorePolicy>()->GetAttribute("QueuePerClass", queuePerClass);
    }
    if (byClass)
    {
        std::string option = priority.empty() ? "weights" : "priority";
        if (!hasTypeQueues)
        {
            error = "invalid --" + option +
                    ": needs per-type queues on the servers (--intra=shinjuku), not " +
                    TypeAliases::Name(factory.GetTypeId());
            return false;
        }
        if (!queuePerClass.Get())
        {
            error = "invalid --" + option + ": needs per-type queues, and QueuePerClass is false";
            return false;
        }
        if (!priority.empty() && !weights.empty())
        {
            error = "invalid --priority: give --priority or --weights, not both";
            return false;
        }
        factory.Set("ClassScheduling", StringValue(priority.empty() ? "WeightedFair" : "Priority"));
        factory.Set("ClassWeights", StringValue(priority.empty() ? weights : priority));
        return true;
    }
    // The rest of the authors' per-type queues (smart_tskq_dequeue and
    // queue_setting): the queue whose head has waited longest over its
    // type's SLO, and a preempted request back at the head of its queue.
    // Each setting the user names is kept, and the others still apply
    // (none if the user turns the per-type queues off).
    if (!shinjuku || !authorsTypeQueues || !queuePerClass.Get())
    {
        return true;
    }
    if (!named("ClassScheduling"))
    {
        factory.Set("ClassScheduling", StringValue("OldestOverTarget"));
    }
    StringValue scheduling; // as ns-3 writes the enum: its name
    factory.Create<CorePolicy>()->GetAttribute("ClassScheduling", scheduling);
    if (!named("ClassWeights") && scheduling.Get() == "OldestOverTarget")
    {
        std::string targets;
        for (size_t c = 0; c < service.classNames.size() && c < kAuthorsTargets.size(); ++c)
        {
            targets += (c == 0 ? "" : ",") + kAuthorsTargets[c];
        }
        factory.Set("ClassWeights", StringValue(targets));
    }
    if (!named("PreemptedFirst"))
    {
        factory.Set("PreemptedFirst", BooleanValue(true));
    }
    return true;
}

bool
RackSchedScenario::Parameters::Validate(std::string& error) const
{
    const RackPolicy* p = Find(kPolicies, policy);
    if (!p)
    {
        return Invalid(error, "inter=" + policy, "unknown policy");
    }
    // The default k (2) is cut to a smaller rack; a k given is checked.
    if (k < 1 || (kGiven && k > servers))
    {
        return Invalid(error,
                       "k=" + std::to_string(k),
                       "must be 1 .. --servers (" + std::to_string(servers) + ")");
    }
    uint32_t n = 0;
    uint32_t cores = 0;
    if (!heterogeneous.empty() && !ParseHeterogeneous(heterogeneous, servers, n, cores))
    {
        return Invalid(error,
                       "heterogeneous=" + heterogeneous,
                       "expected N:W with 1 <= N <= --servers and 1 <= W <= 1024");
    }
    if (!service.stream || !(service.mean > 0))
    {
        return Invalid(error, "service=" + service.text, "its mean must be > 0");
    }
    TypeId tid = intra.GetTypeId();
    if (!tid.IsChildOf(CorePolicy::GetTypeId()) || !tid.HasConstructor())
    {
        return Invalid(error, "intra=" + tid.GetName(), "not a core policy");
    }
    // The servers' policy gives types beyond the list weight 1; here the
    // help promises one value per type, and a list of another length is a slip.
    for (const auto& [name, list] : {std::pair{"priority", priority}, {"weights", weights}})
    {
        size_t values = list.empty() ? 0 : std::count(list.begin(), list.end(), ',') + 1;
        if (values > 0 && values != service.classNames.size())
        {
            std::string types;
            for (const std::string& c : service.classNames)
            {
                types += (types.empty() ? "" : ",") + c;
            }
            return Invalid(error,
                           std::string(name) + "=" + list,
                           "expected one value per request type (" + types + ")");
        }
    }
    ObjectFactory serverPolicy;
    if (!MakeServerPolicy(serverPolicy, error))
    {
        return false;
    }
    std::string why;
    for (uint32_t w : GetWorkers())
    {
        if (!serverPolicy.Create<CorePolicy>()->CheckConfig(w, why))
        {
            bool weightsProblem = why.find("ClassWeights") != std::string::npos;
            return Invalid(error,
                           weightsProblem
                               ? (priority.empty() ? "weights=" + weights : "priority=" + priority)
                               : "intra=" + TypeAliases::Name(tid),
                           why);
        }
    }
    std::map<uint32_t, std::vector<uint32_t>> constraints;
    if (!ParsePlacement(constraints, error))
    {
        return false;
    }
    ObjectFactory dispatcher;
    if (!MakeDispatcher(dispatcher, error))
    {
        return false;
    }
    if (!constraints.empty() &&
        (p->onClients || !dispatcher.Create<Dispatcher>()->SupportsCandidates()))
    {
        return Invalid(error,
                       "placement=" + placement,
                       "not supported with --inter=" + policy + " --tracking=" + tracking);
    }
    if (packetsPerRequest > 1 && p->switchQueue)
    {
        return Invalid(error,
                       "packets-per-request",
                       "JBSQ queues requests at the switch one packet each: use 1");
    }
    DataRate linkValue;
    if (!ScenarioOptions::ParseDataRate("link-rate", linkRate, linkValue, error))
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
    uint32_t apps = p->onClients ? clientCount : clients;
    // Every client application binds its flows' UDP ports on its host, out
    // of ns-3's 16384 ephemeral ports per node.
    uint64_t portsPerHost =
        uint64_t{(apps + clients - 1) / clients} * std::max(1u, flows * clients / apps);
    if (portsPerHost > 16384)
    {
        return Invalid(error,
                       p->onClients ? "client-count=" + std::to_string(clientCount)
                                    : "flows=" + std::to_string(flows),
                       "needs " + std::to_string(portsPerHost) +
                           " UDP ports on a client host, which has 16384: give more --clients");
    }
    DistributionSpec arrivals;
    if (!DistributionSpec::Arrival(DistributionSpec::Process::EXPONENTIAL,
                                   apps / GetRate(),
                                   arrivals,
                                   why))
    {
        return Invalid(error, rate > 0 ? "rate" : "load", why + " (each client's)");
    }
    return true;
}

RackSchedScenario::RackSchedScenario(const Parameters& parameters)
    : RequestScenario(parameters, NAME),
      m_parameters(parameters)
{
    std::string error;
    NS_ABORT_MSG_IF(!m_parameters.Validate(error), "RackSchedScenario: " << error);
    // A service demand of its own (--service) is a custom workload.
    m_parameters.workload =
        DistributionSpec::WorkloadOf(m_parameters.workload, m_parameters.service);
}

RackSchedScenario::~RackSchedScenario() = default;

const RackHelper&
RackSchedScenario::GetRack() const
{
    return m_rack;
}

std::vector<Ptr<Dispatcher>>
RackSchedScenario::GetDispatchers() const
{
    std::vector<Ptr<Dispatcher>> dispatchers;
    if (Ptr<Dispatcher> d = m_rack.GetDispatcher())
    {
        dispatchers.push_back(d);
    }
    ApplicationContainer clients = GetClients();
    for (auto app = clients.Begin(); app != clients.End(); ++app)
    {
        PointerValue own;
        (*app)->GetAttribute("Dispatcher", own);
        if (Ptr<Dispatcher> d = own.Get<Dispatcher>())
        {
            dispatchers.push_back(d);
        }
    }
    return dispatchers;
}

void
RackSchedScenario::Build()
{
    const Parameters& p = m_parameters;
    const RackPolicy* policy = Find(kPolicies, p.policy);
    std::string error;
    ObjectFactory dispatcher;
    ObjectFactory serverPolicy;
    NS_ABORT_MSG_IF(!p.MakeDispatcher(dispatcher, error) ||
                        !p.MakeServerPolicy(serverPolicy, error),
                    "RackSchedScenario: " << error);

    m_rack.SetServers(p.GetWorkers());
    m_rack.SetClients(p.clients);
    m_rack.SetServerPolicy(serverPolicy);
    m_rack.SetServerAttribute("WarmUp", TimeValue(p.warmUp));
    m_rack.SetServerAttribute("ExactQuantiles", BooleanValue(p.exactQuantiles));
    // Each dispatcher tracks load with a tracker of its own.
    ObjectFactory tracker;
    bool tracked = p.MakeTracker(tracker);
    // Per-type registers need the servers' per-type reports (the authors' servers').
    m_rack.SetServerAttribute("ReportPerClass", BooleanValue(tracked && p.PerTypeLoad()));
    if (tracked && !policy->onClients)
    {
        dispatcher.Set("LoadTracker", PointerValue(tracker.Create<LoadTracker>()));
    }
    m_rack.SetDispatcher(policy->onClients ? ObjectFactory() : dispatcher);
    m_rack.SetLinks(DataRate(p.linkRate), p.linkDelay);
    m_rack.Install();
    if (p.level == Level::QUEUE)
    {
        m_rack.InstallDirectLinks();
    }
    if (p.servers == 1)
    {
        Warn("--servers=1: --inter=" + p.policy +
             " has one server to choose from, so every inter-server policy gives the same "
             "result");
    }

    Ptr<RackScheduler> tor = m_rack.GetSwitch();
    if (Ptr<Dispatcher> d = m_rack.GetDispatcher())
    {
        d->AssignStreams(1000);
        std::map<uint32_t, std::vector<uint32_t>> constraints;
        p.ParsePlacement(constraints, error);
        for (const auto& [cls, servers] : constraints)
        {
            tor->SetPlacement(cls, servers);
        }
    }
    tor->TraceConnectWithoutContext("Drop", MakeCallback(&RackSchedScenario::SwitchDrop, this));
    WatchDevices(m_rack.GetDevices());
    WatchIp(m_rack.GetAllNodes());
    ApplicationContainer servers = m_rack.GetServers();
    WatchServers(servers);
    MulticoreServerHelper::AssignStreams(servers, 2000);

    // Clients: one application per host, or per independent client of the
    // client-based policy, each with its own dispatcher (its own view).
    uint32_t apps = policy->onClients ? p.clientCount : p.clients;
    double meanGap = apps / p.GetRate();
    DistributionSpec gap;
    NS_ABORT_MSG_IF(
        !DistributionSpec::Arrival(DistributionSpec::Process::EXPONENTIAL, meanGap, gap, error),
        "RackSchedScenario: " << error);
    RequestClientHelper clientHelper(m_rack.GetVirtualAddress(), m_rack.GetPort());
    // As many sockets per host as with one application per host: ns-3
    // finds a socket by a scan over the host's sockets.
    clientHelper.SetAttribute("Flows", UintegerValue(std::max(1u, p.flows * p.clients / apps)));
    clientHelper.SetAttribute("WarmUp", TimeValue(p.warmUp));
    clientHelper.SetAttribute("ExactQuantiles", BooleanValue(p.exactQuantiles));
    clientHelper.SetAttribute("PacketsPerRequest", UintegerValue(p.packetsPerRequest));
    int64_t stream = 3000;
    NodeContainer hosts = m_rack.GetClientNodes();
    for (uint32_t a = 0; a < apps; ++a)
    {
        // Distinct client ids: (client, request) names a request rack-wide.
        clientHelper.SetAttribute("ClientId", UintegerValue(a));
        if (policy->onClients)
        {
            Ptr<Dispatcher> own = dispatcher.Create<Dispatcher>();
            if (tracked)
            {
                own->SetAttribute("LoadTracker", PointerValue(tracker.Create<LoadTracker>()));
            }
            own->SetComputeVector(m_rack.GetComputeVector());
            clientHelper.SetAttribute("Dispatcher", PointerValue(own));
        }
        InstallClient(clientHelper, hosts.Get(a % hosts.GetN()), gap, p.service, stream);
        if (p.level == Level::QUEUE)
        {
            DynamicCast<RequestClient>(GetClients().Get(a))
                ->SetDirectUplink(m_rack.GetDirectUplink(a % hosts.GetN()));
        }
    }
    // Throughput is measured over [warm-up, duration), as utilisation is.
    ApplicationContainer clients = GetClients();
    for (auto app = clients.Begin(); app != clients.End(); ++app)
    {
        (*app)->TraceConnectWithoutContext("Complete",
                                           MakeCallback(&RackSchedScenario::Completed, this));
    }
}

bool
RackSchedScenario::GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error)
{
    if (m_parameters.level == Level::QUEUE)
    {
        // DirectLinks and the servers' queue-level paths do not fail.
        error = "there are no links or nodes to fail at --level=queue";
        return false;
    }
    NodeContainer nodes = m_rack.GetAllNodes();
    NetDeviceContainer devices = m_rack.GetDevices();
    uint32_t servers = m_rack.GetServers().GetN();
    uint32_t hosts = devices.GetN() / 2;
    uint32_t server = UINT32_MAX; // the server the fault cuts off, if any
    if (fault.kind == FaultSpec::Kind::SERVER && fault.index < servers)
    {
        target.AddNode(nodes.Get(1 + fault.index));
        server = fault.index;
    }
    else if (fault.kind == FaultSpec::Kind::LINK && fault.index < hosts)
    {
        target.AddDevice(devices.Get(2 * fault.index));
        target.AddDevice(devices.Get(2 * fault.index + 1));
        server = fault.index < servers ? fault.index : UINT32_MAX;
    }
    else if (fault.kind == FaultSpec::Kind::SWITCH && fault.index == 0)
    {
        target.AddNode(nodes.Get(0));
        Ptr<RackScheduler> tor = m_rack.GetSwitch();
        target.apply = [tor](bool up) { tor->SetFailed(!up); };
    }
    else
    {
        error = "the rack has servers 0-" + std::to_string(servers - 1) + ", links 0-" +
                std::to_string(hosts - 1) + " (servers' first, then clients') and switch 0";
        return false;
    }
    if (server != UINT32_MAX)
    {
        std::vector<Ptr<Dispatcher>> dispatchers = GetDispatchers();
        target.notify = [dispatchers, server](bool up) {
            for (const auto& d : dispatchers)
            {
                d->SetAvailable(server, up);
            }
        };
    }
    return true;
}

void
RackSchedScenario::Completed(const ServiceRequestHeader& /* header */, Time /* rct */)
{
    Time now = Simulator::Now();
    if (now >= m_parameters.warmUp && now < m_parameters.duration)
    {
        ++m_completedInWindow;
    }
}

void
RackSchedScenario::SwitchDrop(Ptr<const Packet> p, const std::string& reason)
{
    // Malformed packets (the scenario's clients send none), missing routes
    // and failed servers; a multi-packet request counts once. The packet is
    // the IP payload.
    PacketDropped(p, UdpHeader().GetSerializedSize(), "switch: " + reason);
}

JsonSummary
RackSchedScenario::Summarize() const
{
    const Parameters& p = m_parameters;
    RequestStats rct = GetClientStats();
    double window = (p.duration - p.warmUp).GetSeconds();

    JsonSummary perClass;
    for (uint32_t c = 0; c < p.service.classNames.size(); ++c)
    {
        JsonSummary cls;
        bool answered = c < rct.GetClassCount();
        cls.Set("recorded", answered ? rct.GetClass(c).GetCount() : uint64_t{0});
        cls.SetLatency("rct_", answered ? rct.GetClass(c) : LatencySummary());
        perClass.Set(p.service.classNames[c], cls);
    }
    JsonSummary perServer;
    ApplicationContainer servers = m_rack.GetServers();
    uint64_t inServers = 0;
    uint64_t assembling = 0;
    for (uint32_t s = 0; s < servers.GetN(); ++s)
    {
        Ptr<MulticoreServer> server = DynamicCast<MulticoreServer>(servers.Get(s));
        inServers += server->GetInSystem();
        assembling += server->GetAssembling();
        Time busy = GetMeasuredBusyTime(s).workers;
        JsonSummary one;
        one.Set("workers", server->GetWorkers())
            .Set("requests", server->GetCompleted())
            .Set("utilisation",
                 window > 0 ? busy.GetSeconds() / (server->GetWorkers() * window) : 0.0)
            .Set("preemptions", server->GetPolicy()->GetPreemptions())
            .SetLatency("sojourn_", server->GetStats().GetAll());
        perServer.Set(std::to_string(s), one);
    }
    // Counts of requests whose replies never came, taken back after their timeout.
    uint64_t reclaimed = 0;
    uint64_t jbsqReclaimed = 0;
    for (Ptr<Dispatcher> d : GetDispatchers())
    {
        Ptr<PowerOfKDispatcher> pok = DynamicCast<PowerOfKDispatcher>(d);
        if (auto counts = pok ? DynamicCast<ProactiveLoadTracker>(pok->GetLoadTracker()) : nullptr)
        {
            reclaimed += counts->GetReclaimed();
        }
        if (Ptr<JbsqDispatcher> jbsq = DynamicCast<JbsqDispatcher>(d))
        {
            jbsqReclaimed += jbsq->GetReclaimed();
        }
    }
    Ptr<RackScheduler> tor = m_rack.GetSwitch();
    // What the run used, read back from its (first) dispatcher.
    Ptr<Dispatcher> used = GetDispatchers().at(0);
    UintegerValue k(0);
    if (DynamicCast<PowerOfKDispatcher>(used))
    {
        used->GetAttribute("K", k);
    }
    // Server 0's policy: every server's has the same attributes.
    Ptr<CorePolicy> policy = DynamicCast<MulticoreServer>(servers.Get(0))->GetPolicy();
    JsonSummary j = RequestScenario::Summarize();
    if (p.level == Level::QUEUE)
    {
        j.Set("link_backlog_peak", DirectLinkHelper::GetPeakBacklog(m_rack.GetDirectLinks()));
    }
    j.Set("level", ScenarioOptions::NameOf(p.level, LEVELS))
        .Set("inter", p.policy)
        .Set("dispatcher", TypeAliases::Name(used->GetInstanceTypeId()))
        .Set("dispatcher_on", Find(kPolicies, p.policy)->onClients ? "clients" : "switch")
        .Set("k", k.Get())
        .Set("tracking", Find(kPolicies, p.policy)->tracked ? p.tracking : "none")
        .Set("sampling",
             k.Get() > 0 && k.Get() < p.servers ? ScenarioOptions::NameOf(p.sampling, SAMPLINGS)
                                                : "none")
        .Set("random_share", p.UsesRandomShare() ? p.randomShare : 0.0)
        .Set("per_type_load", Find(kPolicies, p.policy)->perType && p.PerTypeLoad())
        .Set("intra", TypeAliases::Name(policy->GetInstanceTypeId()))
        .Set("intra_attributes", PolicyAttributes(policy))
        .Set("servers", p.servers)
        .Set("workers", p.workers)
        .Set("heterogeneous", p.heterogeneous)
        .Set("workload", p.workload)
        .Set("service", p.service.text)
        .Set("service_mean_us", p.service.mean * 1e6)
        .Set("packets_per_request", p.packetsPerRequest)
        .Set("load", p.rate > 0 ? 0.0 : p.load)
        .Set("rate_rps", p.GetRate())
        .Set("throughput_rps", window > 0 ? m_completedInWindow / window : 0.0)
        .Set("per_class", perClass)
        .Set("per_server", perServer)
        .Set("in_servers", inServers)
        .Set("assembling_in_servers", assembling)
        .Set("switch_scheduled", tor->GetScheduled())
        .Set("switch_queued", tor->GetQueued())
        .Set("switch_queue_peak", tor->GetQueuePeak())
        .Set("affinity_misses", tor->GetAffinityMisses())
        .Set("affinity_peak", tor->GetAffinityPeak())
        .Set("affinity_reclaimed", tor->GetAffinityReclaimed())
        .Set("proactive_reclaimed", reclaimed)
        .Set("jbsq_reclaimed", jbsqReclaimed);
    return j;
}

} // namespace rsched
} // namespace ns3
