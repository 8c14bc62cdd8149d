/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "service-request-header.h"

#include "ns3/abort.h"
#include "ns3/packet.h"

namespace ns3
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
    i.WriteHtonU16(MAGIC);
    i.WriteU8(VERSION);
    i.WriteU8(m_type);
    i.WriteU8(m_flags);
    i.WriteU8(m_class);
    i.WriteHtonU16(m_packetIndex);
    i.WriteHtonU16(m_packetCount);
    i.WriteHtonU32(m_serviceId);
    i.WriteHtonU32(m_clientId);
    i.WriteHtonU32(m_transactionId);
    i.WriteHtonU64(m_requestId);
    i.WriteHtonU64(static_cast<uint64_t>(m_demandNs));
    i.WriteHtonU64(static_cast<uint64_t>(m_sendTimeNs));
    i.WriteHtonU32(m_locator);
    i.WriteHtonU32(m_queueLength);
    i.WriteHtonU32(m_outstanding);
    i.WriteHtonU64(static_cast<uint64_t>(m_outstandingWorkNs));
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
    uint64_t requestId = i.ReadNtohU64();
    auto demand = static_cast<int64_t>(i.ReadNtohU64());
    auto sendTime = static_cast<int64_t>(i.ReadNtohU64());
    uint32_t locator = i.ReadNtohU32();
    uint32_t queueLength = i.ReadNtohU32();
    uint32_t outstanding = i.ReadNtohU32();
    auto work = static_cast<int64_t>(i.ReadNtohU64());
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

} // namespace ns3
