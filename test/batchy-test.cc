/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Batchy: the data-flow graph and its text format, the fractional buffer,
// the run-to-completion worker (order, cost accounting, M/D/1), and the
// controllers (null, max, on-off, full, NFVnice) and weighted fair scheduling.

#include "request-scheduling-test-utils.h"

#include "ns3/batchy-controller.h"
#include "ns3/batchy-cores.h"
#include "ns3/batchy-fair-queueing.h"
#include "ns3/batchy-profiler.h"
#include "ns3/batchy-scenario.h"
#include "ns3/batchy-switch.h"
#include "ns3/batchy-worker.h"
#include "ns3/boolean.h"
#include "ns3/data-flow-graph.h"
#include "ns3/double.h"
#include "ns3/fractional-buffer.h"
#include "ns3/full-batchy-controller.h"
#include "ns3/ipv4-header.h"
#include "ns3/max-batchy-controller.h"
#include "ns3/nfvnice-batchy-controller.h"
#include "ns3/null-batchy-controller.h"
#include "ns3/on-off-batchy-controller.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/udp-header.h"
#include "ns3/udp-l4-protocol.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <functional>
#include <map>
#include <sstream>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// The fractional buffer emits exactly b and holds the rest.
class FractionalBufferTestCase : public TestCase
{
  public:
    FractionalBufferTestCase()
        : TestCase("Fractional buffer: emits exactly b, holds the rest, passes through at 0, "
                   "releases its backlog when the trigger drops below it")
    {
    }

  private:
    void DoRun() override
    {
        FractionalBuffer b(64);
        std::vector<uint32_t> out;
        std::vector<uint32_t> sizes;
        b.SetTrigger(3);
        b.Offer({1, 2}, out, sizes);
        NS_TEST_ASSERT_MSG_EQ(sizes.size(), 0, "2 < 3: held");
        NS_TEST_ASSERT_MSG_EQ(b.GetBacklog(), 2, "held");
        b.Offer({3, 4, 5, 6, 7}, out, sizes);
        NS_TEST_ASSERT_MSG_EQ((sizes == std::vector<uint32_t>{3, 3}), true, "two batches of 3");
        NS_TEST_ASSERT_MSG_EQ((out == std::vector<uint32_t>{1, 2, 3, 4, 5, 6}), true, "in order");
        NS_TEST_ASSERT_MSG_EQ(b.GetBacklog(), 1, "7 held");
        out.clear();
        sizes.clear();
        b.SetTrigger(5);
        b.Offer({8, 9, 10}, out, sizes);
        NS_TEST_ASSERT_MSG_EQ(b.GetBacklog(), 4, "4 < 5 held");
        b.SetTrigger(2);
        b.Offer({11}, out, sizes);
        // The backlog above the new trigger goes first, as one batch.
        NS_TEST_ASSERT_MSG_EQ((sizes == std::vector<uint32_t>{4}), true, "backlog released");
        NS_TEST_ASSERT_MSG_EQ(b.GetBacklog(), 1, "11 held");
        out.clear();
        sizes.clear();
        b.SetTrigger(0);
        b.Offer({12, 13}, out, sizes);
        NS_TEST_ASSERT_MSG_EQ((sizes == std::vector<uint32_t>{1, 2}), true, "held, then the batch");
        NS_TEST_ASSERT_MSG_EQ((out == std::vector<uint32_t>{11, 12, 13}), true, "in order");
    }
};

/// The graph's checks and its text format.
class GraphTestCase : public TestCase
{
  public:
    GraphTestCase()
        : TestCase("Data-flow graph: the text format, and refusal of cycles, paths off the "
                   "edges, negative costs and malformed lines with their line")
    {
    }

