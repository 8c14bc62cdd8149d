/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "peekable-scheduler.h"

#include "ns3/assert.h"

#include <algorithm>
#include <cstdint>

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(PeekableScheduler);

PeekableScheduler* PeekableScheduler::s_current = nullptr;

namespace
{
/// Children per node: a 4-ary heap is half as deep as a binary one, and a
/// node's four children share a cache line or two.
constexpr size_t ARITY = 4;
/// Buckets in the ring: with millisecond buckets it covers the next 4 s.
constexpr uint64_t RING = 4096;

/// \param e an event \return its (time, uid) as one 96-bit number (fewer
/// mispredicted branches than comparing time, then uid)
inline unsigned __int128
Key(const Scheduler::Event& e)
{
    return static_cast<unsigned __int128>(e.key.m_ts) << 32 | e.key.m_uid;
}

/// Later first: std::push_heap's order for a heap with the earliest on top.
struct Later
{
    /// \param a an event \param b another \return a is after b
    bool operator()(const Scheduler::Event& a, const Scheduler::Event& b) const
    {
        return Key(a) > Key(b);
    }
};
} // namespace

TypeId
PeekableScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PeekableScheduler")
                            .SetParent<Scheduler>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<PeekableScheduler>();
    return tid;
}

PeekableScheduler::PeekableScheduler()
    : m_ring(RING)
{
    // Buckets of a power of two time steps, the first at least 1 ms.
    auto perMs = static_cast<uint64_t>(std::max<int64_t>(MilliSeconds(1).GetTimeStep(), 1));
    while ((uint64_t{1} << m_shift) < perMs)
    {
        ++m_shift;
    }
}

PeekableScheduler::~PeekableScheduler()
{
    if (s_current == this)
    {
        s_current = nullptr;
    }
}

void
PeekableScheduler::Insert(const Event& ev)
{
    // Only the simulation's scheduler receives events (one made for
    // another purpose, by an attribute listing say, never does). One that
    // takes over a running simulation (Simulator::SetScheduler) starts
    // from its current time.
    if (s_current != this)
    {
        m_runningTs = Simulator::Now().GetTimeStep();
        s_current = this;
    }
    if (ev.key.m_ts < m_boundary)
    {
        // The next event to run waits in m_front, out of the heap.
        if (!m_hasFront)
        {
            if (m_heap.empty() || Key(ev) < Key(m_heap.front()))
            {
                m_front = ev;
                m_hasFront = true;
                return;
            }
        }
        else if (Key(ev) < Key(m_front))
        {
            PushNear(m_front);
            m_front = ev;
            return;
        }
        PushNear(ev);
        return;
    }
    PushLater(ev);
    if (m_heap.empty())
    {
        Refill();
    }
}

void
PeekableScheduler::PushNear(const Event& ev)
{
    m_heap.emplace_back();
    SiftUp(m_heap.size() - 1, ev);
}

uint64_t
PeekableScheduler::RingEnd() const
{
    return m_boundary + (RING << m_shift);
}

std::vector<Scheduler::Event>&
PeekableScheduler::BucketOf(uint64_t ts)
{
    return m_ring[(ts >> m_shift) & (RING - 1)];
}

void
PeekableScheduler::PushLater(const Event& ev)
{
    if (ev.key.m_ts < RingEnd())
    {
        BucketOf(ev.key.m_ts).push_back(ev);
        ++m_inRing;
        return;
    }
    m_far.push_back(ev);
    std::push_heap(m_far.begin(), m_far.end(), Later());
}

void
PeekableScheduler::TakeFar()
{
    uint64_t end = RingEnd();
    while (!m_far.empty() && m_far.front().key.m_ts < end)
    {
        std::pop_heap(m_far.begin(), m_far.end(), Later());
        BucketOf(m_far.back().key.m_ts).push_back(m_far.back());
        ++m_inRing;
        m_far.pop_back();
    }
}

void
PeekableScheduler::Refill()
{
    while (m_heap.empty() && (m_inRing > 0 || !m_far.empty()))
    {
        if (m_inRing == 0)
        {
            // Nothing in the ring: on to the far heap's first bucket.
            m_boundary = m_far.front().key.m_ts >> m_shift << m_shift;
            TakeFar();
            continue;
        }
        std::vector<Event>& bucket = BucketOf(m_boundary);
        m_boundary += uint64_t{1} << m_shift;
        m_inRing -= bucket.size();
        for (const Event& e : bucket)
        {
            // A millisecond ahead: an event that waited seconds (a client's
            // next request) is out of the cache by now; start loading it.
            __builtin_prefetch(e.impl);
            PushNear(e);
        }
        bucket.clear();
        TakeFar(); // the ring's end moved on by a bucket
    }
}

