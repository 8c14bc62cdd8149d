/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROACTIVE_LOAD_TRACKER_H
#define PROACTIVE_LOAD_TRACKER_H

#include "load-tracker.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief RackSched's proactive load tracking: the scheduling point counts
 * the requests it has sent to each entry and not yet seen answered (one up
 * on dispatch, one down on reply).
 *
 * The count is exact for the requests that cross this scheduling point and
 * needs nothing from the servers: a burst sent to one server is seen at
 * once. A reply for which no request was counted (the tracker was reset,
 * or the request came through another path) does not take the count below
 * zero.
 *
 * A request whose reply is lost (a dropped packet, a failed link) would be
 * counted for ever, and the P4 program's counter keeps it. Here requests
 * are counted by the Timeout-long epoch their send time falls in (two
 * epochs per count); at each epoch boundary the requests of the epoch
 * before last are taken to be lost, subtracted and counted (GetReclaimed),
 * so a count is reclaimed between one and two Timeouts after its request
 * was sent. A Timeout of 0 keeps counts for ever.
 */
class ProactiveLoadTracker : public LoadTracker
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return requests taken to be lost after Timeout
    uint64_t GetReclaimed() const;

  protected:
    void DoDispose() override;
    void DoDispatched(int64_t& load,
                      std::size_t slot,
                      const ServiceRequestHeader& request) override;
    void DoReplied(int64_t& load, std::size_t slot, const ServiceRequestHeader& reply) override;
    void DoReset() override;
    void DoForget(std::size_t slot) override;

  private:
    /// A slot's count split by the epoch its requests were sent in (two live epochs).
    struct Epochs
    {
        int64_t epoch[2]{-1, -1}; //!< the epoch counted in each half (parity), -1: none
        int64_t count[2]{0, 0};   //!< requests counted in it
    };

    /**
     * \param time a send time
     * \return its epoch
     */
    int64_t EpochOf(Time time) const;
    /// Reclaim, in every slot, the counts of epochs before the last one; reschedule while any is
    /// left.
    void Sweep();

    Time m_timeout;               //!< how long a request may go unanswered (0: for ever)
    std::vector<Epochs> m_epochs; //!< per slot (Timeout > 0)
    EventId m_sweep;              //!< next Sweep()
    uint64_t m_reclaimed{0};      //!< requests taken to be lost
};

} // namespace ns3

#endif // PROACTIVE_LOAD_TRACKER_H
