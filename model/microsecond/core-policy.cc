/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "core-policy.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cstdint>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("CorePolicy");

NS_OBJECT_ENSURE_REGISTERED(CorePolicy);

TypeId
CorePolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::CorePolicy")
                            .SetParent<Object>()
                            .SetGroupName("RequestScheduling")
                            .AddTraceSource("Start",
                                            "A request starts or resumes service",
                                            MakeTraceSourceAccessor(&CorePolicy::m_startTrace),
                                            "ns3::CorePolicy::RequestTracedCallback")
                            .AddTraceSource("Preempt",
                                            "A request is preempted before completion",
                                            MakeTraceSourceAccessor(&CorePolicy::m_preemptTrace),
                                            "ns3::CorePolicy::RequestTracedCallback")
                            .AddTraceSource("Complete",
                                            "A request completes service",
                                            MakeTraceSourceAccessor(&CorePolicy::m_completeTrace),
                                            "ns3::CorePolicy::RequestTracedCallback");
    return tid;
}

CorePolicy::CorePolicy() = default;

CorePolicy::~CorePolicy() = default;

void
CorePolicy::DoDispose()
{
    for (auto& w : m_workers)
    {
        w.event.Cancel();
    }
    m_onComplete = CompletionCallback();
    m_pool = nullptr;
    Object::DoDispose();
}

void
CorePolicy::Attach(ServerRequestPool* pool, uint32_t workers, CompletionCallback onComplete)
{
    NS_LOG_FUNCTION(this << workers);
    NS_ABORT_MSG_IF(m_pool, GetInstanceTypeId().GetName() << " is already attached to a server");
    NS_ABORT_MSG_IF(workers == 0, "a server needs at least one worker core");
    std::string error;
    NS_ABORT_MSG_IF(!CheckConfig(workers, error), GetInstanceTypeId().GetName() << ": " << error);
    m_pool = pool;
    m_onComplete = onComplete;
    m_workers.assign(workers, Worker{});
    m_idle.clear();
    m_idlePos.assign(workers, NOT_IDLE);
    for (uint32_t w = 0; w < workers; ++w)
    {
        Worker& worker = m_workers[w];
        worker.busySince = PeekableScheduler::Now();
        worker.sliceEnd = {this, &CorePolicy::SliceEnd, w};
        worker.overheadEnd = {this, &CorePolicy::OverheadEnd, w};
    }
    // Highest index on top of the stack: worker 0 is handed out first.
    for (uint32_t w = workers; w-- > 0;)
    {
        SetIdle(w);
    }
    DoAttach();
}

void
CorePolicy::DoAttach()
{
}

void
CorePolicy::Enqueue(Handle h)
{
    NS_ABORT_MSG_IF(!m_pool, "CorePolicy used before Attach()");
    ServerRequest& r = Get(h);
    r.remaining = r.work;
    DoEnqueue(h);
}

uint32_t
CorePolicy::GetWorkers() const
{
    return m_workers.size();
}

uint64_t
CorePolicy::GetWaiting() const
{
    return DoGetWaiting();
}

uint32_t
CorePolicy::GetInService() const
{
    return m_inService;
}

Time
CorePolicy::GetBusyTime() const
{
    Time total;
    for (uint32_t w = 0; w < m_workers.size(); ++w)
    {
        total += m_workers[w].busyTotal;
        if (!IsIdle(w))
        {
            total += PeekableScheduler::Now() - m_workers[w].busySince;
        }
    }
    return total;
}

uint64_t
CorePolicy::GetPreemptions() const
{
    return m_preemptions;
}

uint64_t
CorePolicy::GetCompleted() const
{
    return m_completed;
}

bool
CorePolicy::UsesNicQueues() const
{
    return true;
}

bool
CorePolicy::DistinguishesClasses() const
{
    return false;
}

Time
CorePolicy::GetSpecialBusyTime() const
{
    return Time(0);
}

bool
CorePolicy::CheckConfig(uint32_t /* workers */, std::string& /* error */) const
{
    return true;
}

uint32_t
CorePolicy::GetSpecialCores() const
{
    return 0;
}

void
CorePolicy::DoSliceEnd(uint32_t w, Handle /* h */)
{
    ContinueSlice(w);
}

void
CorePolicy::ContinueSlice(uint32_t w, Time slice)
{
    NS_ABORT_MSG_IF(!m_workers[w].running || !slice.IsStrictlyPositive(),
                    "ContinueSlice: worker " << w << " runs no request, or slice <= 0");
    StartSlice(w, slice, Time(0));
}

void
CorePolicy::Run(uint32_t w, Handle h, Time slice, Time overhead)
{
    NS_LOG_FUNCTION(this << w << h << slice << overhead);
    NS_ABORT_MSG_IF(!slice.IsStrictlyPositive() || overhead.IsStrictlyNegative(),
                    "Run: slice must be > 0 and overhead >= 0");
    SetBusy(w);
    Worker& worker = m_workers[w];
    worker.current = h;
    worker.running = true;
    ++m_inService;
    ServerRequest& r = Get(h);
    if (r.firstStart == Time::Max())
    {
        r.firstStart = PeekableScheduler::Now() + overhead;
    }
    m_startTrace(r, w);
    StartSlice(w, slice, overhead);
}

