/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * AFP's rules, checked event by event on scripted arrivals fed straight to
 * the policy: the timer preempts a long request exactly at quantum expiry
 * and only when its worker's NIC queue holds a request; short requests run
 * to completion; the starvation counter sends a worker to the wait queue
 * after Thresh local requests; an idle worker never leaves its own queue
 * (or the wait queue) waiting.
 */

#include "request-scheduling-test-utils.h"

#include "ns3/afp-core-policy.h"
#include "ns3/double.h"
#include "ns3/mixture-random-variable.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

using namespace ns3;
using namespace ns3::rsched;
using namespace ns3::rsched::tests;

namespace
{

constexpr uint8_t kShort = 0; //!< class of short requests
constexpr uint8_t kLong = 1;  //!< class of long requests

/**
 * \param quantum Quantum
 * \param interrupt InterruptOverhead
 * \return an AFP policy
 */
Ptr<AfpCorePolicy>
MakeAfp(Time quantum, Time interrupt)
{
    auto afp = CreateObject<AfpCorePolicy>();
    afp->SetAttribute("Quantum", TimeValue(quantum));
    afp->SetAttribute("InterruptOverhead", TimeValue(interrupt));
    return afp;
}

/// The timer preempts at quantum expiry, and only when the NIC queue holds a request.
class AfpTimerTestCase : public TestCase
{
  public:
    AfpTimerTestCase()
        : TestCase("AFP: preemption exactly at quantum expiry, only with a non-empty NIC queue")
    {
    }

  private:
    void DoRun() override
    {
        // One worker, quantum 2 us, interrupt 1 us. A 10 us long request
        // starts at 0; a 1 us short one joins the NIC queue at 5 us. The
        // timer finds the queue empty at 2 and 4 us (fresh quanta) and
        // preempts at 6 us with 4 us left; the worker pays 1 us, runs the
        // short request (7-8 us), then resumes the long one from the wait
        // queue: 8-10 us, an empty queue, 10-12 us.
        {
            ScriptedDriver s(MakeAfp(MicroSeconds(2), MicroSeconds(1)), 1);
            uint32_t longId = s.Add(Time(0), MicroSeconds(10), kLong, 0);
            uint32_t shortId = s.Add(MicroSeconds(5), MicroSeconds(1), kShort, 0);
            ScriptOutcome o = s.Run();
            NS_TEST_ASSERT_MSG_EQ(o.preemptions.size(), 1u, "one preemption");
            NS_TEST_ASSERT_MSG_EQ(o.preemptions[0].first, MicroSeconds(6), "at the third expiry");
            NS_TEST_ASSERT_MSG_EQ(o.completion[shortId], MicroSeconds(8), "short request");
            NS_TEST_ASSERT_MSG_EQ(o.completion[longId], MicroSeconds(12), "long request");
        }
        // The same with an idle second worker: it resumes the preempted
        // request at once (6-10 us) while the first runs the short one.
        {
            ScriptedDriver s(MakeAfp(MicroSeconds(2), MicroSeconds(1)), 2);
            uint32_t longId = s.Add(Time(0), MicroSeconds(10), kLong, 0);
            uint32_t shortId = s.Add(MicroSeconds(5), MicroSeconds(1), kShort, 0);
            ScriptOutcome o = s.Run();
            NS_TEST_ASSERT_MSG_EQ(o.preemptions.size(), 1u, "one preemption");
            NS_TEST_ASSERT_MSG_EQ(o.completion[shortId], MicroSeconds(8), "short request");
            NS_TEST_ASSERT_MSG_EQ(o.completion[longId], MicroSeconds(10), "long request");
            NS_TEST_ASSERT_MSG_EQ(o.starts.size(), 3u, "three starts");
            NS_TEST_ASSERT_MSG_EQ(o.starts[1].first, 1u, "resumed on the idle worker");
            NS_TEST_ASSERT_MSG_EQ(+o.starts[1].second, +kLong, "the long request resumed");
        }
        // A request queued on another worker's NIC queue does not make the
        // timer preempt; nor is a short request ever preempted.
        {
            ScriptedDriver s(MakeAfp(MicroSeconds(2), MicroSeconds(1)), 2);
            uint32_t longId = s.Add(Time(0), MicroSeconds(10), kLong, 0);
            s.Add(NanoSeconds(100), MicroSeconds(9), kShort, 1);
            uint32_t other = s.Add(MicroSeconds(1), MicroSeconds(1), kShort, 1);
            ScriptOutcome o = s.Run();
            NS_TEST_ASSERT_MSG_EQ(o.preemptions.size(), 0u, "no preemption");
            NS_TEST_ASSERT_MSG_EQ(o.completion[longId], MicroSeconds(10), "long request");
            NS_TEST_ASSERT_MSG_EQ(o.completion[other], NanoSeconds(10100), "after the 9 us one");
        }

        // The checks are computed, not simulated: a request that reaches the
        // NIC queue at the very instant of a check (4 us) is seen by the next
        // one (6 us), as when the check's event was scheduled first; one
        // arriving between checks (57.5 us) by the following check (58 us).
        // Either way the run costs two arrivals, the preemption, the
        // overhead's end and two completions: no event per quantum.
        struct Case
        {
            Time work;    // of the long request
            Time arrival; // of the short one
            Time preempt; // expected preemption
        };

        for (const Case& c : {Case{MicroSeconds(10), MicroSeconds(4), MicroSeconds(6)},
                              Case{MicroSeconds(100), NanoSeconds(57500), MicroSeconds(58)}})
        {
            ScriptedDriver s(MakeAfp(MicroSeconds(2), MicroSeconds(1)), 1);
            s.Add(Time(0), c.work, kLong, 0);
            s.Add(c.arrival, MicroSeconds(1), kShort, 0);
            ScriptOutcome o = s.Run();
            NS_TEST_ASSERT_MSG_EQ(o.preemptions.size(), 1u, "one preemption");
            NS_TEST_ASSERT_MSG_EQ(o.preemptions[0].first, c.preempt, "at the next check");
            NS_TEST_ASSERT_MSG_EQ(o.events, 6u, "no event per quantum");
        }
        // With FeedbackDelay the timer watches the request only once it is
        // marked long: first expiry at 3 + 2 us.
        {
            Ptr<AfpCorePolicy> afp = MakeAfp(MicroSeconds(2), Time(0));
            afp->SetAttribute("FeedbackDelay", TimeValue(MicroSeconds(3)));
            ScriptedDriver s(afp, 1);
            s.Add(Time(0), MicroSeconds(10), kLong, 0);
            s.Add(MicroSeconds(1), MicroSeconds(1), kShort, 0);
            ScriptOutcome o = s.Run();
            NS_TEST_ASSERT_MSG_EQ(o.preemptions.size(), 1u, "one preemption");
            NS_TEST_ASSERT_MSG_EQ(o.preemptions[0].first, MicroSeconds(5), "delay + quantum");
        }
    }
};

/// The starvation counter sends a worker to the wait queue after Thresh local requests.
class AfpStarvationTestCase : public TestCase
{
  public:
    AfpStarvationTestCase()
        : TestCase("AFP: the starvation counter forces the wait queue after Thresh local requests")
    {
    }

