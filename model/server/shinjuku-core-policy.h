/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SHINJUKU_CORE_POLICY_H
#define SHINJUKU_CORE_POLICY_H

#include "cfcfs-core-policy.h"

#include <deque>
#include <vector>

namespace ns3
{

/**
 * \ingroup request-scheduling-server
 * \brief Shinjuku (Kaffes et al., NSDI 2019): centralised FCFS with a
 * dispatcher core and preemption.
 *
 * As CfcfsCorePolicy (a dispatcher core spends DispatchOverhead on each new
 * request), but a worker runs a request for at most Quantum; a request
 * with work left is then preempted, the worker spends PreemptionOverhead
 * (the interrupt and context switch), and the request goes back to the
 * tail of the central queue, to resume with a fresh quantum on whichever
 * worker takes it. With a quantum longer than any request it is c-FCFS.
 *
 * With QueuePerClass, requests wait in one FIFO per request class (type),
 * and idle workers take the head of the non-empty queues in turn (round
 * robin over the classes), so a backlog of one type does not hold up the
 * others. Shinjuku's own multi-queue policy weighs queues by their heads'
 * waiting time against a per-type target; round robin is the simplest
 * policy with the same isolation and needs no targets.
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
    void Admit(Handle h) override;
    void Start(uint32_t w, Handle h) override;
    void DoSliceEnd(uint32_t w, Handle h) override;
    void DoWorkerIdle(uint32_t w) override;
    uint64_t DoGetWaiting() const override;

  private:
    Time m_quantum;                            //!< longest run before preemption
    Time m_preemptionOverhead;                 //!< worker time per preemption
    bool m_queuePerClass{false};               //!< one queue per request class
    std::vector<std::deque<Handle>> m_classes; //!< queue of each class (QueuePerClass)
    uint32_t m_next{0};                        //!< class whose turn is next
    uint64_t m_classWaiting{0};                //!< requests in the class queues
};

} // namespace ns3

#endif // SHINJUKU_CORE_POLICY_H
