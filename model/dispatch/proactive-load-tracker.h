/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROACTIVE_LOAD_TRACKER_H
#define PROACTIVE_LOAD_TRACKER_H

#include "load-tracker.h"
#include "unanswered-counts.h"

#include "ns3/nstime.h"

namespace ns3
{
namespace rsched
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
 * counted for ever, as the P4 program's counter keeps it: here it is taken
 * back between one and three Timeouts after it was counted
 * (UnansweredCounts) and counted (GetReclaimed). A Timeout of 0 keeps
 * counts for ever.
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

    /**
     * \param timeout how long a request may go unanswered (0: for ever)
     */
    void SetTimeout(Time timeout);
    /// \return how long a request may go unanswered
    Time GetTimeout() const;

  protected:
    void DoDispose() override;
    void DoDispatched(int64_t& load,
                      std::size_t slot,
                      const ServiceRequestHeader& request) override;
    void DoReplied(int64_t& load, std::size_t slot, const ServiceRequestHeader& reply) override;
    void DoReset() override;
    void DoForget(std::size_t slot) override;

  private:
    /**
     * \brief Take requests taken to be lost off a count.
     * \param slot the count's slot
     * \param lost how many
     */
    void Reclaim(std::size_t slot, int64_t lost);

    Time m_timeout;             //!< how long a request may go unanswered (0: for ever)
    UnansweredCounts m_pending; //!< the counted requests, by send time
};

} // namespace rsched
} // namespace ns3

#endif // PROACTIVE_LOAD_TRACKER_H
