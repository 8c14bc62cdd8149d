/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef UNANSWERED_COUNTS_H
#define UNANSWERED_COUNTS_H

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Which of the requests a dispatcher counts as sent and not yet
 * answered (per slot: a server, or a server and request type) are too old
 * to be answered at all, so that a lost reply does not hold a count for
 * ever (ProactiveLoadTracker, JbsqDispatcher).
 *
 * A reply names its request's send time only, so requests are filed by the
 * Timeout-long epoch of their send time, each epoch with the last time one
 * of its requests was counted (a request held at a switch is counted late).
 * Every Timeout, the epochs of a slot with nothing counted for a Timeout
 * are taken to be lost: the owner's callback takes them off its count, and
 * they are counted (GetReclaimed). A request is so reclaimed between one
 * and three Timeouts after it was counted, and its reply, should it come
 * after all, is not uncounted again (Answered() says so). The sweep runs
 * only while some request is filed; a slot keeps a handful of epochs.
 * A Timeout of 0 files nothing: Answered() is then always true.
 */
class UnansweredCounts
{
  public:
    /// Called with a slot and how many of its requests were taken to be lost.
    using ReclaimCallback = Callback<void, std::size_t, int64_t>;

    UnansweredCounts() = default;
    ~UnansweredCounts();
    UnansweredCounts(const UnansweredCounts&) = delete;
    UnansweredCounts& operator=(const UnansweredCounts&) = delete;

    /**
     * \param timeout how long a request may go unanswered (0: for ever)
     * \param reclaim takes reclaimed requests off the owner's count
     */
    void Configure(Time timeout, ReclaimCallback reclaim);
    /// Forget every request filed.
    void Reset();
    /**
     * \brief Forget the requests of one slot.
     * \param slot the slot
     */
    void Forget(std::size_t slot);
    /**
     * \brief A request was counted in a slot.
     * \param slot the slot
     * \param sent its send time
     */
    void Sent(std::size_t slot, Time sent);
    /**
     * \brief A request's reply came.
     * \param slot the slot it was counted in
     * \param sent its send time
     * \return false if it was reclaimed already (or never filed): do not uncount it
     */
    bool Answered(std::size_t slot, Time sent);
    /// \return requests taken to be lost
    uint64_t GetReclaimed() const;

  private:
    /// The requests of a slot sent in one epoch.
    struct Epoch
    {
        int64_t count{0}; //!< still counted
        Time counted;     //!< when the last of them was counted
    };

    /**
     * \param time a time
     * \return its epoch
     */
    int64_t EpochOf(Time time) const;
    /// Reclaim what was counted a Timeout ago and not answered; reschedule while any is left.
    void Sweep();

    Time m_timeout;                                 //!< how long a request may go unanswered
    ReclaimCallback m_reclaim;                      //!< the owner's count
    std::vector<std::map<int64_t, Epoch>> m_epochs; //!< per slot, by epoch
    EventId m_sweep;                                //!< next Sweep()
    uint64_t m_reclaimed{0};                        //!< requests taken to be lost
};

} // namespace rsched
} // namespace ns3

#endif // UNANSWERED_COUNTS_H
