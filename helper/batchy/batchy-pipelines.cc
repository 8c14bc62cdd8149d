/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-pipelines.h"

#include <map>
#include <tuple>

namespace ns3
{
namespace rsched
{

namespace
{

// Costs (ns per batch, ns per packet). The paper's profiles:
constexpr double IP_LOOKUP_T0 = 68.5;
constexpr double IP_LOOKUP_T1 = 27.5;
constexpr double ACL_T0 = 122.3;
constexpr double ACL_T1 = 30.4;
constexpr double NAT_T0 = 43.5;
constexpr double NAT_T1 = 21;
// Our assumptions for modules the paper gives no profile of: an exact-match
// table lookup costs about half an IP lookup; header rewrites (TTL, MAC,
// checksum) touch a few header bytes per packet after the per-batch cost of
// a module call.
constexpr double EXACT_MATCH_T0 = 35;
constexpr double EXACT_MATCH_T1 = 14;
constexpr double REWRITE_T0 = 20;
constexpr double REWRITE_T1 = 5;

/**
 * \param table (size, SLO in ns) of the authors' scripts
 * \param n a size
 * \param fallback when \p n is not in the table
 * \return the SLO
 */
Time
SloFor(const std::map<uint32_t, int64_t>& table, uint32_t n, Time fallback)
{
    auto it = table.find(n);
    return it == table.end() ? fallback : NanoSeconds(it->second);
}

/**
 * \param n next hops
 * \param ratePps total rate
 * \param slo SLO of each flow
 * \param gateway add ACL and NAT per branch
 * \return the graph
 */
DataFlowGraph
Routing(uint32_t n, double ratePps, Time slo, bool gateway)
{
    DataFlowGraph g;
    uint32_t type = g.AddModule("type_check", EXACT_MATCH_T0, EXACT_MATCH_T1);
    uint32_t mac = g.AddModule("mac_match", EXACT_MATCH_T0, EXACT_MATCH_T1);
    uint32_t lookup = g.AddModule("ip_lookup", IP_LOOKUP_T0, IP_LOOKUP_T1);
    g.Connect(type, mac);
    g.Connect(mac, lookup);
    for (uint32_t i = 0; i < n; ++i)
    {
        std::string s = std::to_string(i);
        std::vector<uint32_t> path{type, mac, lookup};
        uint32_t prev = lookup;
        auto chain = [&](const std::string& name, double t0, double t1) {
            uint32_t v = g.AddModule(name + "_" + s, t0, t1);
            g.Connect(prev, v);
            path.push_back(v);
            prev = v;
        };
        if (gateway)
        {
            chain("acl", ACL_T0, ACL_T1);
            chain("nat", NAT_T0, NAT_T1);
        }
        chain("ttl", REWRITE_T0, REWRITE_T1);
        chain("mac_rewrite", REWRITE_T0, REWRITE_T1);
        chain("checksum", REWRITE_T0, REWRITE_T1);
        g.AddFlow("nhop" + s, path, ratePps / n, slo);
    }
    return g;
}

} // namespace

DataFlowGraph
BatchyPipelines::L2L3(uint32_t n, double ratePps, Time slo)
{
    // The authors' SLOs for L2L3(n) (scripts/nsdi-measurements).
    static const std::map<uint32_t, int64_t> slos = {{1, 11164},
                                                     {4, 22990},
                                                     {8, 41180},
                                                     {16, 79121}};
    return Routing(n,
                   ratePps,
                   slo.IsZero() ? SloFor(slos, n, MicroSeconds(5 * n + 10)) : slo,
                   false);
}

DataFlowGraph
BatchyPipelines::Gateway(uint32_t n, double ratePps, Time slo)
{
    static const std::map<uint32_t, int64_t> slos = {{1, 16243},
                                                     {8, 62250},
                                                     {16, 118926},
                                                     {64, 477653}};
    return Routing(n,
                   ratePps,
                   slo.IsZero() ? SloFor(slos, n, MicroSeconds(7 * n + 10)) : slo,
                   true);
}

DataFlowGraph
BatchyPipelines::Vrf(uint32_t m, uint32_t n, double ratePps, Time slo)
{
    // The authors' l3vrf profiles: IP lookup 100 + 20 ns, DPDK ACL 100 + 15 ns.
    static const std::map<std::pair<uint32_t, uint32_t>, int64_t> slos = {{{1, 1}, 22108},
                                                                          {{2, 4}, 72840},
                                                                          {{16, 4}, 752590},
                                                                          {{12, 8}, 1130310}};
    auto known = slos.find({m, n});
    Time flowSlo = slo.IsStrictlyPositive() ? slo
                   : known != slos.end()    ? NanoSeconds(known->second)
                                            : MicroSeconds(10 * m * n + 20);
    DataFlowGraph g;
    uint32_t type = g.AddModule("type_check", EXACT_MATCH_T0, EXACT_MATCH_T1);
    uint32_t split = g.AddModule("vlan_split", EXACT_MATCH_T0, EXACT_MATCH_T1);
    uint32_t merge = g.AddModule("merge", EXACT_MATCH_T0, EXACT_MATCH_T1);
    g.Connect(type, split);
    for (uint32_t i = 0; i < m; ++i)
    {
        std::string vrf = std::to_string(i);
        uint32_t pop = g.AddModule("vlan_pop_" + vrf, REWRITE_T0, REWRITE_T1);
        uint32_t lookup = g.AddModule("ip_lookup_" + vrf, 100, 20);
        g.Connect(split, pop);
        g.Connect(pop, lookup);
        for (uint32_t j = 0; j < n; ++j)
        {
            std::string s = vrf + "_" + std::to_string(j);
            std::vector<uint32_t> path{type, split, pop, lookup};
            uint32_t prev = lookup;
            for (const auto& [name, t0, t1] :
                 {std::tuple<const char*, double, double>{"ttl", REWRITE_T0, REWRITE_T1},
                  {"mac_rewrite", REWRITE_T0, REWRITE_T1},
                  {"checksum", REWRITE_T0, REWRITE_T1},
                  {"acl", 100.0, 15.0}})
            {
                uint32_t v = g.AddModule(std::string(name) + "_" + s, t0, t1);
                g.Connect(prev, v);
                path.push_back(v);
                prev = v;
            }
            g.Connect(prev, merge);
            path.push_back(merge);
            g.AddFlow("vrf" + s, path, ratePps / (m * n), flowSlo);
        }
    }
    return g;
}

DataFlowGraph
BatchyPipelines::Mgw(uint32_t m, uint32_t n, double ratePps, Time slo)
{
    // The authors' D0 (mgw.sh, 4 users) per number of bearers.
    static const std::map<uint32_t, int64_t> d0s = {{1, 80260},
                                                    {2, 112437},
                                                    {4, 193342},
                                                    {8, 415462},
                                                    {16, 788899}};
    auto known = d0s.find(m);
    Time d0 = slo.IsStrictlyPositive() ? slo
              : known != d0s.end()     ? NanoSeconds(known->second)
                                       : MicroSeconds(50 * m);
    // The user's processing: 2000 cycles per batch and 100 per packet at 2.5 GHz.
    const double userT0 = 800;
    const double userT1 = 40;
    DataFlowGraph g;
    auto add = [&g](const std::string& name, double t0, double t1, bool bufferable = true) {
        uint32_t v = g.AddModule(name, t0, t1);
        g.GetModule(v).bufferable = bufferable;
        return v;
    };
    auto chain = [&g](std::vector<uint32_t>& path, uint32_t v) {
        g.Connect(path.back(), v);
        path.push_back(v);
    };
    uint32_t mac = add("mac_table", EXACT_MATCH_T0, EXACT_MATCH_T1);
    uint32_t type = add("type_check", EXACT_MATCH_T0, EXACT_MATCH_T1);
    uint32_t dir = add("dir_selector", EXACT_MATCH_T0, EXACT_MATCH_T1, false);
    g.Connect(mac, type);
    g.Connect(type, dir);
    uint32_t dlBearer = add("dl_bearer_selector", EXACT_MATCH_T0, EXACT_MATCH_T1, false);
    uint32_t decap = add("vxlan_decap", REWRITE_T0, REWRITE_T1);
    uint32_t ulBearer = add("ul_bearer_selector", EXACT_MATCH_T0, EXACT_MATCH_T1, false);
    g.Connect(dir, dlBearer);
    g.Connect(dir, decap);
    g.Connect(decap, ulBearer);
    uint32_t ttl = add("ttl", REWRITE_T0, REWRITE_T1);
    uint32_t lookup = add("ip_lookup", IP_LOOKUP_T0, IP_LOOKUP_T1);
    g.Connect(ttl, lookup);
    std::map<std::string, std::vector<uint32_t>> egress; // per direction
    for (const char* d : {"dl", "ul"})
    {
        std::vector<uint32_t> path{lookup};
        chain(path, add(std::string("mac_rewrite_") + d, REWRITE_T0, REWRITE_T1));
        chain(path, add(std::string("checksum_") + d, REWRITE_T0, REWRITE_T1));
        chain(path, add(std::string("flow_demux_") + d, EXACT_MATCH_T0, EXACT_MATCH_T1, false));
        path.erase(path.begin());
        egress[d] = path;
    }
    double weights = 0;
    for (uint32_t b = 0; b < m; ++b)
    {
        weights += 2 * n * (b + 1 < m ? std::min(b + 1, 4U) : 4U);
    }
    for (uint32_t b = 0; b < m; ++b)
    {
        std::string bearer = std::to_string(b);
        uint32_t dlUser = add("dl_user_selector_" + bearer, EXACT_MATCH_T0, EXACT_MATCH_T1, false);
        uint32_t ulUser = add("ul_user_selector_" + bearer, EXACT_MATCH_T0, EXACT_MATCH_T1, false);
        g.Connect(dlBearer, dlUser);
        g.Connect(ulBearer, ulUser);
        double rate = ratePps * (b + 1 < m ? std::min(b + 1, 4U) : 4U) / weights;
        Time flowSlo = b + 1 < m ? d0 * (b + 1) : Time(0);
        for (uint32_t u = 0; u < n; ++u)
        {
            std::string id = std::to_string(u) + "_" + bearer;
            for (const std::string d : {"dl", "ul"})
            {
                std::vector<uint32_t> path{mac, type, dir};
                if (d == "dl")
                {
                    path.push_back(dlBearer);
                    path.push_back(dlUser);
                    chain(path, add("user_dl_" + id, userT0, userT1));
                    for (const char* e : {"set_md", "vxlan_encap", "ip_encap", "eth_encap"})
                    {
                        chain(path, add(std::string(e) + "_dl_" + id, REWRITE_T0, REWRITE_T1));
                    }
                }
                else
                {
                    path.push_back(decap);
                    path.push_back(ulBearer);
                    path.push_back(ulUser);
                    chain(path, add("user_ul_" + id, userT0, userT1));
                    chain(path, add("set_md_ul_" + id, REWRITE_T0, REWRITE_T1));
                }
                chain(path, ttl);
                path.push_back(lookup);
                path.insert(path.end(), egress[d].begin(), egress[d].end());
                chain(path, add("demux_" + d + "_" + id, REWRITE_T0, REWRITE_T1));
                g.AddFlow("user" + id + "_" + d, path, rate, flowSlo);
            }
        }
    }
    return g;
}

DataFlowGraph
BatchyPipelines::RobotControl(uint32_t n, double ratePps)
{
    DataFlowGraph g;
    // A per-packet weighted random splitter: an exact-match-like cost.
    uint32_t split = g.AddModule("random_split", EXACT_MATCH_T0, EXACT_MATCH_T1);
    for (uint32_t i = 0; i < n; ++i)
    {
        // Leaf 0: 1 cycle per batch and per packet at 2.5 GHz; the others
        // 10 000 cycles per batch (the authors' Bypass costs).
        uint32_t leaf = i == 0 ? g.AddModule("control", 0.4, 0.4)
                               : g.AddModule("bulk_" + std::to_string(i), 4000, 0);
        g.Connect(split, leaf);
        g.AddFlow(i == 0 ? "control" : "bulk_" + std::to_string(i),
                  {split, leaf},
                  ratePps / n,
                  i == 0 ? MicroSeconds(35) : MilliSeconds(100));
    }
    return g;
}

const BatchyPipelines::Named*
BatchyPipelines::Find(const std::string& name)
{
    // clang-format off
    static const Named named[] = {
        // name  usesM  ownSlos controlFlow minN build
        {"l2l3", false, false,  false,      1,   [](uint32_t, uint32_t n, double r, Time slo) { return L2L3(n, r, slo); }},
        {"gw",   false, false,  false,      1,   [](uint32_t, uint32_t n, double r, Time slo) { return Gateway(n, r, slo); }},
        {"vrf",  true,  false,  false,      1,   [](uint32_t m, uint32_t n, double r, Time slo) { return Vrf(m, n, r, slo); }},
        {"mgw",  true,  false,  false,      1,   [](uint32_t m, uint32_t n, double r, Time slo) { return Mgw(m, n, r, slo); }},
        {"rc",   false, true,   true,       2,   [](uint32_t, uint32_t n, double r, Time) { return RobotControl(n, r); }},
    };
    // clang-format on
    for (const Named& p : named)
    {
        if (name == p.name)
        {
            return &p;
        }
    }
    return nullptr;
}

bool
BatchyPipelines::Build(const std::string& name,
                       uint32_t n,
                       uint32_t m,
                       double ratePps,
                       Time slo,
                       DataFlowGraph& graph,
                       std::string& error)
{
    const Named* p = Find(name);
    if (!p)
    {
        error = "--pipeline=" + name + ": unknown pipeline";
        return false;
    }
    if (n == 0 || n > 4096)
    {
        error = "--n=" + std::to_string(n) + ": must be 1 .. 4096";
        return false;
    }
    if (n < p->minN)
    {
        error = "--n=" + std::to_string(n) + ": the " + name + " pipeline needs at least " +
                std::to_string(p->minN) + " leaves";
        return false;
    }
    if (p->usesM && (m == 0 || m > 4096))
    {
        error = "--m=" + std::to_string(m) + ": must be 1 .. 4096";
        return false;
    }
    // vrf and mgw grow as m x n in flows and in modules, and the graph's
    // routing table as their product: past this it takes gigabytes.
    if (p->usesM && uint64_t(m) * n > MAX_PAIRS)
    {
        error = "--m=" + std::to_string(m) + ": " + name + " takes at most " +
                std::to_string(MAX_PAIRS) +
                " (m, n) pairs (--m x --n = " + std::to_string(uint64_t(m) * n) + ")";
        return false;
    }
    graph = p->build(m, n, ratePps, slo);
    return true;
}

} // namespace rsched
} // namespace ns3
