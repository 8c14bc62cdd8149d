/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-cores.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

void
BatchyCores::Reset(uint32_t cores, uint32_t modules)
{
    m_cores.assign(cores, Core());
    m_core.assign(modules, 0);
    m_queues.assign(modules, HandleQueue());
}

void
BatchyCores::Grow(uint32_t cores)
{
    if (m_cores.size() < cores)
    {
        m_cores.resize(cores);
    }
}

uint32_t
BatchyCores::GetN() const
{
    return m_cores.size();
}

bool
BatchyCores::AnyBusy() const
{
    return std::any_of(m_cores.begin(), m_cores.end(), [](const Core& c) { return c.busy; });
}

void
BatchyCores::CancelEvents()
{
    for (Core& c : m_cores)
    {
        c.runEnd.Cancel();
        c.flush.Cancel();
    }
}

BatchyCores::Core&
BatchyCores::Get(uint32_t core)
{
    return m_cores.at(core);
}

const BatchyCores::Core&
BatchyCores::Get(uint32_t core) const
{
    return m_cores.at(core);
}

uint32_t
BatchyCores::GetCore(uint32_t module) const
{
    return m_core.at(module);
}

uint32_t
BatchyCores::Move(uint32_t module, uint32_t core)
{
    NS_ABORT_MSG_IF(module >= m_core.size(), "BatchyWorker: no module " << module);
    uint32_t old = m_core[module];
    m_core[module] = core;
    Core& from = m_cores[old];
    auto entry = std::find(from.entries.begin(), from.entries.end(), module);
    if (old == core || entry == from.entries.end())
    {
        return 0;
    }
    from.entries.erase(entry);
    uint32_t n = m_queues[module].size();
    from.queued -= n;
    Core& to = m_cores[core];
    to.entries.push_back(module);
    to.queued += n;
    return n;
}

uint32_t
BatchyCores::GetIngressCore() const
{
    return m_ingressCore;
}

void
BatchyCores::SetIngressCore(uint32_t core)
{
    m_ingressCore = core;
}

void
BatchyCores::HandOff(uint32_t module,
                     const std::vector<uint32_t>& batch,
                     uint32_t capacity,
                     std::vector<uint32_t>& dropped)
{
    dropped.clear();
    Core& core = m_cores[m_core[module]];
    HandleQueue& queue = m_queues[module];
    if (std::find(core.entries.begin(), core.entries.end(), module) == core.entries.end())
    {
        core.entries.push_back(module);
    }
    core.arrivals += batch.size();
    for (uint32_t h : batch)
    {
        if (queue.size() >= capacity)
        {
            dropped.push_back(h);
            continue;
        }
        queue.push_back(h);
        ++core.queued;
    }
}

uint32_t
BatchyCores::NextTurn(uint32_t c, bool ingressWaiting)
{
    Core& core = m_cores[c];
    uint32_t turns = core.entries.size() + (c == m_ingressCore ? 1 : 0);
    if (core.next >= turns)
    {
        core.next = 0; // queues or the ingress moved away
    }
    for (uint32_t i = 0; i < turns; ++i)
    {
        uint32_t turn = core.next;
        core.next = (core.next + 1) % turns;
        if (turn == core.entries.size())
        {
            if (ingressWaiting)
            {
                return INGRESS;
            }
        }
        else if (!m_queues[core.entries[turn]].empty())
        {
            return core.entries[turn];
        }
    }
    return NONE;
}

uint32_t
BatchyCores::Take(uint32_t module, uint32_t max, std::vector<uint32_t>& batch)
{
    uint32_t n = TakeFront(m_queues[module], max, batch);
    m_cores[m_core[module]].queued -= n;
    return n;
}

const char*
BatchyCores::FullReason(uint32_t core, const char* reason) const
{
    const Core& c = m_cores[core];
    return c.downs > 0 ? c.downReason.c_str() : reason;
}

uint32_t
BatchyCores::GetQueued() const
{
    uint32_t queued = 0;
    for (const Core& c : m_cores)
    {
        queued += c.queued;
    }
    return queued;
}

} // namespace rsched
} // namespace ns3