void
CorePolicy::StartSlice(uint32_t w, Time slice, Time overhead)
{
    Worker& worker = m_workers[w];
    const ServerRequest& r = Get(worker.current);
    worker.sliceStart = PeekableScheduler::Now() + overhead;
    worker.event = worker.sliceEnd.Schedule(overhead + std::min(r.remaining, slice));
}

void
CorePolicy::SliceEnd(uint32_t w)
{
    Worker& worker = m_workers[w];
    Handle h = worker.current;
    ServerRequest& r = Get(h);
    Time now = PeekableScheduler::Now();
    r.remaining -= now - worker.sliceStart;
    // The work done so far is accounted for: a Preempt() from DoSliceEnd()
    // must not subtract it again.
    worker.sliceStart = now;
    if (r.remaining.IsStrictlyPositive())
    {
        NS_LOG_LOGIC("slice of request " << r.header.GetRequestId() << " ended on worker " << w
                                         << ", " << r.remaining << " left");
        DoSliceEnd(w, h);
        return;
    }
    r.remaining = Time(0);
    worker.running = false;
    --m_inService;
    SetIdle(w);
    ++m_completed;
    m_completeTrace(r, w);
    m_onComplete(h);
    // A trace sink or the owner may have handed the worker new work already.
    if (IsIdle(w))
    {
        DoWorkerIdle(w);
    }
}

CorePolicy::Handle
CorePolicy::Preempt(uint32_t w, Time cost)
{
    NS_LOG_FUNCTION(this << w << cost);
    Worker& worker = m_workers[w];
    NS_ABORT_MSG_IF(!worker.running, "Preempt: worker " << w << " runs no request");
    worker.event.Cancel();
    Handle h = worker.current;
    ServerRequest& r = Get(h);
    Time done = PeekableScheduler::Now() - worker.sliceStart;
    if (done.IsStrictlyPositive())
    {
        // A preemption at the very instant the request finishes leaves it
        // with no work; it completes as soon as it runs again.
        r.remaining = std::max(Time(0), r.remaining - done);
    }
    worker.running = false;
    --m_inService;
    ++r.preemptions;
    ++m_preemptions;
    m_preemptTrace(r, w);
    // The worker pays the cost, then asks the policy for work.
    worker.event = worker.overheadEnd.Schedule(cost);
    return h;
}

void
CorePolicy::OverheadEnd(uint32_t w)
{
    SetIdle(w);
    DoWorkerIdle(w);
}

void
CorePolicy::EndSliceAt(uint32_t w, Time at)
{
    Worker& worker = m_workers[w];
    NS_ABORT_MSG_IF(!worker.running || at < PeekableScheduler::Now() || at < worker.sliceStart,
                    "EndSliceAt: worker " << w << " runs no request, or the time is past");
    Time delay = at - PeekableScheduler::Now();
    if (delay >= Simulator::GetDelayLeft(worker.event))
    {
        return;
    }
    // Removed, not cancelled: a cancelled event would stay in the
    // scheduler until the slice's old end.
    Simulator::Remove(worker.event);
    worker.event = worker.sliceEnd.Schedule(delay);
}

void
CorePolicy::Finish(Handle h)
{
    ++m_completed;
    ServerRequest& r = Get(h);
    r.remaining = Time(0);
    m_completeTrace(r, NO_WORKER);
    m_onComplete(h);
}

bool
CorePolicy::IsIdle(uint32_t w) const
{
    return m_idlePos[w] != NOT_IDLE;
}

bool
CorePolicy::HasIdleWorker() const
{
    return !m_idle.empty();
}

uint32_t
CorePolicy::GetIdleWorker() const
{
    NS_ASSERT(!m_idle.empty());
    return m_idle.back();
}

ServerRequest&
CorePolicy::Get(Handle h)
{
    return (*m_pool)[h];
}

void
CorePolicy::Prefetch(Handle h) const
{
    // Every cache line the record touches (it is not aligned to one).
    auto start = reinterpret_cast<uintptr_t>(&(*m_pool)[h]);
    for (uintptr_t line = start & ~uintptr_t{63}; line < start + sizeof(ServerRequest); line += 64)
    {
        __builtin_prefetch(reinterpret_cast<const void*>(line));
    }
}

void
CorePolicy::SetIdle(uint32_t w)
{
    if (m_idlePos[w] != NOT_IDLE)
    {
        return;
    }
    Worker& worker = m_workers[w];
    worker.busyTotal += PeekableScheduler::Now() - worker.busySince;
    m_idlePos[w] = m_idle.size();
    m_idle.push_back(w);
}

void
CorePolicy::SetBusy(uint32_t w)
{
    uint32_t pos = m_idlePos[w];
    NS_ABORT_MSG_IF(pos == NOT_IDLE, "worker " << w << " is already busy");
    // O(1) removal: move the last idle worker into the hole.
    uint32_t last = m_idle.back();
    m_idle[pos] = last;
    m_idlePos[last] = pos;
    m_idle.pop_back();
    m_idlePos[w] = NOT_IDLE;
    m_workers[w].busySince = PeekableScheduler::Now();
}

} // namespace rsched
} // namespace ns3
