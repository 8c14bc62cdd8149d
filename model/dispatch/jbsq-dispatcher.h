/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef JBSQ_DISPATCHER_H
#define JBSQ_DISPATCHER_H

#include "holding-dispatcher.h"
#include "unanswered-counts.h"

#include <set>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Join-the-bounded-shortest-queue JBSQ(n), R2P2's policy (Kogias et
 * al., ATC'19), as a RackSched baseline: at most Bound requests per
 * worker core (the entry's compute units) are outstanding at each entry;
 * the others wait in the host's queue (the switch), in arrival order. R2P2
 * bounds each worker's queue; the authors' P4 JBSQ keeps one counter per
 * (server, core); a bound per server of n x cores is the same capacity.
 *
 * The host holds every request (HoldsRequests) and, after each arrival and
 * each reply, releases the head of its queue to the entry with the fewest
 * outstanding requests per core below the bound (ties: the lowest index,
 * the P4 code's first fit), kept in an ordered set: a release costs
 * O(log n) in the number of entries. A request whose reply is lost would
 * hold its place for ever: it is given back one to three Timeouts after
 * it was sent to its server (UnansweredCounts) and counted (GetReclaimed). The outstanding counts
 * are exact (counted on dispatch, uncounted on reply). Head-of-line blocking comes from the bounded
 * FCFS queues: R2P2's workers run each request to completion, so a short request sent to a server
 * whose workers are all on long ones waits for them, and when every server is at its bound the
 * switch's FIFO holds short requests behind long ones.
 */
class JbsqDispatcher : public HoldingDispatcher
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// Bound times the entry's compute units.
    uint32_t GetOutstandingBound(uint32_t target) const override;
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
    bool DoRelease(uint32_t waiting, ReleaseOrder& order) override;
    void DoDispatched(const ServiceRequestHeader& request, uint32_t target) override;
    void DoComputeVectorChanged() override;
    void DoAvailabilityChanged(uint32_t target, bool available) override;
    /// Moves the entry in the ready set.
    void InFlightChanged(uint32_t target, uint32_t before) override;
    /// Not for a request given back already.
    bool CountsReply(uint32_t target, const ServiceRequestHeader& reply) override;

  private:
    /// An entry that can take a request, ordered by outstanding requests per core.
    struct Ready
    {
        uint32_t outstanding; //!< requests outstanding
        uint32_t units;       //!< its worker cores
        uint32_t index;       //!< the entry

        /**
         * \param o another entry
         * \return true if this one is to be served first
         */
        bool operator<(const Ready& o) const
        {
            uint64_t a = uint64_t{outstanding} * o.units;
            uint64_t b = uint64_t{o.outstanding} * units;
            return a < b || (a == b && index < o.index);
        }
    };

    /**
     * \brief Give back the places of requests taken to be lost.
     * \param target the entry
     * \param lost how many
     */
    void Reclaim(std::size_t target, int64_t lost);

    uint32_t m_bound;           //!< most outstanding per entry
    std::set<Ready> m_ready;    //!< available entries below the bound
    Time m_timeout;             //!< how long a request may go unanswered
    UnansweredCounts m_pending; //!< the outstanding requests, by send time
};

} // namespace rsched
} // namespace ns3

#endif // JBSQ_DISPATCHER_H
