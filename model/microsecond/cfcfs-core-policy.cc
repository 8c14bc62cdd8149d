/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "cfcfs-core-policy.h"

#include "ns3/log.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("CfcfsCorePolicy");

NS_OBJECT_ENSURE_REGISTERED(CfcfsCorePolicy);

TypeId
CfcfsCorePolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CfcfsCorePolicy")
            .SetParent<CorePolicy>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<CfcfsCorePolicy>()
            .AddAttribute("DispatchOverhead",
                          "Time the dispatcher core spends on each request (0: no dispatcher)",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&CfcfsCorePolicy::m_dispatchOverhead),
                          MakeTimeChecker(Time(0)));
    return tid;
}

bool
CfcfsCorePolicy::UsesNicQueues() const
{
    return false;
}

void
CfcfsCorePolicy::DoDispose()
{
    m_dispatchEvent.Cancel();
    CorePolicy::DoDispose();
}

uint32_t
CfcfsCorePolicy::GetSpecialCores() const
{
    return 1;
}

Time
CfcfsCorePolicy::GetSpecialBusyTime() const
{
    return GetDispatcherBusyTime();
}

Time
CfcfsCorePolicy::GetDispatcherBusyTime() const
{
    Time busy = m_dispatcherBusy;
    if (!m_dispatching.empty())
    {
        busy += PeekableScheduler::Now() - m_dispatchStart;
    }
    return busy;
}

void
CfcfsCorePolicy::DoEnqueue(Handle h)
{
    NS_LOG_LOGIC("request " << h << " arrives");
    if (m_dispatchOverhead.IsZero())
    {
        Admit(h);
        return;
    }
    m_dispatching.push_back(h);
    if (m_dispatching.size() == 1)
    {
        m_dispatchStart = PeekableScheduler::Now();
        m_dispatchEvent =
            Simulator::Schedule(m_dispatchOverhead, &CfcfsCorePolicy::DispatchDone, this);
    }
}

void
CfcfsCorePolicy::DispatchDone()
{
    m_dispatcherBusy += PeekableScheduler::Now() - m_dispatchStart;
    Handle h = m_dispatching.front();
    m_dispatching.pop_front();
    if (!m_dispatching.empty())
    {
        m_dispatchStart = PeekableScheduler::Now();
        m_dispatchEvent =
            Simulator::Schedule(m_dispatchOverhead, &CfcfsCorePolicy::DispatchDone, this);
    }
    Admit(h);
}

void
CfcfsCorePolicy::Admit(Handle h)
{
    if (HasIdleWorker())
    {
        Start(GetIdleWorker(), h);
        return;
    }
    m_central.push_back(h);
}

void
CfcfsCorePolicy::DoWorkerIdle(uint32_t w)
{
    NS_LOG_LOGIC("worker " << w << " idle");
    if (!m_central.empty())
    {
        Handle h = m_central.front();
        m_central.pop_front();
        if (!m_central.empty())
        {
            Prefetch(m_central.front());
        }
        Start(w, h);
    }
}

void
CfcfsCorePolicy::Start(uint32_t w, Handle h)
{
    Run(w, h);
}

bool
CfcfsCorePolicy::IsDispatcherBusy() const
{
    return !m_dispatching.empty();
}

uint64_t
CfcfsCorePolicy::DoGetWaiting() const
{
    return m_central.size() + m_dispatching.size();
}

} // namespace rsched
} // namespace ns3
