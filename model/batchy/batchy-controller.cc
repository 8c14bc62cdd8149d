/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-controller.h"

#include "ns3/abort.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <chrono>

namespace ns3
{

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
            .AddTraceSource("Period",
                            "A control period ended (before the controller acts)",
                            MakeTraceSourceAccessor(&BatchyController::m_periodTrace),
                            "ns3::BatchyController::PeriodTracedCallback");
    return tid;
}

BatchyController::BatchyController() = default;

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

double
BatchyController::GetControlWallSeconds() const
{
    return m_controlWall;
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

void
BatchyController::PeriodEnd()
{
    m_periodTrace(m_periods);
    ++m_periods;
    auto start = std::chrono::steady_clock::now();
    DoControl();
    m_controlWall +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m_worker->ResetPeriod();
    m_event = Simulator::Schedule(m_period, &BatchyController::PeriodEnd, this);
}

} // namespace ns3
