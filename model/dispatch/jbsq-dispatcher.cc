/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "jbsq-dispatcher.h"

#include "ns3/abort.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(JbsqDispatcher);

TypeId
JbsqDispatcher::GetTypeId()
{
    static TypeId tid = TypeId("ns3::JbsqDispatcher")
                            .SetParent<Dispatcher>()
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

bool
JbsqDispatcher::HoldsRequests() const
{
    return true;
}

uint32_t
JbsqDispatcher::GetOutstandingBound(uint32_t target) const
{
    return m_bound * GetComputeVector().Get(target).computeUnits;
}

bool
JbsqDispatcher::WantsReplies() const
{
    return true;
}

uint32_t
JbsqDispatcher::GetOutstanding(uint32_t target) const
{
    return m_outstanding.at(target);
}

JbsqDispatcher::Ready
JbsqDispatcher::KeyOf(uint32_t target) const
{
    return Ready{m_outstanding[target], GetComputeVector().Get(target).computeUnits, target};
}

void
JbsqDispatcher::Update(uint32_t target, uint32_t outstanding)
{
    m_ready.erase(KeyOf(target));
    m_outstanding[target] = outstanding;
    if (IsAvailable(target) &&
        uint64_t{outstanding} < uint64_t{m_bound} * GetComputeVector().Get(target).computeUnits)
    {
        m_ready.insert(KeyOf(target));
    }
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
JbsqDispatcher::Reclaim(std::size_t target, int64_t lost)
{
    Update(target, m_outstanding[target] - std::min<int64_t>(lost, m_outstanding[target]));
}

void
JbsqDispatcher::DoComputeVectorChanged()
{
    m_outstanding.assign(GetComputeVector().GetN(), 0);
    m_ready.clear();
    m_pending.Reset();
    for (uint32_t t = 0; t < m_outstanding.size(); ++t)
    {
        Update(t, 0);
    }
}

void
JbsqDispatcher::DoDispatched(const ServiceRequestHeader& request, uint32_t target)
{
    Update(target, m_outstanding[target] + 1);
    m_pending.Sent(target, request.GetSendTime());
}

void
JbsqDispatcher::NotifyReply(uint32_t target, const ServiceRequestHeader& reply)
{
    // A request given back already, or never counted, is not uncounted.
    if (target < m_outstanding.size() && m_pending.Answered(target, reply.GetSendTime()) &&
        m_outstanding[target] > 0)
    {
        Update(target, m_outstanding[target] - 1);
    }
}

uint32_t
JbsqDispatcher::DoChoose(const ServiceRequestHeader& /* request */, const Ipv4Header& /* header */)
{
    NS_ABORT_MSG("JbsqDispatcher holds requests: the host must use Release()");
    return 0;
}

void
JbsqDispatcher::DoAvailabilityChanged(uint32_t target, bool available)
{
    // Back from a failure, its lost requests no longer count; while down, it takes none.
    if (available)
    {
        m_pending.Forget(target);
    }
    Update(target, available ? 0 : m_outstanding.at(target));
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

} // namespace ns3
