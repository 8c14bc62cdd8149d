/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The server's scheduling engine against queueing theory. Requests are fed
 * straight to the policies (no network) so each case can use 10^5 - 10^6
 * requests: the standard error of each mean is below 1 %, and the cases
 * check agreement within 3 %. Seeds are fixed, so results are repeatable.
 */

#include "request-scheduling-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/cfcfs-core-policy.h"
#include "ns3/dfcfs-core-policy.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/mixture-random-variable.h"
#include "ns3/ps-core-policy.h"
#include "ns3/psp-core-policy.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/rss-hash.h"
#include "ns3/shinjuku-core-policy.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <deque>
#include <sstream>

using namespace ns3;
using namespace ns3::rsched;
using namespace ns3::rsched::tests;

NS_LOG_COMPONENT_DEFINE("RequestSchedulingTheoryTest");

namespace
{

constexpr double kTolerance = 0.03;    //!< relative agreement required
constexpr double kMeanService = 10e-6; //!< mean service time (s)

/**
 * \param c servers
 * \param rho utilisation
 * \return the arrival rate that loads c servers of kMeanService to rho
 */
double
RateFor(uint32_t c, double rho)
{
    return rho * c / kMeanService;
}

/**
 * \param rho a load
 * \return it with two decimals
 */
std::string
LoadText(double rho)
{
    std::ostringstream os;
    os.precision(2);
    os << std::fixed << rho;
    return os.str();
}

/**
 * \param what the case
 * \param measured measured mean (s)
 * \param expected theory (s)
 */
void
Report(const std::string& what, double measured, double expected)
{
    NS_LOG_INFO(what << ": measured " << measured * 1e6 << " us, theory " << expected * 1e6
                     << " us, error " << 100 * (measured / expected - 1) << " %");
}

/// M/M/c with c-FCFS against Erlang C.
class MmcErlangCTestCase : public TestCase
{
  public:
    /**
     * \param rho utilisation
     * \param requests requests to simulate
     */
    MmcErlangCTestCase(double rho, uint64_t requests)
        : TestCase("M-M-4 c-FCFS mean sojourn = Erlang C at load " + LoadText(rho)),
          m_rho(rho),
          m_requests(requests)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(11);
        RngSeedManager::SetRun(1);
        const uint32_t c = 4;
        double lambda = RateFor(c, m_rho);
        PolicyDriver d(CreateObject<CfcfsCorePolicy>(),
                       c,
                       Exponential(1 / lambda),
                       Exponential(kMeanService),
                       m_requests,
                       m_requests / 100);
        d.Run();
        double expected = MmcMeanSojourn(c, lambda, 1 / kMeanService);
        Report(GetName(), d.GetSojourn().GetMean().GetSeconds(), expected);
        NS_TEST_ASSERT_MSG_EQ(d.GetCompleted(), m_requests, "every request completes");
        NS_TEST_ASSERT_MSG_EQ_TOL(d.GetSojourn().GetMean().GetSeconds(),
                                  expected,
                                  kTolerance * expected,
                                  "M/M/4 mean sojourn differs from Erlang C");
    }

    double m_rho;        //!< utilisation
    uint64_t m_requests; //!< requests
};

/// M/G/1 processor sharing: mean sojourn E[S] / (1 - rho), whatever G.
class PsTestCase : public TestCase
{
  public:
    /**
     * \param rho utilisation
     * \param requests requests to simulate
     */
    PsTestCase(double rho, uint64_t requests)
        : TestCase("M-G-1 processor sharing mean sojourn = E[S] over (1 - load) at load " +
                   LoadText(rho)),
          m_rho(rho),
          m_requests(requests)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(12);
        RngSeedManager::SetRun(1);
        double lambda = RateFor(1, m_rho);
        // A non-exponential G (uniform on [0, 2 E[S]]): PS is insensitive.
        auto demand = CreateObject<UniformRandomVariable>();
        demand->SetAttribute("Min", DoubleValue(0));
        demand->SetAttribute("Max", DoubleValue(2 * kMeanService));
        PolicyDriver d(CreateObject<PsCorePolicy>(),
                       1,
                       Exponential(1 / lambda),
                       demand,
                       m_requests,
                       m_requests / 100);
        d.Run();
        double expected = kMeanService / (1 - m_rho);
        Report(GetName(), d.GetSojourn().GetMean().GetSeconds(), expected);
        NS_TEST_ASSERT_MSG_EQ(d.GetCompleted(), m_requests, "every request completes");
        NS_TEST_ASSERT_MSG_EQ_TOL(d.GetSojourn().GetMean().GetSeconds(),
                                  expected,
                                  kTolerance * expected,
                                  "M/G/1-PS mean sojourn differs from E[S]/(1-rho)");
    }

    double m_rho;        //!< utilisation
    uint64_t m_requests; //!< requests
};

