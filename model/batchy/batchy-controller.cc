/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-controller.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("BatchyController");

NS_OBJECT_ENSURE_REGISTERED(BatchyController);

TypeId
BatchyController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BatchyController")
            .SetParent<Object>()
            .SetGroupName("RequestScheduling")
            .AddAttribute("Period",
                          "Control period",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&BatchyController::m_period),
                          MakeTimeChecker(MicroSeconds(1)))
            .AddAttribute("Decompose",
                          "At the end of each period, move the flows the worker's core 0 "
                          "cannot serve within their SLOs onto its other cores",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BatchyController::m_decompose),
                          MakeBooleanChecker())
            .AddAttribute("IdlePeriods",
                          "The first periods end without the controller acting (no "
                          "decomposition, no change of trigger): the authors' warm-up",
                          UintegerValue(0),
                          MakeUintegerAccessor(&BatchyController::m_idlePeriods),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("Period",
                            "A control period ended (before the controller acts)",
                            MakeTraceSourceAccessor(&BatchyController::m_periodTrace),
                            "ns3::BatchyController::PeriodTracedCallback")
            .AddTraceSource("Move",
                            "The decomposition moved a module to another core",
                            MakeTraceSourceAccessor(&BatchyController::m_moveTrace),
                            "ns3::BatchyController::MoveTracedCallback")
            .AddTraceSource("Failover",
                            "A module moved off a core believed down, or back on its recovery",
                            MakeTraceSourceAccessor(&BatchyController::m_failoverTrace),
                            "ns3::BatchyController::MoveTracedCallback");
    return tid;
}

BatchyController::BatchyController()
    : m_decompose(false)
{
}

BatchyController::~BatchyController() = default;

void
BatchyController::DoDispose()
{
    m_event.Cancel();
    m_worker = nullptr;
    Object::DoDispose();
}

void
BatchyController::Attach(Ptr<BatchyWorker> worker)
{
    NS_ABORT_MSG_IF(!worker || worker->GetGraph().GetNModules() == 0,
                    "BatchyController: attach to a worker with a graph");
    m_worker = worker;
    DoStart();
    m_worker->ResetPeriod();
    m_event = Simulator::Schedule(m_period, &BatchyController::PeriodEnd, this);
    // What the control plane learned before the switch started (a fault at 0 s).
    for (const auto& [core, available] : m_beforeAttach)
    {
        SetCoreAvailable(core, available);
    }
    m_beforeAttach.clear();
}

bool
BatchyController::UsesBuffers() const
{
    return true;
}

Time
BatchyController::GetPeriod() const
{
    return m_period;
}

uint32_t
BatchyController::GetPeriods() const
{
    return m_periods;
}

uint32_t
BatchyController::GetActivePeriods() const
{
    return m_periods > m_idlePeriods ? m_periods - m_idlePeriods : 0;
}

double
BatchyController::GetControlWallSeconds() const
{
    return m_controlWall;
}

void
BatchyController::SetCoreAvailable(uint32_t core, bool available)
{
    if (!m_worker)
    {
        m_beforeAttach.emplace_back(core, available);
        return;
    }
    uint32_t cores = m_worker->GetCores();
    NS_ABORT_MSG_IF(core >= cores, "BatchyController: core " << core << " of " << cores);
    m_coreDown.resize(cores, false);
    m_coreDown[core] = !available;
    uint32_t modules = m_worker->GetGraph().GetNModules();
    if (!available)
    {
        // The core believed up with the fewest modules (the lowest of those).
        std::vector<uint32_t> hosted(cores, 0);
        for (uint32_t v = 0; v < modules; ++v)
        {
            ++hosted[m_worker->GetCore(v)];
        }
        uint32_t to = cores;
        for (uint32_t c = 0; c < cores; ++c)
        {
            if (!m_coreDown[c] && (to == cores || hosted[c] < hosted[to]))
            {
                to = c;
            }
        }
        if (to == cores)
        {
            NS_LOG_INFO("core " << core << " down, no core to fail over to");
            return;
        }
        Failover& f = m_failovers[core];
        f.to = to;
        for (uint32_t v = 0; v < modules; ++v)
        {
            if (m_worker->GetCore(v) == core)
            {
                NS_LOG_INFO("failover: " << m_worker->GetGraph().GetModule(v).name << " to core "
                                         << to);
                m_worker->SetCore(v, to);
                f.modules.push_back(v);
                m_failoverTrace(v, to);
            }
        }
        if (m_worker->GetIngressCore() == core)
        {
            m_worker->SetIngressCore(to);
            f.ingress = true;
        }
        return;
    }
    auto it = m_failovers.find(core);
    if (it == m_failovers.end())
    {
        return;
    }
    const Failover& f = it->second;
    for (uint32_t v : f.modules)
    {
        if (m_worker->GetCore(v) == f.to)
        {
            m_worker->SetCore(v, core);
            m_failoverTrace(v, core);
        }
    }
    if (f.ingress && m_worker->GetIngressCore() == f.to)
    {
        m_worker->SetIngressCore(core);
    }
    m_failovers.erase(it);
}