  private:
    /**
     * \brief Record the counters of workers 0 and 1 as a request starts.
     * \param r the request
     * \param w its worker
     */
    void Started(const ServerRequest& /* r */, uint32_t /* w */)
    {
        m_counters = {m_afp->GetStarvationCounter(0), m_afp->GetStarvationCounter(1)};
    }

    Ptr<AfpCorePolicy> m_afp;                 //!< policy of the two-worker runs
    std::pair<uint32_t, uint32_t> m_counters; //!< counters at the latest start

    void DoRun() override
    {
        // One worker, Thresh 3, quantum 1 us, free interrupts: a 100 us long
        // request and 30 short ones of 1 us queued behind it. The worker
        // alternates: the long request for a quantum, then exactly 3 short
        // ones, then the long one again (the first cycle counts the long
        // request's own start).
        Ptr<AfpCorePolicy> afp = MakeAfp(MicroSeconds(1), Time(0));
        afp->SetAttribute("Thresh", UintegerValue(3));
        ScriptedDriver s(afp, 1);
        s.Add(Time(0), MicroSeconds(100), kLong, 0);
        for (int i = 0; i < 30; ++i)
        {
            s.Add(NanoSeconds(500), MicroSeconds(1), kShort, 0);
        }
        ScriptOutcome o = s.Run();
        std::vector<uint32_t> runs; // short requests between two long slices
        uint32_t shorts = 0;
        for (const auto& [worker, cls] : o.starts)
        {
            if (cls == kLong)
            {
                runs.push_back(shorts);
                shorts = 0;
                continue;
            }
            ++shorts;
        }
        // 2 + 9 x 3 short requests, one preemption before each: the 11th
        // slice is preempted for the last short request, the 12th runs to
        // the end.
        NS_TEST_ASSERT_MSG_EQ(runs.size(), 12u, "long slices");
        NS_TEST_ASSERT_MSG_EQ(runs[1], 2u, "first cycle: the long request counted one");
        for (size_t i = 2; i + 1 < runs.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(runs[i], 3u, "Thresh local requests between resumptions");
        }
        NS_TEST_ASSERT_MSG_EQ(runs.back(), 1u, "the last short request");
        NS_TEST_ASSERT_MSG_EQ(afp->GetPreemptions(), 11u, "one preemption per cycle");

        // Global counter: both workers count into one; PerWorker: each its own.
        for (std::string scope : {"Global", "PerWorker"})
        {
            Ptr<AfpCorePolicy> two = MakeAfp(MicroSeconds(1), Time(0));
            two->SetAttribute("Starvation", StringValue(scope));
            ScriptedDriver t(two, 2);
            // Queues never run dry until the last start, so nothing resets.
            for (int i = 0; i < 4; ++i)
            {
                t.Add(Time(0), NanoSeconds(500), kShort, 0);
                t.Add(Time(0), NanoSeconds(500), kShort, 1);
            }
            m_afp = two;
            two->TraceConnectWithoutContext("Start",
                                            MakeCallback(&AfpStarvationTestCase::Started, this));
            t.Run();
            // Counters seen at the last start: 8 requests, all local.
            auto [c0, c1] = m_counters;
            if (scope == "Global")
            {
                NS_TEST_ASSERT_MSG_EQ(c0, 8u, "one shared counter");
                NS_TEST_ASSERT_MSG_EQ(c1, 8u, "one shared counter");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(c0 + c1, 8u, "counters per worker");
                NS_TEST_ASSERT_MSG_EQ(c0, 4u, "worker 0 counted its own");
            }
        }
    }
};

/**
 * AFP under a random bimodal load: at sampled instants no idle worker has a
 * request in its own NIC queue or a preempted request waiting, and in the
 * end every request has completed with its full service.
 */
class AfpWorkConservationTestCase : public TestCase
{
  public:
    AfpWorkConservationTestCase()
        : TestCase("AFP: no idle worker while its NIC queue or the wait queue holds requests")
    {
    }

