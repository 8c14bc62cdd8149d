/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "unanswered-counts.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("UnansweredCounts");

UnansweredCounts::~UnansweredCounts()
{
    m_sweep.Cancel();
}

void
UnansweredCounts::Configure(Time timeout, ReclaimCallback reclaim)
{
    m_timeout = timeout;
    m_reclaim = reclaim;
    Reset();
}

void
UnansweredCounts::Reset()
{
    m_epochs.clear();
    m_sweep.Cancel();
}

void
UnansweredCounts::Forget(std::size_t slot)
{
    if (slot < m_epochs.size())
    {
        m_epochs[slot].clear();
    }
}

uint64_t
UnansweredCounts::GetReclaimed() const
{
    return m_reclaimed;
}

int64_t
UnansweredCounts::EpochOf(Time time) const
{
    return std::max<int64_t>(time.GetTimeStep(), 0) / m_timeout.GetTimeStep();
}

void
UnansweredCounts::Sent(std::size_t slot, Time sent)
{
    if (!m_timeout.IsStrictlyPositive())
    {
        return;
    }
    if (slot >= m_epochs.size())
    {
        m_epochs.resize(slot + 1);
    }
    Epoch& e = m_epochs[slot][EpochOf(sent)];
    ++e.count;
    e.counted = Simulator::Now();
    if (m_sweep.IsExpired()) // (IsPending is not in ns-3.37)
    {
        m_sweep = Simulator::Schedule(m_timeout, &UnansweredCounts::Sweep, this);
    }
}

bool
UnansweredCounts::Answered(std::size_t slot, Time sent)
{
    if (!m_timeout.IsStrictlyPositive())
    {
        return true;
    }
    if (slot >= m_epochs.size())
    {
        return false;
    }
    auto it = m_epochs[slot].find(EpochOf(sent));
    if (it == m_epochs[slot].end())
    {
        return false;
    }
    if (--it->second.count == 0)
    {
        m_epochs[slot].erase(it);
    }
    return true;
}

void
UnansweredCounts::Sweep()
{
    Time stale = Simulator::Now() - m_timeout;
    bool left = false;
    for (std::size_t slot = 0; slot < m_epochs.size(); ++slot)
    {
        auto& epochs = m_epochs[slot];
        for (auto it = epochs.begin(); it != epochs.end();)
        {
            if (it->second.counted > stale)
            {
                ++it;
                continue;
            }
            NS_LOG_LOGIC("slot " << slot << ": " << it->second.count << " requests sent in epoch "
                                 << it->first << " taken to be lost");
            m_reclaimed += it->second.count;
            m_reclaim(slot, it->second.count);
            it = epochs.erase(it);
        }
        left = left || !epochs.empty();
    }
    if (left)
    {
        m_sweep = Simulator::Schedule(m_timeout, &UnansweredCounts::Sweep, this);
    }
}

} // namespace rsched
} // namespace ns3
