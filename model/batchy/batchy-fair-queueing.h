/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_FAIR_QUEUEING_H
#define BATCHY_FAIR_QUEUEING_H

#include "data-flow-graph.h"
#include "handle-queue.h"

#include "ns3/nstime.h"

#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief The tasks of a BatchyWorker under WeightedFair scheduling, the
 * NFVnice-like baseline as the authors ran it on BESS.
 *
 * Every controllable module and every root heads a task with a queue of
 * its own. The task to run next is the one with the least virtual time
 * among those with packets (start-time fair queueing of worker time: a
 * run adds its time divided by the task's share; a task that wakes up
 * starts at the virtual time of the last run, without credit for its idle
 * time). With backpressure, a task whose run would push packets into a
 * queue filled beyond 3/4 of its capacity is passed over until that queue
 * is below 1/4, unless no other task has packets.
 *
 * Why a class of its own: the worker's run-to-completion path and its
 * core placement never look at tasks, virtual times or overload marks;
 * kept here, the baseline's rules read in one place and the worker only
 * asks which task runs next.
 */
class BatchyFairQueueing
{
  public:
    /// Returned by PickNext when no task has packets.
    static constexpr uint32_t NONE = DataFlowGraph::NO_MODULE;

    /**
     * \brief Set up the tasks of a graph (none if \p on is false); every
     * queue starts empty.
     * \param graph the graph (validated)
     * \param on whether WeightedFair scheduling is in use
     */
    void Build(const DataFlowGraph& graph, bool on);
    /**
     * \param module a module
     * \return whether it heads a task
     */
    bool IsTask(uint32_t module) const;
    /**
     * \brief Set a task's share of the worker time.
     * \param module a module
     * \param share its share (> 0; 1 by default)
     */
    void SetShare(uint32_t module, double share);
    /**
     * \brief Admit a packet to a task's queue.
     * \param module the task's module
     * \param h the packet's handle
     * \param capacity packets a queue holds
     * \return false if the queue is full (the packet is not admitted)
     */
    bool Enqueue(uint32_t module, uint32_t h, uint32_t capacity);
    /**
     * \param backpressure whether tasks feeding an overloaded queue wait
     * \return the task to run next, or NONE
     */
    uint32_t PickNext(bool backpressure) const;
    /**
     * \brief Start a task's run: take up to \p max packets from its queue.
     * \param module the task's module
     * \param max most packets (B)
     * \param capacity packets a queue holds
     * \param batch replaced by the packets taken
     * \return packets taken
     */
    uint32_t Take(uint32_t module, uint32_t max, uint32_t capacity, std::vector<uint32_t>& batch);
    /**
     * \brief A task's run is worked out: charge it the worker time it took.
     * \param module the task's module
     * \param spent the run's time
     */
    void Charge(uint32_t module, Time spent);
    /**
     * \param module a task's module
     * \return packets in its queue
     */
    uint32_t GetQueueSize(uint32_t module) const;
    /**
     * \param module a task's module
     * \return its ingress backpressure mark (a root over the high-water mark)
     */
    bool& PauseMark(uint32_t module);
    /// \return packets in all queues
    uint32_t GetQueued() const;

  private:
    /// A task.
    struct Task
    {
        HandleQueue queue;           //!< its packets
        double share{1};             //!< share of the worker time
        double virtualTime{0};       //!< start-time fair queueing tag
        bool isTask{false};          //!< the module heads a task
        bool overloaded{false};      //!< above 3/4 of capacity, not yet below 1/4
        bool pausing{false};         //!< a root over HIGH_WATER, not yet down to LOW_WATER
        std::vector<uint32_t> feeds; //!< the tasks its runs push packets into
    };

    /// \param module a task's module \param on whether its queue has packets
    void MarkWaiting(uint32_t module, bool on);

    std::vector<Task> m_tasks; //!< per module
    /// Bit v: task v's queue has packets. PickNext visits only these, in
    /// module order, not every module of a pipeline of hundreds per run.
    std::vector<uint64_t> m_waiting;
    double m_virtualClock{0}; //!< virtual time of the last run
    uint32_t m_queued{0};     //!< packets in the queues
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_FAIR_QUEUEING_H