  private:
    /// Check every worker now, and again later.
    void Check()
    {
        for (uint32_t w = 0; w < m_afp->GetWorkers(); ++w)
        {
            if (m_afp->IsIdle(w))
            {
                ++m_idleSeen;
                NS_TEST_ASSERT_MSG_EQ(m_afp->GetNicQueueLength(w), 0u, "idle with a queue");
                NS_TEST_ASSERT_MSG_EQ(m_afp->GetWaitQueueLength(), 0u, "idle with waiting work");
            }
        }
        m_waitSeen += m_afp->GetWaitQueueLength() > 0;
        NS_TEST_ASSERT_MSG_EQ(m_afp->GetWaiting() + m_afp->GetInService() + m_afp->GetCompleted(),
                              m_driver->GetGenerated(),
                              "requests conserved");
        m_check = Simulator::Schedule(NanoSeconds(997), &AfpWorkConservationTestCase::Check, this);
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(23);
        RngSeedManager::SetRun(1);
        // W2-like: 99 % of 1 us, 1 % of 100 us, at 80 % of 4 workers.
        auto demand = CreateObject<MixtureRandomVariable>();
        for (auto [p, v] : {std::pair{0.99, 1e-6}, {0.01, 100e-6}})
        {
            auto c = CreateObject<ConstantRandomVariable>();
            c->SetAttribute("Constant", DoubleValue(v));
            demand->AddComponent(p, c);
        }
        const uint32_t workers = 4;
        const uint64_t requests = 200000;
        m_afp = MakeAfp(MicroSeconds(2), NanoSeconds(580));
        auto rss = CreateObject<UniformRandomVariable>();
        PolicyDriver d(m_afp, workers, Exponential(1.99e-6 / (0.8 * workers)), demand, requests, 0);
        d.nicQueueOf = [rss, workers]() { return rss->GetInteger(0, workers - 1); };
        m_driver = &d;
        Simulator::Schedule(NanoSeconds(501), &AfpWorkConservationTestCase::Check, this);
        m_afp->TraceConnectWithoutContext(
            "Complete",
            MakeCallback(&AfpWorkConservationTestCase::Finished, this));
        d.Run();
        NS_TEST_ASSERT_MSG_EQ(d.GetCompleted(), requests, "every request completes");
        NS_TEST_ASSERT_MSG_GT(m_afp->GetPreemptions(), 100u, "long requests were preempted");
        NS_TEST_ASSERT_MSG_GT(m_waitSeen, 0u, "the wait queue was used");
        NS_TEST_ASSERT_MSG_GT(m_idleSeen, 0u, "idle workers were checked");
        NS_TEST_ASSERT_MSG_EQ(m_shortPreempted, 0u, "short requests run to completion");
    }

    /**
     * \param r a completed request
     * \param w its worker
     */
    void Finished(const ServerRequest& r, uint32_t /* w */)
    {
        if (m_afp->GetCompleted() == m_driver->GetRequests())
        {
            m_check.Cancel();
        }
        m_shortPreempted += r.header.GetRequestClass() == kShort && r.preemptions > 0;
    }

    Ptr<AfpCorePolicy> m_afp;        //!< under test
    EventId m_check;                 //!< next check
    PolicyDriver* m_driver{nullptr}; //!< feeds the policy
    uint64_t m_idleSeen{0};          //!< idle workers checked
    uint64_t m_waitSeen{0};          //!< checks with a non-empty wait queue
    uint64_t m_shortPreempted{0};    //!< short requests preempted
};

/// Suite of AFP's rules.
class AfpTestSuite : public TestSuite
{
  public:
    AfpTestSuite()
        : TestSuite("request-scheduling-microsecond-afp", Type::UNIT)
    {
        AddTestCase(new AfpTimerTestCase());
        AddTestCase(new AfpStarvationTestCase());
        AddTestCase(new AfpWorkConservationTestCase());
    }
};

/// The suite's instance.
AfpTestSuite g_afpTestSuite;

} // namespace
