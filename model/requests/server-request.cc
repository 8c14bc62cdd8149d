/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "server-request.h"

#include "ns3/abort.h"

namespace ns3
{
namespace rsched
{

ServerRequestPool::Handle
ServerRequestPool::Allocate()
{
    if (m_free.empty())
    {
        m_slots.emplace_back();
        m_live.push_back(true);
        return m_slots.size() - 1;
    }
    Handle h = m_free.back();
    m_free.pop_back();
    // Copied from one fresh record: no header or address built per request.
    static const ServerRequest fresh;
    m_slots[h] = fresh;
    m_live[h] = true;
    return h;
}

void
ServerRequestPool::Release(Handle h)
{
    NS_ABORT_MSG_IF(h >= m_slots.size() || !m_live[h],
                    "release of a request handle that is not in use: " << h);
    m_live[h] = false;
    m_free.push_back(h);
}

uint32_t
ServerRequestPool::GetLive() const
{
    return m_slots.size() - m_free.size();
}

uint32_t
ServerRequestPool::GetCapacity() const
{
    return m_slots.size();
}

} // namespace rsched
} // namespace ns3
