/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-worker.h"

#include "../server/request-scheduling-compat.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BatchyWorker");

NS_OBJECT_ENSURE_REGISTERED(BatchyWorker);

double
BatchyWorker::ModuleStats::GetMeanBatch() const
{
    return executions ? double(packets) / executions : 0.0;
}

double
BatchyWorker::ModuleStats::GetMeanInputBatch() const
{
    return inputBatches ? double(inputPackets) / inputBatches : 0.0;
}

TypeId
BatchyWorker::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BatchyWorker")
            .SetParent<Object>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<BatchyWorker>()
            .AddAttribute("MaxBatch",
                          "Most packets taken from the ingress queue per run (B)",
                          UintegerValue(32),
                          MakeUintegerAccessor(&BatchyWorker::m_maxBatch),
                          MakeUintegerChecker<uint32_t>(1, 4096))
            .AddAttribute("QueueCapacity",
                          "Packets the ingress queue holds; more are dropped",
                          UintegerValue(64),
                          MakeUintegerAccessor(&BatchyWorker::m_queueCapacity),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("IngressBackpressure",
                          "Signal the traffic source to pause when the ingress queue (with "
                          "WeightedFair, a root task's queue) is 90 % full and to resume when it "
                          "is down to 15 % (every root's, with WeightedFair): BESS's Queue with "
                          "backpressure, as the authors' runs feed their pipelines",
                          BooleanValue(false),
                          MakeBooleanAccessor(&BatchyWorker::m_ingressBackpressure),
                          MakeBooleanChecker())
            .AddAttribute("BufferCapacity",
                          "Capacity of each fractional buffer (the largest trigger)",
                          UintegerValue(64),
                          MakeUintegerAccessor(&BatchyWorker::m_bufferCapacity),
                          MakeUintegerChecker<uint32_t>(1, 4096))
            .AddAttribute("Scheduling",
                          "RunToCompletion: one ingress queue, each batch pushed through the "
                          "graph; WeightedFair: a queue per controllable module, weighted fair "
                          "queueing of worker time between them (the NFVnice-like baseline)",
                          EnumValue(BatchyWorker::RUN_TO_COMPLETION),
                          RS_MAKE_ENUM_ACCESSOR(Scheduling, &BatchyWorker::m_scheduling),
                          MakeEnumChecker(BatchyWorker::RUN_TO_COMPLETION,
                                          "RunToCompletion",
                                          BatchyWorker::WEIGHTED_FAIR,
                                          "WeightedFair"))
            .AddAttribute("Backpressure",
                          "WeightedFair: a task waits while a queue it feeds is over 3/4 full "
                          "(until it is below 1/4)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&BatchyWorker::m_backpressure),
                          MakeBooleanChecker())
            .AddAttribute("BufferT0",
                          "Cost of each batch offered to a fractional buffer in use (trigger "
                          "above 0 or packets held), ns: a buffer is a module of its own",
                          DoubleValue(DEFAULT_BUFFER_T0_NS),
                          MakeDoubleAccessor(&BatchyWorker::m_bufferT0Ns),
                          MakeDoubleChecker<double>(0, 1e9))
            .AddAttribute("BufferT1",
                          "Cost of each packet offered to a fractional buffer in use, ns",
                          DoubleValue(DEFAULT_BUFFER_T1_NS),
                          MakeDoubleAccessor(&BatchyWorker::m_bufferT1Ns),
                          MakeDoubleChecker<double>(0, 1e9))
            .AddAttribute("CostJitter",
                          "Relative standard deviation of each execution's cost (0: exact)",
                          DoubleValue(0),
                          MakeDoubleAccessor(&BatchyWorker::m_costJitter),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Cores",
                          "CPU cores; modules run on core 0 unless SetCore moves them "
                          "(pipeline decomposition)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&BatchyWorker::m_nCores),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("FlushTimeout",
                          "Idle time after which packets held in buffers are released",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&BatchyWorker::m_flushTimeout),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddTraceSource("Run",
                            "A run ended: the batch taken from a queue (the ingress or, on "
                            "another core, a module's) and the "
                            "worker time it took",
                            MakeTraceSourceAccessor(&BatchyWorker::m_runTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Drop",
                            "A packet was dropped: packet, flow, reason",
                            MakeTraceSourceAccessor(&BatchyWorker::m_dropTrace),
                            "ns3::BatchyWorker::DropTracedCallback");
    return tid;
}

BatchyWorker::BatchyWorker()
    : m_backpressure(true),
      m_maxBatch(32),
      m_queueCapacity(64),
      m_bufferCapacity(64),
      m_bufferT0Ns(DEFAULT_BUFFER_T0_NS),
      m_bufferT1Ns(DEFAULT_BUFFER_T1_NS),
      m_costJitter(0),
      m_nCores(1),
      m_jitter(CreateObject<NormalRandomVariable>())
{
}

BatchyWorker::~BatchyWorker() = default;

void
BatchyWorker::DoDispose()
{
    for (Core& c : m_cores)
    {
        c.runEnd.Cancel();
        c.flush.Cancel();
    }
    m_items.clear();
    m_egress = EgressCallback();
    m_pauseSource = Callback<void, bool>();
    Object::DoDispose();
}

void
BatchyWorker::SetGraph(const DataFlowGraph& graph)
{
    NS_ABORT_MSG_IF(
        GetQueued() > 0 ||
            std::any_of(m_cores.begin(), m_cores.end(), [](const Core& c) { return c.busy; }),
        "BatchyWorker: SetGraph while running");
    m_graph = graph;
    std::string error;
    NS_ABORT_MSG_IF(!m_graph.Validate(error), "BatchyWorker: " << error);
    uint32_t n = m_graph.GetNModules();
    m_buffers.assign(n, FractionalBuffer(m_bufferCapacity));
    m_moduleTotal.assign(n, ModuleStats());
    m_modulePeriod.assign(n, ModuleStats());
    m_flowTotal.assign(m_graph.GetNFlows(), FlowStats());
    m_flowPeriod.assign(m_graph.GetNFlows(), FlowStats());
    m_bufferOut.assign(n, {});
    m_bufferSizes.assign(n, {});
    m_execute.assign(n, {});
    m_gate.assign(n, {});
    m_cores.assign(m_nCores, Core());
    m_core.assign(n, 0);
    std::vector<uint32_t> indegree(n);
    for (uint32_t v = 0; v < n; ++v)
    {
        // One vector per gate and one for the egress.
        m_gate[v].assign(m_graph.GetModule(v).successors.size() + 1, {});
        for (uint32_t s : m_graph.GetModule(v).successors)
        {
            ++indegree[s];
        }
    }
    BuildTasks();
    m_topological.clear();
    for (uint32_t v = 0; v < n; ++v)
    {
        if (indegree[v] == 0)
        {
            m_topological.push_back(v);
        }
    }
    for (uint32_t i = 0; i < m_topological.size(); ++i)
    {
        for (uint32_t s : m_graph.GetModule(m_topological[i]).successors)
        {
            if (--indegree[s] == 0)
            {
                m_topological.push_back(s);
            }
        }
    }
}

const DataFlowGraph&
BatchyWorker::GetGraph() const
{
    return m_graph;
}

void
BatchyWorker::SetFlowSlo(uint32_t flow, Time slo)
{
    m_graph.SetFlowSlo(flow, slo);
}

void
BatchyWorker::SetEgressCallback(EgressCallback callback)
{
    m_egress = callback;
}

void
BatchyWorker::SetBackpressureCallback(Callback<void, bool> callback)
{
    m_pauseSource = callback;
}

void
BatchyWorker::WatchLevel(bool& pausing, std::size_t queued)
{
    bool pause =
        !pausing && m_ingressBackpressure && queued >= std::ceil(HIGH_WATER * m_queueCapacity);
    bool resume = pausing && queued <= std::floor(LOW_WATER * m_queueCapacity);
    if (!pause && !resume)
    {
        return;
    }
    pausing = pause;
    // The source pauses when the first queue goes over, resumes when the last is down.
    if ((pause && m_pausing++ == 0) || (resume && --m_pausing == 0))
    {
        if (!m_pauseSource.IsNull())
        {
            m_pauseSource(pause);
        }
    }
}

void
BatchyWorker::SetScheduling(Scheduling scheduling)
{
    m_scheduling = scheduling;
    BuildTasks();
}

void
BatchyWorker::BuildTasks()
{
    NS_ABORT_MSG_IF(GetQueued() > 0 || GetHeld() > 0 || (!m_cores.empty() && m_cores[0].busy),
                    "BatchyWorker: Scheduling changed while packets are in the worker");
    NS_ABORT_MSG_IF(m_scheduling == WEIGHTED_FAIR && m_nCores > 1,
                    "BatchyWorker: WeightedFair scheduling runs on one core (Cores=" << m_nCores
                                                                                     << ")");
    m_built = m_scheduling;
    uint32_t n = m_graph.GetNModules();
    m_tasks.assign(n, Task());
    m_isTask.assign(n, false);
    if (m_scheduling != WEIGHTED_FAIR)
    {
        return;
    }
    for (uint32_t v = 0; v < n; ++v)
    {
        m_isTask[v] =
            m_graph.GetModule(v).controllable || m_graph.GetModule(v).predecessors.empty();
    }
    // A successor is never a root: the tasks a run reaches are the first
    // controllable modules below its module.
    std::vector<uint32_t> chain;
    for (uint32_t v = 0; v < n; ++v)
    {
        if (m_isTask[v])
        {
            m_graph.GetChain(v, chain, m_tasks[v].feeds);
        }
    }
}

BatchyWorker::Scheduling
BatchyWorker::GetScheduling() const
{
    return m_scheduling;
}

void
BatchyWorker::SetShare(uint32_t module, double share)
{
    NS_ABORT_MSG_IF(module >= m_tasks.size() || !(share > 0),
                    "BatchyWorker: share " << share << " of module " << module);
    m_tasks[module].share = share;
}

void
BatchyWorker::SetTrigger(uint32_t module, uint32_t trigger)
{
    NS_ABORT_MSG_IF(module >= m_buffers.size(), "BatchyWorker: no module " << module);
    m_buffers[module].SetTrigger(trigger);
}

uint32_t
BatchyWorker::GetTrigger(uint32_t module) const
{
    return m_buffers.at(module).GetTrigger();
}

int64_t
BatchyWorker::AssignStreams(int64_t stream)
{
    m_jitter->SetStream(stream);
    return 1;
}

void
BatchyWorker::SetCore(uint32_t module, uint32_t core)
{
    NS_ABORT_MSG_IF(module >= m_core.size(), "BatchyWorker: no module " << module);
    NS_ABORT_MSG_IF(core >= m_nCores, "BatchyWorker: core " << core << " of " << m_nCores);
    if (m_cores.size() < m_nCores)
    {
        m_cores.resize(m_nCores); // Cores was raised after SetGraph
    }
    uint32_t old = m_core[module];
    m_core[module] = core;
    Core& c = m_cores[core];
    Core& from = m_cores[old];
    auto entry = std::find(from.entries.begin(), from.entries.end(), module);
    if (old != core && entry != from.entries.end())
    {
        // Its queue moves with it: the new core serves what waits there.
        from.entries.erase(entry);
        uint32_t n = m_tasks[module].queue.size();
        from.queued -= n;
        c.entries.push_back(module);
        c.queued += n;
        if (n > 0 && !c.busy)
        {
            RunEnd(core);
        }
    }
    if (m_buffers[module].GetBacklog() > 0 && !c.busy && c.flush.IsExpired())
    {
        // Its held packets are the new core's to flush if nothing comes.
        c.arrivalsAtLastRun = c.arrivals;
        c.flush = Simulator::Schedule(m_flushTimeout, &BatchyWorker::FlushAll, this, core);
    }
}

uint32_t
BatchyWorker::GetCore(uint32_t module) const
{
    return m_core.at(module);
}

uint32_t
BatchyWorker::GetCores() const
{
    return m_nCores;
}

void
BatchyWorker::SetIngressCore(uint32_t core)
{
    NS_ABORT_MSG_IF(core >= m_nCores, "BatchyWorker: core " << core << " of " << m_nCores);
    m_ingressCore = core;
    if (!m_queue.empty() && !m_cores[core].busy)
    {
        RunEnd(core);
    }
}

uint32_t
BatchyWorker::GetIngressCore() const
{
    return m_ingressCore;
}

void
BatchyWorker::SetCoreDown(uint32_t core, const std::string& reason)
{
    Core& c = m_cores.at(core);
    ++c.downs;
    c.downReason = reason;
    c.flush.Cancel();
}

void
BatchyWorker::SetCoreUp(uint32_t core)
{
    Core& c = m_cores.at(core);
    NS_ABORT_MSG_IF(c.downs == 0, "BatchyWorker: core " << core << " is not down");
    if (--c.downs == 0 && !c.busy)
    {
        RunEnd(core);
    }
}

bool
BatchyWorker::IsCoreDown(uint32_t core) const
{
    return m_cores.at(core).downs > 0;
}

const char*
BatchyWorker::FullReason(uint32_t core, const char* reason) const
{
    const Core& c = m_cores[core];
    return c.downs > 0 ? c.downReason.c_str() : reason;
}

uint32_t
BatchyWorker::GetMaxBatch() const
{
    return m_maxBatch;
}

uint32_t
BatchyWorker::GetBufferCapacity() const
{
    return m_bufferCapacity;
}

uint32_t
BatchyWorker::Allocate()
{
    if (m_free.empty())
    {
        m_items.emplace_back();
        return m_items.size() - 1;
    }
    uint32_t h = m_free.back();
    m_free.pop_back();
    return h;
}

void
BatchyWorker::Drop(uint32_t h, const char* reason)
{
    Item& item = m_items[h];
    ++m_flowTotal[item.flow].dropped;
    ++m_flowPeriod[item.flow].dropped;
    m_dropTrace(item.packet, item.flow, reason);
    item.packet = nullptr;
    m_free.push_back(h);
}

void
BatchyWorker::Receive(Ptr<Packet> packet, uint32_t flow)
{
    NS_ASSERT(flow < m_flowTotal.size());
    if (m_built != m_scheduling)
    {
        BuildTasks(); // the attribute changed after SetGraph
    }
    Core& core = m_cores[m_ingressCore];
    ++core.arrivals;
    ++m_flowTotal[flow].received;
    ++m_flowPeriod[flow].received;
    uint32_t h = Allocate();
    m_items[h] = Item{packet, flow, Simulator::Now()};
    if (m_scheduling == WEIGHTED_FAIR)
    {
        uint32_t root = m_graph.GetFlow(flow).path.front();
        Enqueue(root, h);
        WatchLevel(m_tasks[root].pausing, m_tasks[root].queue.size());
        if (!core.busy && core.downs == 0 && m_taskQueued > 0)
        {
            StartTaskRun();
        }
        return;
    }
    if (m_queue.size() >= m_queueCapacity)
    {
        Drop(h, FullReason(m_ingressCore, QUEUE_FULL_DROP));
        return;
    }
    m_queue.push_back(h);
    WatchLevel(m_ingressPausing, m_queue.size());
    if (!core.busy && core.downs == 0)
    {
        StartRun();
    }
}

void
BatchyWorker::Enqueue(uint32_t module, uint32_t h)
{
    Task& task = m_tasks[module];
    if (task.queue.size() >= m_queueCapacity)
    {
        Drop(h,
             FullReason(0,
                        m_graph.GetModule(module).predecessors.empty() ? QUEUE_FULL_DROP
                                                                       : MODULE_QUEUE_FULL_DROP));
        return;
    }
    if (task.queue.empty())
    {
        // No credit for the time it was idle.
        task.virtualTime = std::max(task.virtualTime, m_virtualClock);
    }
    task.queue.push_back(h);
    ++m_taskQueued;
    if (4 * task.queue.size() > 3 * m_queueCapacity)
    {
        task.overloaded = true;
    }
}

void
BatchyWorker::StartTaskRun()
{
    // The task with the least virtual time among those with packets, first
    // among those not held back by a full queue downstream.
    uint32_t best = DataFlowGraph::EGRESS;
    bool bestBlocked = true;
    for (uint32_t v = 0; v < m_tasks.size(); ++v)
    {
        const Task& t = m_tasks[v];
        if (t.queue.empty())
        {
            continue;
        }
        bool blocked =
            m_backpressure && std::any_of(t.feeds.begin(), t.feeds.end(), [&](uint32_t u) {
                return m_tasks[u].overloaded;
            });
        if (best == DataFlowGraph::EGRESS || (bestBlocked && !blocked) ||
            (blocked == bestBlocked && t.virtualTime < m_tasks[best].virtualTime))
        {
            best = v;
            bestBlocked = blocked;
        }
    }
    Task& task = m_tasks[best];
    m_current = 0;
    uint32_t n = TakeBatch(task.queue);
    m_taskQueued -= n;
    WatchLevel(task.pausing, task.queue.size());
    if (4 * task.queue.size() < m_queueCapacity)
    {
        task.overloaded = false;
    }
    m_virtualClock = task.virtualTime;
    Execute(best, m_rootBatch);
    task.virtualTime += m_offset.GetDouble() / task.share;
    m_runTrace(n, m_offset);
    FinishRun();
}

uint32_t
BatchyWorker::TakeBatch(std::deque<uint32_t>& queue)
{
    Core& core = m_cores[m_current];
    core.busy = true;
    core.flush.Cancel();
    m_offset = Time(0);
    uint32_t n = std::min<uint32_t>(m_maxBatch, queue.size());
    ++m_runs;
    m_rootBatch.assign(queue.begin(), queue.begin() + n);
    queue.erase(queue.begin(), queue.begin() + n);
    return n;
}

void
BatchyWorker::StartRun()
{
    m_current = m_ingressCore;
    uint32_t n = TakeBatch(m_queue);
    WatchLevel(m_ingressPausing, m_queue.size());
    std::vector<uint32_t>& batch = m_rootBatch;
    auto rootOf = [this](uint32_t h) { return m_graph.GetFlow(m_items[h].flow).path.front(); };
    uint32_t root = rootOf(batch.front());
    if (std::all_of(batch.begin(), batch.end(), [&](uint32_t h) { return rootOf(h) == root; }))
    {
        Process(root, batch);
    }
    else
    {
        // Several roots: the batch goes to them one by one, in the order
        // they first appear in it.
        std::vector<uint32_t> rest;
        std::vector<uint32_t> group;
        while (!batch.empty())
        {
            root = rootOf(batch.front());
            group.clear();
            rest.clear();
            for (uint32_t h : batch)
            {
                (rootOf(h) == root ? group : rest).push_back(h);
            }
            Process(root, group);
            batch.swap(rest);
        }
    }
    m_runTrace(n, m_offset);
    FinishRun();
}

void
BatchyWorker::StartCoreRun(uint32_t c, uint32_t module)
{
    Core& core = m_cores[c];
    m_current = c;
    uint32_t n = TakeBatch(m_tasks[module].queue);
    core.queued -= n;
    CountInput(module, n);
    Offer(module, m_rootBatch);
    m_runTrace(n, m_offset);
    FinishRun();
}

void
BatchyWorker::HandOff(uint32_t module, const std::vector<uint32_t>& batch)
{
    m_inTransit -= batch.size();
    uint32_t c = m_core[module];
    Core& core = m_cores[c];
    Task& entry = m_tasks[module];
    if (std::find(core.entries.begin(), core.entries.end(), module) == core.entries.end())
    {
        core.entries.push_back(module);
    }
    core.arrivals += batch.size();
    for (uint32_t h : batch)
    {
        if (entry.queue.size() >= m_queueCapacity)
        {
            Drop(h, FullReason(c, MODULE_QUEUE_FULL_DROP));
            continue;
        }
        entry.queue.push_back(h);
        ++core.queued;
    }
    if (!core.busy)
    {
        RunEnd(c);
    }
}

void
BatchyWorker::FinishRun()
{
    Core& core = m_cores[m_current];
    core.busyTotal += m_offset;
    core.runEnd = Simulator::Schedule(m_offset, &BatchyWorker::RunEnd, this, m_current);
}

void
BatchyWorker::RunEnd(uint32_t c)
{
    Core& core = m_cores[c];
    core.busy = false;
    if (core.downs > 0)
    {
        return;
    }
    if (m_taskQueued > 0)
    {
        StartTaskRun(); // WeightedFair: one core
        return;
    }
    // Round-robin over its queues; on the ingress core the ingress takes the last turn.
    uint32_t turns = core.entries.size() + (c == m_ingressCore ? 1 : 0);
    if (core.next >= turns)
    {
        core.next = 0; // queues or the ingress moved away
    }
    for (uint32_t i = 0; i < turns; ++i)
    {
        uint32_t turn = core.next;
        core.next = (core.next + 1) % turns;
        if (turn == core.entries.size())
        {
            if (!m_queue.empty())
            {
                StartRun();
                return;
            }
        }
        else if (!m_tasks[core.entries[turn]].queue.empty())
        {
            StartCoreRun(c, core.entries[turn]);
            return;
        }
    }
    bool held = false;
    for (uint32_t v = 0; v < m_buffers.size() && !held; ++v)
    {
        held = m_core[v] == c && m_buffers[v].GetBacklog() > 0;
    }
    if (held)
    {
        core.arrivalsAtLastRun = core.arrivals;
        core.flush = Simulator::Schedule(m_flushTimeout, &BatchyWorker::FlushAll, this, c);
    }
}

void
BatchyWorker::FlushAll(uint32_t c)
{
    Core& core = m_cores[c];
    if (core.busy || core.downs > 0 || core.arrivals != core.arrivalsAtLastRun)
    {
        return;
    }
    NS_LOG_LOGIC("core " << c << ": flushing held packets");
    core.busy = true;
    m_current = c;
    m_offset = Time(0);
    std::vector<uint32_t> held;
    for (uint32_t v : m_topological)
    {
        held.clear();
        if (m_core[v] == c)
        {
            m_buffers[v].Flush(held);
        }
        if (!held.empty())
        {
            Execute(v, held);
        }
    }
    FinishRun();
}

void
BatchyWorker::CountInput(uint32_t module, uint32_t size)
{
    for (ModuleStats* s : {&m_moduleTotal[module], &m_modulePeriod[module]})
    {
        ++s->inputBatches;
        s->inputPackets += size;
    }
}

void
BatchyWorker::Process(uint32_t module, const std::vector<uint32_t>& batch)
{
    if (m_core[module] != m_current)
    {
        // Another core's: the batch joins its queue there when produced
        // (its input is counted when that core takes it).
        m_inTransit += batch.size();
        Simulator::Schedule(m_offset, &BatchyWorker::HandOff, this, module, batch);
        return;
    }
    CountInput(module, batch.size());
    if (m_isTask[module])
    {
        // WeightedFair: the batch waits in the module's queue.
        for (uint32_t h : batch)
        {
            Enqueue(module, h);
        }
        return;
    }
    Offer(module, batch);
}

void
BatchyWorker::Offer(uint32_t module, const std::vector<uint32_t>& batch)
{
    FractionalBuffer& buffer = m_buffers[module];
    if (buffer.GetTrigger() == 0 && buffer.GetBacklog() == 0)
    {
        // No buffering: the batch runs as it came, without copies.
        Execute(module, batch);
        return;
    }
    // The buffer runs as a module of its own on every batch it is offered
    // (free buffers draw no cost jitter, so they change no random stream).
    if (m_bufferT0Ns > 0 || m_bufferT1Ns > 0)
    {
        Time cost = Charge(m_bufferT0Ns + m_bufferT1Ns * batch.size());
        m_moduleTotal[module].bufferBusy += cost;
        m_modulePeriod[module].bufferBusy += cost;
    }
    std::vector<uint32_t>& out = m_bufferOut[module];
    std::vector<uint32_t>& sizes = m_bufferSizes[module];
    out.clear();
    sizes.clear();
    buffer.Offer(batch, out, sizes);
    std::vector<uint32_t>& run = m_execute[module];
    uint32_t at = 0;
    for (uint32_t size : sizes)
    {
        run.assign(out.begin() + at, out.begin() + at + size);
        at += size;
        Execute(module, run);
    }
}

void
BatchyWorker::Execute(uint32_t module, const std::vector<uint32_t>& batch)
{
    const DataFlowGraph::Module& m = m_graph.GetModule(module);
    Time cost = Charge(m.t0Ns + m.t1Ns * batch.size());
    ModuleStats* stats[] = {&m_moduleTotal[module], &m_modulePeriod[module]};
    for (ModuleStats* s : stats)
    {
        ++s->executions;
        s->packets += batch.size();
        s->busy += cost;
    }
    // Split by output gate (the last one is the egress), in gate order.
    auto& gates = m_gate[module];
    for (uint32_t h : batch)
    {
        gates[m_graph.GateOf(module, m_items[h].flow)].push_back(h);
    }
    for (uint32_t h : gates.back())
    {
        Depart(h);
    }
    gates.back().clear();
    for (uint32_t g = 0; g + 1 < gates.size(); ++g)
    {
        if (!gates[g].empty())
        {
            Process(m.successors[g], gates[g]);
            gates[g].clear();
        }
    }
}

Time
BatchyWorker::Charge(double ns)
{
    if (m_costJitter > 0)
    {
        ns *= std::max(0.0, 1 + m_costJitter * m_jitter->GetValue());
    }
    Time cost = Time::FromDouble(ns, Time::NS);
    m_offset += cost;
    return cost;
}

void
BatchyWorker::Depart(uint32_t h)
{
    Item& item = m_items[h];
    Time departure = Simulator::Now() + m_offset;
    Time delay = departure - item.arrival;
    for (FlowStats* s : {&m_flowTotal[item.flow], &m_flowPeriod[item.flow]})
    {
        ++s->departed;
        s->delay.Add(delay);
    }
    if (!m_egress.IsNull())
    {
        m_egress(item.packet, item.flow, departure);
    }
    item.packet = nullptr;
    m_free.push_back(h);
}

void
BatchyWorker::ResetPeriod()
{
    std::fill(m_modulePeriod.begin(), m_modulePeriod.end(), ModuleStats());
    std::fill(m_flowPeriod.begin(), m_flowPeriod.end(), FlowStats());
}

const BatchyWorker::ModuleStats&
BatchyWorker::GetPeriodModuleStats(uint32_t module) const
{
    return m_modulePeriod.at(module);
}

const BatchyWorker::FlowStats&
BatchyWorker::GetPeriodFlowStats(uint32_t flow) const
{
    return m_flowPeriod.at(flow);
}

const BatchyWorker::ModuleStats&
BatchyWorker::GetModuleStats(uint32_t module) const
{
    return m_moduleTotal.at(module);
}

const BatchyWorker::FlowStats&
BatchyWorker::GetFlowStats(uint32_t flow) const
{
    return m_flowTotal.at(flow);
}

Time
BatchyWorker::GetBusyTime(uint32_t core) const
{
    // A run's time is added when it starts: take off what is still ahead.
    const Core& c = m_cores.at(core);
    return c.busy ? c.busyTotal - Simulator::GetDelayLeft(c.runEnd) : c.busyTotal;
}

uint64_t
BatchyWorker::GetRuns() const
{
    return m_runs;
}

uint32_t
BatchyWorker::GetQueued() const
{
    uint32_t queued = m_queue.size() + m_taskQueued + m_inTransit;
    for (const Core& c : m_cores)
    {
        queued += c.queued;
    }
    return queued;
}

uint32_t
BatchyWorker::GetHeld() const
{
    uint32_t held = 0;
    for (const FractionalBuffer& b : m_buffers)
    {
        held += b.GetBacklog();
    }
    return held;
}

} // namespace ns3
