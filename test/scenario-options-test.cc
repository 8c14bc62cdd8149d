/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/mixture-random-variable.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scenario-options.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;

namespace
{

/**
 * \param stream a random variable
 * \param n number of draws
 * \return sample mean and (biased) sample variance of n draws
 */
std::pair<double, double>
SampleMoments(Ptr<RandomVariableStream> stream, int n)
{
    double sum = 0;
    double sum2 = 0;
    for (int i = 0; i < n; ++i)
    {
        double v = stream->GetValue();
        sum += v;
        sum2 += v * v;
    }
    double m = sum / n;
    return {m, std::max(0.0, sum2 / n - m * m)};
}

/// Distribution texts: means, classes and sampled moments.
class DistributionParseTestCase : public TestCase
{
  public:
    DistributionParseTestCase()
        : TestCase("distribution texts give the right mean, classes and samples")
    {
    }

  private:
    /**
     * \param text a distribution
     * \param mean its mean (s)
     * \param classes its number of classes
     */
    void Check(const std::string& text, double mean, size_t classes)
    {
        DistributionSpec spec;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(DistributionSpec::Parse(text, spec, error),
                              true,
                              text << ": " << error);
        NS_TEST_ASSERT_MSG_EQ_TOL(spec.mean, mean, 1e-12 * mean + 1e-18, text << " mean");
        NS_TEST_ASSERT_MSG_EQ(spec.classNames.size(), classes, text << " classes");
        // The sample mean of 200 000 draws is within 4 standard errors.
        const int n = 200000;
        auto [m, var] = SampleMoments(spec.stream, n);
        NS_TEST_ASSERT_MSG_EQ_TOL(m, mean, 4 * std::sqrt(var / n) + 1e-15, text << " sample mean");
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(5);
        Check("exp:50us", 50e-6, 1);
        Check("const:1us", 1e-6, 1);
        Check("uniform:128us:192us", 160e-6, 1);
        Check("lognormal:10us:3", 10e-6, 1);
        Check("bimodal:0.995:500ns:500us", 0.995 * 0.5e-6 + 0.005 * 500e-6, 2);
        Check("mix:0.333:50us:0.333:500us:0.334:5ms",
              0.333 * 50e-6 + 0.333 * 500e-6 + 0.334 * 5e-3,
              3);
        Check("exp:2.5ms", 2.5e-3, 1);
        Check("const:1s", 1, 1);

        DistributionSpec spec;
        std::string error;
        DistributionSpec::Parse("bimodal:0.995:500ns:500us", spec, error);
        NS_TEST_ASSERT_MSG_EQ(spec.classNames[0], "short", "first mode is the short one");
        NS_TEST_ASSERT_MSG_EQ(spec.classNames[1], "long", "second mode is the long one");

        // lognormal CV^2: variance / mean^2.
        DistributionSpec::Parse("lognormal:1s:3", spec, error);
        auto [m, var] = SampleMoments(spec.stream, 400000);
        NS_TEST_ASSERT_MSG_EQ_TOL(var / (m * m), 3.0, 0.3, "lognormal CV^2");

        DistributionSpec::Arrival("uniform", 2e-6, spec, error);
        NS_TEST_ASSERT_MSG_EQ_TOL(spec.mean, 2e-6, 1e-15, "uniform arrival mean");
        NS_TEST_ASSERT_MSG_EQ(DistributionSpec::Arrival("poisson", 1, spec, error), false, "kind");
        NS_TEST_ASSERT_MSG_EQ(DistributionSpec::Arrival("exp", -1, spec, error), false, "mean");
    }
};

/// Bad texts are rejected with a reason.
class DistributionRejectTestCase : public TestCase
{
  public:
    DistributionRejectTestCase()
        : TestCase("malformed distribution texts are rejected")
    {
    }

