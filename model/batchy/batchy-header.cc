/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-header.h"

#include "ns3/abort.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(BatchyHeader);

TypeId
BatchyHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::BatchyHeader")
                            .SetParent<Header>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<BatchyHeader>();
    return tid;
}

TypeId
BatchyHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
BatchyHeader::Print(std::ostream& os) const
{
    os << "flow=" << m_flow << " seq=" << m_sequence << " sent=" << m_sendNs << "ns";
}

uint32_t
BatchyHeader::GetSerializedSize() const
{
    return SERIALIZED_SIZE;
}

void
BatchyHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteHtonU16(MAGIC);
    start.WriteU8(VERSION);
    start.WriteU8(0);
    start.WriteHtonU16(m_flow);
    start.WriteHtonU32(m_sequence);
    start.WriteHtonU64(static_cast<uint64_t>(m_sendNs));
}

uint32_t
BatchyHeader::Deserialize(Buffer::Iterator start)
{
    if (start.GetRemainingSize() < SERIALIZED_SIZE)
    {
        return 0;
    }
    // The reserved byte must be 0 and the send time >= 0 (the switch takes
    // a packet's delay from it): an accepted header re-serialises to the
    // bytes it was read from, and a rejected one changes nothing.
    if (start.ReadNtohU16() != MAGIC || start.ReadU8() != VERSION || start.ReadU8() != 0)
    {
        return 0;
    }
    uint16_t flow = start.ReadNtohU16();
    uint32_t sequence = start.ReadNtohU32();
    auto sendNs = static_cast<int64_t>(start.ReadNtohU64());
    if (sendNs < 0)
    {
        return 0;
    }
    m_flow = flow;
    m_sequence = sequence;
    m_sendNs = sendNs;
    return SERIALIZED_SIZE;
}

uint16_t
BatchyHeader::GetFlow() const
{
    return m_flow;
}

void
BatchyHeader::SetFlow(uint16_t flow)
{
    m_flow = flow;
}

uint32_t
BatchyHeader::GetSequence() const
{
    return m_sequence;
}

void
BatchyHeader::SetSequence(uint32_t sequence)
{
    m_sequence = sequence;
}

Time
BatchyHeader::GetSendTime() const
{
    return NanoSeconds(m_sendNs);
}

void
BatchyHeader::SetSendTime(Time t)
{
    NS_ABORT_MSG_IF(t.IsStrictlyNegative(), "negative send time " << t);
    m_sendNs = t.GetNanoSeconds();
}

} // namespace rsched
} // namespace ns3
