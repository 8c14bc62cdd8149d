/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-worker.h"

#include "../requests/peekable-scheduler.h"
#include "../requests/request-scheduling-compat.h"
#include "../requests/seconds-to-time.h"

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
namespace rsched
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
    m_cores.CancelEvents();
    m_items.clear();
    m_egress = EgressCallback();
    m_pauseSource = Callback<void, bool>();
    Object::DoDispose();
}

void
BatchyWorker::SetGraph(const DataFlowGraph& graph)
{
    NS_ABORT_MSG_IF(GetQueued() > 0 || m_cores.AnyBusy(), "BatchyWorker: SetGraph while running");
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
    m_cores.Reset(m_nCores, n);
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
    if (m_marksCapacity != m_queueCapacity)
    {
        // Whole packets, once per capacity: a ceil or floor is a library
        // call, and this runs for every packet that arrives.
        m_highMark = static_cast<std::size_t>(std::ceil(HIGH_WATER * m_queueCapacity));
        m_lowMark = static_cast<std::size_t>(std::floor(LOW_WATER * m_queueCapacity));
        m_marksCapacity = m_queueCapacity;
    }
    bool pause = !pausing && m_ingressBackpressure && queued >= m_highMark;
    bool resume = pausing && queued <= m_lowMark;
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
    NS_ABORT_MSG_IF(GetQueued() > 0 || GetHeld() > 0 || (m_cores.GetN() > 0 && m_cores.Get(0).busy),
                    "BatchyWorker: Scheduling changed while packets are in the worker");
    NS_ABORT_MSG_IF(m_scheduling == WEIGHTED_FAIR && m_nCores > 1,
                    "BatchyWorker: WeightedFair scheduling runs on one core (Cores=" << m_nCores
                                                                                     << ")");
    m_built = m_scheduling;
    m_fair.Build(m_graph, m_scheduling == WEIGHTED_FAIR);
}

BatchyWorker::Scheduling
BatchyWorker::GetScheduling() const
{
    return m_scheduling;
}