/// Processor sharing over c cores with n <= c requests gives each a full core.
class PsMultiCoreTestCase : public TestCase
{
  public:
    PsMultiCoreTestCase()
        : TestCase("PS over 4 cores: up to 4 requests run at full speed, 8 at half")
    {
    }

  private:
    void DoRun() override
    {
        // 8 requests of 10 us arrive at once on 4 cores: all finish at 20 us.
        // 4 requests: all finish at 10 us.
        for (uint32_t n : {4u, 8u})
        {
            auto gap = CreateObject<ConstantRandomVariable>();
            gap->SetAttribute("Constant", DoubleValue(0));
            auto demand = CreateObject<ConstantRandomVariable>();
            demand->SetAttribute("Constant", DoubleValue(kMeanService));
            PolicyDriver d(CreateObject<PsCorePolicy>(), 4, gap, demand, n, 0);
            d.Run();
            double expected = kMeanService * std::max(1.0, n / 4.0);
            NS_TEST_ASSERT_MSG_EQ_TOL(d.GetSojourn().GetMax().GetSeconds(),
                                      expected,
                                      1e-9,
                                      "last completion");
            NS_TEST_ASSERT_MSG_EQ_TOL(d.GetSojourn().GetMin().GetSeconds(),
                                      expected,
                                      1e-9,
                                      "first completion");
        }
    }
};

/// M/D/1 against Pollaczek-Khinchine.
class Md1TestCase : public TestCase
{
  public:
    /**
     * \param rho utilisation
     * \param requests requests to simulate
     */
    Md1TestCase(double rho, uint64_t requests)
        : TestCase("M-D-1 mean sojourn = Pollaczek-Khinchine at load " + LoadText(rho)),
          m_rho(rho),
          m_requests(requests)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(13);
        RngSeedManager::SetRun(1);
        double lambda = RateFor(1, m_rho);
        auto demand = CreateObject<ConstantRandomVariable>();
        demand->SetAttribute("Constant", DoubleValue(kMeanService));
        PolicyDriver d(CreateObject<DfcfsCorePolicy>(),
                       1,
                       Exponential(1 / lambda),
                       demand,
                       m_requests,
                       m_requests / 100);
        d.Run();
        // W = lambda E[S^2] / (2 (1 - rho)) with E[S^2] = S^2.
        double expected = kMeanService + m_rho * kMeanService / (2 * (1 - m_rho));
        Report(GetName(), d.GetSojourn().GetMean().GetSeconds(), expected);
        NS_TEST_ASSERT_MSG_EQ_TOL(d.GetSojourn().GetMean().GetSeconds(),
                                  expected,
                                  kTolerance * expected,
                                  "M/D/1 mean sojourn differs from Pollaczek-Khinchine");
    }

    double m_rho;        //!< utilisation
    uint64_t m_requests; //!< requests
};

/**
 * d-FCFS behind RSS with requests spread over many flows at random: each
 * worker is an independent M/M/1 queue fed by the fraction of flows that
 * RSS maps to it, so the mean sojourn is sum_q f_q / (mu - lambda f_q).
 */
