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

namespace ns3
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
    /// \return wall-clock seconds spent deciding (DoControl) so far
    double GetControlWallSeconds() const;

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

    Ptr<BatchyWorker> m_worker;             //!< the worker
    Time m_period;                          //!< control period
    uint32_t m_periods{0};                  //!< periods ended
    double m_controlWall{0};                //!< wall-clock seconds in DoControl
    EventId m_event;                        //!< next period end
    TracedCallback<uint32_t> m_periodTrace; //!< a period ended
};

} // namespace ns3

#endif // BATCHY_CONTROLLER_H
