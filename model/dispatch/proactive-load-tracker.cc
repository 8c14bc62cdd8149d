/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "proactive-load-tracker.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(ProactiveLoadTracker);

TypeId
ProactiveLoadTracker::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ProactiveLoadTracker")
            .SetParent<LoadTracker>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<ProactiveLoadTracker>()
            .AddAttribute("Timeout",
                          "A request unanswered one to three Timeouts after it was counted is "
                          "taken to be lost and uncounted (0: counted for ever)",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&ProactiveLoadTracker::SetTimeout,
                                           &ProactiveLoadTracker::GetTimeout),
                          MakeTimeChecker(Time(0)));
    return tid;
}

void
ProactiveLoadTracker::SetTimeout(Time timeout)
{
    m_timeout = timeout;
    m_pending.Configure(timeout, MakeCallback(&ProactiveLoadTracker::Reclaim, this));
}

Time
ProactiveLoadTracker::GetTimeout() const
{
    return m_timeout;
}

void
ProactiveLoadTracker::DoDispose()
{
    m_pending.Reset();
    LoadTracker::DoDispose();
}

uint64_t
ProactiveLoadTracker::GetReclaimed() const
{
    return m_pending.GetReclaimed();
}

void
ProactiveLoadTracker::Reclaim(std::size_t slot, int64_t lost)
{
    m_load[slot] -= lost;
}

void
ProactiveLoadTracker::DoDispatched(int64_t& load,
                                   std::size_t slot,
                                   const ServiceRequestHeader& request)
{
    ++load;
    m_pending.Sent(slot, request.GetSendTime());
}

void
ProactiveLoadTracker::DoReplied(int64_t& load, std::size_t slot, const ServiceRequestHeader& reply)
{
    // A request reclaimed already, or never counted, is not uncounted.
    if (m_pending.Answered(slot, reply.GetSendTime()) && load > 0)
    {
        --load;
    }
}

void
ProactiveLoadTracker::DoReset()
{
    m_pending.Reset();
}

void
ProactiveLoadTracker::DoForget(std::size_t slot)
{
    m_pending.Forget(slot);
}

} // namespace rsched
} // namespace ns3