class DfcfsRssTestCase : public TestCase
{
  public:
    /**
     * \param rho utilisation
     * \param requests requests to simulate
     */
    DfcfsRssTestCase(double rho, uint64_t requests)
        : TestCase("d-FCFS with random per-flow spreading = independent M-M-1 queues at load " +
                   LoadText(rho)),
          m_rho(rho),
          m_requests(requests)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(14);
        RngSeedManager::SetRun(1);
        const uint32_t c = 4;
        const uint32_t flows = 4096;
        RssHash rss;
        rss.SetQueues(c);
        std::vector<uint32_t> queueOfFlow(flows);
        std::vector<double> share(c, 0);
        for (uint32_t f = 0; f < flows; ++f)
        {
            // Flows differ by client address and source port, as in the example.
            queueOfFlow[f] = rss.QueueOf(rss.Hash(Ipv4Address(0x0a000001 + f / 64),
                                                  Ipv4Address("10.0.0.100"),
                                                  49153 + f,
                                                  9000));
            share[queueOfFlow[f]] += 1.0 / flows;
        }
        double lambda = RateFor(c, m_rho);
        double mu = 1 / kMeanService;
        double expected = 0;
        for (uint32_t q = 0; q < c; ++q)
        {
            NS_TEST_ASSERT_MSG_LT(lambda * share[q], mu, "RSS left a queue overloaded");
            expected += share[q] / (mu - lambda * share[q]);
        }
        auto pick = CreateObject<UniformRandomVariable>();
        PolicyDriver d(CreateObject<DfcfsCorePolicy>(),
                       c,
                       Exponential(1 / lambda),
                       Exponential(kMeanService),
                       m_requests,
                       m_requests / 100);
        d.nicQueueOf = [&]() { return queueOfFlow[pick->GetInteger(0, flows - 1)]; };
        d.Run();
        Report(GetName(), d.GetSojourn().GetMean().GetSeconds(), expected);
        NS_TEST_ASSERT_MSG_EQ_TOL(d.GetSojourn().GetMean().GetSeconds(),
                                  expected,
                                  kTolerance * expected,
                                  "d-FCFS mean sojourn differs from independent M/M/1 queues");
    }

    double m_rho;        //!< utilisation
    uint64_t m_requests; //!< requests
};

/// Work conservation of c-FCFS: with a dispatcher, throughput is capped at 1/overhead.
class DispatcherCapTestCase : public TestCase
{
  public:
    DispatcherCapTestCase()
        : TestCase("dispatcher overhead (c-FCFS, PSP, Shinjuku) caps throughput at one request "
                   "per overhead")
    {
    }

  private:
    void DoRun() override
    {
        // 10 000 requests at once, 1 us each on 14 workers; dispatcher 200 ns:
        // the workers could finish in ~0.72 ms, the dispatcher needs 2 ms.
        auto gap = CreateObject<ConstantRandomVariable>();
        gap->SetAttribute("Constant", DoubleValue(0));
        auto demand = CreateObject<ConstantRandomVariable>();
        demand->SetAttribute("Constant", DoubleValue(1e-6));
        // The same for Perséphone's classifier and Shinjuku's dispatcher.
        for (Ptr<CfcfsCorePolicy> policy :
             std::vector<Ptr<CfcfsCorePolicy>>{CreateObject<CfcfsCorePolicy>(),
                                               CreateObject<PspCorePolicy>(),
                                               CreateObject<ShinjukuCorePolicy>()})
        {
            policy->SetAttribute("DispatchOverhead", TimeValue(NanoSeconds(200)));
            PolicyDriver d(policy, 14, gap, demand, 10000, 0);
            d.Run();
            NS_TEST_ASSERT_MSG_EQ_TOL(d.GetEnd().GetSeconds(),
                                      10000 * 200e-9 + 1e-6,
                                      1e-9,
                                      policy->GetInstanceTypeId().GetName()
                                          << ": makespan = dispatches + last service");
        }
    }
};

/**
 * Round robin with a quantum, a per-start overhead and a preemption cost:
 * a minimal user of the preemption seam (Run with a slice, DoSliceEnd,
 * Preempt) that Shinjuku and AFP build on.
 */
class RoundRobinTestPolicy : public CorePolicy
{
  public:
    /**
     * \param quantum slice length
     * \param overhead time before each (re)start
     * \param cost preemption cost
     */
    RoundRobinTestPolicy(Time quantum, Time overhead, Time cost)
        : m_quantum(quantum),
          m_overhead(overhead),
          m_cost(cost)
    {
    }

  protected:
    void DoEnqueue(Handle h) override
    {
        if (HasIdleWorker())
        {
            Run(GetIdleWorker(), h, m_quantum, m_overhead);
            return;
        }
        m_queue.push_back(h);
    }

