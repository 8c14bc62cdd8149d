/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "peekable-scheduler.h"

#include "ns3/assert.h"
#include "ns3/event-impl.h"
#include "ns3/scheduler.h"
#include "ns3/simulator-impl.h"
#include "ns3/simulator.h"

#include <atomic>
#include <list>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief The examples' SimulatorImplementationType: DefaultSimulatorImpl's
 * semantics, the same events in the same order, with less work per event.
 *
 * Why: at queue level an event is a few hundred nanoseconds of model work,
 * and DefaultSimulatorImpl adds to each one an EventId built and
 * destroyed for PreEventHook (a reference count taken and dropped), two
 * log-level checks, and virtual calls into the scheduler: without them
 * RackSched and AFP run 1.06-1.07x faster. Here the run loop calls a
 * PeekableScheduler directly (any other SchedulerType through its virtual
 * interface), and there is no per-event hook: nothing derives from this
 * class.
 *
 * Events run in (time, uid) order with the same uids as
 * DefaultSimulatorImpl gives, so a run is the same event for event;
 * --SimulatorImplementationType=ns3::DefaultSimulatorImpl shows it. Events
 * scheduled with a context from another thread wait, as there, in a queue
 * under a mutex until the main thread takes them after the current event.
 */
class LeanSimulatorImpl final : public SimulatorImpl
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    LeanSimulatorImpl();

    void Destroy() override;
    bool IsFinished() const override;
    void Stop() override;
    /// What Stop(delay) returns: void before ns-3.41, the stop event's id since.
    using StopResult = decltype(std::declval<SimulatorImpl&>().Stop(std::declval<const Time&>()));
    StopResult Stop(const Time& delay) override;
    EventId Schedule(const Time& delay, EventImpl* event) override;
    void ScheduleWithContext(uint32_t context, const Time& delay, EventImpl* event) override;
    EventId ScheduleNow(EventImpl* event) override;
    EventId ScheduleDestroy(EventImpl* event) override;
    void Remove(const EventId& id) override;
    void Cancel(const EventId& id) override;
    bool IsExpired(const EventId& id) const override;
    void Run() override;
    Time Now() const override;
    Time GetDelayLeft(const EventId& id) const override;
    Time GetMaximumSimulationTime() const override;
    void SetScheduler(ObjectFactory schedulerFactory) override;
    uint32_t GetSystemId() const override;
    uint32_t GetContext() const override;
    uint64_t GetEventCount() const override;

  private:
    void DoDispose() override;

    /**
     * \brief Put an event in the scheduler with the next uid.
     * \param event the event (the scheduler takes over its reference)
     * \param delay time steps from now
     * \param context its context
     * \return its key
     */
    Scheduler::EventKey Insert(EventImpl* event, uint64_t delay, uint32_t context)
    {
        Scheduler::Event ev{event, {m_currentTs + delay, m_uid++, context}};
        ++m_pending;
        if (m_peekable)
        {
            m_peekable->Insert(ev);
        }
        else
        {
            m_events->Insert(ev);
        }
        return ev.key;
    }

    /// \return whether no event waits in the scheduler
    bool IsEmpty() const
    {
        return m_peekable ? m_peekable->IsEmpty() : m_events->IsEmpty();
    }

    /// \brief Schedule what other threads have queued (ScheduleWithContext).
    void TakeQueued();

    /// An event another thread scheduled, waiting for the main thread.
    struct Queued
    {
        EventImpl* event; //!< the event (its reference is the scheduler's)
        uint64_t delay;   //!< time steps after the time the main thread takes it
        uint32_t context; //!< its context
    };

    Ptr<Scheduler> m_events;                          //!< the pending events
    PeekableScheduler* m_peekable{nullptr};           //!< m_events, if it is one of these
    std::list<EventId> m_destroyEvents;               //!< ScheduleDestroy's, in order
    uint64_t m_currentTs{0};                          //!< the current time step
    uint32_t m_currentUid{EventId::UID::INVALID};     //!< the running event's uid
    uint32_t m_currentContext{Simulator::NO_CONTEXT}; //!< the running event's context
    uint32_t m_uid{EventId::UID::VALID};              //!< the next event's uid
    uint64_t m_pending{0};                            //!< events in the scheduler
    uint64_t m_eventCount{0};                         //!< events run
    bool m_stop{false};                               //!< Stop() was called
    std::thread::id m_mainThread;                     //!< the thread that runs events
    std::mutex m_queueMutex;                          //!< guards m_queue
    std::vector<Queued> m_queue;                      //!< other threads' events
    std::atomic<bool> m_queueEmpty{true};             //!< m_queue is empty
};

