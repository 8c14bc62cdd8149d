/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "peekable-scheduler.h"

#include "ns3/assert.h"

#include <algorithm>

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

/// \param e an event \return its (time, uid) as one 96-bit number (fewer
/// mispredicted branches than comparing time, then uid)
inline unsigned __int128
Key(const Scheduler::Event& e)
{
    return static_cast<unsigned __int128>(e.key.m_ts) << 32 | e.key.m_uid;
}
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

PeekableScheduler::PeekableScheduler() = default;

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
    m_heap.emplace_back();
    SiftUp(m_heap.size() - 1, ev);
}

bool
PeekableScheduler::IsEmpty() const
{
    return m_heap.empty();
}

Scheduler::Event
PeekableScheduler::PeekNext() const
{
    NS_ASSERT(!m_heap.empty());
    return m_heap.front();
}

Scheduler::Event
PeekableScheduler::RemoveNext()
{
    NS_ASSERT(!m_heap.empty());
    Event next = m_heap.front();
    Event last = m_heap.back();
    m_heap.pop_back();
    if (!m_heap.empty())
    {
        SiftDown(0, last);
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
    // Uids are unique: the last event fills the hole, then moves up or down.
    auto it = std::find_if(m_heap.begin(), m_heap.end(), [&ev](const Event& e) {
        return e.key.m_uid == ev.key.m_uid;
    });
    NS_ASSERT_MSG(it != m_heap.end(), "PeekableScheduler: no such event " << ev.key.m_uid);
    size_t hole = it - m_heap.begin();
    Event last = m_heap.back();
    m_heap.pop_back();
    if (hole == m_heap.size())
    {
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
    return !m_heap.empty() && m_heap.front().key.m_ts <= static_cast<uint64_t>(t.GetTimeStep());
}

} // namespace rsched
} // namespace ns3
