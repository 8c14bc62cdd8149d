/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "request-scheduling-test-utils.h"

#include "ns3/cfcfs-core-policy.h"
#include "ns3/lcfs-core-policy.h"
#include "ns3/microsecond-scenario.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::rsched;
using namespace ns3::rsched::tests;

namespace
{

/// The newest waiting request is served first, to completion.
class LcfsOrderTestCase : public TestCase
{
  public:
    LcfsOrderTestCase()
        : TestCase("LCFS: an idle worker takes the newest waiting request")
    {
    }

  private:
    void DoRun() override
    {
        // One worker; the class tells the requests apart.
        ScriptedDriver d(CreateObject<LcfsCorePolicy>(), 1);
        d.Add(MicroSeconds(0), MicroSeconds(10), 0);
        d.Add(MicroSeconds(1), MicroSeconds(1), 1);
        d.Add(MicroSeconds(2), MicroSeconds(1), 2);
        d.Add(MicroSeconds(3), MicroSeconds(1), 3);
        ScriptOutcome o = d.Run();
        const uint8_t expected[] = {0, 3, 2, 1};
        NS_TEST_ASSERT_MSG_EQ(o.starts.size(), 4u, "every request starts once");
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(+o.starts[i].second, +expected[i], "start " << i);
        }
    }
};

/// M/M/4: LCFS has the mean of FCFS (Erlang C) and a longer tail.
class LcfsTheoryTestCase : public TestCase
{
  public:
    LcfsTheoryTestCase()
        : TestCase("M-M-4 LCFS: mean sojourn = Erlang C, p99 above c-FCFS's")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t c = 4;
        const double meanService = 10e-6;
        const double lambda = 0.7 * c / meanService;
        const uint64_t requests = 400000;
        LatencySummary sojourn[2];
        uint32_t i = 0;
        for (Ptr<CorePolicy> policy : {Ptr<CorePolicy>(CreateObject<LcfsCorePolicy>()),
                                       Ptr<CorePolicy>(CreateObject<CfcfsCorePolicy>())})
        {
            RngSeedManager::SetSeed(17);
            RngSeedManager::SetRun(1);
            PolicyDriver d(policy,
                           c,
                           Exponential(1 / lambda),
                           Exponential(meanService),
                           requests,
                           requests / 100);
            d.Run();
            NS_TEST_ASSERT_MSG_EQ(d.GetCompleted(), requests, "every request completes");
            sojourn[i++] = d.GetSojourn();
        }
        double expected = MmcMeanSojourn(c, lambda, 1 / meanService);
        NS_TEST_EXPECT_MSG_EQ_TOL(sojourn[0].GetMean().GetSeconds(),
                                  expected,
                                  0.03 * expected,
                                  "LCFS mean sojourn differs from Erlang C");
        NS_TEST_EXPECT_MSG_GT(sojourn[0].GetQuantile(0.99),
                              sojourn[1].GetQuantile(0.99),
                              "LCFS p99 should exceed c-FCFS p99");
    }
};

/// The name table makes the policy a value of --policy.
class LcfsByNameTestCase : public TestCase
{
  public:
    LcfsByNameTestCase()
        : TestCase("LCFS: chosen by its short name in a scenario")
    {
    }

  private:
    void DoRun() override
    {
        MicrosecondScenario::Parameters p;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p.SetPolicy("lcfs", error), true, error);
        NS_TEST_ASSERT_MSG_EQ(p.policy.GetTypeId(), LcfsCorePolicy::GetTypeId(), "type");
        p.duration = MilliSeconds(5);
        MicrosecondScenario s(p);
        s.Build();
        s.Run();
        NS_TEST_EXPECT_MSG_EQ(s.GetCompleted(), s.GetSent(), "all answered");
        NS_TEST_EXPECT_MSG_GT(s.GetSent(), 100u, "requests were sent");
        Simulator::Destroy();
    }
};

/// The LCFS test suite.
class LcfsTestSuite : public TestSuite
{
  public:
    LcfsTestSuite()
        : TestSuite("request-scheduling-microsecond-lcfs", Type::UNIT)
    {
        AddTestCase(new LcfsOrderTestCase());
        AddTestCase(new LcfsTheoryTestCase());
        AddTestCase(new LcfsByNameTestCase());
    }
};

/// Registers the suite.
LcfsTestSuite g_lcfsTestSuite;

} // namespace