Ptr<BatchyWorker>
BatchyController::GetWorker() const
{
    return m_worker;
}

void
BatchyController::DoControl()
{
}

void
BatchyController::GetChainCosts(uint32_t v, double& t0Ns, double& t1Ns) const
{
    const DataFlowGraph& g = m_worker->GetGraph();
    const auto& own = m_worker->GetPeriodModuleStats(v);
    t0Ns = g.GetModule(v).t0Ns;
    t1Ns = g.GetModule(v).t1Ns;
    if (own.executions == 0)
    {
        return;
    }
    std::vector<uint32_t> chain;
    std::vector<uint32_t> next;
    g.GetChain(v, chain, next);
    for (uint32_t u : chain)
    {
        const auto& s = m_worker->GetPeriodModuleStats(u);
        t0Ns += g.GetModule(u).t0Ns * std::min(1.0, double(s.executions) / own.executions);
        t1Ns += g.GetModule(u).t1Ns * std::min(1.0, double(s.packets) / own.packets);
    }
}

std::vector<uint32_t>
BatchyController::PlanDecomposition(const DataFlowGraph& graph,
                                    const std::vector<uint32_t>& core,
                                    uint32_t cores,
                                    uint32_t maxBatch)
{
    std::vector<uint32_t> planned = core;
    if (cores < 2)
    {
        return planned;
    }
    uint32_t nFlows = graph.GetNFlows();
    auto sloNs = [&graph](uint32_t f) {
        Time slo = graph.GetFlow(f).slo;
        return slo.IsStrictlyPositive() ? slo.GetDouble() : std::numeric_limits<double>::infinity();
    };
    std::vector<uint32_t> order(nFlows);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return sloNs(a) < sloNs(b);
    });
    // Per flow, its modules executed once at batch 1 (the part of its bound
    // that does not depend on the others).
    std::vector<double> own(nFlows, 0);
    for (uint32_t f = 0; f < nFlows; ++f)
    {
        for (uint32_t v : graph.GetFlow(f).path)
        {
            own[f] += graph.GetModule(v).t0Ns + graph.GetModule(v).t1Ns;
        }
    }
    auto atB = [&](uint32_t v) {
        return graph.GetModule(v).t0Ns + graph.GetModule(v).t1Ns * maxBatch;
    };
    std::vector<bool> resident(core.size(), false);
    double turnaround = 0;
    double tightest = std::numeric_limits<double>::infinity(); // least slack of the staying
    bool moving = false;
    uint32_t next = 1;
    for (uint32_t f : order)
    {
        const auto& path = graph.GetFlow(f).path;
        if (!moving)
        {
            double added = 0;
            for (uint32_t v : path)
            {
                added += core[v] == 0 && !resident[v] ? atB(v) : 0;
            }
            double slack = std::min(tightest, sloNs(f) - own[f]);
            if (turnaround + added <= slack)
            {
                turnaround += added;
                tightest = slack;
                for (uint32_t v : path)
                {
                    resident[v] = resident[v] || core[v] == 0;
                }
                continue;
            }
            moving = true;
        }
        bool moved = false;
        for (uint32_t v : path)
        {
            if (core[v] == 0 && !resident[v] && planned[v] == 0)
            {
                planned[v] = next;
                moved = true;
            }
        }
        if (moved)
        {
            next = next % (cores - 1) + 1;
        }
    }
    return planned;
}

void
BatchyController::PeriodEnd()
{
    m_periodTrace(m_periods);
    ++m_periods;
    if (m_periods > m_idlePeriods)
    {
        auto start = std::chrono::steady_clock::now();
        if (m_decompose && m_worker->GetCores() > 1)
        {
            Decompose();
        }
        DoControl();
        m_controlWall +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    m_worker->ResetPeriod();
    m_event = Simulator::Schedule(m_period, &BatchyController::PeriodEnd, this);
}

void
BatchyController::Decompose()
{
    const DataFlowGraph& g = m_worker->GetGraph();
    std::vector<uint32_t> core(g.GetNModules());
    for (uint32_t v = 0; v < core.size(); ++v)
    {
        core[v] = m_worker->GetCore(v);
    }
    std::vector<uint32_t> planned =
        PlanDecomposition(g, core, m_worker->GetCores(), m_worker->GetMaxBatch());
    for (uint32_t v = 0; v < core.size(); ++v)
    {
        if (planned[v] != core[v] && !(planned[v] < m_coreDown.size() && m_coreDown[planned[v]]))
        {
            NS_LOG_INFO("decomposition: " << g.GetModule(v).name << " to core " << planned[v]);
            m_worker->SetCore(v, planned[v]);
            m_moveTrace(v, planned[v]);
        }
    }
}

} // namespace rsched
} // namespace ns3
