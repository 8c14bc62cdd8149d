/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRIGGER_BUDGET_H
#define TRIGGER_BUDGET_H

#include <cstdint>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief One control period's bookkeeping, shared by Batchy/on-off and
 * Batchy/full: each buffer's trigger, whether a phase has already set it
 * this period, and each flow's delay budget (its SLO minus its p95 over the
 * period), which every trigger change charges to the flows through the
 * module.
 *
 * The phases both controllers run alike are here. Push turns off a buffer
 * whose input batches already reach a level. Pull turns a buffer on where
 * the delay it adds fits the budget of every flow through it, none of them
 * in recovery. Their recovery differs: on-off turns off every buffer of a
 * flow over its SLO, while full lowers them as far as its model says is
 * needed. The gradient step is full's alone.
 */
class TriggerBudget
{
  public:
    /**
     * \param triggers each module's trigger at the period's end
     * \param flowModules the modules on each flow's path (indices into
     *        triggers)
     * \param budgets each flow's delay budget (ns; infinity: none)
     */
    TriggerBudget(std::vector<uint32_t> triggers,
                  const std::vector<std::vector<uint32_t>>& flowModules,
                  std::vector<double> budgets);

    /// \return every module's trigger as the phases so far have set it
    const std::vector<uint32_t>& GetTriggers() const;
    /**
     * \param i a module
     * \return its trigger
     */
    uint32_t GetTrigger(uint32_t i) const;
    /**
     * \param i a module
     * \return whether a phase has set its trigger this period
     */
    bool IsFixed(uint32_t i) const;
    /**
     * \brief Set a module's trigger, charging the delay this adds (negative:
     * removes) to every flow through it; fixed, unless said otherwise.
     * \param i the module
     * \param trigger its new trigger
     * \param delayNs the delay added to each flow through it
     * \param fix whether later phases leave it alone
     */
    void Set(uint32_t i, uint32_t trigger, double delayNs, bool fix = true);
    /**
     * \param f a flow
     * \return its budget (ns)
     */
    double GetBudget(uint32_t f) const;
    /**
     * \brief Mark a flow as recovering: Pull adds no buffer on its path.
     * \param f the flow
     */
    void SetRecovering(uint32_t f);
    /**
     * \param f a flow
     * \return whether it is recovering
     */
    bool IsRecovering(uint32_t f) const;
    /**
     * \param i a module
     * \return the flows through it
     */
    const std::vector<uint32_t>& GetFlowsThrough(uint32_t i) const;
    /**
     * \brief Push: every buffer in use whose mean input batch is at least
     * \p level goes off (fixed; the delay it took is not given back, as the
     * authors' controllers do).
     * \param inputBatch each module's mean input batch over the period
     * \param level the push level (packets)
     */
    void Push(const std::vector<double>& inputBatch, double level);
    /**
     * \brief Pull: set a buffer to \p trigger if the delay that adds is
     * below the budget of every flow through it and none of them is
     * recovering.
     * \param i the module
     * \param trigger its trigger if pulled
     * \param addedNs the delay that adds to each flow through it
     * \return whether it was set
     */
    bool Pull(uint32_t i, uint32_t trigger, double addedNs);

  private:
    std::vector<uint32_t> m_triggers;                  //!< per module
    std::vector<bool> m_fixed;                         //!< per module: set this period
    std::vector<std::vector<uint32_t>> m_flowsThrough; //!< per module
    std::vector<double> m_budgets;                     //!< per flow (ns)
    std::vector<bool> m_recovering;                    //!< per flow
};

} // namespace rsched
} // namespace ns3

#endif // TRIGGER_BUDGET_H
