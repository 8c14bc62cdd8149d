/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rss-hash.h"

#include "ns3/abort.h"

namespace ns3
{
namespace rsched
{

namespace
{
/// The key most NIC drivers use by default (Microsoft RSS verification key).
const std::vector<uint8_t> kDefaultRssKey = {
    0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
    0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
    0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

/// Longest input hashed here: two IPv4 addresses and two ports.
constexpr uint32_t kMaxInput = 12;
} // namespace

RssHash::RssHash()
    : RssHash(kDefaultRssKey)
{
}

RssHash::RssHash(std::vector<uint8_t> key)
    : m_key(std::move(key))
{
    NS_ABORT_MSG_IF(m_key.size() < kMaxInput + 4 + 4,
                    "RSS key too short: " << m_key.size() << " bytes, need at least 20");
    SetQueues(1);
    // The hash is linear in the input bits: precompute, per input byte
    // position, the contribution of each byte value (a table lookup per byte
    // instead of eight key shifts).
    m_byteTable.resize(kMaxInput);
    for (uint32_t pos = 0; pos < kMaxInput; ++pos)
    {
        for (uint32_t value = 0; value < 256; ++value)
        {
            uint8_t input[kMaxInput] = {};
            input[pos] = value;
            m_byteTable[pos][value] = Toeplitz(input, pos + 1);
        }
    }
}

void
RssHash::SetQueues(uint32_t queues)
{
    NS_ABORT_MSG_IF(queues == 0, "RSS needs at least one receive queue");
    m_queues = queues;
    uint32_t entries = MIN_INDIRECTION_ENTRIES;
    while (entries < queues)
    {
        entries *= 2;
    }
    m_indirection.resize(entries);
    for (uint32_t i = 0; i < entries; ++i)
    {
        m_indirection[i] = i % queues;
    }
}

uint32_t
RssHash::GetQueues() const
{
    return m_queues;
}

uint32_t
RssHash::GetIndirectionEntries() const
{
    return m_indirection.size();
}

uint32_t
RssHash::Toeplitz(const uint8_t* data, uint32_t size) const
{
    // For every set input bit b (MSB first), XOR in the 32 key bits starting
    // at bit b. `window` holds key bits [b, b + 32).
    uint32_t result = 0;
    uint32_t window = (uint32_t{m_key[0]} << 24) | (uint32_t{m_key[1]} << 16) |
                      (uint32_t{m_key[2]} << 8) | m_key[3];
    for (uint32_t byte = 0; byte < size; ++byte)
    {
        uint8_t next = m_key[byte + 4];
        for (int bit = 7; bit >= 0; --bit)
        {
            if (data[byte] & (1u << bit))
            {
                result ^= window;
            }
            window = (window << 1) | ((next >> bit) & 1u);
        }
    }
    return result;
}

uint32_t
RssHash::Lookup(const uint8_t* data, uint32_t size) const
{
    uint32_t result = 0;
    for (uint32_t i = 0; i < size; ++i)
    {
        result ^= m_byteTable[i][data[i]];
    }
    return result;
}

uint32_t
RssHash::Hash(Ipv4Address src, Ipv4Address dst, uint16_t srcPort, uint16_t dstPort) const
{
    uint8_t input[kMaxInput];
    src.Serialize(input);
    dst.Serialize(input + 4);
    input[8] = srcPort >> 8;
    input[9] = srcPort & 0xff;
    input[10] = dstPort >> 8;
    input[11] = dstPort & 0xff;
    return Lookup(input, kMaxInput);
}

uint32_t
RssHash::Hash(Ipv4Address src, Ipv4Address dst) const
{
    uint8_t input[8];
    src.Serialize(input);
    dst.Serialize(input + 4);
    return Lookup(input, 8);
}

uint32_t
RssHash::QueueOf(uint32_t hash) const
{
    // The table size is a power of two: the hash's low bits index it.
    return m_indirection[hash & (m_indirection.size() - 1)];
}

} // namespace rsched
} // namespace ns3