  private:
    void DoRun() override
    {
        std::istringstream good("# a splitter and two branches\n"
                                "module in 10 1 a,b\n"
                                "module a 68.5 27.5   # IP lookup\n"
                                "module b 122.3 30.4\n"
                                "flow fa in>a 1e6 50us\n"
                                "flow fb in>b 2e5 1ms\n");
        DataFlowGraph g;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(DataFlowGraph::Parse(good, "good", g, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g.GetNModules(), 3, "modules");
        NS_TEST_ASSERT_MSG_EQ(g.NextHop(0, 1), 2, "fb goes in -> b");
        NS_TEST_ASSERT_MSG_EQ(g.NextHop(2, 1), DataFlowGraph::EGRESS, "and leaves");
        NS_TEST_ASSERT_MSG_EQ(g.GetFlow(0).slo, MicroSeconds(50), "SLO");
        NS_TEST_ASSERT_MSG_EQ(g.GetModule(1).controllable, true, "27.5/96 <= 0.5");

        // "unbuffered" after the successors (or the costs) keeps a module
        // worth a buffer by its costs from ever having one.
        std::istringstream ingress("module in 35 14 a,b unbuffered\n"
                                   "module a 400 40\n"
                                   "module b 400 40 unbuffered\n"
                                   "flow fa in>a 1e6 5ms\n"
                                   "flow fb in>b 1e6 5ms\n");
        NS_TEST_ASSERT_MSG_EQ(DataFlowGraph::Parse(ingress, "ingress", g, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g.GetNModules(), 3, "unbuffered is no module");
        NS_TEST_ASSERT_MSG_EQ(g.NextHop(0, 1), 2, "the successors still read");
        NS_TEST_ASSERT_MSG_EQ((g.GetModule(0).bufferable || g.GetModule(0).controllable),
                              false,
                              "the splitter never buffered");
        NS_TEST_ASSERT_MSG_EQ(g.GetModule(1).controllable, true, "a by its costs");
        NS_TEST_ASSERT_MSG_EQ(g.GetModule(2).controllable, false, "b marked");

        // A chain below a controllable module (through one never buffered)
        // only passes its batches on: not controllable, unless the authors'
        // placement is asked for; a splitter's branches are.
        std::istringstream chain("module r 100 10 x\n"
                                 "module x 100 200 a\n" // batchiness 0.67: not by its costs
                                 "module a 100 10 s\n"
                                 "module s 100 10 b,c\n"
                                 "module b 100 10\n"
                                 "module c 100 10\n"
                                 "flow fb r>x>a>s>b 1e6 50us\n"
                                 "flow fc r>x>a>s>c 1e6 50us\n");
        NS_TEST_ASSERT_MSG_EQ(DataFlowGraph::Parse(chain, "chain", g, error), true, error);
        auto controllable = [&g]() {
            std::vector<bool> c;
            for (uint32_t v = 0; v < g.GetNModules(); ++v)
            {
                c.push_back(g.GetModule(v).controllable);
            }
            return c;
        };
        NS_TEST_ASSERT_MSG_EQ(
            (controllable() == std::vector<bool>{true, false, false, false, true, true}),
            true,
            "r and the branches b, c only");
        g.SetChainBuffers(true);
        NS_TEST_ASSERT_MSG_EQ(g.Validate(error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g.GetModule(2).controllable, true, "authors' placement: a too");
        NS_TEST_ASSERT_MSG_EQ(g.GetModule(3).controllable, true, "and s");

        // A merger of buffered branches, and everything below it through
        // splitters, sees their batches' bursts: not controllable. A merger
        // with nothing buffered above it is.
        std::istringstream merge("module r 100 200 b,c\n" // not by its costs
                                 "module b 100 10 m\n"
                                 "module c 100 10 m\n"
                                 "module m 100 10 s\n"
                                 "module s 100 200 d,e\n"
                                 "module d 100 10\n"
                                 "module e 100 10\n"
                                 "module u 100 200 w\n"
                                 "module v 100 200 w\n"
                                 "module w 100 10\n"
                                 "flow fb r>b>m>s>d 1e6 50us\n"
                                 "flow fc r>c>m>s>e 1e6 50us\n"
                                 "flow fu u>w 1e6 50us\n"
                                 "flow fv v>w 1e6 50us\n");
        NS_TEST_ASSERT_MSG_EQ(DataFlowGraph::Parse(merge, "merge", g, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(
            (controllable() ==
             std::vector<bool>{false, true, true, false, false, false, false, false, false, true}),
            true,
            "the branches b, c and the unbatched merger w only");
        g.SetChainBuffers(true);
        NS_TEST_ASSERT_MSG_EQ(g.Validate(error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g.GetModule(3).controllable, true, "authors' placement: m");
        NS_TEST_ASSERT_MSG_EQ(g.GetModule(5).controllable, true, "and d");

        const std::vector<std::pair<std::string, std::string>> bad = {
            {"module a 1 1 b\nmodule b 1 1 a\nflow f a>b 1 1us\n",
             "bad:1: modules a -> b -> a form a cycle (their edges are on lines 1, 2)"},
            // Downstream of a cycle, c is not on it.
            {"module c 1 1\nmodule a 1 1 b\nmodule b 1 1 a,c\nflow f a>b>c 1 1us\n",
             "bad:2: modules a -> b -> a form a cycle (their edges are on lines 2, 3)"},
            {"module x 1 1 y\nmodule y 1 1 z\nmodule z 1 1 y\nflow f x>y 1 1us\n",
             "bad:2: modules y -> z -> y form a cycle (their edges are on lines 2, 3)"},
            {"module a 1 1\nmodule b 1 1\nflow f a>b 1 1us\n", "bad:3: flow f: no edge a -> b"},
            {"module a -1 1\nflow f a 1 1us\n", "bad:1: costs"},
            {"module a 1 1 c\nflow f a 1 1us\n", "bad:1: unknown successor c"},
            {"module a 1 1\nflow f a>x 1 1us\n", "bad:2: flow f: unknown module"},
            {"module a 1 1\nflow f a 1 fast\n", "bad:2: the SLO"},
            {"modul a 1 1\n", "bad:1: unknown item"},
            {"module a 1 1 b unbuffered x\n", "bad:1: expected: module NAME"},
            {"module unbuffered 1 1\n", "bad:1: a module cannot be named unbuffered"},
            {"module a 1 1 b\nmodule b 1 1\nflow f b 1 1us\n", "bad:3: flow f starts at b"},
        };
        for (const auto& [text, expected] : bad)
        {
            std::istringstream in(text);
            DataFlowGraph h;
            NS_TEST_ASSERT_MSG_EQ(DataFlowGraph::Parse(in, "bad", h, error), false, text);
            NS_TEST_ASSERT_MSG_EQ(error.rfind(expected, 0), 0, error << " (" << expected << ")");
        }
        // Built in code, a cycle is named by Validate() too.
        DataFlowGraph cyclic;
        uint32_t a = cyclic.AddModule("a", 1, 1);
        uint32_t b = cyclic.AddModule("b", 1, 1);
        uint32_t c = cyclic.AddModule("c", 1, 1);
        cyclic.Connect(a, b);
        cyclic.Connect(b, c);
        cyclic.Connect(c, b);
        cyclic.AddFlow("f", {a, b}, 1, MicroSeconds(1));
        NS_TEST_ASSERT_MSG_EQ(cyclic.Validate(error), false, "cycle b -> c -> b");
        NS_TEST_ASSERT_MSG_EQ(error, "the graph is not acyclic: b -> c -> b", error);
    }
};

/// Records departures.
struct Departures
{
    std::vector<std::pair<uint32_t, Time>> list; //!< (flow, time)

    /**
     * \param p packet
     * \param flow flow
     * \param id id
     * \param arrival arrival
     * \param at departure
     */
    void Add(const Ptr<Packet>& /* p */,
             uint32_t flow,
             uint64_t /* id */,
             Time /* arrival */,
             Time at)
    {
        list.emplace_back(flow, at);
    }
};

/// Depth-first run-to-completion and the cost accounting of a two-branch graph.
class RunToCompletionTestCase : public TestCase
{
  public:
    RunToCompletionTestCase()
        : TestCase("Worker: depth-first run to completion; the paper's two branches cost 8 "
                   "units unbuffered and 6 with buffers of 2 (10 and 8 with a splitter of 1); "
                   "buffers of 1 unit per batch offered make it 10")
    {
    }

  private:
    void DoRun() override
    {
        const double unit = 1000; // 1 us
        {
            // r -> {x, y}, x -> z; f1 r>x>z, f2 r>y; 1 unit per batch each.
            DataFlowGraph g;
            uint32_t r = g.AddModule("r", unit, 0);
            uint32_t x = g.AddModule("x", unit, 0);
            uint32_t y = g.AddModule("y", unit, 0);
            uint32_t z = g.AddModule("z", unit, 0);
            g.Connect(r, x);
            g.Connect(r, y);
            g.Connect(x, z);
            g.AddFlow("f1", {r, x, z}, 1, Time(0));
            g.AddFlow("f2", {r, y}, 1, Time(0));
            auto w = CreateObject<BatchyWorker>();
            w->SetGraph(g);
            Departures d;
            w->SetEgressCallback(MakeCallback(&Departures::Add, &d));
            Simulator::Schedule(Time(0), [w]() {
                w->Receive(nullptr, 0);
                w->Receive(nullptr, 1);
            });
            Simulator::Run();
            // The first packet starts a run alone: r, x, z (f1 at 3); then
            // the second: r, y (f2 at 5). Depth-first: z before y.
            NS_TEST_ASSERT_MSG_EQ(d.list.size(), 2, "both left");
            NS_TEST_ASSERT_MSG_EQ(d.list[0].second, MicroSeconds(3), "f1 after r, x, z");
            NS_TEST_ASSERT_MSG_EQ(d.list[1].second, MicroSeconds(5), "f2 after r, y");
            Simulator::Destroy();
        }

        // The paper's two-branch example: two branches a, b of 1 unit per
        // batch + 1 per packet behind a free splitter s, two batches of one
        // packet for each: 8 units unbuffered, 6 with buffers of 2 at a and
        // b. Then the same with s at 1 unit per batch: 10 and 8. A branch c
        // (2 units) that a first packet takes alone at time 0 keeps the
        // worker busy until s + 2 while a1, b1, a2, b2 queue; MaxBatch 2
        // makes the next runs [a1, b1] and [a2, b2]. Times in units. With
        // buffers that cost 1 unit per batch offered (BufferT0), the first
        // run pays 2 for holding a1 and b1, the second 2 more for a2 and b2:
        // 10, more than unbuffered.
        struct Case
        {
            int splitter;         //!< s's cost per batch (units)
            uint32_t trigger;     //!< a's and b's
            int bufferT0;         //!< a buffer's cost per batch offered (units)
            int64_t work;         //!< the two runs' cost
            std::vector<int> atA; //!< departures of a1, a2
            std::vector<int> atB; //!< departures of b1, b2
        };

        for (const Case& k : std::vector<Case>{
                 // Each run s + a 2 + b 2; a1 leaves at 4, b1 at 6, a2 at 8, b2 at 10.
                 {0, 0, 0, 8, {4, 8}, {6, 10}},
                 // The first run buffers both; the second a (1 + 2), b (1 + 2).
                 {0, 2, 0, 6, {5, 5}, {8, 8}},
                 {1, 0, 0, 10, {6, 11}, {8, 13}},
                 {1, 2, 0, 8, {8, 8}, {11, 11}},
                 // Runs from 2: buffers 1 + 1; from 4: buffer 1, a 3 (out at
                 // 8), buffer 1, b 3 (out at 12). Unbuffered, the cost is unused.
                 {0, 2, 1, 10, {8, 8}, {12, 12}},
                 {0, 0, 1, 8, {4, 8}, {6, 10}},
             })
        {
            DataFlowGraph g;
            uint32_t s = g.AddModule("s", k.splitter * unit, 0);
            uint32_t a = g.AddModule("a", unit, unit);
            uint32_t b = g.AddModule("b", unit, unit);
            uint32_t c = g.AddModule("c", 2 * unit, 0);
            g.Connect(s, a);
            g.Connect(s, b);
            g.Connect(s, c);
            g.AddFlow("fa", {s, a}, 1, Time(0));
            g.AddFlow("fb", {s, b}, 1, Time(0));
            g.AddFlow("fc", {s, c}, 1, Time(0));
            auto w = CreateObject<BatchyWorker>();
            w->SetAttribute("MaxBatch", UintegerValue(2));
            w->SetAttribute("BufferT0", DoubleValue(k.bufferT0 * unit));
            w->SetAttribute("BufferT1", DoubleValue(0));
            w->SetGraph(g);
            w->SetTrigger(a, k.trigger);
            w->SetTrigger(b, k.trigger);
            Departures d;
            w->SetEgressCallback(MakeCallback(&Departures::Add, &d));
            Simulator::Schedule(Time(0), [w]() { w->Receive(nullptr, 2); });
            Simulator::Schedule(NanoSeconds(500), [w]() {
                for (int i = 0; i < 2; ++i)
                {
                    w->Receive(nullptr, 0);
                    w->Receive(nullptr, 1);
                }
            });
            Simulator::Run();
            std::map<uint32_t, std::vector<Time>> at;
            for (const auto& [flow, t] : d.list)
            {
                at[flow].push_back(t);
            }
            auto times = [](const std::vector<int>& units) {
                std::vector<Time> v;
                for (int u : units)
                {
                    v.push_back(MicroSeconds(u));
                }
                return v;
            };
            std::string name = "splitter " + std::to_string(k.splitter) + ", trigger " +
                               std::to_string(k.trigger) + ", buffer cost " +
                               std::to_string(k.bufferT0);
            Time first = MicroSeconds(k.splitter + 2); // c's run
            NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime() - first, MicroSeconds(k.work), name);
            NS_TEST_ASSERT_MSG_EQ((at[0] == times(k.atA)), true, name << ": a");
            NS_TEST_ASSERT_MSG_EQ((at[1] == times(k.atB)), true, name << ": b");
            if (k.trigger > 0)
            {
                NS_TEST_ASSERT_MSG_EQ(w->GetModuleStats(a).executions, 1, "a ran once, on 2");
            }
            NS_TEST_ASSERT_MSG_EQ(w->GetModuleStats(a).bufferBusy,
                                  MicroSeconds(k.trigger > 0 ? 2 * k.bufferT0 : 0),
                                  name << ": a's buffer time, 1 per batch offered while in use");
            NS_TEST_ASSERT_MSG_EQ(w->GetHeld(), 0, "nothing held");
            Simulator::Destroy();
        }
    }
};

/// A single module with batch size 1 fed Poisson packets is an M/D/1 queue.
class BatchyMd1TestCase : public TestCase
{
  public:
    BatchyMd1TestCase()
        : TestCase("Worker: one module, batches of 1, Poisson arrivals: M-D-1 mean delay "
                   "within 3 %")
    {
    }

  private:
    void DoRun() override
    {
        // D = T0 + T1 = 10 us, rho = 0.5: W = D + rho D / (2 (1 - rho)) = 15 us.
        DataFlowGraph g;
        uint32_t m = g.AddModule("m", 4000, 6000);
        g.AddFlow("f", {m}, 50000, Time(0));
        auto w = CreateObject<BatchyWorker>();
        w->SetAttribute("MaxBatch", UintegerValue(1));
        w->SetAttribute("QueueCapacity", UintegerValue(1000000));
        w->SetGraph(g);
        auto gap = CreateObject<ExponentialRandomVariable>();
        gap->SetAttribute("Mean", DoubleValue(20e-6));
        gap->SetStream(11);
        const uint32_t packets = 300000;
        uint32_t left = packets;
        std::function<void()> arrive = [&]() {
            w->Receive(nullptr, 0);
            if (--left > 0)
            {
                Simulator::Schedule(Seconds(gap->GetValue()), arrive);
            }
        };
        Simulator::Schedule(Time(0), arrive);
        Simulator::Run();
        const auto& f = w->GetFlowStats(0);
        NS_TEST_ASSERT_MSG_EQ(f.departed, packets, "all left");
        NS_TEST_ASSERT_MSG_EQ_TOL(f.delay.GetMean().GetSeconds() * 1e6,
                                  15.0,
                                  0.45,
                                  "M/D/1 mean " << f.delay.GetMean().GetNanoSeconds() << " ns");
        Simulator::Destroy();
    }
};

/// The null and max controllers; buffers flushed when traffic stops.
class ControllersTestCase : public TestCase
{
  public:
    ControllersTestCase()
        : TestCase("Controllers: null leaves every buffer at 0, max sets the controllable "
                   "ones to B; held packets are flushed after the timeout")
    {
    }

  private:
    void DoRun() override
    {
        DataFlowGraph g;
        uint32_t in = g.AddModule("in", 100, 10);   // batchiness 0.09: controllable
        uint32_t out = g.AddModule("out", 10, 100); // batchiness 0.91: not
        g.Connect(in, out);
        g.AddFlow("f", {in, out}, 1, Time(0));
        auto w = CreateObject<BatchyWorker>();
        w->SetGraph(g);
        auto null = CreateObject<NullBatchyController>();
        null->Attach(w);
        NS_TEST_ASSERT_MSG_EQ(w->GetTrigger(in) + w->GetTrigger(out), 0, "null");
        auto max = CreateObject<MaxBatchyController>();
        max->Attach(w);
        NS_TEST_ASSERT_MSG_EQ(w->GetTrigger(in), 32, "max: B");
        NS_TEST_ASSERT_MSG_EQ(w->GetTrigger(out), 0, "max: not controllable");
        // Five packets stay in the buffer of 32 until the flush.
        Simulator::Schedule(MicroSeconds(1), [w]() {
            for (int i = 0; i < 5; ++i)
            {
                w->Receive(nullptr, 0);
            }
        });
        Simulator::Stop(MilliSeconds(350));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(w->GetFlowStats(0).departed, 5, "flushed");
        NS_TEST_ASSERT_MSG_EQ(w->GetHeld(), 0, "nothing stranded");
        NS_TEST_ASSERT_MSG_EQ(max->GetPeriods(), 3, "3 periods of 100 ms");
        Simulator::Destroy();
    }
};

/// Batchy/on-off: buffers go on where the budget allows, off on a violation.
class OnOffTestCase : public TestCase
{
  public:
    OnOffTestCase()
        : TestCase("Batchy on-off: a loose SLO turns every controllable buffer on after one "
                   "period (after the idle periods with IdlePeriods); a tight one keeps them "
                   "off; a violation turns them off")
    {
    }

  private:
    /**
     * \param slo both flows' SLO
     * \param startFull set every trigger to 32 after the controller starts
     * \param idle the controller's IdlePeriods
     * \param at when the triggers are read
     * \return the triggers of r, a, b at ``at``
     */
    std::vector<uint32_t> Run(Time slo,
                              bool startFull,
                              uint32_t idle = 0,
                              Time at = MilliSeconds(150))
    {
        // r -> {a, b}; 100 kpps alternating flows; 110 ns per batch + 10 per packet each.
        DataFlowGraph g;
        uint32_t r = g.AddModule("r", 100, 10);
        uint32_t a = g.AddModule("a", 100, 10);
        uint32_t b = g.AddModule("b", 100, 10);
        g.Connect(r, a);
        g.Connect(r, b);
        g.AddFlow("fa", {r, a}, 5e4, slo);
        g.AddFlow("fb", {r, b}, 5e4, slo);
        auto w = CreateObject<BatchyWorker>();
        w->SetGraph(g);
        auto c = CreateObject<OnOffBatchyController>();
        c->SetAttribute("IdlePeriods", UintegerValue(idle));
        c->Attach(w);
        if (startFull)
        {
            for (uint32_t v : {r, a, b})
            {
                w->SetTrigger(v, 32);
            }
        }
        uint32_t k = 0;
        std::function<void()> arrive = [&]() {
            w->Receive(nullptr, k++ % 2);
            if (Simulator::Now() < at)
            {
                Simulator::Schedule(MicroSeconds(10), arrive);
            }
        };
        Simulator::Schedule(Time(0), arrive);
        std::vector<uint32_t> triggers;
        Simulator::Schedule(at, [&]() {
            for (uint32_t v : {r, a, b})
            {
                triggers.push_back(w->GetTrigger(v));
            }
        });
        Simulator::Stop(at + MilliSeconds(10));
        Simulator::Run();
        m_periods = c->GetPeriods();
        m_active = c->GetActivePeriods();
        Simulator::Destroy();
        return triggers;
    }

    uint32_t m_periods{0}; //!< periods ended in the last Run
    uint32_t m_active{0};  //!< of them, those the controller acted in

    void DoRun() override
    {
        // Loose: 32 x 10 us at r (320 us) and 32 x 20 us at a and b (640 us
        // each) all fit a 10 ms budget.
        NS_TEST_ASSERT_MSG_EQ((Run(MilliSeconds(10), false) == std::vector<uint32_t>{32, 32, 32}),
                              true,
                              "all on");
        // Idle through the first two periods: still off at 150 and 250 ms,
        // on after the third.
        NS_TEST_ASSERT_MSG_EQ((Run(MilliSeconds(10), false, 2) == std::vector<uint32_t>{0, 0, 0}),
                              true,
                              "idle: off after one period");
        NS_TEST_ASSERT_MSG_EQ(
            (Run(MilliSeconds(10), false, 2, MilliSeconds(250)) == std::vector<uint32_t>{0, 0, 0}),
            true,
            "idle: off after two periods");
        NS_TEST_ASSERT_MSG_EQ(m_active, 0, "two periods ended, both idle");
        NS_TEST_ASSERT_MSG_EQ((Run(MilliSeconds(10), false, 2, MilliSeconds(350)) ==
                               std::vector<uint32_t>{32, 32, 32}),
                              true,
                              "idle: on after the third");
        NS_TEST_ASSERT_MSG_EQ(m_periods, 3, "three periods ended by 360 ms");
        NS_TEST_ASSERT_MSG_EQ(m_active, 1, "the controller acted in the third");
        // Tight: 320 us does not fit 50 us.
        NS_TEST_ASSERT_MSG_EQ((Run(MicroSeconds(50), false) == std::vector<uint32_t>{0, 0, 0}),
                              true,
                              "all off");
        // Full buffers wait 320 us and more for 32 packets: over 50 us, off.
        NS_TEST_ASSERT_MSG_EQ((Run(MicroSeconds(50), true) == std::vector<uint32_t>{0, 0, 0}),
                              true,
                              "recovered");
    }
};

/// The Batchy test suite.
/**
 * Batchy/full on the paper's convex model, with every measurement taken
 * from the model itself: module v with trigger q_v (0: none, its batches
 * are its input batches of 1) executes R_v / max(q_v, 1) batches per ns,
 * the load is sum_v R_v T0_v / max(q_v, 1) (+ a constant), a flow's delay is
 * its base plus sum_v (1 / R_v + T1_v) q_v over its modules.
 */
class FullBatchyModel
{
  public:
    FullBatchyModel()
    {
        //            R (1/ns)  T0 (ns)  T1 (ns)
        AddModule(2e-3, 200, 10);
        AddModule(1e-3, 300, 10);
        AddModule(5e-4, 150, 10);
        m_flows.push_back({0, 30000, {0, 1}});
        m_flows.push_back({0, 40000, {1, 2}});
        m_base = {5000, 5000};
    }

    /// The controllable modules and flows as the controller measures them.
    void Measure(const std::vector<uint32_t>& q,
                 std::vector<FullBatchyController::ModuleState>& modules,
                 std::vector<FullBatchyController::FlowState>& flows) const
    {
        modules = m_modules;
        for (uint32_t i = 0; i < q.size(); ++i)
        {
            modules[i].trigger = q[i];
            modules[i].executionRate = modules[i].packetRate / std::max(q[i], 1U);
        }
        flows = m_flows;
        for (uint32_t f = 0; f < flows.size(); ++f)
        {
            flows[f].delayNs = Delay(q, f);
        }
    }

    /// \return the load's part that depends on q (share of the CPU)
    double Load(const std::vector<uint32_t>& q) const
    {
        double load = 0;
        for (uint32_t i = 0; i < q.size(); ++i)
        {
            load += m_modules[i].packetRate * m_modules[i].t0Ns / std::max(q[i], 1U);
        }
        return load;
    }

    /// \return flow f's delay (ns)
    double Delay(const std::vector<uint32_t>& q, uint32_t f) const
    {
        double d = m_base[f];
        for (uint32_t i : m_flows[f].modules)
        {
            d += (1 / m_modules[i].packetRate + m_modules[i].t1Ns) * q[i];
        }
        return d;
    }

    /// \return true if every flow is within its SLO
    bool Feasible(const std::vector<uint32_t>& q) const
    {
        for (uint32_t f = 0; f < m_flows.size(); ++f)
        {
            if (Delay(q, f) > m_flows[f].sloNs)
            {
                return false;
            }
        }
        return true;
    }

    /**
     * \param share the share of each SLO a flow may use
     * \return the least load over every trigger setting (0 or 5..32) with
     *         every flow within that share of its SLO
     */
    double ExhaustiveOptimum(double share) const
    {
        std::vector<uint32_t> levels{0};
        for (uint32_t b = 5; b <= 32; ++b)
        {
            levels.push_back(b);
        }
        double best = Load({0, 0, 0});
        for (uint32_t a : levels)
        {
            for (uint32_t b : levels)
            {
                for (uint32_t c : levels)
                {
                    std::vector<uint32_t> q{a, b, c};
                    bool within = true;
                    for (uint32_t f = 0; f < m_flows.size(); ++f)
                    {
                        within &= Delay(q, f) <= share * m_flows[f].sloNs;
                    }
                    if (within)
                    {
                        best = std::min(best, Load(q));
                    }
                }
            }
        }
        return best;
    }

  private:
    void AddModule(double rate, double t0, double t1)
    {
        FullBatchyController::ModuleState m;
        m.packetRate = rate;
        m.t0Ns = t0;
        m.t1Ns = t1;
        m.meanInputBatch = 1; // pull level 1 + 4
        m_modules.push_back(m);
    }

    std::vector<FullBatchyController::ModuleState> m_modules; //!< modules
    std::vector<FullBatchyController::FlowState> m_flows;     //!< flows
    std::vector<double> m_base;                               //!< per flow, delay at q = 0
};

/// Batchy/full's steps on the convex model reach the optimum.
class FullGradientTestCase : public TestCase
{
  public:
    FullGradientTestCase()
        : TestCase("Batchy full: projected-gradient steps on a three-module convex instance "
                   "stay within the SLOs and within 10 steps reach the exhaustive-search "
                   "optimum of the tolerance band, then move by one packet at most")
    {
    }

  private:
    void DoRun() override
    {
        // The controller keeps each flow between (1 - delta) and 1 - delta / 2
        // of its SLO, so its reference is the best setting within (1 - delta).
        FullBatchyModel model;
        FullBatchyController::Settings settings;
        double optimum = model.ExhaustiveOptimum(1 - settings.tolerance);
        double unbuffered = model.Load({0, 0, 0});
        std::vector<uint32_t> q{0, 0, 0};
        std::vector<FullBatchyController::ModuleState> modules;
        std::vector<FullBatchyController::FlowState> flows;
        for (uint32_t step = 1; step <= 30; ++step)
        {
            model.Measure(q, modules, flows);
            std::vector<uint32_t> next = FullBatchyController::Plan(modules, flows, settings);
            NS_TEST_ASSERT_MSG_EQ(model.Feasible(next), true, "step " << step << " within SLOs");
            if (step >= 10)
            {
                // Converged: at most one packet of rounding back and forth.
                for (uint32_t i = 0; i < 3; ++i)
                {
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(int(next[i]) - int(q[i])),
                                                1,
                                                "step " << step << " module " << i);
                }
                NS_TEST_ASSERT_MSG_LT_OR_EQ(model.Load(next),
                                            optimum * 1.005,
                                            "step " << step << ": triggers " << next[0] << ","
                                                    << next[1] << "," << next[2]
                                                    << " vs the optimum " << optimum
                                                    << " (unbuffered " << unbuffered << ")");
            }
            q = next;
        }
    }
};

/// Batchy/full's feasibility recovery and push.
class FullRecoveryTestCase : public TestCase
{
  public:
    FullRecoveryTestCase()
        : TestCase("Batchy full: a flow over its SLO lowers the buffers on its path, slowest "
                   "turn first, by what the model says is needed; a large input batch turns a "
                   "buffer off")
    {
    }

  private:
    void DoRun() override
    {
        // Two modules at 32 on one flow; 1 us per trigger unit each
        // (R = 1 Mpps, T1 = 0); module 1 turns more slowly (larger T0).
        std::vector<FullBatchyController::ModuleState> modules(2);
        for (uint32_t i = 0; i < 2; ++i)
        {
            modules[i].packetRate = 1e-3;
            modules[i].executionRate = 1e-3 / 32;
            modules[i].t0Ns = i == 0 ? 100 : 500;
            modules[i].meanInputBatch = 1;
            modules[i].trigger = 32;
        }
        std::vector<FullBatchyController::FlowState> flows(1);
        flows[0].modules = {0, 1};
        flows[0].sloNs = 100000;
        FullBatchyController::Settings settings;
        // 20.5 us over: module 1 loses floor(20.5) + 1 = 21 packets, module 0 stays.
        flows[0].delayNs = 120500;
        auto q = FullBatchyController::Plan(modules, flows, settings);
        NS_TEST_ASSERT_MSG_EQ(q[1], 11, "slowest turn lowered by 21");
        NS_TEST_ASSERT_MSG_EQ(q[0], 32, "enough: the other stays");
        // 40 us over: module 1 would go below its pull level (5): off, then module 0 by 9.
        flows[0].delayNs = 140000;
        q = FullBatchyController::Plan(modules, flows, settings);
        NS_TEST_ASSERT_MSG_EQ(q[1], 0, "off");
        NS_TEST_ASSERT_MSG_EQ(q[0], 23, "then the next, by the rest");
        // Within the SLO but module 0's input batches average 0.7 B: off.
        flows[0].delayNs = 50000;
        modules[0].meanInputBatch = 23;
        q = FullBatchyController::Plan(modules, flows, settings);
        NS_TEST_ASSERT_MSG_EQ(q[0], 0, "pushed off");

        // In a simulation: buffers at 32 on 100 kpps break a 50 us SLO
        // (the first packet of a batch waits 310 us at r); recovery brings
        // the flow's p95 under the SLO within two periods (the model leaves
        // out the processing time: the first cut can fall short by it), and
        // a, fed batches of 32 by r (the other branch sees no packet), is
        // pushed off.
        DataFlowGraph g;
        uint32_t r = g.AddModule("r", 100, 10);
        uint32_t a = g.AddModule("a", 100, 10);
        uint32_t b = g.AddModule("b", 100, 10);
        g.Connect(r, a);
        g.Connect(r, b);
        g.AddFlow("f", {r, a}, 1e5, MicroSeconds(50));
        g.AddFlow("g", {r, b}, 0, MicroSeconds(50));
        auto w = CreateObject<BatchyWorker>();
        w->SetGraph(g);
        auto c = CreateObject<FullBatchyController>();
        c->Attach(w);
        w->SetTrigger(r, 32);
        w->SetTrigger(a, 32);
        uint32_t k = 0;
        std::function<void()> arrive = [&]() {
            w->Receive(nullptr, 0);
            if (++k < 30000)
            {
                Simulator::Schedule(MicroSeconds(10), arrive);
            }
        };
        Simulator::Schedule(Time(0), arrive);
        double before = 0;
        double after = 0;
        std::vector<uint32_t> triggers;
        Simulator::Schedule(MilliSeconds(100) - NanoSeconds(1), [&]() {
            before = w->GetPeriodFlowStats(0).delay.GetQuantile(0.95).GetMicroSeconds();
        });
        Simulator::Schedule(MilliSeconds(300) - NanoSeconds(1), [&]() {
            after = w->GetPeriodFlowStats(0).delay.GetQuantile(0.95).GetSeconds() * 1e6;
            triggers = {w->GetTrigger(r), w->GetTrigger(a)};
        });
        Simulator::Stop(MilliSeconds(300));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_GT(before, 250, "violated at 32");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(after, 50, "recovered by the third period");
        NS_TEST_ASSERT_MSG_LT(triggers[0], 32, "r lowered");
        NS_TEST_ASSERT_MSG_EQ(triggers[1], 0, "a pushed off");
    }
};

/// Batchy/full's two variants of the authors' code.
class FullAuthorsVariantsTestCase : public TestCase
{
  public:
    FullAuthorsVariantsTestCase()
        : TestCase("Batchy full: Rounding=PlusOne moves each free module by trunc(step) + 1, "
                   "a module the direction leaves alone by one, and checks each move alone "
                   "against 0.95 of the SLO; with RecoveringBoundStep a flow recovery has just "
                   "brought back within 2.5 % of its SLO stops the step")
    {
    }

  private:
    /**
     * \param t0Ns the module's per-execution cost
     * \param trigger its trigger
     * \return a module at 1 Mpps (1 us per trigger unit), 31 250 executions/s
     */
    static FullBatchyController::ModuleState Module(double t0Ns, uint32_t trigger)
    {
        FullBatchyController::ModuleState m;
        m.packetRate = 1e-3;
        m.executionRate = 1e-3 / 32;
        m.t0Ns = t0Ns;
        m.meanInputBatch = 1; // pull level 5
        m.trigger = trigger;
        return m;
    }

    void DoRun() override
    {
        // Modules 0 and 1 at 10 on a flow at 60 of its 100 us; module 2,
        // with no per-execution cost (no gradient), on a flow of its own.
        std::vector<FullBatchyController::ModuleState> modules{Module(100, 10),
                                                               Module(100, 10),
                                                               Module(0, 10)};
        std::vector<FullBatchyController::FlowState> flows(2);
        flows[0].modules = {0, 1};
        flows[0].sloNs = 100000;
        flows[0].delayNs = 60000;
        flows[1].modules = {2};
        flows[1].sloNs = 100000;
        flows[1].delayNs = 20000;
        // The step: 18.75 packets each, the flow to 0.975 of its SLO.
        FullBatchyController::Settings settings;
        auto q = FullBatchyController::Plan(modules, flows, settings);
        NS_TEST_ASSERT_MSG_EQ(q[0], 29, "target: 18.75 rounded up");
        NS_TEST_ASSERT_MSG_EQ(q[1], 28, "target: trimmed, counting module 0's move");
        NS_TEST_ASSERT_MSG_EQ(q[2], 10, "target: no move stays");
        settings.rounding = FullBatchyController::ROUND_PLUS_ONE;
        q = FullBatchyController::Plan(modules, flows, settings);
        NS_TEST_ASSERT_MSG_EQ(q[0], 29, "plus one: trunc(18.75) + 1");
        NS_TEST_ASSERT_MSG_EQ(q[1], 29, "plus one: each move alone within 0.95");
        NS_TEST_ASSERT_MSG_EQ(q[2], 11, "plus one: no move rises by one");
        // Module 0 alone on the flow, at 80 us: a step of 17.5, so 18 packets
        // would take it to 98 us, past 0.95 of its SLO: one back.
        flows[0].modules = {0};
        flows[0].delayNs = 80000;
        q = FullBatchyController::Plan(modules, flows, settings);
        NS_TEST_ASSERT_MSG_EQ(q[0], 27, "plus one: 10 + trunc(17.5) + 1 - 1");

        // Flow 0 5 us over: recovery lowers module 0 (the slower turn) by 6
        // and the flow has 1 us left; module 1 stays free.
        // Flow 1, on module 1 alone, far from its SLO, keeps the gradient on.
        modules = {Module(500, 20), Module(100, 10)};
        flows[0].modules = {0, 1};
        flows[0].delayNs = 105000;
        flows[1].modules = {1};
        settings = FullBatchyController::Settings();
        q = FullBatchyController::Plan(modules, flows, settings);
        NS_TEST_ASSERT_MSG_EQ(q[0], 14, "recovery");
        NS_TEST_ASSERT_MSG_EQ(q[1], 32, "the recovering flow leaves module 1 free to B");
        settings.recoveringBoundStep = true;
        q = FullBatchyController::Plan(modules, flows, settings);
        NS_TEST_ASSERT_MSG_EQ(q[0], 14, "recovery");
        NS_TEST_ASSERT_MSG_EQ(
            q[1],
            10,
            "the recovering flow's 1 us, inside the 2.5 us margin, stops the step");
    }
};

/// A buffer inside a chain re-cuts its upstream's batches.
class ChainTestCase : public TestCase
{
  public:
    ChainTestCase()
        : TestCase("Chain: below a buffer of 16, a buffer of 0 or 16 passes its batches on at "
                   "once, one of 13 holds a remainder for a whole upstream interval")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t below : {0u, 16u, 13u})
        {
            // r -> a, no processing cost, one packet per us; r's buffer of 16
            // emits packets 16g..16g+15 at 16g + 15 us.
            DataFlowGraph g;
            uint32_t r = g.AddModule("r", 0, 0);
            uint32_t a = g.AddModule("a", 0, 0);
            g.Connect(r, a);
            g.AddFlow("f", {r, a}, 1e6, Time(0));
            auto w = CreateObject<BatchyWorker>();
            w->SetGraph(g);
            w->SetTrigger(r, 16);
            w->SetTrigger(a, below);
            Departures d;
            w->SetEgressCallback(MakeCallback(&Departures::Add, &d));
            for (uint32_t i = 0; i < 160; ++i)
            {
                Simulator::Schedule(MicroSeconds(i), [w]() { w->Receive(nullptr, 0); });
            }
            Simulator::Stop(MicroSeconds(160));
            Simulator::Run();
            // FIFO: the i-th departure is the packet that arrived at i us.
            Time largest;
            for (uint32_t i = 0; i < d.list.size(); ++i)
            {
                largest = std::max(largest, d.list[i].second - MicroSeconds(i));
            }
            NS_TEST_ASSERT_MSG_GT_OR_EQ(d.list.size(), 140, "most left by 160 us");
            if (below == 13)
            {
                // 16 in, 13 out: 3, 6, ... 15 held; packet 52 waits from 52 to 79 us.
                NS_TEST_ASSERT_MSG_EQ(largest, MicroSeconds(27), "a remainder waits 16 us more");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(largest, MicroSeconds(15), "no wait below r");
            }
            Simulator::Destroy();
        }
    }
};

/// WeightedFair scheduling: shares of worker time, backpressure.
class WeightedFairTestCase : public TestCase
{
  public:
    WeightedFairTestCase()
        : TestCase("Weighted fair scheduling: two saturated tasks split the worker 1:1 with "
                   "equal shares and 1:3 with shares 1 and 3; backpressure moves the drops "
                   "from a slow module's queue to the ingress")
    {
    }

  private:
    /**
     * \param shareB share of root b (root a has 1)
     * \return worker time spent in a and in b over 50 ms of 20 Mpps each
     */
    std::pair<double, double> Shares(double shareB)
    {
        DataFlowGraph g;
        uint32_t a = g.AddModule("a", 100, 10);
        uint32_t b = g.AddModule("b", 300, 20);
        g.AddFlow("fa", {a}, 1, Time(0));
        g.AddFlow("fb", {b}, 1, Time(0));
        auto w = CreateObject<BatchyWorker>();
        w->SetGraph(g);
        w->SetScheduling(BatchyWorker::WEIGHTED_FAIR);
        w->SetShare(b, shareB);
        for (uint32_t i = 0; i < 1000000; ++i)
        {
            Simulator::Schedule(NanoSeconds(50 * i), [w, i]() { w->Receive(nullptr, i % 2); });
        }
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        std::pair<double, double> busy{w->GetModuleStats(a).busy.GetSeconds(),
                                       w->GetModuleStats(b).busy.GetSeconds()};
        Simulator::Destroy();
        return busy;
    }

    /**
     * \param backpressure the worker's Backpressure
     * \return drops at the ingress and at a's queue
     */
    std::pair<uint32_t, uint32_t> Drops(bool backpressure)
    {
        // r (cheap, not controllable) feeds a (slow, controllable).
        DataFlowGraph g;
        uint32_t r = g.AddModule("r", 10, 100);
        uint32_t a = g.AddModule("a", 1000, 200);
        g.Connect(r, a);
        g.AddFlow("f", {r, a}, 1, Time(0));
        auto w = CreateObject<BatchyWorker>();
        w->SetAttribute("Backpressure", BooleanValue(backpressure));
        w->SetGraph(g);
        auto c = CreateObject<NfvniceBatchyController>();
        c->Attach(w);
        std::map<std::string, uint32_t> drops;
        w->TraceConnectWithoutContext("Drop",
                                      MakeCallback(+[](std::map<std::string, uint32_t>* d,
                                                       Ptr<const Packet>,
                                                       uint32_t,
                                                       const std::string& reason) {
                                          ++(*d)[reason];
                                      }).Bind(&drops));
        for (uint32_t i = 0; i < 20000; ++i)
        {
            Simulator::Schedule(NanoSeconds(100 * i), [w]() { w->Receive(nullptr, 0); });
        }
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(w->GetFlowStats(0).departed + w->GetFlowStats(0).dropped,
                              20000,
                              "conserved");
        Simulator::Destroy();
        return {drops[BatchyWorker::QUEUE_FULL_DROP], drops[BatchyWorker::MODULE_QUEUE_FULL_DROP]};
    }

    void DoRun() override
    {
        auto equal = Shares(1);
        NS_TEST_ASSERT_MSG_EQ_TOL(equal.second / equal.first, 1, 0.02, "equal shares");
        NS_TEST_ASSERT_MSG_GT(equal.first + equal.second, 0.049, "saturated");
        auto oneToThree = Shares(3);
        NS_TEST_ASSERT_MSG_EQ_TOL(oneToThree.second / oneToThree.first, 3, 0.06, "1:3");
        auto without = Drops(false);
        NS_TEST_ASSERT_MSG_GT(without.second, 1000, "without backpressure: a's queue drops");
        auto with = Drops(true);
        NS_TEST_ASSERT_MSG_EQ(with.second, 0, "with backpressure: a's queue does not drop");
        NS_TEST_ASSERT_MSG_GT(with.first, 1000, "the ingress does");
    }
};

/// The profiler recovers a module's costs.
class ProfilerTestCase : public TestCase
{
  public:
    ProfilerTestCase()
        : TestCase("Profiler: fits T0 and T1 of a module (IP lookup, 68.5 + 27.5 ns) to the ns "
                   "without jitter and within 2 % with 5 % cost jitter, R^2 below 1")
    {
    }

  private:
    void DoRun() override
    {
        DataFlowGraph::Module m;
        m.name = "ip_lookup";
        m.t0Ns = 68.5;
        m.t1Ns = 27.5;
        auto exact = BatchyProfiler::Profile(m, 32, 2, 0, 1);
        NS_TEST_ASSERT_MSG_EQ(exact.samples, 64, "32 sizes x 2");
        // Execution times are whole nanoseconds (the time resolution): the
        // half-nanoseconds of 68.5 + 27.5 b are rounded.
        NS_TEST_ASSERT_MSG_EQ_TOL(exact.t0Ns, 68.5, 0.5, "exact T0 (to 1 ns)");
        NS_TEST_ASSERT_MSG_EQ_TOL(exact.t1Ns, 27.5, 0.01, "exact T1");
        NS_TEST_ASSERT_MSG_GT(exact.r2, 0.99999, "a line");
        auto noisy = BatchyProfiler::Profile(m, 32, 50, 0.05, 1);
        NS_TEST_ASSERT_MSG_EQ_TOL(noisy.t0Ns, 68.5, 68.5 * 0.02, "T0 within 2 %");
        NS_TEST_ASSERT_MSG_EQ_TOL(noisy.t1Ns, 27.5, 27.5 * 0.02, "T1 within 2 %");
        NS_TEST_ASSERT_MSG_LT(noisy.r2, 0.999, "noise shows");
        NS_TEST_ASSERT_MSG_GT(noisy.r2, 0.9, "still a line");
    }
};

/// Modules on two cores: hand-offs both ways, the cores work in parallel.
class CoresTestCase : public TestCase
{
  public:
    CoresTestCase()
        : TestCase("Cores: a chain a-b-c with b on core 1 runs in parallel with core 0 "
                   "(20 packets in 40 us instead of 60), the first leaves after 3 us, the "
                   "packets come back to core 0 for c; a moved module's held packets are "
                   "flushed by its new core")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t cores : {1, 2})
        {
            // 1 us per packet at each module; MaxBatch 1: a run is one packet.
            DataFlowGraph g;
            uint32_t a = g.AddModule("a", 0, 1000);
            uint32_t b = g.AddModule("b", 0, 1000);
            uint32_t c = g.AddModule("c", 0, 1000);
            g.Connect(a, b);
            g.Connect(b, c);
            g.AddFlow("f", {a, b, c}, 1, Time(0));
            auto w = CreateObject<BatchyWorker>();
            w->SetAttribute("MaxBatch", UintegerValue(1));
            w->SetAttribute("Cores", UintegerValue(cores));
            w->SetGraph(g);
            w->SetCore(b, cores - 1);
            Departures d;
            w->SetEgressCallback(MakeCallback(&Departures::Add, &d));
            Simulator::Schedule(Time(0), [w]() {
                for (int i = 0; i < 20; ++i)
                {
                    w->Receive(nullptr, 0);
                }
            });
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(d.list.size(), 20, "every packet departed");
            NS_TEST_ASSERT_MSG_EQ(d.list.front().second, MicroSeconds(3), "first: a, b, c");
            NS_TEST_ASSERT_MSG_EQ(w->GetQueued() + w->GetHeld(), 0, "nothing left inside");
            if (cores == 1)
            {
                NS_TEST_ASSERT_MSG_EQ(d.list.back().second, MicroSeconds(60), "one core");
                NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime(0), MicroSeconds(60), "core 0 busy");
            }
            else
            {
                // Core 0 alternates a and c, never idle; core 1 runs b.
                NS_TEST_ASSERT_MSG_EQ(d.list.back().second, MicroSeconds(40), "two cores");
                NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime(0), MicroSeconds(40), "core 0: a and c");
                NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime(1), MicroSeconds(20), "core 1: b");
                NS_TEST_ASSERT_MSG_EQ(w->GetModuleStats(b).GetMeanInputBatch(), 1, "b's input");
            }
            Simulator::Destroy();
        }
        // A module moved while its buffer holds packets, with no traffic
        // after: the new core flushes them after the timeout.
        DataFlowGraph g;
        uint32_t a = g.AddModule("a", 0, 1000);
        g.AddFlow("f", {a}, 1, Time(0));
        auto w = CreateObject<BatchyWorker>();
        w->SetAttribute("Cores", UintegerValue(2));
        w->SetGraph(g);
        w->SetTrigger(a, 4);
        Departures d;
        w->SetEgressCallback(MakeCallback(&Departures::Add, &d));
        Simulator::Schedule(Time(0), [w]() {
            w->Receive(nullptr, 0);
            w->Receive(nullptr, 0);
        });
        Simulator::Schedule(MicroSeconds(10), [w, a]() { w->SetCore(a, 1); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(d.list.size(), 2, "flushed on its new core");
        NS_TEST_ASSERT_MSG_EQ(d.list.back().second, MicroSeconds(10 + 1000 + 2), "1 ms later");
        NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime(1), MicroSeconds(2), "by core 1");
        Simulator::Destroy();
    }
};