NS_OBJECT_ENSURE_REGISTERED(LeanSimulatorImpl);

TypeId
LeanSimulatorImpl::GetTypeId()
{
    static TypeId tid = TypeId("ns3::LeanSimulatorImpl")
                            .SetParent<SimulatorImpl>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<LeanSimulatorImpl>();
    return tid;
}

LeanSimulatorImpl::LeanSimulatorImpl()
    : m_mainThread(std::this_thread::get_id())
{
}

void
LeanSimulatorImpl::DoDispose()
{
    TakeQueued();
    while (!IsEmpty())
    {
        m_events->RemoveNext().impl->Unref();
    }
    m_events = nullptr;
    m_peekable = nullptr;
    SimulatorImpl::DoDispose();
}

void
LeanSimulatorImpl::Destroy()
{
    while (!m_destroyEvents.empty())
    {
        Ptr<EventImpl> event = m_destroyEvents.front().PeekEventImpl();
        m_destroyEvents.pop_front();
        if (!event->IsCancelled())
        {
            event->Invoke();
        }
    }
}

void
LeanSimulatorImpl::SetScheduler(ObjectFactory schedulerFactory)
{
    Ptr<Scheduler> scheduler = schedulerFactory.Create<Scheduler>();
    if (m_events)
    {
        while (!IsEmpty())
        {
            scheduler->Insert(m_events->RemoveNext());
        }
    }
    m_events = scheduler;
    m_peekable = dynamic_cast<PeekableScheduler*>(PeekPointer(scheduler));
}

uint32_t
LeanSimulatorImpl::GetSystemId() const
{
    return 0;
}

bool
LeanSimulatorImpl::IsFinished() const
{
    return m_stop || IsEmpty();
}

void
LeanSimulatorImpl::TakeQueued()
{
    if (m_queueEmpty.load(std::memory_order_acquire))
    {
        return;
    }
    std::vector<Queued> queued;
    {
        std::lock_guard<std::mutex> lock(m_queueMutex);
        queued.swap(m_queue);
        m_queueEmpty.store(true, std::memory_order_release);
    }
    for (const Queued& q : queued)
    {
        Insert(q.event, q.delay, q.context);
    }
}

void
LeanSimulatorImpl::Run()
{
    m_mainThread = std::this_thread::get_id();
    m_stop = false;
    TakeQueued();
    while (!m_stop && !IsEmpty())
    {
        Scheduler::Event next = m_peekable ? m_peekable->RemoveNext() : m_events->RemoveNext();
        NS_ASSERT(next.key.m_ts >= m_currentTs);
        --m_pending;
        ++m_eventCount;
        m_currentTs = next.key.m_ts;
        m_currentContext = next.key.m_context;
        m_currentUid = next.key.m_uid;
        next.impl->Invoke();
        next.impl->Unref();
        TakeQueued();
    }
    NS_ASSERT(!IsEmpty() || m_pending == 0);
}

void
LeanSimulatorImpl::Stop()
{
    m_stop = true;
}

LeanSimulatorImpl::StopResult
LeanSimulatorImpl::Stop(const Time& delay)
{
    return static_cast<StopResult>(Simulator::Schedule(delay, &Simulator::Stop));
}

