/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SERVICE_REQUEST_HEADER_H
#define SERVICE_REQUEST_HEADER_H

#include "ns3/header.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{

class Packet;

namespace rsched
{
/**
 * \ingroup request-scheduling
 * \brief Application header of a service request or of its reply.
 *
 * One header serves every scheduler of the module: the fields a client sets
 * (service, request, client, transaction, class, service demand, send time,
 * packet index/count), the locator a CArDS service instance writes into its
 * reply, and the load report a server piggy-backs on replies for RackSched
 * style load tracking. Replies echo the request's fields, so a client computes
 * the completion time from the echoed send time.
 *
 * The wire format starts with a magic number and a version. Deserialize()
 * returns 0 (nothing consumed) for truncated input, a wrong magic or version,
 * an unknown message type or inconsistent fields; receivers count such
 * packets as malformed drops. Use IsWellFormed() to test a packet without
 * removing anything.
 */
class ServiceRequestHeader : public Header
{
  public:
    /// Message type.
    enum MessageType : uint8_t
    {
        REQUEST = 1, //!< client -> service
        REPLY = 2,   //!< service -> client
    };

    /// Bits of the flags field.
    enum Flags : uint8_t
    {
        FLAG_AFFINITY = 0x01, //!< request bound to an instance already chosen (CArDS affinity)
    };

    static constexpr uint16_t MAGIC = 0x5253;       //!< "RS"
    static constexpr uint8_t VERSION = 1;           //!< wire format version
    static constexpr uint32_t SERIALIZED_SIZE = 66; //!< bytes on the wire

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    /**
     * \brief Read the header.
     * \param start where the header starts
     * \return SERIALIZED_SIZE, or 0 if the bytes are truncated or malformed
     */
    uint32_t Deserialize(Buffer::Iterator start) override;

    /**
     * \brief Read the header at the front of a packet, if it is well formed.
     * \param packet the packet
     * \param header receives the fields
     * \return true if the packet starts with a well-formed header
     */
    static bool Peek(Ptr<const Packet> packet, ServiceRequestHeader& header);

    /// \return the message type
    MessageType GetMessageType() const;
    /// \param type the message type
    void SetMessageType(MessageType type);
    /// \return the flags (see Flags)
    uint8_t GetFlags() const;
    /// \param flags the flags (see Flags)
    void SetFlags(uint8_t flags);
    /// \return the request class (workload mode / request type)
    uint8_t GetRequestClass() const;
    /// \param requestClass the request class
    void SetRequestClass(uint8_t requestClass);
    /// \return the index of this packet within the request (0-based)
    uint16_t GetPacketIndex() const;
    /// \return the number of packets of the request
    uint16_t GetPacketCount() const;
    /**
     * \param index index of this packet, < count
     * \param count packets in the request, >= 1
     */
    void SetPacketIndex(uint16_t index, uint16_t count);
    /// \return the service identifier
    uint32_t GetServiceId() const;
    /// \param serviceId the service identifier
    void SetServiceId(uint32_t serviceId);
    /// \return the client identifier
    uint32_t GetClientId() const;
    /// \param clientId the client identifier
    void SetClientId(uint32_t clientId);
    /// \return the transaction identifier
    uint32_t GetTransactionId() const;
    /// \param transactionId the transaction identifier
    void SetTransactionId(uint32_t transactionId);
    /// \return the request identifier (unique per client)
    uint64_t GetRequestId() const;
    /// \param requestId the request identifier
    void SetRequestId(uint64_t requestId);
    /// \return the work the request needs on one base-speed core
    Time GetServiceDemand() const;
    /// \param demand the work the request needs on one base-speed core (>= 0)
    void SetServiceDemand(Time demand);
    /// \return when the client sent the request
    Time GetSendTime() const;
    /// \param t when the client sent the request
    void SetSendTime(Time t);
    /// \return the IPv4 locator of the instance that served (replies), as a host-order integer
    uint32_t GetLocator() const;
    /// \param locator the IPv4 locator of the serving instance, host order
    void SetLocator(uint32_t locator);
    /// \return load report: requests waiting at the server
    uint32_t GetQueueLength() const;
    /// \param n requests waiting at the server
    void SetQueueLength(uint32_t n);
    /// \return load report: requests at the server (waiting or in service)
    uint32_t GetOutstanding() const;
    /// \param n requests at the server (waiting or in service)
    void SetOutstanding(uint32_t n);
    /// \return load report: service time of the requests at the server, each counted in full
    /// until it completes (RackSched's "total outstanding service time")
    Time GetOutstandingWork() const;
    /// \param work service time of the requests at the server (>= 0)
    void SetOutstandingWork(Time work);

  private:
    MessageType m_type{REQUEST};
    uint8_t m_flags{0};
    uint8_t m_class{0};
    uint16_t m_packetIndex{0};
    uint16_t m_packetCount{1};
    uint32_t m_serviceId{0};
    uint32_t m_clientId{0};
    uint32_t m_transactionId{0};
    uint64_t m_requestId{0};
    int64_t m_demandNs{0};
    int64_t m_sendTimeNs{0};
    uint32_t m_locator{0};
    uint32_t m_queueLength{0};
    uint32_t m_outstanding{0};
    int64_t m_outstandingWorkNs{0};
};

} // namespace rsched
} // namespace ns3

#endif // SERVICE_REQUEST_HEADER_H
