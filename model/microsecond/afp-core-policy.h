/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AFP_CORE_POLICY_H
#define AFP_CORE_POLICY_H

#include "core-policy.h"

#include "ns3/nstime.h"

#include <deque>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief AFP, the Application Feedback Policy (Berghetti, Carvalho,
 * Ferreira): run-to-completion workers behind RSS, with preemption of long
 * requests only when they hold up requests in the worker's own NIC queue.
 *
 * There is no dispatcher. Each worker takes requests from its own NIC
 * receive queue (ServerRequest::nicQueue), FCFS, and never from another
 * worker's. The application's feedback tells AFP when a request is long:
 * a request of any class other than ShortClass is marked long
 * FeedbackDelay after it starts (0: an oracle that knows the type at once).
 * A dedicated timer core (not a worker; GetSpecialCores() is 1) watches
 * every worker: when a long request has run Quantum since it was marked
 * (or resumed), the timer interrupts the worker *only if the worker's NIC
 * queue holds a request*; the worker spends InterruptOverhead and the
 * request's context joins the shared wait queue. With an empty NIC queue
 * the request runs on for a fresh quantum. Short requests always run to
 * completion.
 *
 * A worker that becomes idle serves its NIC queue while the starvation
 * counter is below Thresh; each request it takes there counts one. At the
 * threshold, or when its NIC queue is empty, the worker resets the counter
 * and resumes the oldest preempted request, if any, with a fresh quantum
 * (no cost). The counter is one for the whole server (Starvation = Global,
 * as in the authors' simulator) or one per worker (PerWorker). As there,
 * NIC queues are never stolen from and the timer core's own work is not
 * modelled.
 *
 * The timer's checks are computed rather than simulated one by one: they
 * fall every Quantum from the first one, and only one that finds the NIC
 * queue non-empty changes anything, so a long request runs until the first
 * check after a request reaches its worker's NIC queue (or to completion).
 * With a 1 us quantum this saves W1's 500 us requests their 500 ticks.
 */
class AfpCorePolicy : public CorePolicy
{
  public:
    /// Scope of the starvation counter.
    enum StarvationScope
    {
        GLOBAL,     //!< one counter shared by all workers
        PER_WORKER, //!< one counter per worker
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return 1: the timer core
    uint32_t GetSpecialCores() const override;
    /// \return true: only classes other than ShortClass are ever preempted
    bool DistinguishesClasses() const override;

    /**
     * \param w a worker
     * \return requests waiting in the worker's NIC queue
     */
    uint64_t GetNicQueueLength(uint32_t w) const;
    /// \return preempted requests waiting to resume
    uint64_t GetWaitQueueLength() const;
    /**
     * \param w a worker (any worker when the counter is global)
     * \return the starvation counter that applies to \p w
     */
    uint32_t GetStarvationCounter(uint32_t w) const;

  protected:
    void DoAttach() override;
    void DoEnqueue(Handle h) override;
    void DoWorkerIdle(uint32_t w) override;
    void DoSliceEnd(uint32_t w, Handle h) override;
    uint64_t DoGetWaiting() const override;

  private:
    /**
     * \brief Start or resume a request on an idle worker.
     * \param w the worker
     * \param h the request
     */
    void Start(uint32_t w, Handle h);
    /**
     * \param w a worker
     * \return its starvation counter (the shared one if global)
     */
    uint32_t& Counter(uint32_t w);
    /**
     * \param w a worker running a long request
     * \return the first of the timer's checks of that request after now
     */
    Time NextTick(uint32_t w) const;

    Time m_quantum;                        //!< run of a long request before the timer checks it
    Time m_interruptOverhead;              //!< worker time per preemption
    Time m_feedbackDelay;                  //!< run time before a long request is marked long
    uint32_t m_thresh;                     //!< local requests before the wait queue is served
    StarvationScope m_scope;               //!< counter per worker or global
    uint32_t m_shortClass;                 //!< request class that is short
    std::vector<std::deque<Handle>> m_nic; //!< NIC receive queue of each worker
    std::deque<Handle> m_wait;             //!< preempted long requests
    std::vector<uint32_t> m_counters;      //!< starvation counters (1 or one per worker)
    std::vector<Time> m_firstTick;         //!< first timer check of each worker's long request
    uint64_t m_nicWaiting{0};              //!< requests in all NIC queues
};

} // namespace rsched
} // namespace ns3

#endif // AFP_CORE_POLICY_H