/// Pipeline decomposition: the plan, and the controller applying it.
class DecompositionTestCase : public TestCase
{
  public:
    DecompositionTestCase()
        : TestCase("Decomposition: the flows after the first that breaks the turnaround bound "
                   "move, a flow per core in turn; nothing moves on one core or when all fit; "
                   "the controller applies it and packets are conserved")
    {
    }

  private:
    void DoRun() override
    {
        // A root r (100 ns per batch) and leaves: a (1 us, SLO 10 us), b,
        // c, d (4 us each, SLO 1 ms). B = 32. Bound of a: 10 000 - (100 +
        // 1000) = 8 900 ns of turnaround. a stays: 1 100; b stays: 5 100;
        // c would make it 9 100 > 8 900: c and d move.
        DataFlowGraph g;
        uint32_t r = g.AddModule("r", 100, 0);
        std::vector<uint32_t> leaf;
        for (const char* name : {"a", "b", "c", "d"})
        {
            leaf.push_back(g.AddModule(name, leaf.empty() ? 1000 : 4000, 0));
            g.Connect(r, leaf.back());
            g.AddFlow(std::string("f") + name,
                      {r, leaf.back()},
                      1e5,
                      leaf.size() == 1 ? MicroSeconds(10) : MilliSeconds(1));
        }
        std::vector<uint32_t> home(5, 0);
        using V = std::vector<uint32_t>;
        NS_TEST_ASSERT_MSG_EQ(
            (BatchyController::PlanDecomposition(g, home, 3, 32) == V{0, 0, 0, 1, 2}),
            true,
            "c to core 1, d to core 2");
        NS_TEST_ASSERT_MSG_EQ(
            (BatchyController::PlanDecomposition(g, home, 2, 32) == V{0, 0, 0, 1, 1}),
            true,
            "c and d to core 1");
        NS_TEST_ASSERT_MSG_EQ((BatchyController::PlanDecomposition(g, home, 1, 32) == home),
                              true,
                              "one core: nothing moves");
        V planned = BatchyController::PlanDecomposition(g, home, 3, 32);
        NS_TEST_ASSERT_MSG_EQ((BatchyController::PlanDecomposition(g, planned, 3, 32) == planned),
                              true,
                              "a second plan moves nothing more");
        DataFlowGraph loose = g;
        loose.SetFlowSlo(0, MicroSeconds(20));
        NS_TEST_ASSERT_MSG_EQ((BatchyController::PlanDecomposition(loose, home, 3, 32) == home),
                              true,
                              "a 20 us SLO: all fit (13 100 <= 18 900)");

        // The controller moves them at its first period end.
        auto w = CreateObject<BatchyWorker>();
        w->SetAttribute("Cores", UintegerValue(3));
        w->SetGraph(g);
        auto ctl = CreateObject<NullBatchyController>();
        ctl->SetAttribute("Period", TimeValue(MilliSeconds(1)));
        ctl->SetAttribute("Decompose", BooleanValue(true));
        uint32_t moves = 0;
        ctl->TraceConnectWithoutContext("Move", MakeCallback(+[](uint32_t* n, uint32_t, uint32_t) {
                                                    ++*n;
                                                }).Bind(&moves));
        ctl->Attach(w);
        for (uint32_t i = 0; i < 4000; ++i)
        {
            Simulator::Schedule(NanoSeconds(1000 * i), [w, i]() { w->Receive(nullptr, i % 4); });
        }
        Simulator::Stop(MilliSeconds(6));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(moves, 2, "two modules moved");
        NS_TEST_ASSERT_MSG_EQ(w->GetCore(leaf[2]), 1, "c on core 1");
        NS_TEST_ASSERT_MSG_EQ(w->GetCore(leaf[3]), 2, "d on core 2");
        uint64_t received = 0;
        uint64_t out = 0;
        for (uint32_t f = 0; f < 4; ++f)
        {
            received += w->GetFlowStats(f).received;
            out += w->GetFlowStats(f).departed + w->GetFlowStats(f).dropped;
        }
        NS_TEST_ASSERT_MSG_EQ(received, 4000, "all arrived");
        NS_TEST_ASSERT_MSG_EQ(out + w->GetQueued() + w->GetHeld(), received, "conserved");
        NS_TEST_ASSERT_MSG_GT(w->GetBusyTime(1), MicroSeconds(100), "core 1 worked");
        NS_TEST_ASSERT_MSG_GT(w->GetModuleStats(leaf[3]).executions, 0, "d ran");
        Simulator::Destroy();
    }
};

