/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SHINJUKU_CORE_POLICY_H
#define SHINJUKU_CORE_POLICY_H

#include "cfcfs-core-policy.h"

#include <deque>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
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
 * so a backlog of one type does not hold up the others, and ClassScheduling
 * says which queue an idle worker serves:
 * - RoundRobin: the non-empty queues in turn;
 * - Priority: the non-empty queue of the highest ClassWeights value
 *   (strict priority; equal values in turn);
 * - WeightedFair: worker time shared in proportion to ClassWeights
 *   (start-time fair queueing: each queue's virtual time advances by the
 *   slice it is given divided by its weight; the backlogged queue with
 *   the least virtual time goes next, and a queue that was empty starts
 *   at the virtual time of the last slice given, so it cannot claim the
 *   time it was idle);
 * - OldestOverTarget: the queue whose oldest request has waited longest
 *   relative to its class's target, ClassWeights read as the targets (in
 *   any one unit). This is the rule of Shinjuku's own multi-queue
 *   dispatcher and of RackSched's servers (their SLOs 50, 500 and 5 000),
 *   which favours the classes of short targets.
 * ClassWeights lists one value per class, "w0,w1,..."; classes beyond the
 * list have 1. The first three are the requirements RackSched's paper
 * names (per-type queues, strict priority, weighted fair sharing).
 * With PreemptedFirst a preempted request goes back to the head of its
 * class queue rather than the tail, keeping its age (the authors' servers'
 * queue_setting for the workloads with per-type queues).
 */
class ShinjukuCorePolicy : public CfcfsCorePolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// How an idle worker picks among the class queues.
    enum ClassScheduling
    {
        ROUND_ROBIN,        //!< in turn
        PRIORITY,           //!< highest weight first
        WEIGHTED_FAIR,      //!< worker time in proportion to the weights
        OLDEST_OVER_TARGET, //!< the longest wait relative to the class's target
    };

    bool CheckConfig(uint32_t workers, std::string& error) const override;

  protected:
    void DoAttach() override;
    void Admit(Handle h) override;
    void Start(uint32_t w, Handle h) override;
    void DoSliceEnd(uint32_t w, Handle h) override;
    void DoWorkerIdle(uint32_t w) override;
    uint64_t DoGetWaiting() const override;

  private:
    /// \return the class queue an idle worker serves next (one must be non-empty)
    uint32_t NextClass();
    /**
     * \brief Start a request on an idle worker, or queue it (Admit()).
     * \param h the request
     * \param front at the head of its class queue (PreemptedFirst), not the tail
     */
    void Queue(Handle h, bool front);
    /**
     * \param c a class
     * \return its weight (ClassWeights, or 1)
     */
    double WeightOf(uint32_t c) const;
    Time m_quantum;                                 //!< longest run before preemption
    Time m_preemptionOverhead;                      //!< worker time per preemption
    bool m_queuePerClass{false};                    //!< one queue per request class
    bool m_preemptedFirst{false};                   //!< preempted to the head of its queue
    std::vector<std::deque<Handle>> m_classes;      //!< queue of each class (QueuePerClass)
    uint32_t m_next{0};                             //!< class whose turn is next
    uint64_t m_classWaiting{0};                     //!< requests in the class queues
    ClassScheduling m_classScheduling{ROUND_ROBIN}; //!< which class queue goes next
    std::string m_classWeights;                     //!< "w0,w1,..." as given
    std::vector<double> m_weights;                  //!< parsed ClassWeights
    std::vector<double> m_virtualTime;              //!< per class (WeightedFair)
    double m_lastStart{0};                          //!< virtual time of the last slice given
};

} // namespace rsched
} // namespace ns3

#endif // SHINJUKU_CORE_POLICY_H
