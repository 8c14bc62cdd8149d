/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "jbsq-dispatcher.h"

#include "ns3/abort.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(JbsqDispatcher);

TypeId
JbsqDispatcher::GetTypeId()
{
    static TypeId tid = TypeId("ns3::JbsqDispatcher")
                            .SetParent<HoldingDispatcher>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<JbsqDispatcher>()
                            .AddAttribute("Bound",
                                          "Most requests outstanding per compute unit (worker "
                                          "core) of an entry: n of JBSQ(n), >= 1",
                                          UintegerValue(3),
                                          MakeUintegerAccessor(&JbsqDispatcher::m_bound),
                                          MakeUintegerChecker<uint32_t>(1))
                            .AddAttribute("Timeout",
                                          "A request unanswered one to three Timeouts after "
                                          "it was sent to its server is taken to be lost and its "
                                          "place given back (0: never)",
                                          TimeValue(MilliSeconds(100)),
                                          MakeTimeAccessor(&JbsqDispatcher::SetTimeout,
                                                           &JbsqDispatcher::GetTimeout),
                                          MakeTimeChecker(Time(0)));
    return tid;
}

uint32_t
JbsqDispatcher::GetOutstandingBound(uint32_t target) const
{
    return m_bound * GetComputeVector().Get(target).computeUnits;
}

void
JbsqDispatcher::SetTimeout(Time timeout)
{
    m_timeout = timeout;
    m_pending.Configure(timeout, MakeCallback(&JbsqDispatcher::Reclaim, this));
}

Time
JbsqDispatcher::GetTimeout() const
{
    return m_timeout;
}

uint64_t
JbsqDispatcher::GetReclaimed() const
{
    return m_pending.GetReclaimed();
}

void
JbsqDispatcher::DoDispose()
{
    m_pending.Reset();
    Dispatcher::DoDispose();
}

void
JbsqDispatcher::InFlightChanged(uint32_t target, uint32_t before)
{
    uint32_t units = GetComputeVector().Get(target).computeUnits;
    m_ready.erase(Ready{before, units, target});
    uint32_t now = GetInFlight(target);
    if (IsAvailable(target) && uint64_t{now} < uint64_t{m_bound} * units)
    {
        m_ready.insert(Ready{now, units, target});
    }
}

void
JbsqDispatcher::Reclaim(std::size_t target, int64_t lost)
{
    SetInFlight(target, GetInFlight(target) - std::min<int64_t>(lost, GetInFlight(target)));
}

void
JbsqDispatcher::DoComputeVectorChanged()
{
    m_ready.clear();
    m_pending.Reset();
    HoldingDispatcher::DoComputeVectorChanged();
}

void
JbsqDispatcher::DoDispatched(const ServiceRequestHeader& request, uint32_t target)
{
    HoldingDispatcher::DoDispatched(request, target);
    m_pending.Sent(target, request.GetSendTime());
}

bool
JbsqDispatcher::CountsReply(uint32_t target, const ServiceRequestHeader& reply)
{
    return m_pending.Answered(target, reply.GetSendTime());
}

void
JbsqDispatcher::DoAvailabilityChanged(uint32_t target, bool available)
{
    if (available)
    {
        m_pending.Forget(target);
    }
    HoldingDispatcher::DoAvailabilityChanged(target, available);
}

bool
JbsqDispatcher::DoRelease(uint32_t /* waiting */, ReleaseOrder& order)
{
    // Fewest outstanding per compute unit, below the bound; ties: lowest index.
    if (m_ready.empty())
    {
        return false;
    }
    order.target = m_ready.begin()->index;
    order.count = 1;
    return true;
}

} // namespace rsched
} // namespace ns3
