/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "lowest-load-dispatcher.h"

#include "ns3/double.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(LowestLoadDispatcher);

TypeId
LowestLoadDispatcher::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LowestLoadDispatcher")
            .SetParent<Dispatcher>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<LowestLoadDispatcher>()
            .AddAttribute("RandomShare",
                          "Share of requests sent to a uniformly random entry instead of the "
                          "registered minimum, in [0, 1]",
                          DoubleValue(0.25),
                          MakeDoubleAccessor(&LowestLoadDispatcher::m_randomShare),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

LowestLoadDispatcher::LowestLoadDispatcher()
    : m_randomShare(0.25),
      m_pick(CreateObject<UniformRandomVariable>())
{
}

int64_t
LowestLoadDispatcher::AssignStreams(int64_t stream)
{
    m_pick->SetStream(stream);
    return 1;
}

bool
LowestLoadDispatcher::WantsReplies() const
{
    return true;
}

uint32_t
LowestLoadDispatcher::GetMinimum() const
{
    return m_minimum;
}

void
LowestLoadDispatcher::DoComputeVectorChanged()
{
    m_minimum = 0;
    m_minimumLoad = 0;
}

void
LowestLoadDispatcher::DoAvailabilityChanged(uint32_t target, bool available)
{
    // The next reply names a new minimum (Choose() moves requests off a
    // failed one meanwhile).
    if (!available && target == m_minimum)
    {
        m_minimumLoad = UINT32_MAX;
    }
}

void
LowestLoadDispatcher::NotifyReply(uint32_t target, const ServiceRequestHeader& reply)
{
    if (reply.GetOutstanding() <= m_minimumLoad || target == m_minimum)
    {
        m_minimum = target;
        m_minimumLoad = reply.GetOutstanding();
    }
}

uint32_t
LowestLoadDispatcher::DoChoose(const ServiceRequestHeader& /* request */,
                               const Ipv4Header& /* header */)
{
    if (m_randomShare > 0 && m_pick->GetValue() < m_randomShare)
    {
        return m_pick->GetInteger(0, GetComputeVector().GetN() - 1);
    }
    return m_minimum;
}

} // namespace rsched
} // namespace ns3