    void DoWorkerIdle(uint32_t w) override
    {
        if (!m_queue.empty())
        {
            Handle h = m_queue.front();
            m_queue.pop_front();
            Run(w, h, m_quantum, m_overhead);
        }
    }

    void DoSliceEnd(uint32_t w, Handle h) override
    {
        m_queue.push_back(Preempt(w, m_cost));
        NS_ASSERT(m_queue.back() == h);
    }

    uint64_t DoGetWaiting() const override
    {
        return m_queue.size();
    }

  private:
    Time m_quantum;             //!< slice
    Time m_overhead;            //!< per-start overhead
    Time m_cost;                //!< preemption cost
    std::deque<Handle> m_queue; //!< waiting and preempted requests
};

/// Quantum, overhead and preemption cost add up exactly.
class PreemptionTimingTestCase : public TestCase
{
  public:
    PreemptionTimingTestCase()
        : TestCase("preemption seam: slices, start overhead and preemption cost add up")
    {
    }

  private:
    /// \param r a preempted request
    /// \param w its worker
    void Preempted(const ServerRequest& r, uint32_t w)
    {
        m_preemptedAt.push_back(Simulator::Now());
        m_remainingAt.push_back(r.remaining);
    }

    void DoRun() override
    {
        // One 10 us request, quantum 3 us, 0.5 us overhead per start, 1 us per
        // preemption: runs 0.5+3 | 1 | 0.5+3 | 1 | 0.5+3 | 1 | 0.5+1 -> done at 15 us.
        auto gap = CreateObject<ConstantRandomVariable>();
        auto demand = CreateObject<ConstantRandomVariable>();
        demand->SetAttribute("Constant", DoubleValue(10e-6));
        auto policy =
            CreateObject<RoundRobinTestPolicy>(MicroSeconds(3), NanoSeconds(500), MicroSeconds(1));
        policy->TraceConnectWithoutContext(
            "Preempt",
            MakeCallback(&PreemptionTimingTestCase::Preempted, this));
        PolicyDriver d(policy, 1, gap, demand, 1, 0);
        d.Run();
        NS_TEST_ASSERT_MSG_EQ(d.GetCompleted(), 1u, "completed");
        NS_TEST_ASSERT_MSG_EQ(d.GetSojourn().GetMax(), MicroSeconds(15), "completion time");
        NS_TEST_ASSERT_MSG_EQ(m_preemptedAt.size(), 3u, "preemptions");
        const Time expectedAt[] = {NanoSeconds(3500), NanoSeconds(8000), NanoSeconds(12500)};
        const Time expectedLeft[] = {MicroSeconds(7), MicroSeconds(4), MicroSeconds(1)};
        for (size_t i = 0; i < 3; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(m_preemptedAt[i], expectedAt[i], "preemption " << i << " time");
            NS_TEST_ASSERT_MSG_EQ(m_remainingAt[i],
                                  expectedLeft[i],
                                  "work left at preemption " << i);
        }
    }

    std::vector<Time> m_preemptedAt; //!< preemption times
    std::vector<Time> m_remainingAt; //!< work left at each preemption
};

/**
 * Round robin with a small quantum and free preemption on M/M/1: with
 * exponential service every work-conserving policy blind to service times
 * has the M/M/1 mean sojourn 1 / (mu - lambda).
 */
class RoundRobinTheoryTestCase : public TestCase
{
  public:
    RoundRobinTheoryTestCase()
        : TestCase("round robin (quantum 1 us) on M-M-1 at load 0.50 = 1 over (mu - lambda)")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(15);
        RngSeedManager::SetRun(1);
        const double rho = 0.5;
        double lambda = RateFor(1, rho);
        auto policy = CreateObject<RoundRobinTestPolicy>(MicroSeconds(1), Time(0), Time(0));
        PolicyDriver d(policy, 1, Exponential(1 / lambda), Exponential(kMeanService), 300000, 3000);
        d.Run();
        double expected = kMeanService / (1 - rho);
        Report(GetName(), d.GetSojourn().GetMean().GetSeconds(), expected);
        NS_TEST_ASSERT_MSG_EQ(d.GetCompleted(), 300000u, "every request completes");
        NS_TEST_ASSERT_MSG_GT(policy->GetPreemptions(), 300000u, "requests were preempted");
        NS_TEST_ASSERT_MSG_EQ_TOL(d.GetSojourn().GetMean().GetSeconds(),
                                  expected,
                                  kTolerance * expected,
                                  "round-robin mean sojourn differs from M/M/1");
    }
};

