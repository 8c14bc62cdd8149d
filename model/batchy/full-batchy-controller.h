/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FULL_BATCHY_CONTROLLER_H
#define FULL_BATCHY_CONTROLLER_H

#include "batchy-controller.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief Batchy/full (Lévai et al., NSDI'20): any trigger from 0 to B per
 * controllable module, moved each control period by one step of Rosen's
 * projected-gradient method on the paper's convex model.
 *
 * The model: a module v with trigger q_v executes R_v / q_v batches per
 * second, so the worker's load is sum_v R_v (T0_v / q_v + T1_v), convex in
 * q; raising q_v by one packet delays each flow through v by
 * 1 / R_v + T1_v (waiting for one more packet, processing one more per
 * batch); every flow's p95 delay must stay under its SLO. Each period, in
 * this order (the authors' controller):
 * - *push*: a buffer whose input batches already average PushRatio x B
 *   goes off;
 * - *recovery*: for each flow over its SLO, the buffers on its path, the
 *   slowest turn first, are lowered (to 0 if the cut would take them below
 *   the pull level) until the model says the flow is back under its SLO;
 * - *pull*: an unbuffered module with traffic, small input batches and no
 *   violating flow gets the pull level floor(b_in) + BufferPull if the
 *   delay that adds fits every flow's budget;
 * - *gradient*: the other buffered modules move along the gradient of the
 *   load projected onto the active constraints (flows within Tolerance of
 *   their SLO, triggers at B or at the pull level, a buffer not emptier
 *   than the next one below it), with the Moore-Penrose inverse; the
 *   constraint with the most negative multiplier (the authors': the first
 *   negative one) is dropped and the projection redone (at most
 *   MaxIterations times); when every multiplier is >= 0
 *   the triggers are a KKT point and stay. The step goes along the
 *   direction as far as the load keeps falling without leaving the
 *   feasible region (the flows' delay budgets, the trigger bounds).
 *
 * The step minimises the load along the direction (Rosen's line search);
 * the authors' code goes to the edge of the feasible region. Plan() is the
 * whole decision, phase by phase, separated from the measurements so that
 * it can be tested on a model.
 *
 * Two choices of the authors' code (tcontroller.py) that the paper does
 * not describe are attributes, so that their effect can be measured (the
 * design doc's table): Rounding=PlusOne moves every free module by
 * trunc(lambda d) + 1 packets, one taken back if that move alone takes a
 * flow's measured delay past 1 - Tolerance of its SLO, where ours rounds a
 * rise up and a cut down and trims a rise to 1 - Tolerance / 2; and
 * RecoveringBoundStep bounds the step by the flows in recovery too, with
 * the budget recovery gave back, where ours leaves them out.
 */
class FullBatchyController : public BatchyController
{
  public:
    /// How a step is rounded to whole packets.
    enum Rounding
    {
        ROUND_TO_TARGET, //!< ours: a rise up, a cut down, a rise trimmed to the target
        ROUND_PLUS_ONE,  //!< the authors': trunc(lambda d) + 1, one back past 1 - delta
    };

    /// A controllable module at the end of a period.
    struct ModuleState
    {
        double t0Ns{0};              //!< per-execution cost, with its chain (ns)
        double t1Ns{0};              //!< per-packet cost, with its chain (ns)
        double executionRate{0};     //!< executions per ns
        double packetRate{0};        //!< packets per ns (R_v)
        double meanInputBatch{0};    //!< mean batch at its buffer's input (b_in)
        uint32_t trigger{0};         //!< current trigger (q_v)
        std::vector<uint32_t> below; //!< the next controllable modules below it
    };

    /// A flow at the end of a period.
    struct FlowState
    {
        double delayNs{0};             //!< p95 delay over the period
        double sloNs{0};               //!< its SLO (infinity: none)
        std::vector<uint32_t> modules; //!< the controllable modules on its path
    };

    /// The controller's parameters.
    struct Settings
    {
        uint32_t maxBatch{32};              //!< B, the largest trigger
        double tolerance{0.05};             //!< delta
        double pushRatio{0.7};              //!< b_in share of B above which a buffer goes off
        uint32_t bufferPull{4};             //!< pull level above b_in
        uint32_t maxIterations{3};          //!< projections per step
        Rounding rounding{ROUND_TO_TARGET}; //!< rounding to whole packets
        bool recoveringBoundStep{false};    //!< flows in recovery bound the step
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief One control step.
     * \param modules the controllable modules (indices are their positions)
     * \param flows the flows
     * \param settings the parameters
     * \return the new trigger of each module
     */
    static std::vector<uint32_t> Plan(const std::vector<ModuleState>& modules,
                                      const std::vector<FlowState>& flows,
                                      const Settings& settings);

  protected:
    void DoStart() override;
    void DoControl() override;

  private:
    double m_tolerance;                         //!< delta
    double m_pushRatio;                         //!< push level, share of B
    uint32_t m_bufferPull;                      //!< pull level above b_in
    uint32_t m_maxIterations;                   //!< projections per step
    Rounding m_rounding;                        //!< rounding to whole packets
    bool m_recoveringBoundStep;                 //!< flows in recovery bound the step
    std::vector<uint32_t> m_controlled;         //!< the controllable modules
    std::vector<uint32_t> m_position;           //!< module -> position in m_controlled
    std::vector<std::vector<uint32_t>> m_below; //!< per position, ModuleState::below
};

} // namespace rsched
} // namespace ns3

#endif // FULL_BATCHY_CONTROLLER_H
