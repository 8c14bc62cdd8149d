/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "peekable-scheduler.h"

#include "ns3/assert.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(PeekableScheduler);

PeekableScheduler* PeekableScheduler::s_current = nullptr;

namespace
{
/// The heap's order: later (time, uid) first out of std::pop_heap's
/// comparison, as one 96-bit number (fewer mispredicted branches than
/// comparing time, then uid).
struct Later
{
    bool operator()(const Scheduler::Event& a, const Scheduler::Event& b) const
    {
        return Key(a) > Key(b);
    }

    static unsigned __int128 Key(const Scheduler::Event& e)
    {
        return static_cast<unsigned __int128>(e.key.m_ts) << 32 | e.key.m_uid;
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
    // another purpose, by an attribute listing say, never does).
    s_current = this;
    m_heap.push_back(ev);
    std::push_heap(m_heap.begin(), m_heap.end(), Later());
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
    std::pop_heap(m_heap.begin(), m_heap.end(), Later());
    Event next = m_heap.back();
    m_heap.pop_back();
    return next;
}

void
PeekableScheduler::Remove(const Event& ev)
{
    // Uids are unique. The event gets the earliest key there is (uid 0 is
    // never an event's): it rises to the top of the heap's prefix that ends
    // at it (a prefix of a heap is a heap), which is the top of the heap.
    auto it = std::find_if(m_heap.begin(), m_heap.end(), [&ev](const Event& e) {
        return e.key.m_uid == ev.key.m_uid;
    });
    NS_ASSERT_MSG(it != m_heap.end(), "PeekableScheduler: no such event " << ev.key.m_uid);
    it->key.m_ts = 0;
    it->key.m_uid = 0;
    std::push_heap(m_heap.begin(), it + 1, Later());
    std::pop_heap(m_heap.begin(), m_heap.end(), Later());
    m_heap.pop_back();
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

} // namespace ns3