/// Shinjuku: preemption at each quantum; with a quantum longer than any request it is c-FCFS.
class ShinjukuTestCase : public TestCase
{
  public:
    ShinjukuTestCase()
        : TestCase("Shinjuku: quantum and preemption cost; huge quantum = c-FCFS exactly")
    {
    }

  private:
    void DoRun() override
    {
        // One 10 us request, quantum 3 us, 1 us per preemption:
        // 3 | 1 | 3 | 1 | 3 | 1 | 1 -> done at 13 us after 3 preemptions.
        auto gap = CreateObject<ConstantRandomVariable>();
        auto demand = CreateObject<ConstantRandomVariable>();
        demand->SetAttribute("Constant", DoubleValue(10e-6));
        auto shinjuku = CreateObject<ShinjukuCorePolicy>();
        shinjuku->SetAttribute("Quantum", TimeValue(MicroSeconds(3)));
        shinjuku->SetAttribute("PreemptionOverhead", TimeValue(MicroSeconds(1)));
        PolicyDriver one(shinjuku, 1, gap, demand, 1, 0);
        one.Run();
        NS_TEST_ASSERT_MSG_EQ(one.GetSojourn().GetMax(), MicroSeconds(13), "completion time");
        NS_TEST_ASSERT_MSG_EQ(shinjuku->GetPreemptions(), 3u, "preemptions");

        // M/M/4 at 0.8: the same seed gives the same mean, event for event.
        double means[2];
        for (int k = 0; k < 2; ++k)
        {
            RngSeedManager::SetSeed(16);
            RngSeedManager::SetRun(1);
            Ptr<CfcfsCorePolicy> policy = CreateObject<CfcfsCorePolicy>();
            if (k == 1)
            {
                policy = CreateObject<ShinjukuCorePolicy>();
                policy->SetAttribute("Quantum", TimeValue(Seconds(1)));
            }
            // Fixed streams: automatic stream numbers differ between runs.
            Ptr<RandomVariableStream> arrivals = Exponential(1 / RateFor(4, 0.8));
            Ptr<RandomVariableStream> work = Exponential(kMeanService);
            arrivals->SetStream(1);
            work->SetStream(2);
            PolicyDriver d(policy, 4, arrivals, work, 100000, 0);
            d.Run();
            means[k] = d.GetSojourn().GetMean().GetSeconds();
            NS_TEST_ASSERT_MSG_EQ(policy->GetPreemptions(), 0u, "no preemption");
        }
        NS_TEST_ASSERT_MSG_EQ(means[1], means[0], "Shinjuku with a huge quantum is c-FCFS");

        // One worker, quantum 10 us: four 20 us requests of class 1 at 0, and
        // 1 us requests of class 0 at 1 us and at 12 us. With one FIFO the
        // second short request waits behind the class-1 requests requeued
        // ahead of it; with one queue per class, served in turn, it waits
        // for one slice at most.
        Time shortDone[2];
        for (int perClass = 0; perClass < 2; ++perClass)
        {
            auto policy = CreateObject<ShinjukuCorePolicy>();
            policy->SetAttribute("Quantum", TimeValue(MicroSeconds(10)));
            policy->SetAttribute("QueuePerClass", BooleanValue(perClass == 1));
            ScriptedDriver s(policy, 1);
            for (int i = 0; i < 4; ++i)
            {
                s.Add(Time(0), MicroSeconds(20), 1);
            }
            s.Add(MicroSeconds(1), MicroSeconds(1), 0);
            uint32_t late = s.Add(MicroSeconds(12), MicroSeconds(1), 0);
            ScriptOutcome o = s.Run();
            shortDone[perClass] = o.completion[late];
        }
        // FIFO: r0 0-10, r1 10-20, r2 20-30, r3 30-40, first short 40-41,
        // r0 41-51 (queued before the late one), late short 51-52.
        NS_TEST_ASSERT_MSG_EQ(shortDone[0], MicroSeconds(52), "one FIFO");
        // In turn: r0 0-10, short 10-11, r1 11-21, late short 21-22.
        NS_TEST_ASSERT_MSG_EQ(shortDone[1], MicroSeconds(22), "one queue per class, in turn");
    }
};

