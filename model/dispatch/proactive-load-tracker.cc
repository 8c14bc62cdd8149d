/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "proactive-load-tracker.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ProactiveLoadTracker);

TypeId
ProactiveLoadTracker::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ProactiveLoadTracker")
                            .SetParent<LoadTracker>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<ProactiveLoadTracker>();
    return tid;
}

void
ProactiveLoadTracker::Dispatched(uint32_t target)
{
    ++m_load[target];
}

void
ProactiveLoadTracker::Replied(uint32_t target, const ServiceRequestHeader& /* reply */)
{
    if (m_load[target] > 0)
    {
        --m_load[target];
    }
}

} // namespace ns3
