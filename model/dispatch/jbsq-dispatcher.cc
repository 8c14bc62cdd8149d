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

void
JbsqDispatcher::DoComputeVectorChanged()
{
    m_outstanding.assign(GetComputeVector().GetN(), 0);
}

void
JbsqDispatcher::DoDispatched(uint32_t target)
{
    ++m_outstanding[target];
}

void
JbsqDispatcher::NotifyReply(uint32_t target, const ServiceRequestHeader& /* reply */)
{
    if (target < m_outstanding.size() && m_outstanding[target] > 0)
    {
        --m_outstanding[target];
    }
}

uint32_t
JbsqDispatcher::DoChoose(Ptr<const Packet> /* packet */, const Ipv4Header& /* header */)
{
    NS_ABORT_MSG("JbsqDispatcher holds requests: the host must use Release()");
    return 0;
}

void
JbsqDispatcher::DoAvailabilityChanged(uint32_t target, bool available)
{
    // Back from a failure: its lost requests no longer count.
    if (available)
    {
        m_outstanding.at(target) = 0;
    }
}

bool
JbsqDispatcher::DoRelease(uint32_t /* waiting */, ReleaseOrder& order)
{
    // Fewest outstanding per compute unit, below the bound; ties: lowest index.
    const ComputeVector& v = GetComputeVector();
    uint32_t best = m_outstanding.size();
    for (uint32_t t = 0; t < m_outstanding.size(); ++t)
    {
        uint64_t units = v.Get(t).computeUnits;
        if (IsAvailable(t) && m_outstanding[t] < m_bound * units &&
            (best == m_outstanding.size() || uint64_t{m_outstanding[t]} * v.Get(best).computeUnits <
                                                 uint64_t{m_outstanding[best]} * units))
        {
            best = t;
        }
    }
    if (best == m_outstanding.size())
    {
        return false;
    }
    order.target = best;
    order.count = 1;
    return true;
}

} // namespace ns3
