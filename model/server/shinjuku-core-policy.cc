/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "shinjuku-core-policy.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/nstime.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ShinjukuCorePolicy");

NS_OBJECT_ENSURE_REGISTERED(ShinjukuCorePolicy);

TypeId
ShinjukuCorePolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ShinjukuCorePolicy")
            .SetParent<CfcfsCorePolicy>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<ShinjukuCorePolicy>()
            .AddAttribute("Quantum",
                          "Longest time a request runs before it is preempted",
                          TimeValue(MicroSeconds(5)),
                          MakeTimeAccessor(&ShinjukuCorePolicy::m_quantum),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("PreemptionOverhead",
                          "Worker time spent on each preemption (interrupt, context switch)",
                          TimeValue(NanoSeconds(0)),
                          MakeTimeAccessor(&ShinjukuCorePolicy::m_preemptionOverhead),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("QueuePerClass",
                          "One queue per request class, served in turn, instead of one FIFO",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ShinjukuCorePolicy::m_queuePerClass),
                          MakeBooleanChecker());
    return tid;
}

void
ShinjukuCorePolicy::Start(uint32_t w, Handle h)
{
    Run(w, h, m_quantum);
}

void
ShinjukuCorePolicy::DoSliceEnd(uint32_t w, Handle /* h */)
{
    Handle preempted = Preempt(w, m_preemptionOverhead);
    NS_LOG_LOGIC("request " << preempted << " preempted on worker " << w);
    Admit(preempted);
}

void
ShinjukuCorePolicy::Admit(Handle h)
{
    if (!m_queuePerClass)
    {
        CfcfsCorePolicy::Admit(h);
        return;
    }
    if (HasIdleWorker())
    {
        Start(GetIdleWorker(), h);
        return;
    }
    uint8_t c = Get(h).header.GetRequestClass();
    if (c >= m_classes.size())
    {
        m_classes.resize(c + 1);
    }
    m_classes[c].push_back(h);
    ++m_classWaiting;
}

void
ShinjukuCorePolicy::DoWorkerIdle(uint32_t w)
{
    if (!m_queuePerClass)
    {
        CfcfsCorePolicy::DoWorkerIdle(w);
        return;
    }
    if (m_classWaiting == 0)
    {
        return;
    }
    // Round robin: the first non-empty queue from the class whose turn it is.
    for (uint32_t i = 0; i < m_classes.size(); ++i)
    {
        uint32_t c = (m_next + i) % m_classes.size();
        if (!m_classes[c].empty())
        {
            Handle h = m_classes[c].front();
            m_classes[c].pop_front();
            --m_classWaiting;
            m_next = c + 1;
            Start(w, h);
            return;
        }
    }
}

uint64_t
ShinjukuCorePolicy::DoGetWaiting() const
{
    return CfcfsCorePolicy::DoGetWaiting() + m_classWaiting;
}

} // namespace ns3
