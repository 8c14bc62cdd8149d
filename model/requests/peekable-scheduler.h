/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PEEKABLE_SCHEDULER_H
#define PEEKABLE_SCHEDULER_H

#include "ns3/nstime.h"
#include "ns3/scheduler.h"
#include "ns3/simulator.h"

#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief A heap of events, as ns-3's PriorityQueueScheduler, that
 * can also say whether an event is pending at the current time; the
 * examples' SchedulerType.
 *
 * Why: at queue level a request reaches the server in an event of its
 * own, scheduled now, so that it comes after the events already due at
 * that time as a packet's arrival does. When none is due, running the
 * delivery at the end of the sending event gives the same order with one
 * event fewer per request (a quarter of the queue level's events).
 * RequestClient asks GetCurrent(): with another scheduler (SchedulerType)
 * it keeps the event.
 *
 * The events of the next bucket (about a millisecond: 2^k time steps) and
 * before sit in a 4-ary heap on a vector (half as deep as
 * PriorityQueueScheduler's binary one), without its per-call logging, with
 * the key compared as one number and a Remove that mends the heap in
 * O(log n) after its linear search (ns-3's rebuilds it). Later events wait
 * unsorted in a ring of buckets, one per bucket width over the next few
 * seconds, and beyond that in a heap of their own; a bucket enters the
 * heap when the heap runs empty. Why: thousands of clients each keep a
 * timer seconds ahead (CArDS's scenario 3: 60 000 timers 2 s ahead), and
 * in one heap every event paid for their depth (a third of that
 * scenario's time); in a bucket such a timer costs a push and, a
 * millisecond before it is due, a place in a small heap. An event that
 * comes before every waiting one (a packet's arrival a few nanoseconds on,
 * Batchy's source's next packet) waits in a slot of its own and skips the
 * heap, pushed into it only if an earlier one comes. Events leave in
 * (time, uid) order, unique keys, so every scheduler gives the same run.
 */
class PeekableScheduler final : public Scheduler
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    PeekableScheduler();
    ~PeekableScheduler() override;

    void Insert(const Event& ev) override;
    bool IsEmpty() const override;
    Event PeekNext() const override;
    Event RemoveNext() override;
    void Remove(const Event& ev) override;

    /// \return the simulation's scheduler if it is one of these, else null
    static PeekableScheduler* GetCurrent();

    /**
     * \brief Simulator::Now(), read here when this scheduler runs the
     * simulation: the time of the event RemoveNext took last, which is the
     * simulator's current time. Why: Simulator::Now() is two calls into the
     * core library, and the per-request paths ask it a dozen times per
     * request (4 % of the queue level's time).
     * \return the current simulation time
     */
    static Time Now()
    {
        return s_current ? TimeStep(s_current->m_runningTs) : Simulator::Now();
    }

    /**
     * \param t a time, not before the simulation's current time
     * \return true if an event is pending at \p t or before
     */
    bool IsDue(Time t) const;
    /**
     * \return the uid of the event taken last by RemoveNext: while an
     * event runs, its own. Events at the same time run in uid order, so
     * this tells whether an event scheduled at a given moment (its uid)
     * runs before or after the current one.
     */
    uint32_t GetRunningUid() const;

  private:
    /**
     * \brief Put an event in a hole of m_heap, moving it towards the top.
     * \param hole an index of m_heap whose parent chain is a heap
     * \param ev the event
     */
    void SiftUp(size_t hole, const Event& ev);
    /**
     * \brief Put an event in a hole of m_heap, moving it towards the leaves.
     * \param hole an index of m_heap whose subtrees are heaps
     * \param ev the event
     */
    void SiftDown(size_t hole, const Event& ev);
    /// \brief Put an event in the heap.
    void PushNear(const Event& ev);
    /// \brief Put an event at or after m_boundary in its bucket or the far heap.
    void PushLater(const Event& ev);
    /**
     * \brief While the heap is empty and later events wait, move the next
     * bucket that has any into the heap (the far heap's events enter the
     * ring as its end passes them).
     */
    void Refill();
    /// \brief Move the far heap's events that the ring now covers into it.
    void TakeFar();
    /// \return the first time step after the ring's last bucket
    uint64_t RingEnd() const;
    /// \param ts a time step at or after m_boundary \return its bucket
    std::vector<Event>& BucketOf(uint64_t ts);

    Event m_front;          //!< the next event, if m_hasFront: before every other one
    bool m_hasFront{false}; //!< whether m_front holds an event
    /// 4-ary heap of the events before m_boundary, the earliest (time, uid)
    /// at index 0; not empty if the ring or the far heap holds any
    std::vector<Event> m_heap;
    uint64_t m_boundary{0};                 //!< start of the next bucket: a multiple of m_width
    uint32_t m_shift{0};                    //!< log2 of the bucket width (time steps)
    std::vector<std::vector<Event>> m_ring; //!< buckets from m_boundary on, unsorted
    size_t m_inRing{0};                     //!< events in m_ring
    std::vector<Event> m_far; //!< events after the ring's end, a binary heap (std::push_heap)
    uint32_t m_runningUid{0}; //!< uid of the event RemoveNext took last
    uint64_t m_runningTs{0};  //!< its time (the current time)
    static PeekableScheduler* s_current; //!< the one that last received an event, while it lives
};

} // namespace rsched
} // namespace ns3

#endif // PEEKABLE_SCHEDULER_H
