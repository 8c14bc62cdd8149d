/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "null-batchy-controller.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(NullBatchyController);

TypeId
NullBatchyController::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NullBatchyController")
                            .SetParent<BatchyController>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<NullBatchyController>();
    return tid;
}

bool
NullBatchyController::UsesBuffers() const
{
    return false;
}

void
NullBatchyController::DoStart()
{
    Ptr<BatchyWorker> w = GetWorker();
    for (uint32_t v = 0; v < w->GetGraph().GetNModules(); ++v)
    {
        w->SetTrigger(v, 0);
    }
}

} // namespace rsched
} // namespace ns3
