/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ON_OFF_BATCHY_CONTROLLER_H
#define ON_OFF_BATCHY_CONTROLLER_H

#include "batchy-controller.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief Batchy/on-off (Lévai et al., NSDI'20): each controllable module's
 * buffer is either off (trigger 0) or full (trigger B), switched once per
 * control period from the period's measurements.
 *
 * Following the authors' controller, in this order each period:
 * - *push*: a buffer whose input batches already average at least
 *   PushRatio x B is turned off (it cannot grow them much);
 * - *recovery*: for every flow whose p95 delay over the period exceeds its
 *   SLO, every buffer on its path is turned off;
 * - *pull*: a module whose buffer is off, that carries traffic, whose
 *   input batches are small and that no violating flow crosses gets
 *   trigger B if the delay this adds, B x (1 / R_v + T1_v), fits in the
 *   remaining budget (SLO - p95) of every flow through it; the budgets of
 *   those flows shrink by that much.
 * R_v is the module's packet rate over the period and T1_v its per-packet
 * cost plus that of the uncontrollable modules below it (GetChainCosts). A module changed by one
 * step is not changed again in the same period.
 */
class OnOffBatchyController : public BatchyController
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    void DoStart() override;
    void DoControl() override;

  private:
    double m_pushRatio; //!< input batch share of B above which a buffer is useless
};

} // namespace rsched
} // namespace ns3

#endif // ON_OFF_BATCHY_CONTROLLER_H
