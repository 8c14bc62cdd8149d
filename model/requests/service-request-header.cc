/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "service-request-header.h"

#include "ns3/abort.h"
#include "ns3/packet.h"

#include <array>

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(ServiceRequestHeader);

TypeId
ServiceRequestHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ServiceRequestHeader")
                            .SetParent<Header>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<ServiceRequestHeader>();
    return tid;
}

TypeId
ServiceRequestHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
ServiceRequestHeader::Print(std::ostream& os) const
{
    os << (m_type == REQUEST ? "request" : "reply") << " service=" << m_serviceId
       << " client=" << m_clientId << " txn=" << m_transactionId << " id=" << m_requestId
       << " class=" << +m_class << " flags=" << +m_flags << " demand=" << m_demandNs << "ns"
       << " sent=" << m_sendTimeNs << "ns"
       << " pkt=" << m_packetIndex << "/" << m_packetCount << " locator=" << m_locator
       << " queue=" << m_queueLength << " outstanding=" << m_outstanding
       << " work=" << m_outstandingWorkNs << "ns";
}

uint32_t
ServiceRequestHeader::GetSerializedSize() const
{
    return SERIALIZED_SIZE;
}

void
ServiceRequestHeader::Serialize(Buffer::Iterator i) const
{
    // Encoded in network byte order into a local array, then copied into the
    // packet with one Write: Buffer::Iterator checks the bounds once for it,
    // instead of once per byte as WriteHtonU64 and WriteU8 do in a build
    // with assertions (the PyPI wheel's).
    std::array<uint8_t, SERIALIZED_SIZE> bytes;
    uint8_t* p = bytes.data();
    auto put = [&p](auto value) {
        for (int shift = 8 * (sizeof(value) - 1); shift >= 0; shift -= 8)
        {
            *p++ = static_cast<uint8_t>(value >> shift);
        }
    };
    put(MAGIC);
    put(VERSION);
    put(static_cast<uint8_t>(m_type));
    put(m_flags);
    put(m_class);
    put(m_packetIndex);
    put(m_packetCount);
    put(m_serviceId);
    put(m_clientId);
    put(m_transactionId);
    put(m_requestId);
    put(static_cast<uint64_t>(m_demandNs));
    put(static_cast<uint64_t>(m_sendTimeNs));
    put(m_locator);
    put(m_queueLength);
    put(m_outstanding);
    put(static_cast<uint64_t>(m_outstandingWorkNs));
    NS_ASSERT(p == bytes.data() + bytes.size());
    i.Write(bytes.data(), bytes.size());
}

uint32_t
ServiceRequestHeader::Deserialize(Buffer::Iterator start)
{
    // Buffer::Iterator checks bounds only in debug builds: check the length
    // first so truncated input never reads past the packet.
    if (start.GetRemainingSize() < SERIALIZED_SIZE)
    {
        return 0;
    }
    Buffer::Iterator i = start;
    // ReadNtohU16 and ReadNtohU32 are inline and unchecked; ReadNtohU64 is
    // neither, so the 64-bit fields are read as two halves.
    auto readU64 = [&i]() {
        uint64_t high = i.ReadNtohU32();
        return (high << 32) | i.ReadNtohU32();
    };
    if (i.ReadNtohU16() != MAGIC || i.ReadU8() != VERSION)
    {
        return 0;
    }
    uint8_t type = i.ReadU8();
    if (type != REQUEST && type != REPLY)
    {
        return 0;
    }
    uint8_t flags = i.ReadU8();
    uint8_t cls = i.ReadU8();
    uint16_t index = i.ReadNtohU16();
    uint16_t count = i.ReadNtohU16();
    if (count == 0 || index >= count)
    {
        return 0;
    }
    uint32_t serviceId = i.ReadNtohU32();
    uint32_t clientId = i.ReadNtohU32();
    uint32_t transactionId = i.ReadNtohU32();
    uint64_t requestId = readU64();
    auto demand = static_cast<int64_t>(readU64());
    auto sendTime = static_cast<int64_t>(readU64());
    uint32_t locator = i.ReadNtohU32();
    uint32_t queueLength = i.ReadNtohU32();
    uint32_t outstanding = i.ReadNtohU32();
    auto work = static_cast<int64_t>(readU64());
    if (demand < 0 || sendTime < 0 || work < 0)
    {
        return 0;
    }
    // Only a fully valid header changes this object.
    m_type = static_cast<MessageType>(type);
    m_flags = flags;
    m_class = cls;
    m_packetIndex = index;
    m_packetCount = count;
    m_serviceId = serviceId;
    m_clientId = clientId;
    m_transactionId = transactionId;
    m_requestId = requestId;
    m_demandNs = demand;
    m_sendTimeNs = sendTime;
    m_locator = locator;
    m_queueLength = queueLength;
    m_outstanding = outstanding;
    m_outstandingWorkNs = work;
    return SERIALIZED_SIZE;
}

