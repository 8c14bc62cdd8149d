/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_CORES_H
#define BATCHY_CORES_H

#include "data-flow-graph.h"
#include "handle-queue.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

#include <limits>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief The CPU cores of a BatchyWorker and where its modules run
 * (Batchy's pipeline decomposition).
 *
 * Each module runs on one core (core 0 by default) and one core takes the
 * ingress queue. A batch that reaches a module on another core waits in a
 * hand-off queue of that module there, as in a BESS queue between two
 * workers. A core serves its hand-off queues round-robin, the ingress
 * (on its core) taking the last turn. A module moved to another core takes
 * its queue with it. A core can be down, nesting (as many SetUp as
 * SetDown); its full queues then drop with the failure's reason.
 *
 * Why a class of its own: which core runs what, and in which turn, is
 * bookkeeping the worker's run-to-completion path does not need to see; it
 * asks for the next turn and runs it.
 */
class BatchyCores
{
  public:
    /// NextTurn: the ingress queue's turn (no module index).
    static constexpr uint32_t INGRESS = std::numeric_limits<uint32_t>::max();
    /// NextTurn: nothing to serve.
    static constexpr uint32_t NONE = DataFlowGraph::NO_MODULE;

    /// A CPU core.
    struct Core
    {
        bool busy{false};              //!< a run is under way
        Time busyTotal;                //!< busy time of its runs (added when one starts)
        EventId runEnd;                //!< end of its current run
        EventId flush;                 //!< its pending flush
        uint64_t arrivals{0};          //!< packets that reached it
        uint64_t arrivalsAtLastRun{0}; //!< arrivals when its flush was armed
        std::vector<uint32_t> entries; //!< modules with packets handed off to it
        uint32_t next{0};              //!< the turn to serve next (entries, then ingress)
        uint32_t queued{0};            //!< packets in its entries' queues
        uint32_t downs{0};             //!< failures holding it down (0: up)
        std::string downReason;        //!< drop reason while down
    };

    /**
     * \brief Start afresh: every module on core 0, which takes the ingress.
     * \param cores cores
     * \param modules modules of the graph
     */
    void Reset(uint32_t cores, uint32_t modules);
    /**
     * \brief Add cores (the Cores attribute was raised after Reset).
     * \param cores cores wanted
     */
    void Grow(uint32_t cores);
    /// \return the cores
    uint32_t GetN() const;
    /// \return whether a run is under way on any core
    bool AnyBusy() const;
    /// Cancel every core's pending run end and flush.
    void CancelEvents();
    /**
     * \param core a core
     * \return it
     */
    Core& Get(uint32_t core);
    /**
     * \param core a core
     * \return it
     */
    const Core& Get(uint32_t core) const;
    /**
     * \param module a module
     * \return its core
     */
    uint32_t GetCore(uint32_t module) const;
    /**
     * \brief Run a module on a core from now on; its hand-off queue moves with it.
     * \param module a module
     * \param core a core
     * \return packets its queue brought to \p core
     */
    uint32_t Move(uint32_t module, uint32_t core);
    /// \return the core that takes the ingress queue
    uint32_t GetIngressCore() const;
    /**
     * \param core the core to take the ingress queue
     */
    void SetIngressCore(uint32_t core);
    /**
     * \brief A batch handed off reaches its module's queue on its core.
     * \param module the module
     * \param batch packet handles
     * \param capacity packets a queue holds
     * \param dropped replaced by the handles beyond it
     */
    void HandOff(uint32_t module,
                 const std::vector<uint32_t>& batch,
                 uint32_t capacity,
                 std::vector<uint32_t>& dropped);
    /**
     * \brief A core's next turn, round-robin over its hand-off queues and,
     * last, the ingress if it takes it.
     * \param core the core
     * \param ingressWaiting whether the ingress queue holds packets
     * \return a module whose queue to serve, INGRESS or NONE
     */
    uint32_t NextTurn(uint32_t core, bool ingressWaiting);
    /**
     * \brief Start a run on a module's hand-off queue.
     * \param module the module
     * \param max most packets (B)
     * \param batch replaced by the packets taken
     * \return packets taken
     */
    uint32_t Take(uint32_t module, uint32_t max, std::vector<uint32_t>& batch);
    /**
     * \param core a core
     * \param reason the drop reason of its full queues while it is up
     * \return reason, or the failure's while it is down
     */
    const char* FullReason(uint32_t core, const char* reason) const;
    /// \return packets in hand-off queues
    uint32_t GetQueued() const;

  private:
    std::vector<Core> m_cores;         //!< the cores
    std::vector<uint32_t> m_core;      //!< per module, its core
    std::vector<HandleQueue> m_queues; //!< per module, its hand-off queue
    uint32_t m_ingressCore{0};         //!< core that takes the ingress queue
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_CORES_H