/// A core fails: its queues stall and overflow with the failure's reason;
/// the controller, once told, fails its modules (and the ingress) over.
class FailoverTestCase : public TestCase
{
  public:
    FailoverTestCase()
        : TestCase("Failover: core 1 (module b of a chain a-b) down from 30.5 us; its queue "
                   "(8) fills and 16 packets are dropped as 'fault' until it recovers at 100.5 "
                   "us if never told, 1 if told at 56.5 us, none if told at once; b moves back "
                   "on the recovery; core 0 down moves the ingress to core 1 and back")
    {
    }

  private:
    /// Drops by reason.
    struct Drops
    {
        std::map<std::string, uint32_t> count; //!< per reason

        /**
         * \param p packet
         * \param flow flow
         * \param reason why
         */
        void Add(Ptr<const Packet> /* p */, uint32_t /* flow */, const std::string& reason)
        {
            ++count[reason];
        }
    };

    void DoRun() override
    {
        const std::string reason = "fault: server 1 down";
        // Told: -1 never, else when (us); b's drops then expected.
        for (auto [told, dropped] :
             std::vector<std::pair<double, uint32_t>>{{-1, 16}, {56.5, 1}, {30.5, 0}})
        {
            DataFlowGraph g;
            uint32_t a = g.AddModule("a", 0, 1000);
            uint32_t b = g.AddModule("b", 0, 1000);
            g.Connect(a, b);
            g.AddFlow("f", {a, b}, 1, Time(0));
            auto w = CreateObject<BatchyWorker>();
            w->SetAttribute("MaxBatch", UintegerValue(1));
            w->SetAttribute("QueueCapacity", UintegerValue(8));
            w->SetAttribute("Cores", UintegerValue(2));
            w->SetGraph(g);
            w->SetCore(b, 1);
            auto ctl = CreateObject<NullBatchyController>();
            ctl->SetAttribute("Period", TimeValue(Seconds(1)));
            uint32_t failovers = 0;
            ctl->TraceConnectWithoutContext(
                "Failover",
                MakeCallback(+[](uint32_t* n, uint32_t, uint32_t) { ++*n; }).Bind(&failovers));
            ctl->Attach(w);
            Departures d;
            Drops drops;
            w->SetEgressCallback(MakeCallback(&Departures::Add, &d));
            w->TraceConnectWithoutContext("Drop", MakeCallback(&Drops::Add, &drops));
            // A packet every 3 us: a on core 0 (1 us), then b on core 1 (1 us).
            for (uint32_t i = 0; i < 50; ++i)
            {
                Simulator::Schedule(MicroSeconds(3 * i), [w]() { w->Receive(nullptr, 0); });
            }
            Simulator::Schedule(NanoSeconds(30500), [w, reason]() { w->SetCoreDown(1, reason); });
            Simulator::Schedule(NanoSeconds(100500), [w]() { w->SetCoreUp(1); });
            if (told > 0)
            {
                Simulator::Schedule(NanoSeconds(told * 1000),
                                    [ctl]() { ctl->SetCoreAvailable(1, false); });
                Simulator::Schedule(MicroSeconds(120), [ctl]() { ctl->SetCoreAvailable(1, true); });
            }
            uint32_t coreOfB = 0;
            Simulator::Schedule(MicroSeconds(119), [w, b, &coreOfB]() { coreOfB = w->GetCore(b); });
            Simulator::Stop(MilliSeconds(1)); // the controller runs on
            Simulator::Run();
            uint32_t named = drops.count.count(reason) ? drops.count.at(reason) : 0;
            NS_TEST_ASSERT_MSG_EQ(named, dropped, "drops named by the fault");
            for (const auto& [why, n] : drops.count)
            {
                NS_TEST_ASSERT_MSG_EQ(why, reason, "no other drops (" << n << ")");
            }
            NS_TEST_ASSERT_MSG_EQ(d.list.size() + dropped, 50, "conserved");
            NS_TEST_ASSERT_MSG_EQ(w->GetQueued() + w->GetHeld(), 0, "nothing left inside");
            NS_TEST_ASSERT_MSG_EQ(coreOfB, (told > 0 ? 0u : 1u), "b failed over while down");
            NS_TEST_ASSERT_MSG_EQ(w->GetCore(b), 1, "b back on core 1");
            NS_TEST_ASSERT_MSG_EQ(failovers, (told > 0 ? 2u : 0u), "over and back");
            if (told == 30.5)
            {
                // Core 1 ran b for packets 0-9 and 41-49 (packet 40's run at
                // 120 us came before b moved back).
                NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime(1), MicroSeconds(19), "core 1's share");
            }
            Simulator::Destroy();
        }

