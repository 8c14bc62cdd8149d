/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_WORKER_H
#define BATCHY_WORKER_H

#include "batchy-cores.h"
#include "batchy-fair-queueing.h"
#include "data-flow-graph.h"
#include "fractional-buffer.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/request-stats.h"
#include "ns3/traced-callback.h"

#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief One CPU core running a data-flow graph run-to-completion, in
 * simulated time, as a BESS worker does (Lévai et al., NSDI'20).
 *
 * Packets arrive (Receive) into the worker's ingress queue (QueueCapacity
 * packets; more are dropped and counted). With IngressBackpressure the
 * worker tells the source to pause when the queue reaches 90 % of its
 * capacity and to resume once a run has taken it down to 15 %, as BESS's
 * Queue does with backpressure on: a saturated source then fills the
 * queue without losing packets, as in the authors' runs. With WeightedFair
 * the root tasks' queues play that part: the source pauses while any of
 * them is over the mark. When idle, the worker takes up to
 * MaxBatch packets and pushes the batch through the graph depth-first: each
 * module's fractional buffer (trigger 0: none) may hold packets back; a
 * buffer in use is a module of its own, as the authors' FractionalBuffer is
 * in BESS, and costs BufferT0 + BufferT1 b for each batch of b packets
 * offered to it (a buffer at trigger 0 holding nothing is out of the path
 * and costs nothing); each
 * batch a module executes costs T0 + T1 b of the worker's time; a splitter
 * sends each packet to its flow's next module, so its batch splits into
 * one per output gate, executed gate by gate before the next module of the
 * parent's turn. A packet leaves the graph when the last module of its
 * flow's path has executed its batch: its departure time is the worker's
 * time at the end of that execution, and its delay is counted from its
 * arrival at the worker. The worker is busy for the sum of the execution
 * times, then takes the next batch.
 *
 * With Scheduling = WeightedFair (the NFVnice-like baseline, as the
 * authors ran it on BESS; its tasks are a BatchyFairQueueing), every
 * controllable module gets a queue of its own (QueueCapacity packets, like the ingress) and becomes
 * a task: a run takes up to MaxBatch packets from one task's queue and pushes them through its
 * module and the uncontrollable modules below it, up to the next queues. The task to run is the one
 * with the least virtual time (start-time fair queueing of worker time: a run adds its time divided
 * by the task's share, SetShare; an idle task that wakes up starts at the virtual time of the last
 * run). With Backpressure, a task whose packets would enter a queue filled beyond 3/4 of its
 * capacity waits until that queue drains below 1/4, unless no other task can run. Fractional
 * buffers are not used in this mode.
 *
 * With Cores > 1 the switch has more CPU cores (the extra workers of
 * Batchy's pipeline decomposition, kept by a BatchyCores): SetCore places a module on a core,
 * core 0 by default, and core 0 takes the ingress queue. When a batch on
 * one core reaches a module on another, it is handed off at the time the
 * first core produced it into a queue of that module on the other core
 * (QueueCapacity packets; more are dropped, MODULE_QUEUE_FULL_DROP), as a
 * BESS queue between two workers; each core serves its queues round-robin,
 * up to MaxBatch packets per run, through its buffers and modules, and
 * hands batches on in turn (also back to core 0). Weighted-fair
 * scheduling runs on one core.
 *
 * A core can fail (SetCoreDown) and recover (SetCoreUp): a failed core
 * starts no run (the one under way finishes, its time being already
 * spent in the model) and flushes nothing; its queues (and the ingress
 * queue if it takes it) keep what they hold and keep filling, and packets
 * beyond their capacity are dropped with the failure's reason. Nothing is
 * lost with the core itself: a BESS worker's queues and buffers live in
 * memory the other workers reach, so a control plane that moves the failed
 * core's modules (SetCore) and the ingress (SetIngressCore) to another
 * core has those packets served there (BatchyController::SetCoreAvailable).
 *
 * CostJitter > 0 multiplies each execution's cost by a normal factor of
 * mean 1 and that standard deviation (truncated at 0), the run-to-run
 * variation a profiler sees on a real CPU.
 *
 * Packets held in buffers when the traffic stops are flushed after
 * FlushTimeout without arrivals (a run that releases every buffer in
 * topological order), so nothing is stranded. The authors' buffer has no
 * timeout; under load the worker never idles that long.
 *
 * Statistics per module (executions, packets, input batches at the
 * buffer, as Batchy's controller measures them) and per flow (packets,
 * drops, delays) accumulate over a control period (ResetPeriod) and over
 * the whole run. Conservation: received = departed + dropped + queued +
 * held in buffers, per flow and in total.
 */
class BatchyWorker : public Object
{
  public:
    static constexpr const char* QUEUE_FULL_DROP = "Ingress queue full";       //!< drop reason
    static constexpr const char* MODULE_QUEUE_FULL_DROP = "Module queue full"; //!< drop reason
    /// IngressBackpressure: pause the source at this share of QueueCapacity (BESS's Queue).
    static constexpr double HIGH_WATER = 0.90;
    /// IngressBackpressure: resume it at this share.
    static constexpr double LOW_WATER = 0.15;
    /// BufferT0's default (ns): see the attribute and the doc's "Buffer costs".
    static constexpr double DEFAULT_BUFFER_T0_NS = 0;
    /// BufferT1's default (ns).
    static constexpr double DEFAULT_BUFFER_T1_NS = 0;

    /// How the worker picks what to run.
    enum Scheduling
    {
        RUN_TO_COMPLETION, //!< one ingress queue, batches pushed through the whole graph
        WEIGHTED_FAIR,     //!< a queue per controllable module, WFQ between them
    };

    /// Called for each packet leaving the graph: packet (null if it came
    /// without one), flow, the id it came with, arrival and departure time.
    using EgressCallback = Callback<void, const Ptr<Packet>&, uint32_t, uint64_t, Time, Time>;

    /// Statistics of a module.
    struct ModuleStats
    {
        uint64_t executions{0};   //!< batches executed
        uint64_t packets{0};      //!< packets executed
        uint64_t inputBatches{0}; //!< batches offered to its buffer
        uint64_t inputPackets{0}; //!< packets offered to its buffer
        Time busy;                //!< worker time spent in it
        Time bufferBusy;          //!< worker time spent in its buffer (BufferT0, BufferT1)

        /// \return mean executed batch size (0 if none)
        double GetMeanBatch() const;
        /// \return mean batch size at its buffer's input (b_in; 0 if none)
        double GetMeanInputBatch() const;
    };

    /// Statistics of a flow.
    struct FlowStats
    {
        uint64_t received{0}; //!< packets received
        uint64_t departed{0}; //!< packets that left the graph
        uint64_t dropped{0};  //!< packets dropped at the ingress queue
        LatencySummary delay; //!< delays of the departed packets
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    BatchyWorker();
    ~BatchyWorker() override;

    /**
     * \brief Run this graph (validated here; aborts if it is not valid).
     * \param graph the graph
     */
    void SetGraph(const DataFlowGraph& graph);
    /// \return the graph
    const DataFlowGraph& GetGraph() const;
    /**
     * \brief Change a flow's delay objective (as the controllers see it).
     * \param flow a flow
     * \param slo its new SLO (0: none)
     */
    void SetFlowSlo(uint32_t flow, Time slo);
    /**
     * \param callback called for each packet that leaves the graph
     */
    void SetEgressCallback(EgressCallback callback);
    /**
     * \param callback called with true when the source should pause, false
     * when it may resume (IngressBackpressure)
     */
    void SetBackpressureCallback(Callback<void, bool> callback);

    /**
     * \brief Set a module's buffer trigger.
     * \param module a module
     * \param trigger 0 (no buffering) .. BufferCapacity
     */
    void SetTrigger(uint32_t module, uint32_t trigger);
    /**
     * \param module a module
     * \return its trigger
     */
    uint32_t GetTrigger(uint32_t module) const;
    /**
     * \brief Set how the worker picks what to run (before packets arrive).
     * \param scheduling the scheduling
     */
    void SetScheduling(Scheduling scheduling);
    /// \return the scheduling
    Scheduling GetScheduling() const;
    /**
     * \brief Set a task's share of the worker time (WeightedFair).
     * \param module a controllable module or a root
     * \param share its share (> 0; 1 by default)
     */
    void SetShare(uint32_t module, double share);
    /**
     * \brief Use a fixed stream for the cost jitter.
     * \param stream first stream index
     * \return streams used (1)
     */
    int64_t AssignStreams(int64_t stream);
    /**
     * \brief Run a module on a core from now on (its held packets stay in its buffer).
     * \param module a module
     * \param core a core below Cores
     */
    void SetCore(uint32_t module, uint32_t core);
    /**
     * \param module a module
     * \return its core
     */
    uint32_t GetCore(uint32_t module) const;
    /// \return Cores
    uint32_t GetCores() const;
    /**
     * \brief Have another core take the ingress queue from now on.
     * \param core a core below Cores (0 at first)
     */
    void SetIngressCore(uint32_t core);
    /// \return the core that takes the ingress queue
    uint32_t GetIngressCore() const;
    /**
     * \brief A core fails: it starts no run until SetCoreUp. Failures
     * nest (a core down twice needs two SetCoreUp).
     * \param core a core
     * \param reason drop reason of packets its full queues turn away
     */
    void SetCoreDown(uint32_t core, const std::string& reason);
    /**
     * \brief A failed core recovers and serves its queues again.
     * \param core a core down
     */
    void SetCoreUp(uint32_t core);
    /**
     * \param core a core
     * \return whether it is down
     */
    bool IsCoreDown(uint32_t core) const;
    /// \return MaxBatch
    uint32_t GetMaxBatch() const;
    /// \return BufferCapacity
    uint32_t GetBufferCapacity() const;

    /**
     * \brief A packet of a flow arrives now.
     * \param packet the packet (may be null in studies without a network)
     * \param flow its flow
     */
    /**
     * \brief A packet arrives.
     * \param packet the packet, or null where none is simulated (queue level)
     * \param flow its flow
     * \param id returned with it to the EgressCallback (the sender's sequence)
     */
    void Receive(const Ptr<Packet>& packet, uint32_t flow, uint64_t id = 0);

    /// Start a new control period: the period statistics restart from zero.
    void ResetPeriod();
    /**
     * \param module a module
     * \return its statistics over the current control period
     */
    const ModuleStats& GetPeriodModuleStats(uint32_t module) const;
    /**
     * \param flow a flow
     * \return its statistics over the current control period
     */
    const FlowStats& GetPeriodFlowStats(uint32_t flow) const;
    /**
     * \param module a module
     * \return its statistics over the whole run
     */
    const ModuleStats& GetModuleStats(uint32_t module) const;
    /**
     * \param flow a flow
     * \return its statistics over the whole run
     */
    FlowStats GetFlowStats(uint32_t flow) const;
    /**
     * \param core a core
     * \return its busy time so far
     */
    Time GetBusyTime(uint32_t core = 0) const;
    /// \return runs so far, over all cores
    uint64_t GetRuns() const;
    /// \return packets in queues (ingress, modules') or handed off between cores
    uint32_t GetQueued() const;
    /// \return packets held in fractional buffers
    uint32_t GetHeld() const;

  protected:
    void DoDispose() override;

  private:
    /// A packet in the worker.
    struct Item
    {
        Ptr<Packet> packet; //!< the packet (may be null)
        uint32_t flow{0};   //!< its flow
        uint64_t id{0};     //!< given with it (Receive)
        Time arrival;       //!< arrival at the worker
    };

    /// Start a run on the current core (m_current): busy, its time from 0.
    void BeginRun();
    /// Take a batch from the ingress queue and push it through the graph.
    void StartRun();
    /**
     * \brief Take a batch from a module's queue on a core and push it
     * through the core's part of the graph.
     * \param core the core
     * \param module the module
     */
    void StartCoreRun(uint32_t core, uint32_t module);
    /**
     * \brief A batch handed off to another core reaches its module's queue there.
     * \param module the module
     * \param batch packet handles
     */
    void HandOff(uint32_t module, const std::vector<uint32_t>& batch);
    /**
     * \brief Count a batch offered to a module's buffer.
     * \param module the module
     * \param size its packets
     */
    void CountInput(uint32_t module, uint32_t size);
    /**
     * \brief Pass a batch through a module's buffer and execute what it lets through.
     * \param module the module
     * \param batch packet handles
     */
    void Offer(uint32_t module, const std::vector<uint32_t>& batch);
    /// Set up the tasks of the current scheduling (no packets may be inside).
    void BuildTasks();
    /// WeightedFair: take a batch from the queue of the task to run next.
    void StartTaskRun();
    /**
     * \brief Admit a packet to a task's queue, or drop it.
     * \param module the task's module
     * \param h the packet's handle
     */
    void Enqueue(uint32_t module, uint32_t h);
    /**
     * \brief Drop a packet and count it.
     * \param h its handle
     * \param reason why
     */
    void Drop(uint32_t h, const char* reason);
    /// \return a packet slot for a new packet
    uint32_t Allocate();
    /**
     * \brief A core's run is done: take its next batch, or idle.
     * \param core the core
     */
    void RunEnd(uint32_t core);
    /**
     * \brief Release the buffers of a core's modules (after FlushTimeout
     * without arrivals at it).
     * \param core the core
     */
    void FlushAll(uint32_t core);
    /**
     * \brief Offer a batch to a module's buffer and execute what it lets through.
     * \param module the module
     * \param batch packet handles
     */
    void Process(uint32_t module, const std::vector<uint32_t>& batch);
    /**
     * \brief IngressBackpressure: after a queue the source feeds has grown
     * or shrunk, mark it over HIGH_WATER or back down to LOW_WATER, and
     * tell the source to pause when the first such queue goes over and to
     * resume when the last one is down.
     * \param pausing the queue's mark
     * \param queued the packets it holds
     */
    void WatchLevel(bool& pausing, std::size_t queued);
    /**
     * \brief Spend worker time (CostJitter applied) in the run under way.
     * \param ns the nominal cost
     * \return the time spent
     */
    Time Charge(double ns);
    /**
     * \brief Execute a batch on a module and pass its packets on.
     * \param module the module
     * \param batch packet handles
     */
    void Execute(uint32_t module, const std::vector<uint32_t>& batch);
    /**
     * \brief A packet leaves the graph at the current run time.
     * \param h its handle
     */
    void Depart(uint32_t h);
    /// End the run of the current core: account for it and schedule its end.
    void FinishRun();

    Scheduling m_scheduling{RUN_TO_COMPLETION}; //!< what to run next
    Scheduling m_built{RUN_TO_COMPLETION};      //!< the scheduling the tasks are set up for
    bool m_backpressure;                        //!< WeightedFair: backpressure on
    BatchyFairQueueing m_fair;                  //!< WeightedFair: the tasks
    uint32_t m_pausing{0};                      //!< queues over HIGH_WATER (the source paused)
    bool m_ingressPausing{false};               //!< the ingress queue's mark (RunToCompletion)
    DataFlowGraph m_graph;                      //!< the graph
    uint32_t m_maxBatch;                        //!< B
    uint32_t m_queueCapacity;                   //!< ingress queue capacity
    uint32_t m_marksCapacity{0};                //!< the capacity m_highMark and m_lowMark are for
    std::size_t m_highMark{0};                  //!< packets at HIGH_WATER, rounded up
    std::size_t m_lowMark{0};                   //!< packets at LOW_WATER, rounded down
    uint32_t m_bufferCapacity;                  //!< fractional buffer capacity
    Time m_flushTimeout;                        //!< idle time before buffers are flushed
    bool m_ingressBackpressure{false};          //!< signal the source at HIGH_WATER / LOW_WATER
    Callback<void, bool> m_pauseSource;         //!< tells it (true: pause)
    double m_bufferT0Ns;                        //!< a buffer's cost per batch offered (ns)
    double m_bufferT1Ns;                        //!< a buffer's cost per packet offered (ns)
    double m_costJitter;                        //!< relative std. deviation of an execution's cost
    Ptr<NormalRandomVariable> m_jitter;         //!< draws it
    std::vector<FractionalBuffer> m_buffers;    //!< one per module
    std::vector<uint32_t> m_topological;        //!< modules in topological order
    std::vector<Item> m_items;                  //!< packet pool
    std::vector<uint32_t> m_free;               //!< free handles of the pool
    HandleQueue m_queue;                        //!< ingress queue
    uint32_t m_nCores;                          //!< Cores
    BatchyCores m_cores;                        //!< the cores and the modules on them
    uint32_t m_current{0};                      //!< core of the run being worked out
    uint32_t m_inTransit{0};                    //!< packets handed off, not yet queued
    Time m_offset;                              //!< time into the current run
    uint64_t m_runs{0};                         //!< runs so far
    EgressCallback m_egress;                    //!< departures
    std::vector<ModuleStats> m_moduleTotal;     //!< per module, whole run
    std::vector<ModuleStats> m_modulePeriod;    //!< per module, this period
    std::vector<FlowStats> m_flowTotal;         //!< per flow, whole run
    std::vector<FlowStats> m_flowPeriod;        //!< per flow, this period
    // Scratch space (no allocation per batch once grown): per module, the
    // batches its buffer lets through and the batch it executes; per
    // (module, gate), the packets leaving by that gate.
    std::vector<std::vector<uint32_t>> m_bufferOut;         //!< per module
    std::vector<std::vector<uint32_t>> m_bufferSizes;       //!< per module
    std::vector<std::vector<uint32_t>> m_execute;           //!< per module
    std::vector<std::vector<std::vector<uint32_t>>> m_gate; //!< per module and gate
    std::vector<uint32_t> m_rootBatch;                      //!< a run's batch of one root
    std::vector<uint32_t> m_handOffDrops;                   //!< packets a hand-off turned away
    TracedCallback<uint32_t, Time> m_runTrace;              //!< batch size, busy time
    TracedCallback<Ptr<const Packet>, uint32_t, const std::string&> m_dropTrace; //!< drops
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_WORKER_H
