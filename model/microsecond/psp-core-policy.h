/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PSP_CORE_POLICY_H
#define PSP_CORE_POLICY_H

#include "cfcfs-core-policy.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

#include <deque>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief Perséphone (Demoulin et al., SOSP 2021): a dispatcher core
 * classifies each request (DispatchOverhead, 150-600 ns in the AFP paper's
 * runs) into a short or a long queue; ReservedCores workers (indices 0 ..
 * ReservedCores - 1) serve short requests only.
 *
 * A short request (class ShortClass) goes to an idle reserved worker first,
 * else to any idle worker, else waits in the short queue; a long request
 * goes only to an idle non-reserved worker, else waits in the long queue.
 * An idle reserved worker takes from the short queue only; an idle
 * non-reserved worker takes the short queue first, then the long one.
 * Requests run to completion. The single dispatcher bounds the throughput
 * at 1 / DispatchOverhead.
 *
 * HandOut says who moves a classified request to a worker. Immediate: an
 * idle worker takes it at once (workers pull from the typed queues).
 * Dispatcher: the dispatcher core does, between classifications: after
 * each one it makes a pass that gives at most one short and one long
 * request to idle workers; while it has nothing to classify it polls and
 * hands out at once. A worker that becomes idle during a classification so
 * waits for the end of it. Passes: the rule of the AFP authors'
 * simulator, kept to regenerate their figures (see the module's
 * documentation for why it is not Perséphone's own): the dispatcher hands
 * out only in passes, one after each classification and one at the end of
 * each idle spin; with nothing to classify it spins for IdleSpin (their
 * 3.1 us), and a request arriving ends the spin with a pass before its
 * classification. Each pass gives at most one request of each class to an
 * idle worker, so a worker that becomes idle between passes stays idle.
 */
class PspCorePolicy : public CfcfsCorePolicy
{
  public:
    /// Who moves a classified request to a worker.
    enum HandOut
    {
        IMMEDIATE,  //!< an idle worker takes it at once
        DISPATCHER, //!< the dispatcher, between classifications
        PASSES,     //!< the dispatcher, only in its passes (the AFP authors' simulator)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \copydoc CorePolicy::CheckConfig
    bool CheckConfig(uint32_t workers, std::string& error) const override;
    /// \return true: the reserved cores and the two queues split by ShortClass
    bool DistinguishesClasses() const override;

    /// \return the number of workers reserved for short requests
    uint32_t GetReservedCores() const;

  protected:
    void DoDispose() override;
    void DoEnqueue(Handle h) override;
    void Admit(Handle h) override;
    void DoWorkerIdle(uint32_t w) override;
    uint64_t DoGetWaiting() const override;

  private:
    /**
     * \param h a request
     * \return true if it is of the short class
     */
    bool IsShort(Handle h);
    /**
     * \brief Give the head of the short queue, then of the long one, to an
     * idle worker that may run it.
     * \param onePass at most one request of each queue (a dispatcher
     * pass); otherwise as many as idle workers can take
     */
    void HandOutQueued(bool onePass);
    /**
     * \param isShort class of the request to place
     * \return an idle worker that may run it, or GetWorkers() if none
     */
    uint32_t FindIdle(bool isShort) const;
    /// Passes: the dispatcher has nothing to classify; it spins, then makes a pass.
    void StartSpin();
    /// Passes: the idle spin ended without an arrival.
    void SpinEnd();

    uint32_t m_reserved;        //!< workers reserved for short requests
    uint32_t m_shortClass;      //!< request class that is short
    HandOut m_handOut;          //!< who moves requests to workers
    Time m_idleSpin;            //!< Passes: length of the idle dispatcher's spin
    EventId m_spinEvent;        //!< Passes: end of the current spin
    std::deque<Handle> m_short; //!< waiting short requests
    std::deque<Handle> m_long;  //!< waiting long requests
};

} // namespace rsched
} // namespace ns3

#endif // PSP_CORE_POLICY_H
