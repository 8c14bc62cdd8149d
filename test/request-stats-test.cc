/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/json-summary.h"
#include "ns3/random-variable-stream.h"
#include "ns3/request-stats.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// Histogram quantiles are within 0.5 % of the exact order statistics.
class QuantileAccuracyTestCase : public TestCase
{
  public:
    QuantileAccuracyTestCase()
        : TestCase("histogram quantiles within 0.5 % of exact; mean and extremes exact")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(7);
        // Heavy-tailed samples over 6 decades (10 ns .. 10 ms).
        auto l = CreateObject<LogNormalRandomVariable>();
        l->SetAttribute("Mu", DoubleValue(std::log(10e-6)));
        l->SetAttribute("Sigma", DoubleValue(1.5));
        LatencySummary histogram;
        LatencySummary exact(true);
        double sum = 0;
        const int n = 100000;
        for (int i = 0; i < n; ++i)
        {
            Time t = NanoSeconds(static_cast<int64_t>(l->GetValue() * 1e9) + 1);
            histogram.Add(t);
            exact.Add(t);
            sum += t.GetSeconds();
        }
        NS_TEST_ASSERT_MSG_EQ(histogram.GetCount(), uint64_t(n), "count");
        NS_TEST_ASSERT_MSG_EQ_TOL(histogram.GetMean().GetSeconds(), sum / n, 1e-9, "mean");
        NS_TEST_ASSERT_MSG_EQ(histogram.GetMax(), exact.GetMax(), "max");
        NS_TEST_ASSERT_MSG_EQ(histogram.GetMin(), exact.GetMin(), "min");
        for (double q : {0.0, 0.01, 0.1, 0.5, 0.9, 0.99, 0.999, 0.9999, 1.0})
        {
            double e = exact.GetQuantile(q).GetSeconds();
            double h = histogram.GetQuantile(q).GetSeconds();
            // 0.5 % bound, plus the 1 ns rounding of Time.
            NS_TEST_EXPECT_MSG_EQ_TOL(h,
                                      e,
                                      LatencySummary::RELATIVE_ERROR * e + 1e-9,
                                      "quantile " << q);
        }
        // Nearest rank: the 3rd of {1..10} ns at q = 0.25 (ceil(2.5) = 3).
        LatencySummary small(true);
        for (int i = 10; i >= 1; --i)
        {
            small.Add(NanoSeconds(i));
        }
        NS_TEST_ASSERT_MSG_EQ(small.GetQuantile(0.25), NanoSeconds(3), "nearest rank");
        NS_TEST_ASSERT_MSG_EQ(small.GetQuantile(0.5), NanoSeconds(5), "median");
        NS_TEST_ASSERT_MSG_EQ(small.GetCdf().back().second, 1.0, "CDF ends at 1");
    }
};

/// Every whole nanosecond lands in the bucket (gamma^(i-1), gamma^i] that
/// holds it, whether its index comes from the table of small values or
/// from the logarithm (above 65 535 ns).
class BucketIndexTestCase : public TestCase
{
  public:
    BucketIndexTestCase()
        : TestCase("bucket of every whole nanosecond up to 70 000 and beyond")
    {
    }

  private:
    void DoRun() override
    {
        const double a = LatencySummary::RELATIVE_ERROR;
        const double gamma = (1 + a) / (1 - a);
        std::vector<int64_t> values;
        for (int64_t n = 2; n <= 70000; ++n)
        {
            values.push_back(n);
        }
        for (int64_t n : {100000, 1234567, 1000000000})
        {
            values.push_back(n);
        }
        for (int64_t n : values)
        {
            // 1 ns and 10 s around it: the median is n's bucket, unclamped.
            LatencySummary s;
            s.Add(NanoSeconds(1));
            s.Add(NanoSeconds(n)); // the first of a value may fill the table
            s.Add(NanoSeconds(n)); // the second reads it
            s.Add(Seconds(10));
            auto i =
                static_cast<int32_t>(std::ceil(std::log(static_cast<double>(n)) / std::log(gamma)));
            Time bucket = Time::FromDouble(2 * std::pow(gamma, i) / (gamma + 1), Time::NS);
            NS_TEST_ASSERT_MSG_EQ(s.GetQuantile(0.5), bucket, "bucket of " << n << " ns");
            NS_TEST_ASSERT_MSG_EQ(s.GetQuantile(0.75), bucket, "bucket of " << n << " ns, again");
        }
    }
};