/// Perséphone: reserved workers never run long requests; short ones use them first.
class PspTestCase : public TestCase
{
  public:
    PspTestCase()
        : TestCase("Persephone: reserved workers run short requests only, and run them first; "
                   "hand-out by the dispatcher")
    {
    }

  private:
    /**
     * \param r a request starting
     * \param w its worker
     */
    void Started(const ServerRequest& r, uint32_t w)
    {
        if (w < 1)
        {
            ++(r.header.GetRequestClass() == 0 ? m_shortOnReserved : m_longOnReserved);
        }
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(17);
        RngSeedManager::SetRun(1);
        // 90 % of 1 us, 10 % of 100 us (mean 10.9 us) at 60 % of 4 workers.
        auto demand = CreateObject<MixtureRandomVariable>();
        for (auto [p, v] : {std::pair{0.9, 1e-6}, {0.1, 100e-6}})
        {
            auto c = CreateObject<ConstantRandomVariable>();
            c->SetAttribute("Constant", DoubleValue(v));
            demand->AddComponent(p, c);
        }
        auto psp = CreateObject<PspCorePolicy>();
        psp->SetAttribute("ReservedCores", UintegerValue(1));
        psp->TraceConnectWithoutContext("Start", MakeCallback(&PspTestCase::Started, this));
        PolicyDriver d(psp, 4, Exponential(10.9e-6 / (0.6 * 4)), demand, 100000, 0);
        d.Run();
        NS_TEST_ASSERT_MSG_EQ(d.GetCompleted(), 100000u, "every request completes");
        NS_TEST_ASSERT_MSG_EQ(m_longOnReserved, 0u, "a long request ran on the reserved worker");
        // The reserved worker is preferred for short requests: it takes far
        // more than a quarter of them.
        NS_TEST_ASSERT_MSG_GT(m_shortOnReserved,
                              90000u / 4,
                              "short requests prefer the reserved worker");

        // Hand-out by the dispatcher (100 ns per classification) or by the
        // idle worker. Two workers (worker 0 reserved), 1 us short requests
        // A, B, C at 0 and D at 1.05 us. A runs 0.1-1.1 us, B 0.2-1.2 us, C
        // waits. When A ends, the dispatcher is classifying D (1.05-1.15):
        // with dispatcher hand-out C starts at its pass at 1.15 us, with
        // worker pull at 1.1 us; D then runs on worker 1 from 1.2 us.
        for (std::string handOut : {"Dispatcher", "Immediate"})
        {
            auto policy = CreateObject<PspCorePolicy>();
            policy->SetAttribute("DispatchOverhead", TimeValue(NanoSeconds(100)));
            policy->SetAttribute("HandOut", StringValue(handOut));
            ScriptedDriver s(policy, 2);
            for (int i = 0; i < 3; ++i)
            {
                s.Add(Time(0), MicroSeconds(1), 0);
            }
            uint32_t d = s.Add(NanoSeconds(1050), MicroSeconds(1), 0);
            ScriptOutcome o = s.Run();
            NS_TEST_ASSERT_MSG_EQ(o.completion[0], NanoSeconds(1100), handOut << ": A");
            NS_TEST_ASSERT_MSG_EQ(o.completion[1], NanoSeconds(1200), handOut << ": B");
            NS_TEST_ASSERT_MSG_EQ(o.completion[2],
                                  NanoSeconds(handOut == "Dispatcher" ? 2150 : 2100),
                                  handOut << ": C waits for the dispatcher's pass or not");
            NS_TEST_ASSERT_MSG_EQ(o.completion[d], NanoSeconds(2200), handOut << ": D");
        }

        // Hand-out only in passes (the AFP authors' simulator), 100 ns per
        // classification, 3.1 us idle spin, two workers (worker 0 reserved),
        // 1 us short requests. A, B, C, D at 0: classified at 0.1, 0.2, 0.3,
        // 0.4 us; A -> worker 0 at 0.1, B -> worker 1 at 0.2; C and D wait.
        // The workers are idle from 1.1 and 1.2 us, but the dispatcher spins
        // from 0.4 us: its pass at 3.5 us gives C to worker 0 (one request
        // per class per pass), the next at 6.6 us D to worker 1.
        {
            auto policy = CreateObject<PspCorePolicy>();
            policy->SetAttribute("DispatchOverhead", TimeValue(NanoSeconds(100)));
            policy->SetAttribute("HandOut", StringValue("Passes"));
            ScriptedDriver s(policy, 2);
            for (int i = 0; i < 4; ++i)
            {
                s.Add(Time(0), MicroSeconds(1), 0);
            }
            ScriptOutcome o = s.Run();
            NS_TEST_ASSERT_MSG_EQ(o.completion[0], NanoSeconds(1100), "passes: A");
            NS_TEST_ASSERT_MSG_EQ(o.completion[1], NanoSeconds(1200), "passes: B");
            NS_TEST_ASSERT_MSG_EQ(o.completion[2],
                                  NanoSeconds(4500),
                                  "passes: C at the spin's end");
            NS_TEST_ASSERT_MSG_EQ(o.completion[3], NanoSeconds(7600), "passes: D one spin later");
            NS_TEST_ASSERT_MSG_EQ(o.starts[2].first, 0u, "passes: C on the reserved worker");
        }
        // An arrival ends the spin with a pass: as above with A, B, C at 0
        // and E at 2 us. C waits from 0.3 us; E's arrival at 2 us gives C to
        // worker 0, E is classified 2.0-2.1 us and goes to worker 1 at once.
        {
            auto policy = CreateObject<PspCorePolicy>();
            policy->SetAttribute("DispatchOverhead", TimeValue(NanoSeconds(100)));
            policy->SetAttribute("HandOut", StringValue("Passes"));
            ScriptedDriver s(policy, 2);
            for (int i = 0; i < 3; ++i)
            {
                s.Add(Time(0), MicroSeconds(1), 0);
            }
            uint32_t e = s.Add(MicroSeconds(2), MicroSeconds(1), 0);
            ScriptOutcome o = s.Run();
            NS_TEST_ASSERT_MSG_EQ(o.completion[2], NanoSeconds(3000), "passes: C at E's arrival");
            NS_TEST_ASSERT_MSG_EQ(o.completion[e], NanoSeconds(3100), "passes: E after its pass");
        }
    }

