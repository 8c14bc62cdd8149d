/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "psp-core-policy.h"

#include "../requests/request-scheduling-compat.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("PspCorePolicy");

NS_OBJECT_ENSURE_REGISTERED(PspCorePolicy);

TypeId
PspCorePolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PspCorePolicy")
            .SetParent<CfcfsCorePolicy>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<PspCorePolicy>()
            .AddAttribute("ReservedCores",
                          "Workers (the first ones) that serve short requests only",
                          UintegerValue(1),
                          MakeUintegerAccessor(&PspCorePolicy::m_reserved),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ShortClass",
                          "Request class of the short requests (the others are long)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PspCorePolicy::m_shortClass),
                          MakeUintegerChecker<uint32_t>(0, 255))
            .AddAttribute(
                "HandOut",
                "Who moves a classified request to a worker: the idle worker at "
                "once (Immediate), the dispatcher between classifications "
                "(Dispatcher), or the dispatcher only in its passes (Passes, the "
                "AFP authors' simulator)",
                EnumValue(DISPATCHER),
                RS_MAKE_ENUM_ACCESSOR(PspCorePolicy::HandOut, &PspCorePolicy::m_handOut),
                MakeEnumChecker(IMMEDIATE, "Immediate", DISPATCHER, "Dispatcher", PASSES, "Passes"))
            .AddAttribute("IdleSpin",
                          "HandOut=Passes: how long the dispatcher spins when it has nothing "
                          "to classify before its next pass (the authors' "
                          "MINIMUM_WORK_SEARCH_TIME)",
                          TimeValue(NanoSeconds(3100)),
                          MakeTimeAccessor(&PspCorePolicy::m_idleSpin),
                          MakeTimeChecker(NanoSeconds(1)));
    return tid;
}

uint32_t
PspCorePolicy::GetReservedCores() const
{
    return m_reserved;
}

bool
PspCorePolicy::DistinguishesClasses() const
{
    return true;
}

bool
PspCorePolicy::CheckConfig(uint32_t workers, std::string& error) const
{
    if (m_reserved >= workers)
    {
        error = "ReservedCores=" + std::to_string(m_reserved) +
                ": reserved cores must be fewer than the " + std::to_string(workers) + " workers";
        return false;
    }
    return true;
}

bool
PspCorePolicy::IsShort(Handle h)
{
    return Get(h).header.GetRequestClass() == m_shortClass;
}

uint32_t
PspCorePolicy::FindIdle(bool isShort) const
{
    // Reserved workers first for short requests; non-reserved ones for all.
    // A scan over the workers: a server has a few tens at most.
    for (uint32_t w = isShort ? 0 : m_reserved; w < GetWorkers(); ++w)
    {
        if (IsIdle(w))
        {
            return w;
        }
    }
    return GetWorkers();
}

void
PspCorePolicy::DoDispose()
{
    m_spinEvent.Cancel();
    CfcfsCorePolicy::DoDispose();
}

void
PspCorePolicy::DoEnqueue(Handle h)
{
    if (m_handOut == PASSES && !m_spinEvent.IsExpired())
    {
        // The arrival ends the idle spin: a pass, then its classification.
        m_spinEvent.Cancel();
        HandOutQueued(true);
    }
    CfcfsCorePolicy::DoEnqueue(h);
}

void
PspCorePolicy::StartSpin()
{
    // With both queues empty nothing can be handed out before the next
    // arrival, which would end the spin: no need to spin.
    if (!m_short.empty() || !m_long.empty())
    {
        m_spinEvent = Simulator::Schedule(m_idleSpin, &PspCorePolicy::SpinEnd, this);
    }
}

void
PspCorePolicy::SpinEnd()
{
    HandOutQueued(true);
    StartSpin();
}

void
PspCorePolicy::Admit(Handle h)
{
    bool isShort = IsShort(h);
    (isShort ? m_short : m_long).push_back(h);
    if (m_handOut == PASSES)
    {
        HandOutQueued(true);
        if (!IsDispatcherBusy())
        {
            StartSpin();
        }
        return;
    }
    // A dispatcher with requests still to classify makes one pass now; an
    // idle one (and any worker, with immediate hand-out) places all it can.
    HandOutQueued(m_handOut == DISPATCHER && IsDispatcherBusy());
}

void
PspCorePolicy::HandOutQueued(bool onePass)
{
    for (bool progress = true; progress;)
    {
        progress = false;
        for (auto* queue : {&m_short, &m_long})
        {
            uint32_t w = queue->empty() ? GetWorkers() : FindIdle(queue == &m_short);
            if (w < GetWorkers())
            {
                Handle h = queue->front();
                queue->pop_front();
                Start(w, h);
                progress = true;
            }
        }
        if (onePass)
        {
            break;
        }
    }
}

void
PspCorePolicy::DoWorkerIdle(uint32_t w)
{
    if ((m_handOut == DISPATCHER && IsDispatcherBusy()) || m_handOut == PASSES)
    {
        // The dispatcher hands work out in its next pass.
        return;
    }
    std::deque<Handle>* queue = !m_short.empty() ? &m_short : nullptr;
    if (!queue && w >= m_reserved && !m_long.empty())
    {
        queue = &m_long;
    }
    if (queue)
    {
        Handle h = queue->front();
        queue->pop_front();
        Start(w, h);
    }
}

uint64_t
PspCorePolicy::DoGetWaiting() const
{
    return m_short.size() + m_long.size() + CfcfsCorePolicy::DoGetWaiting();
}

} // namespace rsched
} // namespace ns3
