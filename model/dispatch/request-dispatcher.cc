/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "request-dispatcher.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("Dispatcher");

NS_OBJECT_ENSURE_REGISTERED(Dispatcher);

TypeId
Dispatcher::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Dispatcher")
                            .SetParent<TargetChooser>()
                            .SetGroupName("RequestScheduling")
                            .AddTraceSource("Decision",
                                            "A target was chosen for a request",
                                            MakeTraceSourceAccessor(&Dispatcher::m_decisionTrace),
                                            "ns3::Dispatcher::DecisionTracedCallback");
    return tid;
}

void
Dispatcher::SetComputeVector(const ComputeVector& vector)
{
    NS_LOG_FUNCTION(this << vector.GetN());
    NS_ABORT_MSG_IF(vector.IsEmpty(), "a dispatcher needs a non-empty compute vector");
    m_vector = vector;
    m_decisions.assign(vector.GetN(), 0);
    if (m_unavailable.size() != vector.GetN())
    {
        m_unavailable.assign(vector.GetN(), false);
        m_unavailableCount = 0;
    }
    DoComputeVectorChanged();
}

const ComputeVector&
Dispatcher::GetComputeVector() const
{
    return m_vector;
}

uint32_t
Dispatcher::Choose(const ServiceRequestHeader& request, const Ipv4Header& header)
{
    NS_ABORT_MSG_IF(m_vector.IsEmpty(), "dispatcher used before SetComputeVector()");
    uint32_t target;
    if (m_unavailableCount == 0 || m_available.empty())
    {
        // Nothing to avoid, or nothing left: the request goes (and is lost).
        target = DoChoose(request, header);
    }
    else if (SupportsCandidates())
    {
        target = DoChooseAmong(request, header, m_available);
    }
    else
    {
        target = DoChoose(request, header);
        if (m_unavailable[target])
        {
            target = m_available[target % m_available.size()];
        }
    }
    Dispatched(request, header, target);
    return target;
}

uint32_t
Dispatcher::Choose(const ServiceRequestHeader& request,
                   const Ipv4Header& header,
                   const std::vector<uint32_t>& candidates)
{
    NS_ABORT_MSG_IF(m_vector.IsEmpty(), "dispatcher used before SetComputeVector()");
    NS_ABORT_MSG_IF(candidates.empty(), "Dispatcher::Choose: no candidate entry");
    const std::vector<uint32_t>* allowed = &candidates;
    if (m_unavailableCount > 0)
    {
        m_allowed.clear();
        for (uint32_t c : candidates)
        {
            if (!m_unavailable[c])
            {
                m_allowed.push_back(c);
            }
        }
        allowed = m_allowed.empty() ? &candidates : &m_allowed;
    }
    uint32_t target = DoChooseAmong(request, header, *allowed);
    Dispatched(request, header, target);
    return target;
}

uint32_t
Dispatcher::GetOutstandingBound(uint32_t /* target */) const
{
    return 0;
}

bool
Dispatcher::CheckConfig(std::string& /* error */) const
{
    return true;
}

bool
Dispatcher::SupportsCandidates() const
{
    return false;
}

uint32_t
Dispatcher::DoChooseAmong(const ServiceRequestHeader& /* request */,
                          const Ipv4Header& /* header */,
                          const std::vector<uint32_t>& /* candidates */)
{
    NS_ABORT_MSG(GetInstanceTypeId().GetName() << " cannot honour placement constraints");
    return 0;
}

void
Dispatcher::Dispatched(const ServiceRequestHeader& request,
                       const Ipv4Header& header,
                       uint32_t target)
{
    NS_ASSERT(target < m_vector.GetN());
    ++m_decisions[target];
    DoDispatched(request, target);
    m_decisionTrace(header, target);
}

void
Dispatcher::DoDispatched(const ServiceRequestHeader& /* request */, uint32_t /* target */)
{
}

void
Dispatcher::NotifyReply(uint32_t /* target */, const ServiceRequestHeader& /* reply */)
{
}

bool
Dispatcher::WantsReplies() const
{
    return false;
}

bool
Dispatcher::HoldsRequests() const
{
    return false;
}

bool
Dispatcher::Release(uint32_t waiting, ReleaseOrder& order)
{
    if (waiting == 0 || !DoRelease(waiting, order))
    {
        return false;
    }
    NS_ASSERT(order.target < m_vector.GetN() && order.count >= 1 && order.count <= waiting);
    return true;
}

bool
Dispatcher::DoRelease(uint32_t /* waiting */, ReleaseOrder& /* order */)
{
    return false;
}

const std::vector<uint64_t>&
Dispatcher::GetDecisions() const
{
    return m_decisions;
}

int64_t
Dispatcher::AssignStreams(int64_t /* stream */)
{
    return 0;
}

Ipv4Address
Dispatcher::ChooseTarget(const ServiceRequestHeader& request, Ipv4Address service)
{
    NS_ABORT_MSG_IF(m_vector.IsEmpty(), "Dispatcher: a client's dispatcher has no compute vector");
    Ipv4Header ip;
    ip.SetDestination(service);
    return m_vector.Get(Choose(request, ip)).address;
}

void
Dispatcher::NotifyTargetReply(const ServiceRequestHeader& reply)
{
    uint32_t target = m_vector.Find(Ipv4Address(reply.GetLocator()));
    if (target < m_vector.GetN())
    {
        NotifyReply(target, reply);
    }
}

void
Dispatcher::DoComputeVectorChanged()
{
}

void
Dispatcher::SetAvailable(uint32_t target, bool available)
{
    NS_LOG_FUNCTION(this << target << available);
    NS_ABORT_MSG_IF(target >= m_unavailable.size(),
                    "Dispatcher::SetAvailable: no entry " << target);
    if (m_unavailable[target] != available)
    {
        return;
    }
    m_unavailable[target] = !available;
    m_unavailableCount += available ? -1 : 1;
    m_available.clear();
    for (uint32_t i = 0; m_unavailableCount > 0 && i < m_unavailable.size(); ++i)
    {
        if (!m_unavailable[i])
        {
            m_available.push_back(i);
        }
    }
    DoAvailabilityChanged(target, available);
    if (!m_hostWake.IsNull())
    {
        m_hostWake();
    }
}

void
Dispatcher::SetHostCallback(Callback<void> wake)
{
    m_hostWake = wake;
}

void
Dispatcher::Restart()
{
    NS_LOG_FUNCTION(this);
    DoComputeVectorChanged();
}

void
Dispatcher::DoAvailabilityChanged(uint32_t /* target */, bool /* available */)
{
}

} // namespace rsched
} // namespace ns3