        // Everything on core 0, which fails: the ingress and a move to core
        // 1 and come back when it recovers.
        DataFlowGraph g;
        uint32_t a = g.AddModule("a", 0, 1000);
        g.AddFlow("f", {a}, 1, Time(0));
        auto w = CreateObject<BatchyWorker>();
        w->SetAttribute("MaxBatch", UintegerValue(1));
        w->SetAttribute("Cores", UintegerValue(2));
        w->SetGraph(g);
        auto ctl = CreateObject<NullBatchyController>();
        ctl->SetAttribute("Period", TimeValue(Seconds(1)));
        ctl->Attach(w);
        Departures d;
        w->SetEgressCallback(MakeCallback(&Departures::Add, &d));
        for (uint32_t i = 0; i < 50; ++i)
        {
            Simulator::Schedule(MicroSeconds(3 * i), [w]() { w->Receive(nullptr, 0); });
        }
        Simulator::Schedule(NanoSeconds(30500), [w, ctl]() {
            w->SetCoreDown(0, "fault: server 0 down");
            ctl->SetCoreAvailable(0, false);
        });
        uint32_t ingress = 0;
        Simulator::Schedule(MicroSeconds(50), [w, &ingress]() { ingress = w->GetIngressCore(); });
        Simulator::Schedule(NanoSeconds(100500), [w, ctl]() {
            w->SetCoreUp(0);
            ctl->SetCoreAvailable(0, true);
        });
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ingress, 1, "core 1 took the ingress");
        NS_TEST_ASSERT_MSG_EQ(w->GetIngressCore(), 0, "and gave it back");
        NS_TEST_ASSERT_MSG_EQ(d.list.size(), 50, "nothing lost");
        // Packet 10's run (30-31 us) was under way; core 1 ran 11-33.
        NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime(1), MicroSeconds(23), "core 1 while 0 was down");
        NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime(0), MicroSeconds(27), "core 0 before and after");
        Simulator::Destroy();
    }
};

