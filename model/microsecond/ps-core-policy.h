/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PS_CORE_POLICY_H
#define PS_CORE_POLICY_H

#include "core-policy.h"

#include "ns3/event-id.h"

#include <functional>
#include <queue>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief Processor sharing over the server's cores: with n requests present
 * and c workers, every request progresses at rate min(1, c / n).
 *
 * Implemented with a virtual clock that advances at that rate: a request
 * finishes when the virtual clock passes its arrival virtual time plus its
 * work, so an arrival or a departure costs O(log n) and one pending event,
 * however many requests share the cores.
 */
class PsCorePolicy : public CorePolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return false: one queue for all workers, whatever the NIC queue
    bool UsesNicQueues() const override;

    uint32_t GetInService() const override;
    Time GetBusyTime() const override;

  protected:
    void DoDispose() override;
    void DoEnqueue(Handle h) override;
    void DoWorkerIdle(uint32_t w) override;
    uint64_t DoGetWaiting() const override;

  private:
    /// Virtual finish time of a request.
    struct Tag
    {
        double finish; //!< virtual time at which it completes (s)
        Handle h;      //!< the request

        /// \param o other tag \return true if this one finishes later
        bool operator>(const Tag& o) const
        {
            return finish > o.finish;
        }
    };

    /// \return the current rate of every request
    double Rate() const;
    /// Bring the virtual clock and busy time up to now.
    void Advance();
    /// Schedule the next departure.
    void Reschedule();
    /// Complete the requests whose virtual finish time has come.
    void Departure();

    std::priority_queue<Tag, std::vector<Tag>, std::greater<>> m_tags; //!< by finish time
    double m_virtual{0}; //!< virtual clock (s of work done by each present request)
    Time m_lastUpdate;   //!< real time of the last Advance()
    Time m_busy;         //!< integral of min(n, c) dt up to m_lastUpdate
    EventId m_departure; //!< next departure
};

} // namespace rsched
} // namespace ns3

#endif // PS_CORE_POLICY_H