    uint64_t m_shortOnReserved{0}; //!< short requests started on the reserved worker
    uint64_t m_longOnReserved{0};  //!< long requests started on the reserved worker
};

/// Suite of the theory checks.
class CorePolicyTheoryTestSuite : public TestSuite
{
  public:
    CorePolicyTheoryTestSuite()
        : TestSuite("request-scheduling-microsecond-theory", Type::UNIT)
    {
        AddTestCase(new MmcErlangCTestCase(0.5, 300000));
        AddTestCase(new MmcErlangCTestCase(0.8, 1000000), RS_TEST_EXTENSIVE);
        AddTestCase(new PsTestCase(0.5, 300000));
        AddTestCase(new PsTestCase(0.8, 1000000), RS_TEST_EXTENSIVE);
        AddTestCase(new PsMultiCoreTestCase());
        AddTestCase(new Md1TestCase(0.5, 300000));
        AddTestCase(new Md1TestCase(0.8, 600000), RS_TEST_EXTENSIVE);
        AddTestCase(new DfcfsRssTestCase(0.5, 500000));
        AddTestCase(new DfcfsRssTestCase(0.8, 2000000), RS_TEST_EXTENSIVE);
        AddTestCase(new DispatcherCapTestCase());
        AddTestCase(new PreemptionTimingTestCase());
        AddTestCase(new RoundRobinTheoryTestCase(), RS_TEST_EXTENSIVE);
        AddTestCase(new ShinjukuTestCase());
        AddTestCase(new PspTestCase());
    }
};

/// The suite's instance.
CorePolicyTheoryTestSuite g_corePolicyTheoryTestSuite;

} // namespace
