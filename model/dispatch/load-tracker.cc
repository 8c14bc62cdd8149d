/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "load-tracker.h"

#include "ns3/assert.h"
#include "ns3/boolean.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(LoadTracker);

TypeId
LoadTracker::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LoadTracker")
            .SetParent<Object>()
            .SetGroupName("RequestScheduling")
            .AddAttribute("PerClass",
                          "Keep one load per (entry, request class) and compare a request on "
                          "its own class's loads (RackSched's registers per request type)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&LoadTracker::m_perClass),
                          MakeBooleanChecker());
    return tid;
}

void
LoadTracker::DoDispose()
{
    m_load.clear();
    Object::DoDispose();
}

void
LoadTracker::Reset(uint32_t entries)
{
    m_entries = entries;
    m_load.assign(entries, 0);
    DoReset();
}

void
LoadTracker::Forget(uint32_t target)
{
    for (std::size_t i = target; i < m_load.size(); i += m_entries)
    {
        m_load[i] = 0;
        DoForget(i);
    }
}

void
LoadTracker::DoReset()
{
}

void
LoadTracker::DoForget(std::size_t /* slot */)
{
}

uint32_t
LoadTracker::GetN() const
{
    return m_entries;
}

std::size_t
LoadTracker::Slot(uint32_t target, uint8_t requestClass)
{
    NS_ASSERT_MSG(target < m_entries, "LoadTracker: entry " << target << " not tracked");
    std::size_t i = Index(target, requestClass);
    if (i >= m_load.size())
    {
        m_load.resize((std::size_t{requestClass} + 1) * m_entries, 0);
    }
    return i;
}

void
LoadTracker::Dispatched(uint32_t target, const ServiceRequestHeader& request)
{
    std::size_t i = Slot(target, request.GetRequestClass());
    DoDispatched(m_load[i], i, request);
}

void
LoadTracker::Replied(uint32_t target, const ServiceRequestHeader& reply)
{
    std::size_t i = Slot(target, reply.GetRequestClass());
    DoReplied(m_load[i], i, reply);
}

} // namespace rsched
} // namespace ns3
