/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "data-flow-graph.h"

#include "ns3/abort.h"
#include "ns3/split-text.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace ns3
{
namespace rsched
{

namespace
{

/**
 * \param text a number
 * \param value receives it
 * \return true if \p text is a finite number and nothing else
 */
bool
ParseNumber(const std::string& text, double& value)
{
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return !text.empty() && *end == '\0' && std::isfinite(value);
}

/**
 * \param text a duration with a unit (s, ms, us, ns)
 * \param value receives it
 * \return true on success
 */
bool
ParseDuration(const std::string& text, Time& value)
{
    static const std::pair<const char*, double> units[] = {{"ms", 1e-3},
                                                           {"us", 1e-6},
                                                           {"ns", 1e-9},
                                                           {"s", 1.0}};
    for (const auto& [unit, scale] : units)
    {
        std::string u(unit);
        if (text.size() > u.size() && text.compare(text.size() - u.size(), u.size(), u) == 0)
        {
            double v = 0;
            // At most 1e6 s, as ScenarioOptions::ParseTime: Seconds() of a
            // value beyond int64 nanoseconds is undefined behaviour.
            if (!ParseNumber(text.substr(0, text.size() - u.size()), v) || v < 0 || v * scale > 1e6)
            {
                return false;
            }
            value = Seconds(v * scale);
            return true;
        }
    }
    return false;
}

} // namespace

uint32_t
DataFlowGraph::AddModule(const std::string& name, double t0Ns, double t1Ns)
{
    NS_ABORT_MSG_IF(FindModule(name) != NO_MODULE, "DataFlowGraph: module " << name << " twice");
    Module m;
    m.name = name;
    m.t0Ns = t0Ns;
    m.t1Ns = t1Ns;
    m_modules.push_back(m);
    return m_modules.size() - 1;
}

void
DataFlowGraph::Connect(uint32_t from, uint32_t to)
{
    NS_ABORT_MSG_IF(from >= m_modules.size() || to >= m_modules.size(),
                    "DataFlowGraph::Connect: no such module");
    auto& out = m_modules[from].successors;
    if (std::find(out.begin(), out.end(), to) == out.end())
    {
        out.push_back(to);
        m_modules[to].predecessors.push_back(from);
    }
}

uint32_t
DataFlowGraph::AddFlow(const std::string& name,
                       const std::vector<uint32_t>& path,
                       double ratePps,
                       Time slo)
{
    Flow f;
    f.name = name;
    f.path = path;
    f.ratePps = ratePps;
    f.slo = slo;
    m_flows.push_back(f);
    return m_flows.size() - 1;
}

void
DataFlowGraph::SetFlowRate(uint32_t flow, double ratePps)
{
    m_flows.at(flow).ratePps = ratePps;
}

void
DataFlowGraph::SetFlowSlo(uint32_t flow, Time slo)
{
    m_flows.at(flow).slo = slo;
}

uint32_t
DataFlowGraph::FindModule(const std::string& name) const
{
    for (uint32_t i = 0; i < m_modules.size(); ++i)
    {
        if (m_modules[i].name == name)
        {
            return i;
        }
    }
    return NO_MODULE;
}

std::vector<uint32_t>
DataFlowGraph::FindCycle() const
{
    // Peel off the modules without predecessors left (Kahn); every module
    // that remains has one among the rest, so walking back from any of them
    // must come round to a module already seen: that loop is a cycle.
    std::vector<uint32_t> indegree(m_modules.size());
    for (const Module& m : m_modules)
    {
        for (uint32_t s : m.successors)
        {
            ++indegree[s];
        }
    }
    std::vector<uint32_t> ready;
    for (uint32_t i = 0; i < m_modules.size(); ++i)
    {
        if (indegree[i] == 0)
        {
            ready.push_back(i);
        }
    }
    while (!ready.empty())
    {
        uint32_t v = ready.back();
        ready.pop_back();
        for (uint32_t s : m_modules[v].successors)
        {
            if (--indegree[s] == 0)
            {
                ready.push_back(s);
            }
        }
    }
    auto left = std::find_if(indegree.begin(), indegree.end(), [](uint32_t d) { return d > 0; });
    if (left == indegree.end())
    {
        return {};
    }
    std::vector<uint32_t> walk{static_cast<uint32_t>(left - indegree.begin())};
    std::vector<int64_t> seenAt(m_modules.size(), -1);
    seenAt[walk.back()] = 0;
    while (true)
    {
        uint32_t v = walk.back();
        uint32_t p = *std::find_if(m_modules[v].predecessors.begin(),
                                   m_modules[v].predecessors.end(),
                                   [&indegree](uint32_t u) { return indegree[u] > 0; });
        if (seenAt[p] >= 0)
        {
            // walk[seenAt[p]] .. walk.back() is the cycle, against the edges;
            // given along them, from its first module declared.
            std::vector<uint32_t> cycle(walk.rbegin(), walk.rend() - seenAt[p]);
            std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
            return cycle;
        }
        seenAt[p] = walk.size();
        walk.push_back(p);
    }
}

bool
DataFlowGraph::Validate(std::string& error)
{
    if (m_modules.empty() || m_flows.empty())
    {
        error = "the graph needs a module and a flow";
        return false;
    }
    for (const Module& m : m_modules)
    {
        // A batch's cost becomes a Time (int64 ns): bounded so that the
        // largest batch of the costliest modules cannot overflow it.
        if (!(m.t0Ns >= 0) || !(m.t1Ns >= 0) || !(m.t0Ns <= MAX_COST_NS) ||
            !(m.t1Ns <= MAX_COST_NS))
        {
            error = "module " + m.name + ": costs must be >= 0 and at most 1e9 ns";
            return false;
        }
    }
    // Kahn's algorithm: a DAG empties; a cycle leaves modules behind.
    std::vector<uint32_t> indegree(m_modules.size());
    for (const Module& m : m_modules)
    {
        for (uint32_t s : m.successors)
        {
            ++indegree[s];
        }
    }
    std::vector<uint32_t> ready;
    for (uint32_t i = 0; i < m_modules.size(); ++i)
    {
        if (indegree[i] == 0)
        {
            ready.push_back(i);
        }
    }
    std::vector<uint32_t> order; // topological
    while (!ready.empty())
    {
        uint32_t v = ready.back();
        ready.pop_back();
        order.push_back(v);
        for (uint32_t s : m_modules[v].successors)
        {
            if (--indegree[s] == 0)
            {
                ready.push_back(s);
            }
        }
    }
    if (order.size() != m_modules.size())
    {
        std::string cycle;
        for (uint32_t v : FindCycle())
        {
            cycle += m_modules[v].name + " -> ";
        }
        error = "the graph is not acyclic: " + cycle + m_modules[FindCycle().front()].name;
        return false;
    }
    uint32_t nf = m_flows.size();
    if (uint64_t(m_modules.size()) * nf > MAX_ROUTES)
    {
        error = "its " + std::to_string(nf) + " flows x " + std::to_string(m_modules.size()) +
                " modules exceed the " + std::to_string(MAX_ROUTES) +
                " entries of the routing table (a flow's next module at each module)";
        return false;
    }
    m_next.assign(m_modules.size() * nf, EGRESS);
    m_gate.assign(m_modules.size() * nf, 0);
    for (uint32_t f = 0; f < nf; ++f)
    {
        const Flow& flow = m_flows[f];
        if (flow.path.empty())
        {
            error = "flow " + flow.name + " has no path";
            return false;
        }
        if (!(flow.ratePps >= 0) || !std::isfinite(flow.ratePps))
        {
            error = "flow " + flow.name + ": its rate must be >= 0";
            return false;
        }
        if (!m_modules[flow.path.front()].predecessors.empty())
        {
            error = "flow " + flow.name + " starts at " + m_modules[flow.path.front()].name +
                    ", which is not a root of the graph";
            return false;
        }
        for (uint32_t i = 0; i < flow.path.size(); ++i)
        {
            uint32_t v = flow.path[i];
            const auto& out = m_modules[v].successors;
            if (i + 1 == flow.path.size())
            {
                m_gate[v * nf + f] = out.size();
                continue;
            }
            uint32_t w = flow.path[i + 1];
            auto it = std::find(out.begin(), out.end(), w);
            if (it == out.end())
            {
                error = "flow " + flow.name + ": no edge " + m_modules[v].name + " -> " +
                        m_modules[w].name;
                return false;
            }
            m_next[v * nf + f] = w;
            m_gate[v * nf + f] = it - out.begin();
        }
    }
    // Worth a buffer by its costs; but not a module that only ever receives
    // the whole batches of one above it that is worth a buffer (a chain: its
    // only predecessor has no other successor), which would only re-cut
    // them, nor a merger of streams that buffers above it have batched, nor
    // anything below such a merger, unless the authors' placement is asked for.
    std::vector<bool> byCost(m_modules.size());
    std::vector<bool> fed(m_modules.size(), false);
    std::vector<bool> batched(m_modules.size(), false); // a buffer at or above
    std::vector<bool> merged(m_modules.size(), false);  // a batched merger at or above
    for (uint32_t v : order)
    {
        Module& m = m_modules[v];
        double total = m.t0Ns + m.t1Ns;
        byCost[v] = m.bufferable && total > 0 && m.t1Ns / total <= 0.5;
        for (uint32_t p : m.predecessors)
        {
            batched[v] = batched[v] || batched[p];
            merged[v] = merged[v] || merged[p];
        }
        merged[v] = merged[v] || (m.predecessors.size() > 1 && batched[v]);
        if (m.predecessors.size() == 1 && m_modules[m.predecessors[0]].successors.size() == 1)
        {
            fed[v] = byCost[m.predecessors[0]] || fed[m.predecessors[0]];
        }
        m.controllable = byCost[v] && (m_chainBuffers || (!fed[v] && !merged[v]));
        batched[v] = batched[v] || m.controllable;
    }
    return true;
}

void
DataFlowGraph::SetChainBuffers(bool on)
{
    m_chainBuffers = on;
}

void
DataFlowGraph::GetChain(uint32_t module,
                        std::vector<uint32_t>& chain,
                        std::vector<uint32_t>& next) const
{
    chain.clear();
    next.clear();
    std::vector<uint32_t> stack(m_modules.at(module).successors);
    std::vector<bool> seen(m_modules.size(), false);
    while (!stack.empty())
    {
        uint32_t u = stack.back();
        stack.pop_back();
        if (seen[u])
        {
            continue;
        }
        seen[u] = true;
        if (m_modules[u].controllable)
        {
            next.push_back(u);
            continue;
        }
        chain.push_back(u);
        stack.insert(stack.end(), m_modules[u].successors.begin(), m_modules[u].successors.end());
    }
}

bool
DataFlowGraph::Parse(std::istream& in,
                     const std::string& source,
                     DataFlowGraph& graph,
                     std::string& error)
{
    graph = DataFlowGraph();
    std::vector<std::pair<uint32_t, std::string>> edges; // (from, successor name)
    std::vector<uint32_t> edgeLines;
    std::vector<uint32_t> moduleLines; // where each module is declared

    struct PendingFlow
    {
        std::string name;
        std::string path;
        double rate;
        Time slo;
        uint32_t line;
    };

    std::vector<PendingFlow> flows;
    std::string text;
    uint32_t line = 0;
    auto fail = [&](uint32_t at, const std::string& why) {
        error = source + ":" + std::to_string(at) + ": " + why;
        return false;
    };
    while (std::getline(in, text))
    {
        ++line;
        text = text.substr(0, text.find('#'));
        std::istringstream words(text);
        std::vector<std::string> w;
        for (std::string word; words >> word;)
        {
            w.push_back(word);
        }
        if (w.empty())
        {
            continue;
        }
        if (w[0] == "module")
        {
            double t0 = 0;
            double t1 = 0;
            bool unbuffered = w.size() > 4 && w.back() == UNBUFFERED;
            if (unbuffered)
            {
                w.pop_back();
            }
            if (w.size() < 4 || w.size() > 5)
            {
                return fail(line, "expected: module NAME T0 T1 [SUCCESSOR,...] [unbuffered]");
            }
            if (w[1] == UNBUFFERED)
            {
                return fail(line, "a module cannot be named " + std::string(UNBUFFERED));
            }
            if (!ParseNumber(w[2], t0) || !ParseNumber(w[3], t1) || t0 < 0 || t1 < 0 ||
                t0 > MAX_COST_NS || t1 > MAX_COST_NS)
            {
                return fail(line,
                            "costs must be numbers in [0, 1e9] (ns), got " + w[2] + " " + w[3]);
            }
            if (graph.FindModule(w[1]) != NO_MODULE)
            {
                return fail(line, "module " + w[1] + " declared twice");
            }
            uint32_t v = graph.AddModule(w[1], t0, t1);
            graph.GetModule(v).bufferable = !unbuffered;
            moduleLines.push_back(line);
            if (w.size() == 5)
            {
                for (const std::string& s : SplitText(w[4], ','))
                {
                    if (s.empty())
                    {
                        return fail(line, "empty successor name in " + w[4]);
                    }
                    edges.emplace_back(v, s);
                    edgeLines.push_back(line);
                }
            }
        }
        else if (w[0] == "flow")
        {
            PendingFlow f;
            if (w.size() != 5)
            {
                return fail(line, "expected: flow NAME MODULE>MODULE>... RATE SLO");
            }
            if (!ParseNumber(w[3], f.rate) || f.rate < 0)
            {
                return fail(line, "the rate must be a number >= 0 (packets/s), got " + w[3]);
            }
            if (!ParseDuration(w[4], f.slo))
            {
                return fail(line,
                            "the SLO must be a duration (at most 1e6 s) such as 50us, got " + w[4]);
            }
            f.name = w[1];
            f.path = w[2];
            f.line = line;
            flows.push_back(f);
        }
        else
        {
            return fail(line, "unknown item \"" + w[0] + "\" (expected module or flow)");
        }
    }
    for (uint32_t i = 0; i < edges.size(); ++i)
    {
        uint32_t to = graph.FindModule(edges[i].second);
        if (to == NO_MODULE)
        {
            return fail(edgeLines[i], "unknown successor " + edges[i].second);
        }
        graph.Connect(edges[i].first, to);
    }
    for (const PendingFlow& f : flows)
    {
        std::vector<uint32_t> path;
        for (const std::string& name : SplitText(f.path, '>'))
        {
            uint32_t v = graph.FindModule(name);
            if (v == NO_MODULE)
            {
                return fail(f.line, "flow " + f.name + ": unknown module \"" + name + "\"");
            }
            path.push_back(v);
        }
        graph.AddFlow(f.name, path, f.rate, f.slo);
    }
    std::vector<uint32_t> cycle = graph.FindCycle();
    if (!cycle.empty())
    {
        std::string names;
        std::string lines;
        for (uint32_t v : cycle)
        {
            names += graph.GetModule(v).name + " -> ";
            lines += (lines.empty() ? "" : ", ") + std::to_string(moduleLines[v]);
        }
        return fail(moduleLines[cycle.front()],
                    "modules " + names + graph.GetModule(cycle.front()).name +
                        " form a cycle (their edges are on lines " + lines + ")");
    }
    if (!graph.Validate(error))
    {
        // Point at the flow a path problem is about, else at the file.
        for (const PendingFlow& f : flows)
        {
            if (error.find("flow " + f.name + " ") == 0 || error.find("flow " + f.name + ":") == 0)
            {
                return fail(f.line, error);
            }
        }
        error = source + ": " + error;
        return false;
    }
    return true;
}

uint32_t
DataFlowGraph::GetNModules() const
{
    return m_modules.size();
}

uint32_t
DataFlowGraph::GetNFlows() const
{
    return m_flows.size();
}

const DataFlowGraph::Module&
DataFlowGraph::GetModule(uint32_t i) const
{
    return m_modules.at(i);
}

DataFlowGraph::Module&
DataFlowGraph::GetModule(uint32_t i)
{
    return m_modules.at(i);
}

const DataFlowGraph::Flow&
DataFlowGraph::GetFlow(uint32_t f) const
{
    return m_flows.at(f);
}

} // namespace rsched
} // namespace ns3
