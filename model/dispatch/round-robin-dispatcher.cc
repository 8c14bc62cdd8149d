/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "round-robin-dispatcher.h"

#include <algorithm>

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
    m_next = 0;
}

uint32_t
RoundRobinDispatcher::DoChoose(Ptr<const Packet> /* packet */, const Ipv4Header& /* header */)
{
    uint32_t t = m_next;
    m_next = (m_next + 1) % GetComputeVector().GetN();
    return t;
}

uint32_t
RoundRobinDispatcher::DoChooseAmong(Ptr<const Packet> /* packet */,
                                    const Ipv4Header& /* header */,
                                    const std::vector<uint32_t>& candidates)
{
    uint32_t n = GetComputeVector().GetN();
    for (uint32_t i = 0; i < n; ++i)
    {
        uint32_t t = (m_next + i) % n;
        if (std::find(candidates.begin(), candidates.end(), t) != candidates.end())
        {
            m_next = (t + 1) % n;
            return t;
        }
    }
    return candidates.front();
}

} // namespace ns3
