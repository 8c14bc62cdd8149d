/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dfcfs-core-policy.h"

#include "ns3/log.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("DfcfsCorePolicy");

NS_OBJECT_ENSURE_REGISTERED(DfcfsCorePolicy);

TypeId
DfcfsCorePolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::DfcfsCorePolicy")
                            .SetParent<CorePolicy>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<DfcfsCorePolicy>();
    return tid;
}

uint64_t
DfcfsCorePolicy::GetQueueLength(uint32_t w) const
{
    return m_queues.at(w).size();
}

void
DfcfsCorePolicy::DoAttach()
{
    m_queues.assign(GetWorkers(), {});
}

void
DfcfsCorePolicy::DoEnqueue(Handle h)
{
    NS_LOG_LOGIC("request " << h << " arrives");
    uint32_t w = Get(h).nicQueue % GetWorkers();
    if (IsIdle(w))
    {
        Run(w, h);
        return;
    }
    m_queues[w].push_back(h);
    ++m_waiting;
}

void
DfcfsCorePolicy::DoWorkerIdle(uint32_t w)
{
    NS_LOG_LOGIC("worker " << w << " idle");
    auto& q = m_queues[w];
    if (!q.empty())
    {
        Handle h = q.front();
        q.pop_front();
        --m_waiting;
        Run(w, h);
    }
}

uint64_t
DfcfsCorePolicy::DoGetWaiting() const
{
    return m_waiting;
}

} // namespace rsched
} // namespace ns3
