/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "random-dispatcher.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(RandomDispatcher);

TypeId
RandomDispatcher::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RandomDispatcher")
                            .SetParent<Dispatcher>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<RandomDispatcher>();
    return tid;
}

RandomDispatcher::RandomDispatcher()
    : m_pick(CreateObject<UniformRandomVariable>())
{
}

int64_t
RandomDispatcher::AssignStreams(int64_t stream)
{
    m_pick->SetStream(stream);
    return 1;
}

uint32_t
RandomDispatcher::DoChoose(const ServiceRequestHeader& /* request */,
                           const Ipv4Header& /* header */)
{
    return m_pick->GetInteger(0, GetComputeVector().GetN() - 1);
}

bool
RandomDispatcher::SupportsCandidates() const
{
    return true;
}

uint32_t
RandomDispatcher::DoChooseAmong(const ServiceRequestHeader& /* request */,
                                const Ipv4Header& /* header */,
                                const std::vector<uint32_t>& candidates)
{
    return candidates[m_pick->GetInteger(0, candidates.size() - 1)];
}

} // namespace rsched
} // namespace ns3
