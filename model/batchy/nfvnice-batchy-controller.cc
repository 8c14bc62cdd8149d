/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "nfvnice-batchy-controller.h"

#include "../requests/request-scheduling-compat.h"

#include "ns3/enum.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(NfvniceBatchyController);

TypeId
NfvniceBatchyController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NfvniceBatchyController")
            .SetParent<BatchyController>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<NfvniceBatchyController>()
            .AddAttribute("Shares",
                          "Equal: every task the same share of the worker (as the Batchy "
                          "authors ran it); RateCost: shares follow each task's CPU demand "
                          "of the last period (NFVnice's rate-cost proportional fairness)",
                          EnumValue(NfvniceBatchyController::EQUAL),
                          RS_MAKE_ENUM_ACCESSOR(Shares, &NfvniceBatchyController::m_shares),
                          MakeEnumChecker(NfvniceBatchyController::EQUAL,
                                          "Equal",
                                          NfvniceBatchyController::RATE_COST,
                                          "RateCost"));
    return tid;
}

bool
NfvniceBatchyController::UsesBuffers() const
{
    return false;
}

void
NfvniceBatchyController::DoStart()
{
    Ptr<BatchyWorker> w = GetWorker();
    for (uint32_t v = 0; v < w->GetGraph().GetNModules(); ++v)
    {
        w->SetTrigger(v, 0);
    }
    w->SetScheduling(BatchyWorker::WEIGHTED_FAIR);
}

void
NfvniceBatchyController::DoControl()
{
    if (m_shares != RATE_COST)
    {
        return;
    }
    Ptr<BatchyWorker> w = GetWorker();
    const DataFlowGraph& g = w->GetGraph();
    for (uint32_t v = 0; v < g.GetNModules(); ++v)
    {
        const auto& s = w->GetPeriodModuleStats(v);
        bool task = g.GetModule(v).controllable || g.GetModule(v).predecessors.empty();
        if (!task || s.packets == 0)
        {
            continue;
        }
        double t0;
        double t1;
        GetChainCosts(v, t0, t1);
        // Offered packets times the cost of one at the batches it ran (ns).
        double demand = std::max(s.inputPackets, s.packets) * (t0 / s.GetMeanBatch() + t1);
        w->SetShare(v, std::max(demand, 1.0));
    }
}

} // namespace rsched
} // namespace ns3
