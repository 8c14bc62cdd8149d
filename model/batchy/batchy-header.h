/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_HEADER_H
#define BATCHY_HEADER_H

#include "ns3/header.h"
#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief The header of the synthetic packets of a Batchy pipeline: the
 * flow a packet belongs to (what the pipeline's match tables classify on),
 * its sequence number and its send time.
 *
 * 18 bytes: magic "BT", a version, a reserved byte, flow (16 bits),
 * sequence (32 bits), send time (64 bits, ns, >= 0). Deserialize() returns 0
 * (and changes nothing) for truncated input, a wrong magic or version, a
 * reserved byte other than 0 or a negative send time; receivers count such
 * packets as malformed.
 */
class BatchyHeader : public Header
{
  public:
    static constexpr uint16_t MAGIC = 0x4254;       //!< "BT"
    static constexpr uint8_t VERSION = 1;           //!< wire format version
    static constexpr uint32_t SERIALIZED_SIZE = 18; //!< bytes on the wire
    /// The protocol number the packets carry on their net devices.
    static constexpr uint16_t PROTOCOL = 0x88B5; // IEEE local experimental EtherType 1

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
     * \param start where the header starts
     * \return SERIALIZED_SIZE, or 0 if the bytes are truncated or malformed
     */
    uint32_t Deserialize(Buffer::Iterator start) override;

    /// \return the flow
    uint16_t GetFlow() const;
    /// \param flow the flow
    void SetFlow(uint16_t flow);
    /// \return the sequence number
    uint32_t GetSequence() const;
    /// \param sequence the sequence number
    void SetSequence(uint32_t sequence);
    /// \return the send time
    Time GetSendTime() const;
    /// \param t the send time (>= 0)
    void SetSendTime(Time t);

  private:
    uint16_t m_flow{0};     //!< flow
    uint32_t m_sequence{0}; //!< sequence number
    int64_t m_sendNs{0};    //!< send time (ns)
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_HEADER_H
