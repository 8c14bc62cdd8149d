/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "shinjuku-core-policy.h"

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
                          MakeTimeChecker(Time(0)));
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

} // namespace ns3
