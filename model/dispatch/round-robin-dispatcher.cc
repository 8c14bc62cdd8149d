/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "round-robin-dispatcher.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoundRobinDispatcher);

TypeId
RoundRobinDispatcher::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoundRobinDispatcher")
                            .SetParent<Dispatcher>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<RoundRobinDispatcher>();
    return tid;
}

bool
RoundRobinDispatcher::SupportsCandidates() const
{
    return true;
}

void
RoundRobinDispatcher::DoComputeVectorChanged()
{
    m_next.clear();
}

uint32_t
RoundRobinDispatcher::Turn(uint8_t requestClass, std::size_t n)
{
    if (requestClass >= m_next.size())
    {
        m_next.resize(requestClass + 1, 0);
    }
    uint32_t& next = m_next[requestClass];
    uint32_t t = next < n ? next : next % n;
    next = t + 1;
    return t;
}

uint32_t
RoundRobinDispatcher::DoChoose(const ServiceRequestHeader& request, const Ipv4Header& /* header */)
{
    return Turn(request.GetRequestClass(), GetComputeVector().GetN());
}

uint32_t
RoundRobinDispatcher::DoChooseAmong(const ServiceRequestHeader& request,
                                    const Ipv4Header& /* header */,
                                    const std::vector<uint32_t>& candidates)
{
    return candidates[Turn(request.GetRequestClass(), candidates.size())];
}

} // namespace ns3
