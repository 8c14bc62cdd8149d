/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REQUEST_AFFINITY_TABLE_H
#define REQUEST_AFFINITY_TABLE_H

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-racksched
 * \brief RackSched's request table (ReqTable): which server the first
 * packet of a multi-packet request went to, so its later packets follow.
 *
 * As in the authors' P4 code, the table is a fixed number of hash stages,
 * each an array of slots (register arrays in a switch pipeline); a request
 * is keyed by its (client, request) identifiers and each stage hashes the
 * key with its own function. Insert takes the first stage whose slot is
 * free (or already holds the key); when every stage's slot holds another
 * request, insertion fails and the caller falls back to a hash of the key
 * (what the P4 code does, so later packets, which miss the table too, land
 * on the same server). Entries are removed when the reply passes.
 *
 * A request whose reply is lost would hold its slot for ever (the P4
 * table's does): with a timeout, an entry older than it is given to the
 * next request that needs its slot, and counted (GetReclaimed).
 *
 * Memory is Stages x Slots entries of 24 bytes, allocated at construction.
 */
class RequestAffinityTable
{
  public:
    /// Lookup result when the key is absent.
    static constexpr uint32_t NOT_FOUND = UINT32_MAX;

    /**
     * \param stages hash stages, >= 1
     * \param slots slots per stage, >= 1
     * \param timeout age after which an entry's slot may be taken (0: never)
     */
    RequestAffinityTable(uint32_t stages, uint32_t slots, Time timeout = Time(0));
    /// Result of Claim when every stage's slot holds another request.
    static constexpr uint64_t COLLISION = UINT64_MAX;

    /**
     * \brief Take the first slot that is free or already holds the key, as
     * an insert does, before the server is known.
     * \param client client id
     * \param request request id
     * \param now the time (an entry older than the timeout is reclaimed)
     * \return the slot (for Set), or COLLISION
     */
    uint64_t Claim(uint32_t client, uint64_t request, Time now = Time(0));
    /**
     * \brief Set the server of a claimed slot.
     * \param slot a slot Claim returned
     * \param target server index
     */
    void Set(uint64_t slot, uint32_t target);
    /**
     * \brief Remember a request's server (Claim then Set).
     * \param client client id
     * \param request request id
     * \param target server index
     * \param now the time
     * \return false if every stage's slot holds another request (collision)
     */
    bool Insert(uint32_t client, uint64_t request, uint32_t target, Time now = Time(0));
    /**
     * \param client client id
     * \param request request id
     * \return the server of the request, or NOT_FOUND
     */
    uint32_t Lookup(uint32_t client, uint64_t request) const;
    /**
     * \brief Forget a request (no effect if absent).
     * \param client client id
     * \param request request id
     */
    void Remove(uint32_t client, uint64_t request);
    /// \return entries in use
    uint32_t GetSize() const;
    /// \return most entries ever in use at once
    uint32_t GetPeak() const;
    /// \return entries given to another request after the timeout
    uint64_t GetReclaimed() const;
    /**
     * \param client client id
     * \param request request id
     * \return a hash of the key for the fallback choice (independent of the stages')
     */
    static uint64_t Hash(uint32_t client, uint64_t request);

  private:
    /// One slot.
    struct Entry
    {
        uint64_t request{0};   //!< request id
        uint32_t client{0};    //!< client id
        uint32_t target{FREE}; //!< server index (FREE: the slot is free)
        int64_t claimed{0};    //!< when it was claimed (time steps)
    };

    static_assert(sizeof(Entry) == 24, "the class doc gives the entry's size");
    static constexpr uint32_t FREE = UINT32_MAX; //!< Entry::target of a free slot

    /**
     * \param stage a stage
     * \param client client id
     * \param request request id
     * \return the slot of the key in that stage
     */
    uint32_t SlotOf(uint32_t stage, uint32_t client, uint64_t request) const;

    uint32_t m_stages;          //!< hash stages
    uint32_t m_slots;           //!< slots per stage
    std::vector<Entry> m_table; //!< stage-major slots
    uint32_t m_size{0};         //!< entries in use
    uint32_t m_peak{0};         //!< most entries in use
    int64_t m_timeout;          //!< age after which a slot may be taken (time steps, 0: never)
    uint64_t m_reclaimed{0};    //!< entries taken after the timeout
};

} // namespace rsched
} // namespace ns3

#endif // REQUEST_AFFINITY_TABLE_H
