/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "max-batchy-controller.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(MaxBatchyController);

TypeId
MaxBatchyController::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MaxBatchyController")
                            .SetParent<BatchyController>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<MaxBatchyController>();
    return tid;
}

void
MaxBatchyController::DoStart()
{
    Ptr<BatchyWorker> w = GetWorker();
    uint32_t trigger = std::min(w->GetMaxBatch(), w->GetBufferCapacity());
    for (uint32_t v = 0; v < w->GetGraph().GetNModules(); ++v)
    {
        if (w->GetGraph().GetModule(v).controllable)
        {
            w->SetTrigger(v, trigger);
        }
    }
}

} // namespace rsched
} // namespace ns3
