/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: DataFlowGraph::Parse, the reader of the user-written Batchy
 * pipeline files (`batchy-scenario --pipeline=FILE`).
 *
 * Checked besides the absence of crashes, hangs and sanitizer reports:
 * - a rejected file gives a message that starts with the file name;
 * - an accepted graph is one the Batchy switch can run: costs and rates
 *   finite and >= 0, SLOs >= 0, every flow's path followed hop by hop by
 *   NextHop() and GateOf() from a root to the egress, and GetChain() of
 *   every module ends (the graph is acyclic) and never lists a module twice.
 */

#include "fuzz-check.h"

#include "ns3/data-flow-graph.h"

#include <cmath>
#include <set>
#include <sstream>

using namespace ns3;
using namespace ns3::rsched;

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    std::istringstream in(FuzzText(data, size));
    DataFlowGraph graph;
    std::string error;
    if (!DataFlowGraph::Parse(in, "fuzz.graph", graph, error))
    {
        FUZZ_CHECK(error.rfind("fuzz.graph", 0) == 0, error);
        return 0;
    }
    uint32_t modules = graph.GetNModules();
    for (uint32_t v = 0; v < modules; ++v)
    {
        const auto& m = graph.GetModule(v);
        FUZZ_CHECK(std::isfinite(m.t0Ns) && m.t0Ns >= 0 && std::isfinite(m.t1Ns) && m.t1Ns >= 0,
                   m.name);
        FUZZ_CHECK(m.bufferable || !m.controllable, "unbuffered " << m.name << " controllable");
        std::vector<uint32_t> chain;
        std::vector<uint32_t> next;
        graph.GetChain(v, chain, next);
        std::set<uint32_t> seen(chain.begin(), chain.end());
        seen.insert(next.begin(), next.end());
        FUZZ_CHECK(seen.size() == chain.size() + next.size(), "module listed twice below " << v);
        FUZZ_CHECK(seen.count(v) == 0, "module " << m.name << " below itself");
    }
    for (uint32_t f = 0; f < graph.GetNFlows(); ++f)
    {
        const auto& flow = graph.GetFlow(f);
        FUZZ_CHECK(std::isfinite(flow.ratePps) && flow.ratePps >= 0, flow.name);
        FUZZ_CHECK(!flow.slo.IsStrictlyNegative(), flow.name);
        FUZZ_CHECK(!flow.path.empty() && graph.GetModule(flow.path[0]).predecessors.empty(),
                   flow.name);
        uint32_t v = flow.path[0];
        for (size_t i = 0; i < flow.path.size(); ++i)
        {
            FUZZ_CHECK(v == flow.path[i], "flow " << flow.name << " hop " << i);
            uint32_t gate = graph.GateOf(v, f);
            const auto& out = graph.GetModule(v).successors;
            v = graph.NextHop(v, f);
            if (v == DataFlowGraph::EGRESS)
            {
                FUZZ_CHECK(gate == out.size() && i + 1 == flow.path.size(), flow.name);
                break;
            }
            FUZZ_CHECK(gate < out.size() && out[gate] == v, flow.name);
        }
    }
    return 0;
}