/// The switch sends each packet when the worker finishes it, with runs of
/// several cores overlapping.
class SchedulingPartsTestCase : public TestCase
{
  public:
    SchedulingPartsTestCase()
        : TestCase("The worker's parts on their own: fair queueing picks the least virtual "
                   "time, a task's share divides its charge, a task feeding an overloaded "
                   "queue waits while another can run, a full queue refuses; cores serve hand-off "
                   "queues round-robin with the ingress last, a moved module takes its queue, "
                   "a full hand-off queue turns packets away, a core down names its reason")
    {
    }

  private:
    void DoRun() override
    {
        // root -> x (controllable) -> y; root -> z: tasks root, x, z.
        DataFlowGraph g;
        uint32_t root = g.AddModule("root", 10, 100);
        uint32_t x = g.AddModule("x", 1000, 10);
        uint32_t y = g.AddModule("y", 1000, 10);
        uint32_t z = g.AddModule("z", 1000, 10);
        g.Connect(root, x);
        g.Connect(x, y);
        g.Connect(root, z);
        g.AddFlow("fx", {root, x, y}, 1, Time(0));
        g.AddFlow("fz", {root, z}, 1, Time(0));
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(g.Validate(error), true, error);

        BatchyFairQueueing fair;
        fair.Build(g, true);
        NS_TEST_ASSERT_MSG_EQ(fair.IsTask(root), true, "a root heads a task");
        NS_TEST_ASSERT_MSG_EQ(fair.IsTask(x) && fair.IsTask(z), true, "controllable modules do");
        NS_TEST_ASSERT_MSG_EQ(fair.PickNext(true), BatchyFairQueueing::NONE, "nothing queued");
        const uint32_t capacity = 4;
        for (uint32_t h = 0; h < 4; ++h)
        {
            NS_TEST_ASSERT_MSG_EQ(fair.Enqueue(x, h, capacity), true, "admitted");
        }
        NS_TEST_ASSERT_MSG_EQ(fair.Enqueue(x, 9, capacity), false, "a full queue refuses");
        NS_TEST_ASSERT_MSG_EQ(fair.Enqueue(z, 10, capacity), true, "admitted");
        NS_TEST_ASSERT_MSG_EQ(fair.Enqueue(root, 11, capacity), true, "admitted");
        NS_TEST_ASSERT_MSG_EQ(fair.GetQueued(), 6, "queued");
        // x is over 3/4: the root, which feeds it, waits while others can run.
        std::vector<uint32_t> batch;
        NS_TEST_ASSERT_MSG_EQ(fair.PickNext(true), x, "ties: the first unblocked task");
        NS_TEST_ASSERT_MSG_EQ(fair.Take(x, 2, capacity, batch), 2, "two taken");
        NS_TEST_ASSERT_MSG_EQ(batch.front(), 0, "oldest first");
        fair.SetShare(x, 2);
        fair.Charge(x, NanoSeconds(1000)); // x: 500, z and root: 0
        NS_TEST_ASSERT_MSG_EQ(fair.PickNext(true),
                              z,
                              "x still holds 2 of 4 (not below 1/4): the root waits, z has the "
                              "least virtual time");
        fair.Take(x, 2, capacity, batch); // x empty: no longer overloaded
        NS_TEST_ASSERT_MSG_EQ(fair.PickNext(true), root, "least virtual time, unblocked");
        fair.Take(root, 1, capacity, batch);
        fair.Charge(root, NanoSeconds(1000)); // root: 1100
        NS_TEST_ASSERT_MSG_EQ(fair.PickNext(true), z, "z at 0");
        for (uint32_t h = 20; h < 24; ++h)
        {
            fair.Enqueue(z, h, capacity);
        }
        NS_TEST_ASSERT_MSG_EQ(fair.GetQueueSize(z), 4, "z's queue");

        BatchyCores cores;
        cores.Reset(2, g.GetNModules());
        NS_TEST_ASSERT_MSG_EQ(cores.NextTurn(0, true), BatchyCores::INGRESS, "core 0: the ingress");
        NS_TEST_ASSERT_MSG_EQ(cores.NextTurn(1, true), BatchyCores::NONE, "core 1: nothing");
        cores.Move(x, 1);
        cores.Move(z, 1);
        std::vector<uint32_t> dropped;
        cores.HandOff(x, {1, 2, 3}, 2, dropped);
        NS_TEST_ASSERT_MSG_EQ(dropped.size(), 1, "a full hand-off queue turns one away");
        NS_TEST_ASSERT_MSG_EQ(dropped.front(), 3, "the last");
        cores.HandOff(z, {4}, 2, dropped);
        NS_TEST_ASSERT_MSG_EQ(cores.GetQueued(), 3, "queued on core 1");
        NS_TEST_ASSERT_MSG_EQ(cores.NextTurn(1, true), x, "round-robin: x");
        NS_TEST_ASSERT_MSG_EQ(cores.NextTurn(1, true), z, "then z");
        NS_TEST_ASSERT_MSG_EQ(cores.Take(z, 8, batch), 1, "z's packet");
        NS_TEST_ASSERT_MSG_EQ(cores.NextTurn(1, true), x, "z empty: x again");
        NS_TEST_ASSERT_MSG_EQ(cores.Move(x, 0), 2, "x takes its two packets to core 0");
        NS_TEST_ASSERT_MSG_EQ(cores.Get(0).queued, 2, "counted there");
        NS_TEST_ASSERT_MSG_EQ(cores.Get(1).queued, 0, "and no longer on core 1");
        NS_TEST_ASSERT_MSG_EQ(cores.NextTurn(0, true), x, "core 0: x before the ingress");
        NS_TEST_ASSERT_MSG_EQ(cores.NextTurn(0, true), BatchyCores::INGRESS, "then the ingress");
        cores.Get(0).downs = 1;
        cores.Get(0).downReason = "core 0 failed";
        NS_TEST_ASSERT_MSG_EQ(std::string(cores.FullReason(0, "full")), "core 0 failed", "down");
        NS_TEST_ASSERT_MSG_EQ(std::string(cores.FullReason(1, "full")), "full", "up");
    }
};

