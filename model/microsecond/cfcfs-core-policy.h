/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CFCFS_CORE_POLICY_H
#define CFCFS_CORE_POLICY_H

#include "core-policy.h"

#include "ns3/nstime.h"
#include "ns3/traced-value.h"

#include <deque>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief Centralised FCFS (c-FCFS): one queue for all workers; any idle
 * worker takes the oldest request and runs it to completion.
 *
 * With a non-zero DispatchOverhead, a dispatcher core (not one of the
 * workers) handles every request for that long, one at a time in arrival
 * order, before it joins the central queue: the dispatcher pipelines with
 * the workers, and its rate, 1 / DispatchOverhead, bounds the server's
 * throughput. The dispatcher's busy time is reported separately.
 */
class CfcfsCorePolicy : public CorePolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return false: one queue for all workers, whatever the NIC queue
    bool UsesNicQueues() const override;

    /// \return 1: the dispatcher core (counted even with no DispatchOverhead)
    uint32_t GetSpecialCores() const override;

    /// \return busy time of the dispatcher core up to now
    Time GetDispatcherBusyTime() const;
    /// \return busy time of the dispatcher core up to now
    Time GetSpecialBusyTime() const override;

  protected:
    void DoDispose() override;
    void DoEnqueue(Handle h) override;
    void DoWorkerIdle(uint32_t w) override;
    uint64_t DoGetWaiting() const override;

    /**
     * \brief Hand a request to the central queue (or straight to an idle
     * worker). Subclasses also use it to requeue preempted requests.
     * \param h the request
     */
    virtual void Admit(Handle h);
    /**
     * \brief Start a request on an idle worker; subclasses may run it for
     * a slice only (the default runs it to completion).
     * \param w the worker
     * \param h the request
     */
    virtual void Start(uint32_t w, Handle h);
    /// \return true while the dispatcher has requests to handle
    bool IsDispatcherBusy() const;

  private:
    /// The dispatcher has finished the request at the head of its queue.
    void DispatchDone();

    Time m_dispatchOverhead;          //!< dispatcher time per request
    std::deque<Handle> m_central;     //!< central queue
    std::deque<Handle> m_dispatching; //!< waiting for (or at) the dispatcher
    EventId m_dispatchEvent;          //!< end of the current dispatch
    Time m_dispatcherBusy;            //!< finished dispatcher busy time
    Time m_dispatchStart;             //!< start of the current dispatch
};

} // namespace rsched
} // namespace ns3

#endif // CFCFS_CORE_POLICY_H
