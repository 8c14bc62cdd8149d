/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "request-affinity-table.h"

#include "ns3/abort.h"
#include "ns3/hash-mix.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

RequestAffinityTable::RequestAffinityTable(uint32_t stages, uint32_t slots, Time timeout)
    : m_stages(stages),
      m_slots(slots),
      m_timeout(timeout.GetTimeStep())
{
    NS_ABORT_MSG_IF(stages == 0 || slots == 0,
                    "RequestAffinityTable: stages and slots must be >= 1");
    m_table.resize(static_cast<std::size_t>(stages) * slots);
}

uint64_t
RequestAffinityTable::Hash(uint32_t client, uint64_t request)
{
    return HashPair(MixBits(request), client);
}

uint32_t
RequestAffinityTable::SlotOf(uint32_t stage, uint32_t client, uint64_t request) const
{
    // A different function per stage (the P4 code uses a different CRC each).
    uint64_t h = MixBits(Hash(client, request) + (stage + 1) * 0x632be59bd9b4e019ULL);
    return stage * m_slots + static_cast<uint32_t>(h % m_slots);
}

uint64_t
RequestAffinityTable::Claim(uint32_t client, uint64_t request, Time now)
{
    int64_t t = now.GetTimeStep();
    for (uint32_t s = 0; s < m_stages; ++s)
    {
        uint32_t slot = SlotOf(s, client, request);
        Entry& e = m_table[slot];
        if (e.target != FREE && e.client == client && e.request == request)
        {
            return slot;
        }
        bool stale = e.target != FREE && m_timeout > 0 && t - e.claimed > m_timeout;
        if (e.target == FREE || stale)
        {
            if (stale)
            {
                ++m_reclaimed; // its reply was lost: the slot changes hands
            }
            else
            {
                ++m_size;
                m_peak = std::max(m_peak, m_size);
            }
            e = Entry{request, client, 0, t};
            return slot;
        }
    }
    return COLLISION;
}

void
RequestAffinityTable::Set(uint64_t slot, uint32_t target)
{
    m_table[slot].target = target;
}

bool
RequestAffinityTable::Insert(uint32_t client, uint64_t request, uint32_t target, Time now)
{
    uint64_t slot = Claim(client, request, now);
    if (slot == COLLISION)
    {
        return false;
    }
    Set(slot, target);
    return true;
}

uint32_t
RequestAffinityTable::Lookup(uint32_t client, uint64_t request) const
{
    for (uint32_t s = 0; s < m_stages; ++s)
    {
        const Entry& e = m_table[SlotOf(s, client, request)];
        if (e.target != FREE && e.client == client && e.request == request)
        {
            return e.target;
        }
    }
    return NOT_FOUND;
}

void
RequestAffinityTable::Remove(uint32_t client, uint64_t request)
{
    for (uint32_t s = 0; s < m_stages; ++s)
    {
        Entry& e = m_table[SlotOf(s, client, request)];
        if (e.target != FREE && e.client == client && e.request == request)
        {
            e.target = FREE;
            --m_size;
        }
    }
}

uint32_t
RequestAffinityTable::GetSize() const
{
    return m_size;
}

uint32_t
RequestAffinityTable::GetPeak() const
{
    return m_peak;
}

uint64_t
RequestAffinityTable::GetReclaimed() const
{
    return m_reclaimed;
}

} // namespace rsched
} // namespace ns3