/// Merging two summaries equals summarizing all samples at once.
class MergeTestCase : public TestCase
{
  public:
    MergeTestCase()
        : TestCase("merged summaries equal one summary of all samples")
    {
    }

  private:
    void DoRun() override
    {
        RequestStats a;
        RequestStats b;
        RequestStats all;
        for (int i = 1; i <= 1000; ++i)
        {
            Time t = MicroSeconds(i);
            (i % 3 ? a : b).Record(i % 2, t);
            all.Record(i % 2, t);
        }
        a.Merge(b);
        NS_TEST_ASSERT_MSG_EQ(a.GetAll().GetCount(), all.GetAll().GetCount(), "count");
        NS_TEST_ASSERT_MSG_EQ_TOL(a.GetAll().GetMean().GetSeconds(),
                                  all.GetAll().GetMean().GetSeconds(),
                                  1e-12,
                                  "mean");
        NS_TEST_ASSERT_MSG_EQ_TOL(a.GetAll().GetStdDev().GetSeconds(),
                                  all.GetAll().GetStdDev().GetSeconds(),
                                  1e-9,
                                  "standard deviation");
        for (double q : {0.5, 0.99})
        {
            NS_TEST_ASSERT_MSG_EQ(a.GetAll().GetQuantile(q),
                                  all.GetAll().GetQuantile(q),
                                  "quantile");
            NS_TEST_ASSERT_MSG_EQ(a.GetClass(1).GetQuantile(q),
                                  all.GetClass(1).GetQuantile(q),
                                  "class");
        }
        NS_TEST_ASSERT_MSG_EQ(a.GetClassCount(), 2u, "classes");
    }
};

/// Student-t interval over runs.
class ConfidenceIntervalTestCase : public TestCase
{
  public:
    ConfidenceIntervalTestCase()
        : TestCase("95 % confidence interval of the mean over runs")
    {
    }

  private:
    void DoRun() override
    {
        ConfidenceInterval ci = ConfidenceInterval::Of({1, 2, 3, 4, 5});
        NS_TEST_ASSERT_MSG_EQ_TOL(ci.mean, 3.0, 1e-12, "mean");
        // t(0.975, 4) = 2.7764451; s = sqrt(2.5).
        NS_TEST_ASSERT_MSG_EQ_TOL(ci.halfWidth,
                                  2.7764451 * std::sqrt(2.5) / std::sqrt(5.0),
                                  1e-6,
                                  "half width");
        NS_TEST_ASSERT_MSG_EQ(ConfidenceInterval::Of({4}).halfWidth, 0.0, "one run");
    }
};

/// The JSON summary renders in order, nested, with nulls for non-finite numbers.
class JsonTestCase : public TestCase
{
  public:
    JsonTestCase()
        : TestCase("JSON summary rendering")
    {
    }

  private:
    void DoRun() override
    {
        JsonSummary inner;
        inner.Set("x", uint64_t{1});
        JsonSummary j;
        j.Set("name", "a\"b")
            .Set("n", uint64_t{3})
            .Set("nan", std::nan(""))
            .Set("in", inner)
            .Set("ok", true);
        j.Set("n", uint64_t{4});
        std::ostringstream os;
        j.Write(os);
        NS_TEST_ASSERT_MSG_EQ(os.str(),
                              "{\n  \"name\": \"a\\\"b\",\n  \"n\": 4,\n  \"nan\": null,\n"
                              "  \"in\": {\n    \"x\": 1\n  },\n  \"ok\": true\n}",
                              "rendering");
    }
};

/// Suite of the statistics tests.
class RequestStatsTestSuite : public TestSuite
{
  public:
    RequestStatsTestSuite()
        : TestSuite("request-scheduling-stats", Type::UNIT)
    {
        AddTestCase(new QuantileAccuracyTestCase());
        AddTestCase(new BucketIndexTestCase());
        AddTestCase(new MergeTestCase());
        AddTestCase(new ConfidenceIntervalTestCase());
        AddTestCase(new JsonTestCase());
    }
};

/// The suite's instance.
RequestStatsTestSuite g_requestStatsTestSuite;

} // namespace