void
BatchyWorker::SetShare(uint32_t module, double share)
{
    m_fair.SetShare(module, share);
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
    NS_ABORT_MSG_IF(core >= m_nCores, "BatchyWorker: core " << core << " of " << m_nCores);
    m_cores.Grow(m_nCores); // Cores may have been raised after SetGraph
    // Its queue moves with it: the new core serves what waits there.
    BatchyCores::Core& c = m_cores.Get(core);
    if (m_cores.Move(module, core) > 0 && !c.busy)
    {
        RunEnd(core);
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
    return m_cores.GetCore(module);
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
    m_cores.SetIngressCore(core);
    if (!m_queue.empty() && !m_cores.Get(core).busy)
    {
        RunEnd(core);
    }
}

uint32_t
BatchyWorker::GetIngressCore() const
{
    return m_cores.GetIngressCore();
}

void
BatchyWorker::SetCoreDown(uint32_t core, const std::string& reason)
{
    BatchyCores::Core& c = m_cores.Get(core);
    ++c.downs;
    c.downReason = reason;
    c.flush.Cancel();
}

void
BatchyWorker::SetCoreUp(uint32_t core)
{
    BatchyCores::Core& c = m_cores.Get(core);
    NS_ABORT_MSG_IF(c.downs == 0, "BatchyWorker: core " << core << " is not down");
    if (--c.downs == 0 && !c.busy)
    {
        RunEnd(core);
    }
}

bool
BatchyWorker::IsCoreDown(uint32_t core) const
{
    return m_cores.Get(core).downs > 0;
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
BatchyWorker::Receive(const Ptr<Packet>& packet, uint32_t flow, uint64_t id)
{
    NS_ASSERT(flow < m_flowTotal.size());
    if (m_built != m_scheduling)
    {
        BuildTasks(); // the attribute changed after SetGraph
    }
    uint32_t ingress = m_cores.GetIngressCore();
    BatchyCores::Core& core = m_cores.Get(ingress);
    ++core.arrivals;
    ++m_flowTotal[flow].received;
    ++m_flowPeriod[flow].received;
    uint32_t h = Allocate();
    Item& item = m_items[h];
    if (packet)
    {
        item.packet = packet; // a free item holds none
    }
    item.flow = flow;
    item.id = id;
    item.arrival = PeekableScheduler::Now();
    if (m_scheduling == WEIGHTED_FAIR)
    {
        uint32_t root = m_graph.GetFlow(flow).path.front();
        Enqueue(root, h);
        WatchLevel(m_fair.PauseMark(root), m_fair.GetQueueSize(root));
        if (!core.busy && core.downs == 0 && m_fair.GetQueued() > 0)
        {
            StartTaskRun();
        }
        return;
    }
    if (m_queue.size() >= m_queueCapacity)
    {
        Drop(h, m_cores.FullReason(ingress, QUEUE_FULL_DROP));
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
    if (!m_fair.Enqueue(module, h, m_queueCapacity))
    {
        Drop(h,
             m_cores.FullReason(0,
                                m_graph.GetModule(module).predecessors.empty()
                                    ? QUEUE_FULL_DROP
                                    : MODULE_QUEUE_FULL_DROP));
    }
}

void
BatchyWorker::StartTaskRun()
{
    uint32_t task = m_fair.PickNext(m_backpressure);
    m_current = 0;
    BeginRun();
    uint32_t n = m_fair.Take(task, m_maxBatch, m_queueCapacity, m_rootBatch);
    WatchLevel(m_fair.PauseMark(task), m_fair.GetQueueSize(task));
    Execute(task, m_rootBatch);
    m_fair.Charge(task, m_offset);
    m_runTrace(n, m_offset);
    FinishRun();
}

void
BatchyWorker::BeginRun()
{
    BatchyCores::Core& core = m_cores.Get(m_current);
    core.busy = true;
    core.flush.Cancel();
    m_offset = Time(0);
    ++m_runs;
}

void
BatchyWorker::StartRun()
{
    m_current = m_cores.GetIngressCore();
    BeginRun();
    uint32_t n = TakeFront(m_queue, m_maxBatch, m_rootBatch);
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
    m_current = c;
    BeginRun();
    uint32_t n = m_cores.Take(module, m_maxBatch, m_rootBatch);
    CountInput(module, n);
    Offer(module, m_rootBatch);
    m_runTrace(n, m_offset);
    FinishRun();
}

void
BatchyWorker::HandOff(uint32_t module, const std::vector<uint32_t>& batch)
{
    m_inTransit -= batch.size();
    uint32_t c = m_cores.GetCore(module);
    m_cores.HandOff(module, batch, m_queueCapacity, m_handOffDrops);
    for (uint32_t h : m_handOffDrops)
    {
        Drop(h, m_cores.FullReason(c, MODULE_QUEUE_FULL_DROP));
    }
    if (!m_cores.Get(c).busy)
    {
        RunEnd(c);
    }
}

void
BatchyWorker::FinishRun()
{
    BatchyCores::Core& core = m_cores.Get(m_current);
    core.busyTotal += m_offset;
    core.runEnd = Simulator::Schedule(m_offset, &BatchyWorker::RunEnd, this, m_current);
}

void
BatchyWorker::RunEnd(uint32_t c)
{
    BatchyCores::Core& core = m_cores.Get(c);
    core.busy = false;
    if (core.downs > 0)
    {
        return;
    }
    if (m_fair.GetQueued() > 0)
    {
        StartTaskRun(); // WeightedFair: one core
        return;
    }
    uint32_t turn = m_cores.NextTurn(c, !m_queue.empty());
    if (turn == BatchyCores::INGRESS)
    {
        StartRun();
        return;
    }
    if (turn != BatchyCores::NONE)
    {
        StartCoreRun(c, turn);
        return;
    }
    bool held = false;
    for (uint32_t v = 0; v < m_buffers.size() && !held; ++v)
    {
        held = m_cores.GetCore(v) == c && m_buffers[v].GetBacklog() > 0;
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
    BatchyCores::Core& core = m_cores.Get(c);
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
        if (m_cores.GetCore(v) == c)
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
    if (m_cores.GetCore(module) != m_current)
    {
        // Another core's: the batch joins its queue there when produced
        // (its input is counted when that core takes it).
        m_inTransit += batch.size();
        Simulator::Schedule(m_offset, &BatchyWorker::HandOff, this, module, batch);
        return;
    }
    CountInput(module, batch.size());
    if (m_fair.IsTask(module))
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
    Time cost = NanoSecondsToTime(ns);
    m_offset += cost;
    return cost;
}

void
BatchyWorker::Depart(uint32_t h)
{
    Item& item = m_items[h];
    Time departure = PeekableScheduler::Now() + m_offset;
    Time delay = departure - item.arrival;
    FlowStats& total = m_flowTotal[item.flow];
    FlowStats& period = m_flowPeriod[item.flow];
    ++total.departed;
    ++period.departed;
    period.delay.Add(delay); // the total's, at the end of the period
    if (!m_egress.IsNull())
    {
        m_egress(item.packet, item.flow, item.id, item.arrival, departure);
    }
    if (item.packet)
    {
        item.packet = nullptr; // at queue level there is none to release
    }
    m_free.push_back(h);
}

void
BatchyWorker::ResetPeriod()
{
    std::fill(m_modulePeriod.begin(), m_modulePeriod.end(), ModuleStats());
    for (uint32_t f = 0; f < m_flowPeriod.size(); ++f)
    {
        m_flowTotal[f].delay.Merge(m_flowPeriod[f].delay);
        m_flowPeriod[f] = FlowStats();
    }
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

BatchyWorker::FlowStats
BatchyWorker::GetFlowStats(uint32_t flow) const
{
    // A departure's delay goes into its period's summary alone, merged
    // into the total's when the period ends (one summary fewer per
    // packet, 3 % of a saturated run): the current period's is merged in
    // here.
    FlowStats total = m_flowTotal.at(flow);
    total.delay.Merge(m_flowPeriod[flow].delay);
    return total;
}

Time
BatchyWorker::GetBusyTime(uint32_t core) const
{
    // A run's time is added when it starts: take off what is still ahead.
    const BatchyCores::Core& c = m_cores.Get(core);
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
    return m_queue.size() + m_fair.GetQueued() + m_inTransit + m_cores.GetQueued();
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

} // namespace rsched
} // namespace ns3
