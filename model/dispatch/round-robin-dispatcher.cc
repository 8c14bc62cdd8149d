/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "round-robin-dispatcher.h"

#include "ns3/boolean.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(RoundRobinDispatcher);

TypeId
RoundRobinDispatcher::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoundRobinDispatcher")
            .SetParent<Dispatcher>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<RoundRobinDispatcher>()
            .AddAttribute("PerClass",
                          "Each request class takes its own turn round the entries (the authors' "
                          "register per request type)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RoundRobinDispatcher::m_perClass),
                          MakeBooleanChecker());
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

uint32_t&
RoundRobinDispatcher::Next(const ServiceRequestHeader& request)
{
    std::size_t turn = m_perClass ? request.GetRequestClass() : 0;
    if (turn >= m_next.size())
    {
        m_next.resize(turn + 1, 0);
    }
    return m_next[turn];
}

uint32_t
RoundRobinDispatcher::DoChoose(const ServiceRequestHeader& request, const Ipv4Header& /* header */)
{
    uint32_t& next = Next(request);
    uint32_t t = next;
    next = (t + 1) % GetComputeVector().GetN();
    return t;
}

uint32_t
RoundRobinDispatcher::DoChooseAmong(const ServiceRequestHeader& request,
                                    const Ipv4Header& /* header */,
                                    const std::vector<uint32_t>& candidates)
{
    // The first allowed entry at or after the turn's, cyclically.
    uint32_t& next = Next(request);
    auto it = std::lower_bound(candidates.begin(), candidates.end(), next);
    uint32_t t = it == candidates.end() ? candidates.front() : *it;
    next = (t + 1) % GetComputeVector().GetN();
    return t;
}

} // namespace rsched
} // namespace ns3
