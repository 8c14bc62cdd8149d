/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_CONTROLLER_H
#define BATCHY_CONTROLLER_H

#include "batchy-worker.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <map>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief Base of Batchy's controllers: once every control Period, look at
 * the worker's statistics of the period that ends (execution and packet
 * rates, input batch sizes per module, delays per flow) and set the
 * triggers of the modules' fractional buffers.
 *
 * A controller is attached to one worker (Attach); it sets its initial
 * triggers at once (DoStart) and then acts at the end of each period
 * (DoControl), after which the worker's period statistics restart. The
 * Period trace fires at the end of each period, before the controller
 * acts, for per-period records of the dynamics.
 *
 * With IdlePeriods, the first periods end without the controller acting
 * (the triggers stay as DoStart set them, nothing is decomposed): the
 * authors' warm-up, one 2 s period before their controller's first round
 * (``batchy.py``, ``run``), so that the measured periods include the climb
 * from the initial triggers. A failover is not a period's action and
 * happens in them too.
 *
 * With Decompose, and a worker with more than one core, the controller
 * also decomposes the pipeline at the end of each period, before it acts
 * (PlanDecomposition, after the authors' GreedyController): the flows
 * that the worker cannot serve within their SLOs, by the cost estimate,
 * are moved onto the other cores. A module moves once; later periods
 * move only what a change of SLO makes newly infeasible.
 *
 * When the control plane learns that a core failed (SetCoreAvailable), the
 * controller fails over with the same mechanism: the core's modules, and
 * the ingress queue if it takes it, move to the core believed up that
 * runs the fewest modules, where what waits in their queues and buffers
 * is served; on the recovery they move back. The decomposition plans no
 * moves onto a core believed down.
 */
class BatchyController : public Object
{
  public:
    /**
     * \brief Signature of the Period trace.
     * \param index index of the period that ends (0 first)
     */
    typedef void (*PeriodTracedCallback)(uint32_t index);
    /**
     * \brief Signature of the Move trace.
     * \param module a module the decomposition moved
     * \param core its new core
     */
    typedef void (*MoveTracedCallback)(uint32_t module, uint32_t core);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    BatchyController();
    ~BatchyController() override;

    /**
     * \brief Control this worker from now on.
     * \param worker the worker (with its graph set)
     */
    void Attach(Ptr<BatchyWorker> worker);
    /// \return the control period
    Time GetPeriod() const;
    /// \return control periods ended so far
    uint32_t GetPeriods() const;
    /// \return periods ended so far in which the controller acted (not idle)
    uint32_t GetActivePeriods() const;
    /// \return wall-clock seconds spent deciding (DoControl) so far
    double GetControlWallSeconds() const;
    /**
     * \brief The control plane learns that a core of the worker failed or
     * recovered, and fails over or back (see the class description).
     * Nothing moves when no other core is believed up.
     * \param core a core of the worker
     * \param available false when it failed, true when it recovered
     */
    void SetCoreAvailable(uint32_t core, bool available);
    /**
     * \return false if the controller never sets a trigger above 0, so that
     *         no fractional buffer is ever in use (their capacity and costs
     *         do nothing); true here
     */
    virtual bool UsesBuffers() const;

    /**
     * \brief Batchy's pipeline decomposition (the authors' GreedyController,
     * with the check below applied to every resident flow).
     *
     * A packet waits at most one turnaround of its core, every module on it
     * executing a full batch of B, and then its path's modules execute it at
     * batch 1. The flows of core 0 are taken by SLO, tightest first (flows
     * without one last) and stay on it while that bound, with the modules
     * they add to the turnaround, holds for each flow staying so far; from
     * the first flow that breaks it, every later flow moves: its modules on
     * core 0 that no staying flow uses go to one of the other cores, a flow
     * per core in round-robin order.
     * \param graph the graph (costs and SLOs)
     * \param core each module's core now
     * \param cores the cores (1: nothing moves)
     * \param maxBatch B
     * \return each module's core after the decomposition
     */
    static std::vector<uint32_t> PlanDecomposition(const DataFlowGraph& graph,
                                                   const std::vector<uint32_t>& core,
                                                   uint32_t cores,
                                                   uint32_t maxBatch);

  protected:
    void DoDispose() override;
    /// \return the worker
    Ptr<BatchyWorker> GetWorker() const;
    /// Set the initial triggers.
    virtual void DoStart() = 0;
    /// A period has ended: act on its statistics (the default does nothing).
    virtual void DoControl();
    /**
     * \brief The cost a controllable module's execution causes over the
     * period that ends: its own T0 and T1 plus those of the uncontrollable
     * modules below it up to the next controllable ones, each weighted by
     * its share of the module's executions (T0) or packets (T1), at most 1.
     * \param v a module
     * \param t0Ns receives the per-execution cost (ns)
     * \param t1Ns receives the per-packet cost (ns)
     */
    void GetChainCosts(uint32_t v, double& t0Ns, double& t1Ns) const;

  private:
    /// The period ends.
    void PeriodEnd();
    /// Move the modules PlanDecomposition moves, onto cores believed up.
    void Decompose();

    Ptr<BatchyWorker> m_worker;                         //!< the worker
    Time m_period;                                      //!< control period
    uint32_t m_periods{0};                              //!< periods ended
    double m_controlWall{0};                            //!< wall-clock seconds in DoControl
    EventId m_event;                                    //!< next period end
    bool m_decompose;                                   //!< decompose at period ends
    uint32_t m_idlePeriods{0};                          //!< first periods without acting
    TracedCallback<uint32_t> m_periodTrace;             //!< a period ended
    TracedCallback<uint32_t, uint32_t> m_moveTrace;     //!< a module moved to a core
    TracedCallback<uint32_t, uint32_t> m_failoverTrace; //!< a module failed over to a core

    /// What a failover moved off a failed core.
    struct Failover
    {
        std::vector<uint32_t> modules; //!< the modules moved
        uint32_t to{0};                //!< the core they went to
        bool ingress{false};           //!< the ingress queue moved too
    };

    std::vector<bool> m_coreDown;             //!< per core, believed down
    std::map<uint32_t, Failover> m_failovers; //!< per failed core, what moved off it
    /// SetCoreAvailable() calls before Attach(), replayed by it
    std::vector<std::pair<uint32_t, bool>> m_beforeAttach;
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_CONTROLLER_H
