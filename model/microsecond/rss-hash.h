/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RSS_HASH_H
#define RSS_HASH_H

#include "ns3/ipv4-address.h"

#include <array>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief Receive-side scaling as a NIC does it: a Toeplitz hash of the flow's
 * addresses and ports, and an indirection table from the hash's low bits to a
 * receive queue.
 *
 * The default key is the one most NIC drivers ship (the Microsoft RSS
 * verification key), so the hash of a flow matches what such a NIC computes.
 * The indirection table has 128 entries filled round-robin over the queues,
 * as drivers do by default, or the next power of two at least as large as
 * the number of queues when there are more than 128 (so that every queue
 * gets entries).
 */
class RssHash
{
  public:
    /// Smallest size of the indirection table.
    static constexpr uint32_t MIN_INDIRECTION_ENTRIES = 128;

    /// Build with the default 40-byte key and one queue.
    RssHash();
    /**
     * \param key the secret key, at least 8 bytes longer than the hashed input (>= 20 bytes)
     */
    explicit RssHash(std::vector<uint8_t> key);

    /**
     * \brief Fill the indirection table round-robin over \p queues queues.
     * \param queues number of receive queues, >= 1
     */
    void SetQueues(uint32_t queues);
    /// \return the number of receive queues
    uint32_t GetQueues() const;
    /// \return the size of the indirection table (a power of two)
    uint32_t GetIndirectionEntries() const;

    /**
     * \brief Toeplitz hash of an IPv4 4-tuple (input order: source address,
     * destination address, source port, destination port).
     * \param src source address
     * \param dst destination address
     * \param srcPort source port
     * \param dstPort destination port
     * \return the 32-bit hash
     */
    uint32_t Hash(Ipv4Address src, Ipv4Address dst, uint16_t srcPort, uint16_t dstPort) const;
    /**
     * \brief Toeplitz hash of the two addresses only (for non-TCP/UDP packets).
     * \param src source address
     * \param dst destination address
     * \return the 32-bit hash
     */
    uint32_t Hash(Ipv4Address src, Ipv4Address dst) const;

    /**
     * \param hash a hash value
     * \return the receive queue the indirection table maps it to
     */
    uint32_t QueueOf(uint32_t hash) const;

  private:
    /**
     * \param data input bytes
     * \param size number of bytes
     * \return Toeplitz hash of the input with m_key
     */
    uint32_t Toeplitz(const uint8_t* data, uint32_t size) const;
    /**
     * \param data input bytes
     * \param size number of bytes (<= 12)
     * \return Toeplitz hash of the input, from the byte tables
     */
    uint32_t Lookup(const uint8_t* data, uint32_t size) const;

    std::vector<uint8_t> m_key; //!< secret key
    /// Toeplitz contribution of each value of each input byte
    std::vector<std::array<uint32_t, 256>> m_byteTable;
    std::vector<uint32_t> m_indirection; //!< hash -> queue
    uint32_t m_queues{1};                //!< number of queues
};

} // namespace rsched
} // namespace ns3

#endif // RSS_HASH_H
