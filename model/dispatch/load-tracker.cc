/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "load-tracker.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(LoadTracker);

TypeId
LoadTracker::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LoadTracker").SetParent<Object>().SetGroupName("RequestScheduling");
    return tid;
}

void
LoadTracker::Reset(uint32_t entries)
{
    m_load.assign(entries, 0);
}

void
LoadTracker::Forget(uint32_t target)
{
    m_load.at(target) = 0;
}

uint32_t
LoadTracker::GetN() const
{
    return m_load.size();
}

} // namespace ns3
