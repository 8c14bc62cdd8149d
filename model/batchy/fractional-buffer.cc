/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fractional-buffer.h"

#include "ns3/abort.h"

namespace ns3
{
namespace rsched
{

FractionalBuffer::FractionalBuffer(uint32_t capacity)
    : m_capacity(capacity)
{
    NS_ABORT_MSG_IF(capacity == 0, "FractionalBuffer: capacity must be >= 1");
    m_held.reserve(capacity);
}

void
FractionalBuffer::SetTrigger(uint32_t trigger)
{
    NS_ABORT_MSG_IF(trigger > m_capacity,
                    "FractionalBuffer: trigger " << trigger << " above the capacity "
                                                 << m_capacity);
    m_trigger = trigger;
}

uint32_t
FractionalBuffer::GetTrigger() const
{
    return m_trigger;
}

uint32_t
FractionalBuffer::GetCapacity() const
{
    return m_capacity;
}

uint32_t
FractionalBuffer::GetBacklog() const
{
    return m_held.size();
}

void
FractionalBuffer::Offer(const std::vector<uint32_t>& batch,
                        std::vector<uint32_t>& out,
                        std::vector<uint32_t>& sizes)
{
    if (m_trigger == 0 || m_held.size() >= m_trigger)
    {
        // Pass-through, or a trigger lowered below the backlog: what is
        // held goes first, as one batch.
        if (!m_held.empty())
        {
            out.insert(out.end(), m_held.begin(), m_held.end());
            sizes.push_back(m_held.size());
            m_held.clear();
        }
        if (m_trigger == 0)
        {
            if (!batch.empty())
            {
                out.insert(out.end(), batch.begin(), batch.end());
                sizes.push_back(batch.size());
            }
            return;
        }
    }
    for (uint32_t p : batch)
    {
        m_held.push_back(p);
        if (m_held.size() == m_trigger)
        {
            out.insert(out.end(), m_held.begin(), m_held.end());
            sizes.push_back(m_trigger);
            m_held.clear();
        }
    }
}

void
FractionalBuffer::Flush(std::vector<uint32_t>& out)
{
    out.insert(out.end(), m_held.begin(), m_held.end());
    m_held.clear();
}

} // namespace rsched
} // namespace ns3