class SwitchEgressTestCase : public TestCase
{
  public:
    SwitchEgressTestCase()
        : TestCase("Switch: MGW(2,16) decomposed onto 3 cores; each flow's mean delay at the "
                   "sink is the worker's plus the two links' serialisation (within 1 ns)")
    {
    }

  private:
    void DoRun() override
    {
        BatchyScenario::Parameters p;
        p.pipeline = "mgw";
        p.m = 2;
        p.n = 16;
        p.rate = 1.5e6;
        p.duration = MilliSeconds(50);
        p.period = MilliSeconds(10);
        p.warmupPeriods = 0;
        p.cores = 3;
        p.decompose = true;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p.Validate(error), true, error);
        BatchyScenario scenario(p);
        scenario.Build();
        scenario.Run();
        Ptr<BatchyWorker> w = scenario.GetSwitch()->GetWorker();
        NS_TEST_ASSERT_MSG_GT(w->GetBusyTime(1), MilliSeconds(1), "core 1 worked");
        // 64-byte packets plus the header at 100 Gbit/s, twice.
        uint32_t bytes = p.packetSize;
        Time links = NanoSeconds(2 * bytes * 8 / 100.0);
        for (uint32_t f = 0; f < w->GetGraph().GetNFlows(); ++f)
        {
            const auto& stats = w->GetFlowStats(f);
            if (stats.departed == 0)
            {
                continue;
            }
            Time worker = stats.delay.GetMean();
            NS_TEST_ASSERT_MSG_EQ_TOL(scenario.GetMeanDelay(f),
                                      worker + links,
                                      NanoSeconds(1),
                                      "flow " << w->GetGraph().GetFlow(f).name);
        }
        Simulator::Destroy();
    }
};

