/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Batchy: the data-flow graph and its text format, the fractional buffer,
// the run-to-completion worker (order, cost accounting, M/D/1), and the
// null and max controllers.

#include "request-scheduling-test-utils.h"

#include "ns3/batchy-controller.h"
#include "ns3/batchy-worker.h"
#include "ns3/data-flow-graph.h"
#include "ns3/double.h"
#include "ns3/fractional-buffer.h"
#include "ns3/max-batchy-controller.h"
#include "ns3/null-batchy-controller.h"
#include "ns3/on-off-batchy-controller.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <functional>
#include <map>
#include <sstream>
#include <vector>

using namespace ns3;

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

        const std::vector<std::pair<std::string, std::string>> bad = {
            {"module a 1 1 b\nmodule b 1 1 a\nflow f a>b 1 1us\n",
             "bad:2"}, // cycle (at the flow? no)
            {"module a 1 1\nmodule b 1 1\nflow f a>b 1 1us\n", "bad:3: flow f: no edge a -> b"},
            {"module a -1 1\nflow f a 1 1us\n", "bad:1: costs"},
            {"module a 1 1 c\nflow f a 1 1us\n", "bad:1: unknown successor c"},
            {"module a 1 1\nflow f a>x 1 1us\n", "bad:2: flow f: unknown module"},
            {"module a 1 1\nflow f a 1 fast\n", "bad:2: the SLO"},
            {"modul a 1 1\n", "bad:1: unknown item"},
            {"module a 1 1 b\nmodule b 1 1\nflow f b 1 1us\n", "bad:3: flow f starts at b"},
        };
        for (const auto& [text, expected] : bad)
        {
            std::istringstream in(text);
            DataFlowGraph h;
            NS_TEST_ASSERT_MSG_EQ(DataFlowGraph::Parse(in, "bad", h, error), false, text);
            if (expected != "bad:2")
            {
                NS_TEST_ASSERT_MSG_EQ(error.rfind(expected, 0),
                                      0,
                                      error << " (" << expected << ")");
            }
            else
            {
                NS_TEST_ASSERT_MSG_NE(error.find("not acyclic"), std::string::npos, error);
            }
        }
    }
};

/// Records departures.
struct Departures
{
    std::vector<std::pair<uint32_t, Time>> list; //!< (flow, time)

    /**
     * \param p packet
     * \param flow flow
     * \param at departure
     */
    void Add(Ptr<Packet> /* p */, uint32_t flow, Time at)
    {
        list.emplace_back(flow, at);
    }
};

/// Depth-first run-to-completion and the cost accounting of a two-branch graph.
class RunToCompletionTestCase : public TestCase
{
  public:
    RunToCompletionTestCase()
        : TestCase("Worker: depth-first run to completion; two branches cost 10 units "
                   "unbuffered and 8 with buffers of 2 (hand-computed)")
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
        for (uint32_t trigger : {0u, 2u})
        {
            // A splitter s (1 unit per batch) and two branches a, b (1 unit
            // per batch + 1 per packet), plus a branch c (2 units) that a
            // first packet takes alone at time 0, keeping the worker busy
            // until 3 while a1, b1, a2, b2 queue; MaxBatch 2 makes the next
            // runs [a1, b1] and [a2, b2].
            // Unbuffered: each of the two runs costs s 1 + a 2 + b 2 = 5, 10
            // units; a1 leaves at 6, b1 at 8, a2 at 11, b2 at 13.
            // Buffers of 2 at a and b: the first run costs s only (1), the
            // second s 1 + a (1 + 2) + b (1 + 2) = 7: 8 units; a1 and a2
            // leave at 8, b1 and b2 at 11.
            DataFlowGraph g;
            uint32_t s = g.AddModule("s", unit, 0);
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
            w->SetGraph(g);
            w->SetTrigger(a, trigger);
            w->SetTrigger(b, trigger);
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
            using V = std::vector<Time>;
            if (trigger == 0)
            {
                NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime(), MicroSeconds(3 + 10), "unbuffered");
                NS_TEST_ASSERT_MSG_EQ((at[0] == V{MicroSeconds(6), MicroSeconds(11)}), true, "a");
                NS_TEST_ASSERT_MSG_EQ((at[1] == V{MicroSeconds(8), MicroSeconds(13)}), true, "b");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(w->GetBusyTime(), MicroSeconds(3 + 8), "buffered");
                NS_TEST_ASSERT_MSG_EQ((at[0] == V{MicroSeconds(8), MicroSeconds(8)}), true, "a");
                NS_TEST_ASSERT_MSG_EQ((at[1] == V{MicroSeconds(11), MicroSeconds(11)}), true, "b");
                NS_TEST_ASSERT_MSG_EQ(w->GetModuleStats(a).executions, 1, "a ran once, on 2");
            }
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
                   "period; a tight one keeps them off; a violation turns them off")
    {
    }

  private:
    /**
     * \param slo both flows' SLO
     * \param startFull set every trigger to 32 after the controller starts
     * \return the triggers of r, a, b after 1.5 periods
     */
    std::vector<uint32_t> Run(Time slo, bool startFull)
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
            if (k < 20000)
            {
                Simulator::Schedule(MicroSeconds(10), arrive);
            }
        };
        Simulator::Schedule(Time(0), arrive);
        std::vector<uint32_t> triggers;
        Simulator::Schedule(MilliSeconds(150), [&]() {
            for (uint32_t v : {r, a, b})
            {
                triggers.push_back(w->GetTrigger(v));
            }
        });
        Simulator::Stop(MilliSeconds(160));
        Simulator::Run();
        Simulator::Destroy();
        return triggers;
    }

    void DoRun() override
    {
        // Loose: 32 x 10 us at r (320 us) and 32 x 20 us at a and b (640 us
        // each) all fit a 10 ms budget.
        NS_TEST_ASSERT_MSG_EQ((Run(MilliSeconds(10), false) == std::vector<uint32_t>{32, 32, 32}),
                              true,
                              "all on");
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
    }
};

/// Registers the suite.
BatchyTestSuite g_batchyTestSuite;

} // namespace