EventId
LeanSimulatorImpl::Schedule(const Time& delay, EventImpl* event)
{
    NS_ASSERT_MSG(m_mainThread == std::this_thread::get_id(),
                  "Simulator::Schedule from a thread other than the simulation's");
    NS_ASSERT_MSG(delay.IsPositive(), "LeanSimulatorImpl::Schedule: negative delay");
    Scheduler::EventKey key =
        Insert(event, static_cast<uint64_t>(delay.GetTimeStep()), m_currentContext);
    return EventId(event, key.m_ts, key.m_context, key.m_uid);
}

void
LeanSimulatorImpl::ScheduleWithContext(uint32_t context, const Time& delay, EventImpl* event)
{
    if (m_mainThread == std::this_thread::get_id())
    {
        Insert(event, static_cast<uint64_t>(delay.GetTimeStep()), context);
        return;
    }
    // The current time is added when the main thread takes it (TakeQueued).
    std::lock_guard<std::mutex> lock(m_queueMutex);
    m_queue.push_back({event, static_cast<uint64_t>(delay.GetTimeStep()), context});
    m_queueEmpty.store(false, std::memory_order_release);
}

EventId
LeanSimulatorImpl::ScheduleNow(EventImpl* event)
{
    return Schedule(Time(0), event);
}

EventId
LeanSimulatorImpl::ScheduleDestroy(EventImpl* event)
{
    NS_ASSERT_MSG(m_mainThread == std::this_thread::get_id(),
                  "Simulator::ScheduleDestroy from a thread other than the simulation's");
    // The EventId holds the reference Simulator passed on (as
    // DefaultSimulatorImpl does); a destroy event takes a uid too.
    EventId id(Ptr<EventImpl>(event, false), m_currentTs, 0xffffffff, EventId::UID::DESTROY);
    m_destroyEvents.push_back(id);
    ++m_uid;
    return id;
}

Time
LeanSimulatorImpl::Now() const
{
    return TimeStep(m_currentTs);
}

Time
LeanSimulatorImpl::GetDelayLeft(const EventId& id) const
{
    return IsExpired(id) ? TimeStep(0) : TimeStep(id.GetTs() - m_currentTs);
}

void
LeanSimulatorImpl::Remove(const EventId& id)
{
    if (id.GetUid() == EventId::UID::DESTROY)
    {
        for (auto i = m_destroyEvents.begin(); i != m_destroyEvents.end(); ++i)
        {
            if (*i == id)
            {
                m_destroyEvents.erase(i);
                break;
            }
        }
        return;
    }
    if (IsExpired(id))
    {
        return;
    }
    Scheduler::Event ev;
    ev.impl = id.PeekEventImpl();
    ev.key.m_ts = id.GetTs();
    ev.key.m_context = id.GetContext();
    ev.key.m_uid = id.GetUid();
    m_events->Remove(ev);
    ev.impl->Cancel();
    ev.impl->Unref(); // the scheduler's reference
    --m_pending;
}

void
LeanSimulatorImpl::Cancel(const EventId& id)
{
    if (!IsExpired(id))
    {
        id.PeekEventImpl()->Cancel();
    }
}

bool
LeanSimulatorImpl::IsExpired(const EventId& id) const
{
    EventImpl* event = id.PeekEventImpl();
    if (id.GetUid() == EventId::UID::DESTROY)
    {
        if (!event || event->IsCancelled())
        {
            return true;
        }
        for (const EventId& d : m_destroyEvents)
        {
            if (d == id)
            {
                return false;
            }
        }
        return true;
    }
    // Run already: before now, or now with a uid not after the running one.
    return !event || id.GetTs() < m_currentTs ||
           (id.GetTs() == m_currentTs && id.GetUid() <= m_currentUid) || event->IsCancelled();
}

Time
LeanSimulatorImpl::GetMaximumSimulationTime() const
{
    return TimeStep(0x7fffffffffffffffLL);
}

uint32_t
LeanSimulatorImpl::GetContext() const
{
    return m_currentContext;
}

uint64_t
LeanSimulatorImpl::GetEventCount() const
{
    return m_eventCount;
}

} // namespace rsched
} // namespace ns3
