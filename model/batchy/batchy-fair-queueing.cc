/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-fair-queueing.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

void
BatchyFairQueueing::Build(const DataFlowGraph& graph, bool on)
{
    uint32_t n = graph.GetNModules();
    m_tasks.assign(n, Task());
    m_waiting.assign((n + 63) / 64, 0);
    m_queued = 0;
    if (!on)
    {
        return;
    }
    for (uint32_t v = 0; v < n; ++v)
    {
        m_tasks[v].isTask =
            graph.GetModule(v).controllable || graph.GetModule(v).predecessors.empty();
    }
    // A successor is never a root: the tasks a run reaches are the first
    // controllable modules below its module.
    std::vector<uint32_t> chain;
    for (uint32_t v = 0; v < n; ++v)
    {
        if (m_tasks[v].isTask)
        {
            graph.GetChain(v, chain, m_tasks[v].feeds);
        }
    }
}

bool
BatchyFairQueueing::IsTask(uint32_t module) const
{
    return m_tasks[module].isTask;
}

void
BatchyFairQueueing::SetShare(uint32_t module, double share)
{
    NS_ABORT_MSG_IF(module >= m_tasks.size() || !(share > 0),
                    "BatchyWorker: share " << share << " of module " << module);
    m_tasks[module].share = share;
}

bool
BatchyFairQueueing::Enqueue(uint32_t module, uint32_t h, uint32_t capacity)
{
    Task& task = m_tasks[module];
    if (task.queue.size() >= capacity)
    {
        return false;
    }
    if (task.queue.empty())
    {
        // No credit for the time it was idle.
        task.virtualTime = std::max(task.virtualTime, m_virtualClock);
        MarkWaiting(module, true);
    }
    task.queue.push_back(h);
    ++m_queued;
    if (4 * task.queue.size() > 3 * capacity)
    {
        task.overloaded = true;
    }
    return true;
}

uint32_t
BatchyFairQueueing::PickNext(bool backpressure) const
{
    // The least virtual time among the tasks with packets, first among
    // those not held back by a full queue downstream.
    uint32_t best = NONE;
    bool bestBlocked = true;
    for (uint32_t word = 0; word < m_waiting.size(); ++word)
    {
        for (uint64_t bits = m_waiting[word]; bits != 0; bits &= bits - 1)
        {
            uint32_t v = word * 64 + __builtin_ctzll(bits);
            const Task& t = m_tasks[v];
            bool blocked =
                backpressure && std::any_of(t.feeds.begin(), t.feeds.end(), [&](uint32_t u) {
                    return m_tasks[u].overloaded;
                });
            if (best == NONE || (bestBlocked && !blocked) ||
                (blocked == bestBlocked && t.virtualTime < m_tasks[best].virtualTime))
            {
                best = v;
                bestBlocked = blocked;
            }
        }
    }
    return best;
}

uint32_t
BatchyFairQueueing::Take(uint32_t module,
                         uint32_t max,
                         uint32_t capacity,
                         std::vector<uint32_t>& batch)
{
    Task& task = m_tasks[module];
    uint32_t n = TakeFront(task.queue, max, batch);
    m_queued -= n;
    if (task.queue.empty())
    {
        MarkWaiting(module, false);
    }
    if (4 * task.queue.size() < capacity)
    {
        task.overloaded = false;
    }
    m_virtualClock = task.virtualTime;
    return n;
}

void
BatchyFairQueueing::MarkWaiting(uint32_t module, bool on)
{
    uint64_t bit = uint64_t{1} << (module % 64);
    m_waiting[module / 64] = on ? m_waiting[module / 64] | bit : m_waiting[module / 64] & ~bit;
}

void
BatchyFairQueueing::Charge(uint32_t module, Time spent)
{
    Task& task = m_tasks[module];
    task.virtualTime += spent.GetDouble() / task.share;
}

uint32_t
BatchyFairQueueing::GetQueueSize(uint32_t module) const
{
    return m_tasks[module].queue.size();
}

bool&
BatchyFairQueueing::PauseMark(uint32_t module)
{
    return m_tasks[module].pausing;
}

uint32_t
BatchyFairQueueing::GetQueued() const
{
    return m_queued;
}

} // namespace rsched
} // namespace ns3
