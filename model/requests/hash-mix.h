/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HASH_MIX_H
#define HASH_MIX_H

#include <cstdint>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * 2^64 divided by the golden ratio: multiplying a word by it spreads its
 * bits before it is combined with another (Fibonacci hashing).
 */
constexpr uint64_t HASH_GOLDEN_64 = 0x9e3779b97f4a7c15ULL;

/**
 * \ingroup request-scheduling
 * \brief The SplitMix64 finaliser: every input bit moves every output bit.
 * \param x a 64-bit value
 * \return it mixed
 */
inline uint64_t
MixBits(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/**
 * \ingroup request-scheduling
 * \brief One well-mixed hash of two words (flow keys, request ids): the
 * first combined with the spread second, then mixed.
 * \param a a word
 * \param b another
 * \return their hash
 */
inline uint64_t
HashPair(uint64_t a, uint64_t b)
{
    return MixBits(a ^ (b * HASH_GOLDEN_64));
}

} // namespace rsched
} // namespace ns3

#endif // HASH_MIX_H