  private:
    void DoRun() override
    {
        for (const char* bad : {"",
                                "exp",
                                "exp:",
                                "exp:10",
                                "exp:-1us",
                                "exp:0us",
                                "exp:10us:5us",
                                "exp:nanus",
                                "exp:infs",
                                "const:1 us",
                                "uniform:5us:1us",
                                "uniform:1us",
                                "lognormal:1us:0",
                                "lognormal:1us",
                                "bimodal:1.5:1us:2us",
                                "bimodal:0.5:1us",
                                "bimodal:x:1us:2us",
                                "mix:0.5:1us:0.4:2us",
                                "mix:0.5:1us",
                                "weibull:1us",
                                ":1us"})
        {
            DistributionSpec spec;
            std::string error;
            NS_TEST_EXPECT_MSG_EQ(DistributionSpec::Parse(bad, spec, error),
                                  false,
                                  "'" << bad << "' accepted");
            NS_TEST_EXPECT_MSG_NE(error, "", "'" << bad << "' rejected without a reason");
        }
    }
};

/// Numbers, durations and choices are parsed strictly; errors name the option.
class OptionParseTestCase : public TestCase
{
  public:
    OptionParseTestCase()
        : TestCase("option values are parsed strictly and errors name the option")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        uint64_t u = 0;
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseUnsigned("cores", "16", 1, 64, u, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(u, 16, "cores");
        for (const char* bad :
             {"", "4abc", "-1", "0", "65", " 4", "4.0", "99999999999999999999999"})
        {
            NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseUnsigned("cores", bad, 1, 64, u, error),
                                  false,
                                  "cores '" << bad << "'");
            NS_TEST_EXPECT_MSG_EQ(error.rfind("invalid --cores=", 0),
                                  0,
                                  "message names the option");
        }
        double d = 0;
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseDouble("load", "0.8", 0, 100, d, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ_TOL(d, 0.8, 1e-15, "load");
        for (const char* bad : {"-0.5", "0", "nan", "inf", "0.8x", "", "1e400"})
        {
            NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseDouble("load", bad, 0, 100, d, error),
                                  false,
                                  "load '" << bad << "'");
            NS_TEST_EXPECT_MSG_EQ(error.rfind("invalid --load=", 0), 0, "message names the option");
        }
        Time t;
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseTime("duration", "200ms", false, t, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(t, MilliSeconds(200), "duration");
        for (const char* bad : {"2", "abc", "-1s", "0s", "1 s", "s", "1h"})
        {
            NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseTime("duration", bad, false, t, error),
                                  false,
                                  "duration '" << bad << "'");
        }
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseTime("warmup", "0s", true, t, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseChoice("policy", "ps", {"dfcfs", "ps"}, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(
            ScenarioOptions::ParseChoice("policy", "fifo", {"dfcfs", "ps"}, error),
            false,
            "unknown choice");
        NS_TEST_ASSERT_MSG_EQ(error, "invalid --policy=fifo: expected one of dfcfs|ps", "message");
    }
};

/// A mixture draws each component with its probability and tells which one it drew.
class MixtureTestCase : public TestCase
{
  public:
    MixtureTestCase()
        : TestCase("mixture: component frequencies and class of the last draw")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(6);
        auto mix = CreateObject<MixtureRandomVariable>();
        for (double v : {1.0, 2.0, 3.0})
        {
            auto c = CreateObject<ConstantRandomVariable>();
            c->SetAttribute("Constant", DoubleValue(v));
            mix->AddComponent(v, c); // weights 1:2:3
        }
        mix->AssignStreams(100);
        NS_TEST_ASSERT_MSG_EQ_TOL(mix->GetProbability(2), 0.5, 1e-12, "probability");
        const int n = 300000;
        std::vector<int> count(3, 0);
        for (int i = 0; i < n; ++i)
        {
            double v = mix->GetValue();
            uint32_t k = mix->GetLastComponent();
            NS_TEST_ASSERT_MSG_EQ(v, k + 1.0, "value belongs to the component reported");
            ++count[k];
        }
        for (uint32_t k = 0; k < 3; ++k)
        {
            double p = (k + 1) / 6.0;
            NS_TEST_EXPECT_MSG_EQ_TOL(count[k] / double(n),
                                      p,
                                      4 * std::sqrt(p * (1 - p) / n),
                                      "frequency");
        }
    }
};

/// Suite of the option and distribution tests.
class ScenarioOptionsTestSuite : public TestSuite
{
  public:
    ScenarioOptionsTestSuite()
        : TestSuite("request-scheduling-options", Type::UNIT)
    {
        AddTestCase(new DistributionParseTestCase());
        AddTestCase(new DistributionRejectTestCase());
        AddTestCase(new OptionParseTestCase());
        AddTestCase(new MixtureTestCase());
    }
};

/// The suite's instance.
ScenarioOptionsTestSuite g_scenarioOptionsTestSuite;

} // namespace
