/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "lcfs-core-policy.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(LcfsCorePolicy);

TypeId
LcfsCorePolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::LcfsCorePolicy")
                            .SetParent<CorePolicy>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<LcfsCorePolicy>();
    return tid;
}

bool
LcfsCorePolicy::UsesNicQueues() const
{
    return false;
}

void
LcfsCorePolicy::DoEnqueue(Handle h)
{
    if (HasIdleWorker())
    {
        Run(GetIdleWorker(), h);
        return;
    }
    m_stack.push_back(h);
}

void
LcfsCorePolicy::DoWorkerIdle(uint32_t w)
{
    if (!m_stack.empty())
    {
        Handle h = m_stack.back();
        m_stack.pop_back();
        Run(w, h);
    }
}

uint64_t
LcfsCorePolicy::DoGetWaiting() const
{
    return m_stack.size();
}

} // namespace rsched
} // namespace ns3