bool
PeekableScheduler::IsEmpty() const
{
    return !m_hasFront && m_heap.empty();
}

Scheduler::Event
PeekableScheduler::PeekNext() const
{
    NS_ASSERT(!IsEmpty());
    return m_hasFront ? m_front : m_heap.front();
}

Scheduler::Event
PeekableScheduler::RemoveNext()
{
    NS_ASSERT(!IsEmpty());
    NS_ASSERT_MSG(!m_heap.empty() || (m_inRing == 0 && m_far.empty()),
                  "PeekableScheduler: later events wait behind an empty heap");
    if (m_hasFront)
    {
        m_hasFront = false;
        m_runningUid = m_front.key.m_uid;
        m_runningTs = m_front.key.m_ts;
        return m_front;
    }
    Event next = m_heap.front();
    Event last = m_heap.back();
    m_heap.pop_back();
    if (!m_heap.empty())
    {
        SiftDown(0, last);
    }
    else
    {
        Refill();
    }
    m_runningUid = next.key.m_uid;
    m_runningTs = next.key.m_ts;
    return next;
}

uint32_t
PeekableScheduler::GetRunningUid() const
{
    return m_runningUid;
}

void
PeekableScheduler::Remove(const Event& ev)
{
    // Uids are unique, and the time says where the event waits.
    if (m_hasFront && m_front.key.m_uid == ev.key.m_uid)
    {
        m_hasFront = false;
        return;
    }
    auto same = [&ev](const Event& e) { return e.key.m_uid == ev.key.m_uid; };
    if (ev.key.m_ts >= m_boundary)
    {
        bool inRing = ev.key.m_ts < RingEnd();
        std::vector<Event>& v = inRing ? BucketOf(ev.key.m_ts) : m_far;
        auto it = std::find_if(v.begin(), v.end(), same);
        NS_ASSERT_MSG(it != v.end(), "PeekableScheduler: no such event " << ev.key.m_uid);
        if (inRing)
        {
            *it = v.back(); // a bucket is unsorted
            v.pop_back();
            --m_inRing;
        }
        else
        {
            v.erase(it);
            std::make_heap(v.begin(), v.end(), Later());
        }
        return;
    }
    // In the heap: the last event fills the hole, then moves up or down.
    auto it = std::find_if(m_heap.begin(), m_heap.end(), same);
    NS_ASSERT_MSG(it != m_heap.end(), "PeekableScheduler: no such event " << ev.key.m_uid);
    size_t hole = it - m_heap.begin();
    Event last = m_heap.back();
    m_heap.pop_back();
    if (hole == m_heap.size())
    {
        Refill(); // if that was the last one
        return;
    }
    if (hole > 0 && Key(last) < Key(m_heap[(hole - 1) / ARITY]))
    {
        SiftUp(hole, last);
    }
    else
    {
        SiftDown(hole, last);
    }
}

void
PeekableScheduler::SiftUp(size_t hole, const Event& ev)
{
    auto key = Key(ev);
    while (hole > 0)
    {
        size_t parent = (hole - 1) / ARITY;
        if (Key(m_heap[parent]) < key)
        {
            break;
        }
        m_heap[hole] = m_heap[parent];
        hole = parent;
    }
    m_heap[hole] = ev;
}

void
PeekableScheduler::SiftDown(size_t hole, const Event& ev)
{
    auto key = Key(ev);
    size_t n = m_heap.size();
    for (;;)
    {
        size_t first = ARITY * hole + 1;
        if (first >= n)
        {
            break;
        }
        size_t end = std::min(first + ARITY, n);
        size_t least = first;
        auto leastKey = Key(m_heap[first]);
        for (size_t c = first + 1; c < end; ++c)
        {
            auto k = Key(m_heap[c]);
            if (k < leastKey)
            {
                least = c;
                leastKey = k;
            }
        }
        if (key < leastKey)
        {
            break;
        }
        m_heap[hole] = m_heap[least];
        hole = least;
    }
    m_heap[hole] = ev;
}

PeekableScheduler*
PeekableScheduler::GetCurrent()
{
    return s_current;
}

bool
PeekableScheduler::IsDue(Time t) const
{
    return !IsEmpty() && PeekNext().key.m_ts <= static_cast<uint64_t>(t.GetTimeStep());
}

} // namespace rsched
} // namespace ns3
