/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "on-off-batchy-controller.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OnOffBatchyController");

NS_OBJECT_ENSURE_REGISTERED(OnOffBatchyController);

TypeId
OnOffBatchyController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OnOffBatchyController")
            .SetParent<BatchyController>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<OnOffBatchyController>()
            .AddAttribute("PushRatio",
                          "A buffer whose input batches average at least this share of B is "
                          "turned off",
                          DoubleValue(0.7),
                          MakeDoubleAccessor(&OnOffBatchyController::m_pushRatio),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

void
OnOffBatchyController::DoStart()
{
    // Start unbuffered; the first period's measurements decide.
    Ptr<BatchyWorker> w = GetWorker();
    for (uint32_t v = 0; v < w->GetGraph().GetNModules(); ++v)
    {
        w->SetTrigger(v, 0);
    }
}

void
OnOffBatchyController::DoControl()
{
    Ptr<BatchyWorker> w = GetWorker();
    const DataFlowGraph& g = w->GetGraph();
    uint32_t nm = g.GetNModules();
    uint32_t nf = g.GetNFlows();
    uint32_t full = std::min(w->GetMaxBatch(), w->GetBufferCapacity());
    double seconds = GetPeriod().GetSeconds();

    std::vector<double> rate(nm);
    for (uint32_t v = 0; v < nm; ++v)
    {
        rate[v] = w->GetPeriodModuleStats(v).packets / seconds;
    }
    // Delay budget of each flow (ns; +inf without an SLO or traffic).
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> budget(nf, inf);
    std::vector<bool> violated(nf, false);
    std::vector<std::vector<uint32_t>> flowsThrough(nm);
    for (uint32_t f = 0; f < nf; ++f)
    {
        const auto& flow = g.GetFlow(f);
        for (uint32_t v : flow.path)
        {
            flowsThrough[v].push_back(f);
        }
        const auto& s = w->GetPeriodFlowStats(f);
        if (flow.slo.IsStrictlyPositive() && s.departed > 0)
        {
            double p95 = s.delay.GetQuantile(0.95).GetDouble();
            budget[f] = flow.slo.GetDouble() - p95;
            violated[f] = budget[f] < 0;
        }
    }
    std::vector<bool> fixed(nm, false);
    // Push: buffers whose input batches are already large.
    for (uint32_t v = 0; v < nm; ++v)
    {
        if (w->GetTrigger(v) > 0 &&
            w->GetPeriodModuleStats(v).GetMeanInputBatch() >= m_pushRatio * w->GetMaxBatch())
        {
            w->SetTrigger(v, 0);
            fixed[v] = true;
        }
    }
    // Recovery: no buffer on the path of a violating flow.
    for (uint32_t f = 0; f < nf; ++f)
    {
        if (!violated[f])
        {
            continue;
        }
        for (uint32_t v : g.GetFlow(f).path)
        {
            if (w->GetTrigger(v) > 0 && !fixed[v])
            {
                NS_LOG_LOGIC("flow " << g.GetFlow(f).name
                                     << " over its SLO: " << g.GetModule(v).name << " off");
                w->SetTrigger(v, 0);
                fixed[v] = true;
            }
        }
    }
    // Pull: buffer where the delay it adds fits every flow's budget.
    for (uint32_t v = 0; v < nm; ++v)
    {
        const auto& s = w->GetPeriodModuleStats(v);
        if (!g.GetModule(v).controllable || w->GetTrigger(v) > 0 || fixed[v] || rate[v] <= 0 ||
            s.GetMeanInputBatch() >= m_pushRatio * w->GetMaxBatch())
        {
            continue;
        }
        double slack = inf;
        bool crossedByViolation = false;
        for (uint32_t f : flowsThrough[v])
        {
            slack = std::min(slack, budget[f]);
            crossedByViolation |= violated[f];
        }
        double t0;
        double t1;
        GetChainCosts(v, t0, t1);
        double added = full * (1e9 / rate[v] + t1);
        if (crossedByViolation || !(added < slack))
        {
            continue;
        }
        NS_LOG_LOGIC(g.GetModule(v).name << " on: adds " << added << " ns of " << slack);
        w->SetTrigger(v, full);
        fixed[v] = true;
        for (uint32_t f : flowsThrough[v])
        {
            budget[f] -= added;
        }
    }
}

} // namespace ns3
