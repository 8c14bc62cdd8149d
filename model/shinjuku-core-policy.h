/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SHINJUKU_CORE_POLICY_H
#define SHINJUKU_CORE_POLICY_H

#include "cfcfs-core-policy.h"

namespace ns3
{

/**
 * \ingroup request-scheduling
 * \brief Shinjuku (Kaffes et al., NSDI 2019): centralised FCFS with a
 * dispatcher core and preemption.
 *
 * As CfcfsCorePolicy (a dispatcher core spends DispatchOverhead on each new
 * request), but a worker runs a request for at most Quantum; a request
 * with work left is then preempted, the worker spends PreemptionOverhead
 * (the interrupt and context switch), and the request goes back to the
 * tail of the central queue, to resume with a fresh quantum on whichever
 * worker takes it. With a quantum longer than any request it is c-FCFS.
 */
class ShinjukuCorePolicy : public CfcfsCorePolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    void Start(uint32_t w, Handle h) override;
    void DoSliceEnd(uint32_t w, Handle h) override;

  private:
    Time m_quantum;            //!< longest run before preemption
    Time m_preemptionOverhead; //!< worker time per preemption
};

} // namespace ns3

#endif // SHINJUKU_CORE_POLICY_H
