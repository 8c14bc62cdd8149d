/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "afp-core-policy.h"

#include "../requests/request-scheduling-compat.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("AfpCorePolicy");

NS_OBJECT_ENSURE_REGISTERED(AfpCorePolicy);

TypeId
AfpCorePolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AfpCorePolicy")
            .SetParent<CorePolicy>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<AfpCorePolicy>()
            .AddAttribute("Quantum",
                          "Run time of a long request (since it was marked long or resumed) "
                          "after which the timer core checks its worker's NIC queue",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&AfpCorePolicy::m_quantum),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("InterruptOverhead",
                          "Worker time spent on each preemption (timer interrupt, context save)",
                          TimeValue(NanoSeconds(580)),
                          MakeTimeAccessor(&AfpCorePolicy::m_interruptOverhead),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("FeedbackDelay",
                          "Run time of a long request before the application's feedback "
                          "marks it long (0: an oracle by request class)",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&AfpCorePolicy::m_feedbackDelay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Thresh",
                          "Requests taken from NIC queues (counted by the starvation counter) "
                          "before a worker resumes a preempted request instead",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&AfpCorePolicy::m_thresh),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "Starvation",
                "Scope of the starvation counter",
                EnumValue(GLOBAL),
                RS_MAKE_ENUM_ACCESSOR(AfpCorePolicy::StarvationScope, &AfpCorePolicy::m_scope),
                MakeEnumChecker(GLOBAL, "Global", PER_WORKER, "PerWorker"))
            .AddAttribute("ShortClass",
                          "Request class of the short requests (the others are long)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AfpCorePolicy::m_shortClass),
                          MakeUintegerChecker<uint32_t>(0, 255));
    return tid;
}

uint32_t
AfpCorePolicy::GetSpecialCores() const
{
    return 1;
}

bool
AfpCorePolicy::DistinguishesClasses() const
{
    return true;
}

uint64_t
AfpCorePolicy::GetNicQueueLength(uint32_t w) const
{
    return m_nic.at(w).size();
}

uint64_t
AfpCorePolicy::GetWaitQueueLength() const
{
    return m_wait.size();
}

uint32_t
AfpCorePolicy::GetStarvationCounter(uint32_t w) const
{
    return m_counters.at(m_scope == GLOBAL ? 0 : w);
}

uint32_t&
AfpCorePolicy::Counter(uint32_t w)
{
    return m_counters[m_scope == GLOBAL ? 0 : w];
}

void
AfpCorePolicy::DoAttach()
{
    m_nic.assign(GetWorkers(), {});
    m_counters.assign(m_scope == GLOBAL ? 1 : GetWorkers(), 0);
    m_firstTick.assign(GetWorkers(), Time::Max());
}

void
AfpCorePolicy::DoEnqueue(Handle h)
{
    uint32_t w = Get(h).nicQueue % GetWorkers();
    // An idle worker has nothing queued, nor has the wait queue: it takes
    // the request from its NIC queue at once.
    if (IsIdle(w))
    {
        ++Counter(w);
        Start(w, h);
        return;
    }
    m_nic[w].push_back(h);
    ++m_nicWaiting;
    // The worker runs a long request, unwatched while its NIC queue was
    // empty: the next timer check now preempts it.
    if (m_nic[w].size() == 1 && m_firstTick[w] != Time::Max())
    {
        EndSliceAt(w, NextTick(w));
    }
}

Time
AfpCorePolicy::NextTick(uint32_t w) const
{
    Time now = PeekableScheduler::Now();
    Time first = m_firstTick[w];
    if (now < first)
    {
        return first;
    }
    // A check at this very instant ran before the arrival (it was scheduled
    // earlier) and found the queue empty: the next one is strictly later.
    int64_t q = m_quantum.GetTimeStep();
    int64_t k = (now - first).GetTimeStep() / q + 1;
    return TimeStep(first.GetTimeStep() + k * q);
}

void
AfpCorePolicy::DoWorkerIdle(uint32_t w)
{
    auto& nic = m_nic[w];
    uint32_t& counter = Counter(w);
    // A worker with nothing queued, or at the threshold, resets the counter
    // and resumes the oldest waiting request, if any.
    if (nic.empty() || counter >= m_thresh)
    {
        counter = 0;
        if (!m_wait.empty())
        {
            NS_LOG_LOGIC("worker " << w << " resumes a waiting request");
            Handle h = m_wait.front();
            m_wait.pop_front();
            Start(w, h);
            return;
        }
    }
    if (!nic.empty())
    {
        ++counter;
        Handle h = nic.front();
        nic.pop_front();
        --m_nicWaiting;
        Start(w, h);
    }
}

void
AfpCorePolicy::Start(uint32_t w, Handle h)
{
    const ServerRequest& r = Get(h);
    if (r.header.GetRequestClass() == m_shortClass)
    {
        m_firstTick[w] = Time::Max();
        Run(w, h);
        return;
    }
    // A long request is watched once the feedback has marked it; a resumed
    // one was marked before its preemption and gets a fresh quantum. It
    // runs to completion unless a request is (or gets) queued behind it.
    Time first = r.preemptions == 0 ? m_feedbackDelay + m_quantum : m_quantum;
    m_firstTick[w] = PeekableScheduler::Now() + first;
    Run(w, h, m_nic[w].empty() ? Time::Max() : first);
}

void
AfpCorePolicy::DoSliceEnd(uint32_t w, Handle /* h */)
{
    // A slice ends at a timer check that finds the NIC queue non-empty
    // (only this worker takes requests from it).
    NS_ASSERT(!m_nic[w].empty());
    m_firstTick[w] = Time::Max();
    Handle preempted = Preempt(w, m_interruptOverhead);
    NS_LOG_LOGIC("request " << preempted << " preempted on worker " << w);
    if (HasIdleWorker())
    {
        // Only a worker with nothing queued is idle: it resumes the request
        // at once, as it would take it from the wait queue.
        uint32_t idle = GetIdleWorker();
        Counter(idle) = 0;
        Start(idle, preempted);
        return;
    }
    m_wait.push_back(preempted);
}

uint64_t
AfpCorePolicy::DoGetWaiting() const
{
    return m_nicWaiting + m_wait.size();
}

} // namespace rsched
} // namespace ns3
