/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "on-off-batchy-controller.h"

#include "trigger-budget.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{
namespace rsched
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
    std::vector<std::vector<uint32_t>> paths(nf);
    for (uint32_t f = 0; f < nf; ++f)
    {
        const auto& flow = g.GetFlow(f);
        paths[f] = flow.path;
        const auto& s = w->GetPeriodFlowStats(f);
        if (flow.slo.IsStrictlyPositive() && s.departed > 0)
        {
            budget[f] = flow.slo.GetDouble() - s.delay.GetQuantile(0.95).GetDouble();
        }
    }
    std::vector<uint32_t> triggers(nm);
    std::vector<double> inputBatch(nm);
    for (uint32_t v = 0; v < nm; ++v)
    {
        triggers[v] = w->GetTrigger(v);
        inputBatch[v] = w->GetPeriodModuleStats(v).GetMeanInputBatch();
    }
    TriggerBudget plan(triggers, paths, budget);
    const double pushLevel = m_pushRatio * w->GetMaxBatch();
    plan.Push(inputBatch, pushLevel);
    // Recovery: no buffer on the path of a violating flow.
    for (uint32_t f = 0; f < nf; ++f)
    {
        if (!(budget[f] < 0))
        {
            continue;
        }
        plan.SetRecovering(f);
        for (uint32_t v : paths[f])
        {
            if (plan.GetTrigger(v) > 0 && !plan.IsFixed(v))
            {
                NS_LOG_LOGIC("flow " << g.GetFlow(f).name
                                     << " over its SLO: " << g.GetModule(v).name << " off");
                plan.Set(v, 0, 0);
            }
        }
    }
    // Pull: buffer where the delay it adds fits every flow's budget.
    for (uint32_t v = 0; v < nm; ++v)
    {
        if (!g.GetModule(v).controllable || plan.GetTrigger(v) > 0 || plan.IsFixed(v) ||
            rate[v] <= 0 || inputBatch[v] >= pushLevel)
        {
            continue;
        }
        double t0;
        double t1;
        GetChainCosts(v, t0, t1);
        if (plan.Pull(v, full, full * (1e9 / rate[v] + t1)))
        {
            NS_LOG_LOGIC(g.GetModule(v).name << " on");
        }
    }
    for (uint32_t v = 0; v < nm; ++v)
    {
        if (plan.GetTrigger(v) != triggers[v])
        {
            w->SetTrigger(v, plan.GetTrigger(v));
        }
    }
}

} // namespace rsched
} // namespace ns3