bool
ServiceRequestHeader::Peek(Ptr<const Packet> packet, ServiceRequestHeader& header)
{
    return packet->GetSize() >= SERIALIZED_SIZE && packet->PeekHeader(header) == SERIALIZED_SIZE;
}

ServiceRequestHeader::MessageType
ServiceRequestHeader::GetMessageType() const
{
    return m_type;
}

void
ServiceRequestHeader::SetMessageType(MessageType type)
{
    NS_ABORT_MSG_IF(type != REQUEST && type != REPLY, "unknown message type " << +type);
    m_type = type;
}

uint8_t
ServiceRequestHeader::GetFlags() const
{
    return m_flags;
}

void
ServiceRequestHeader::SetFlags(uint8_t flags)
{
    m_flags = flags;
}

uint8_t
ServiceRequestHeader::GetRequestClass() const
{
    return m_class;
}

void
ServiceRequestHeader::SetRequestClass(uint8_t requestClass)
{
    m_class = requestClass;
}

uint16_t
ServiceRequestHeader::GetPacketIndex() const
{
    return m_packetIndex;
}

uint16_t
ServiceRequestHeader::GetPacketCount() const
{
    return m_packetCount;
}

void
ServiceRequestHeader::SetPacketIndex(uint16_t index, uint16_t count)
{
    NS_ABORT_MSG_IF(count == 0 || index >= count,
                    "packet index " << index << " out of range for count " << count);
    m_packetIndex = index;
    m_packetCount = count;
}

uint32_t
ServiceRequestHeader::GetServiceId() const
{
    return m_serviceId;
}

void
ServiceRequestHeader::SetServiceId(uint32_t serviceId)
{
    m_serviceId = serviceId;
}

uint32_t
ServiceRequestHeader::GetClientId() const
{
    return m_clientId;
}

void
ServiceRequestHeader::SetClientId(uint32_t clientId)
{
    m_clientId = clientId;
}

uint32_t
ServiceRequestHeader::GetTransactionId() const
{
    return m_transactionId;
}

void
ServiceRequestHeader::SetTransactionId(uint32_t transactionId)
{
    m_transactionId = transactionId;
}

uint64_t
ServiceRequestHeader::GetRequestId() const
{
    return m_requestId;
}

void
ServiceRequestHeader::SetRequestId(uint64_t requestId)
{
    m_requestId = requestId;
}

Time
ServiceRequestHeader::GetServiceDemand() const
{
    return NanoSeconds(m_demandNs);
}

void
ServiceRequestHeader::SetServiceDemand(Time demand)
{
    NS_ABORT_MSG_IF(demand.IsStrictlyNegative(), "negative service demand " << demand);
    m_demandNs = demand.GetNanoSeconds();
}

Time
ServiceRequestHeader::GetSendTime() const
{
    return NanoSeconds(m_sendTimeNs);
}

void
ServiceRequestHeader::SetSendTime(Time t)
{
    NS_ABORT_MSG_IF(t.IsStrictlyNegative(), "negative send time " << t);
    m_sendTimeNs = t.GetNanoSeconds();
}

uint32_t
ServiceRequestHeader::GetLocator() const
{
    return m_locator;
}

void
ServiceRequestHeader::SetLocator(uint32_t locator)
{
    m_locator = locator;
}

uint32_t
ServiceRequestHeader::GetQueueLength() const
{
    return m_queueLength;
}

void
ServiceRequestHeader::SetQueueLength(uint32_t n)
{
    m_queueLength = n;
}

uint32_t
ServiceRequestHeader::GetOutstanding() const
{
    return m_outstanding;
}

void
ServiceRequestHeader::SetOutstanding(uint32_t n)
{
    m_outstanding = n;
}

Time
ServiceRequestHeader::GetOutstandingWork() const
{
    return NanoSeconds(m_outstandingWorkNs);
}

void
ServiceRequestHeader::SetOutstandingWork(Time work)
{
    NS_ABORT_MSG_IF(work.IsStrictlyNegative(), "negative outstanding work " << work);
    m_outstandingWorkNs = work.GetNanoSeconds();
}

} // namespace rsched
} // namespace ns3
