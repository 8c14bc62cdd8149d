/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NFVNICE_BATCHY_CONTROLLER_H
#define NFVNICE_BATCHY_CONTROLLER_H

#include "batchy-controller.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief The NFVnice-like baseline of Batchy's evaluation (Lévai et al.,
 * NSDI'20, after Kulkarni et al., SIGCOMM'17): no fractional buffers;
 * instead the worker runs each controllable module as a task of its own,
 * with its own queue, and shares its time between the tasks by weighted
 * fair queueing with backpressure (BatchyWorker's WeightedFair scheduling).
 *
 * Shares = Equal gives every task the same share of the worker time, as
 * the authors ran the baseline (their WFQ tasks, null controller, fair
 * sharing of CPU cycles). Shares = RateCost sets each task's share, every
 * control period, to its CPU demand over the period (packets offered to
 * its queue times its cost per packet at the batches it ran), NFVnice's
 * rate-cost proportional fairness.
 */
class NfvniceBatchyController : public BatchyController
{
  public:
    /// How the tasks share the worker.
    enum Shares
    {
        EQUAL,     //!< the same share each
        RATE_COST, //!< in proportion to the demand of the last period
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return false: every trigger stays 0
    bool UsesBuffers() const override;

  protected:
    void DoStart() override;
    void DoControl() override;

  private:
    Shares m_shares{EQUAL}; //!< how the tasks share the worker
};

} // namespace rsched
} // namespace ns3

#endif // NFVNICE_BATCHY_CONTROLLER_H
