/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "holding-dispatcher.h"

#include "ns3/abort.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(HoldingDispatcher);

TypeId
HoldingDispatcher::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HoldingDispatcher").SetParent<Dispatcher>().SetGroupName("RequestScheduling");
    return tid;
}

bool
HoldingDispatcher::HoldsRequests() const
{
    return true;
}

bool
HoldingDispatcher::WantsReplies() const
{
    return true;
}

uint32_t
HoldingDispatcher::GetInFlight(uint32_t target) const
{
    return m_inFlight.at(target);
}

void
HoldingDispatcher::SetInFlight(uint32_t target, uint32_t count)
{
    uint32_t before = m_inFlight[target];
    m_inFlight[target] = count;
    InFlightChanged(target, before);
}

void
HoldingDispatcher::InFlightChanged(uint32_t /* target */, uint32_t /* before */)
{
}

bool
HoldingDispatcher::CountsReply(uint32_t /* target */, const ServiceRequestHeader& /* reply */)
{
    return true;
}

void
HoldingDispatcher::NotifyReply(uint32_t target, const ServiceRequestHeader& reply)
{
    // A request never counted (or given back already) is not uncounted.
    if (target < m_inFlight.size() && CountsReply(target, reply) && m_inFlight[target] > 0)
    {
        SetInFlight(target, m_inFlight[target] - 1);
    }
}

uint32_t
HoldingDispatcher::DoChoose(const ServiceRequestHeader& /* request */,
                            const Ipv4Header& /* header */)
{
    NS_ABORT_MSG(GetInstanceTypeId().GetName() << " holds requests: the host must use Release()");
    return 0;
}

void
HoldingDispatcher::DoDispatched(const ServiceRequestHeader& /* request */, uint32_t target)
{
    SetInFlight(target, m_inFlight[target] + 1);
}

void
HoldingDispatcher::DoComputeVectorChanged()
{
    m_inFlight.assign(GetComputeVector().GetN(), 0);
    for (uint32_t t = 0; t < m_inFlight.size(); ++t)
    {
        InFlightChanged(t, 0);
    }
}

void
HoldingDispatcher::DoAvailabilityChanged(uint32_t target, bool available)
{
    // Back from a failure, its lost requests no longer count; while it is
    // down, an ordering subclass takes it out.
    SetInFlight(target, available ? 0 : m_inFlight.at(target));
}

} // namespace rsched
} // namespace ns3