/**
 * \ingroup request-scheduling-tests
 * \brief A BatchySwitch in front of an IP network (Ingress=Ipv4Hash) puts
 * each IPv4 packet on the flow its 5-tuple hashes to: the same 5-tuple
 * always on the same flow, the flows all used, and fragments and truncated
 * packets refused.
 */
class Ipv4HashTestCase : public TestCase
{
  public:
    Ipv4HashTestCase()
        : TestCase("Ipv4Hash: a 5-tuple's flow is stable, spread, and only whole packets count")
    {
    }

  private:
    /**
     * \param source source address
     * \param port source port
     * \param fragment true for a first fragment of several
     * \return an IPv4 packet with a UDP header to port 9000
     */
    static Ptr<Packet> Make(uint32_t source, uint16_t port, bool fragment = false)
    {
        Ptr<Packet> p = Create<Packet>(32);
        UdpHeader udp;
        udp.SetSourcePort(port);
        udp.SetDestinationPort(9000);
        p->AddHeader(udp);
        Ipv4Header ip;
        ip.SetSource(Ipv4Address(source));
        ip.SetDestination(Ipv4Address("10.255.0.1"));
        ip.SetProtocol(UdpL4Protocol::PROT_NUMBER);
        ip.SetPayloadSize(p->GetSize());
        if (fragment)
        {
            ip.SetMoreFragments();
        }
        p->AddHeader(ip);
        return p;
    }

    void DoRun() override
    {
        const uint32_t flows = 4;
        std::vector<uint32_t> count(flows, 0);
        for (uint32_t c = 0; c < 64; ++c)
        {
            for (uint16_t port = 49152; port < 49152 + 16; ++port)
            {
                uint32_t flow = flows;
                uint32_t again = flows;
                NS_TEST_ASSERT_MSG_EQ(
                    BatchySwitch::ClassifyIpv4(Make(0xac100000 + 4 * c, port), flows, flow),
                    true,
                    "a UDP packet is classified");
                BatchySwitch::ClassifyIpv4(Make(0xac100000 + 4 * c, port), flows, again);
                NS_TEST_ASSERT_MSG_EQ(flow, again, "the same 5-tuple, the same flow");
                NS_TEST_ASSERT_MSG_LT(flow, flows, "a flow of the graph");
                ++count[flow];
            }
        }
        // 1024 5-tuples over 4 flows: 256 each, within 25 %.
        for (uint32_t f = 0; f < flows; ++f)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(count[f], 256u, 64u, "flow " << f << " gets its share");
        }
        uint32_t flow = 0;
        NS_TEST_ASSERT_MSG_EQ(BatchySwitch::ClassifyIpv4(Make(1, 1, true), flows, flow),
                              false,
                              "a fragment is not classified");
        NS_TEST_ASSERT_MSG_EQ(
            BatchySwitch::ClassifyIpv4(Make(1, 1)->CreateFragment(0, 22), flows, flow),
            false,
            "a packet cut inside its ports is not classified");
        NS_TEST_ASSERT_MSG_EQ(BatchySwitch::ClassifyIpv4(Create<Packet>(10), flows, flow),
                              false,
                              "a packet shorter than an IPv4 header is not classified");
    }
};

class BatchyTestSuite : public TestSuite
{
  public:
    BatchyTestSuite()
        : TestSuite("request-scheduling-batchy", Type::UNIT)
    {
        AddTestCase(new FractionalBufferTestCase());
        AddTestCase(new GraphTestCase());
        AddTestCase(new RunToCompletionTestCase());
        AddTestCase(new BatchyMd1TestCase());
        AddTestCase(new ControllersTestCase());
        AddTestCase(new OnOffTestCase());
        AddTestCase(new FullGradientTestCase());
        AddTestCase(new FullRecoveryTestCase());
        AddTestCase(new FullAuthorsVariantsTestCase());
        AddTestCase(new ChainTestCase());
        AddTestCase(new WeightedFairTestCase());
        AddTestCase(new ProfilerTestCase());
        AddTestCase(new CoresTestCase());
        AddTestCase(new SchedulingPartsTestCase());
        AddTestCase(new DecompositionTestCase());
        AddTestCase(new FailoverTestCase());
        AddTestCase(new SwitchEgressTestCase());
        AddTestCase(new Ipv4HashTestCase());
    }
};

/// Registers the suite.
BatchyTestSuite g_batchyTestSuite;

} // namespace
