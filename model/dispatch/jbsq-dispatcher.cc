/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "jbsq-dispatcher.h"

#include "ns3/abort.h"
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
                                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

bool
JbsqDispatcher::HoldsRequests() const
{
    return true;
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
JbsqDispatcher::DoComputeVectorChanged()
{
    m_outstanding.assign(GetComputeVector().GetN(), 0);
    m_ready.clear();
    for (uint32_t t = 0; t < m_outstanding.size(); ++t)
    {
        Update(t, 0);
    }
}

void
JbsqDispatcher::DoDispatched(const ServiceRequestHeader& /* request */, uint32_t target)
{
    Update(target, m_outstanding[target] + 1);
}

void
JbsqDispatcher::NotifyReply(uint32_t target, const ServiceRequestHeader& /* reply */)
{
    if (target < m_outstanding.size() && m_outstanding[target] > 0)
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
