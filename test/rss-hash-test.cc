/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/rss-hash.h"
#include "ns3/test.h"

#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// The Toeplitz hash gives the published RSS verification values.
class RssVectorTestCase : public TestCase
{
  public:
    RssVectorTestCase()
        : TestCase("Toeplitz hash matches the RSS verification suite")
    {
    }

  private:
    void DoRun() override
    {
        // Published IPv4 verification vectors for the default key.
        struct Vector
        {
            const char* dst;
            uint16_t dstPort;
            const char* src;
            uint16_t srcPort;
            uint32_t ipOnly;
            uint32_t withPorts;
        };

        const Vector vectors[] = {
            {"161.142.100.80", 1766, "66.9.149.187", 2794, 0x323e8fc2, 0x51ccc178},
            {"65.69.140.83", 4739, "199.92.111.2", 14230, 0xd718262a, 0xc626b0ea},
            {"12.22.207.184", 38024, "24.19.198.95", 12898, 0xd2d0a5de, 0x5c2b394a},
            {"209.142.163.6", 2217, "38.27.205.30", 48228, 0x82989176, 0xafc7327f},
            {"202.188.127.2", 1303, "153.39.163.191", 44251, 0x5d1809c5, 0x10e828a2},
        };
        RssHash rss;
        for (const auto& v : vectors)
        {
            Ipv4Address src(v.src);
            Ipv4Address dst(v.dst);
            NS_TEST_EXPECT_MSG_EQ(rss.Hash(src, dst), v.ipOnly, "IPv4 hash of " << v.src);
            NS_TEST_EXPECT_MSG_EQ(rss.Hash(src, dst, v.srcPort, v.dstPort),
                                  v.withPorts,
                                  "IPv4/UDP hash of " << v.src);
        }
    }
};

/// Many flows spread evenly over the queues; one flow always maps to one queue.
class RssSpreadTestCase : public TestCase
{
  public:
    RssSpreadTestCase()
        : TestCase("RSS spreads flows evenly over receive queues")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t queues : {2u, 4u, 8u, 14u, 15u, 200u})
        {
            RssHash rss;
            rss.SetQueues(queues);
            const uint32_t flows = 8192;
            std::vector<uint32_t> count(queues, 0);
            for (uint32_t f = 0; f < flows; ++f)
            {
                Ipv4Address src(0x0a000001 + f / 1000);
                uint32_t q = rss.QueueOf(rss.Hash(src, Ipv4Address("10.0.0.100"), 1024 + f, 9000));
                NS_TEST_ASSERT_MSG_LT(q, queues, "queue index");
                ++count[q];
            }
            // Chi-square goodness of fit at the 0.999 level. The indirection
            // table maps its entries round robin, so with 15 queues some
            // queues get 9 of 128 entries and others 8: compare with those
            // shares.
            double chi2 = 0;
            for (uint32_t q = 0; q < queues; ++q)
            {
                uint32_t entries = rss.GetIndirectionEntries() / queues +
                                   (q < rss.GetIndirectionEntries() % queues ? 1 : 0);
                double expected = flows * double(entries) / rss.GetIndirectionEntries();
                chi2 += (count[q] - expected) * (count[q] - expected) / expected;
                NS_TEST_EXPECT_MSG_GT(count[q], 0u, "queue " << q << " of " << queues << " unused");
            }
            boost::math::chi_squared dist(queues - 1);
            NS_TEST_EXPECT_MSG_LT(chi2,
                                  boost::math::quantile(dist, 0.999),
                                  "uneven spread over " << queues << " queues");
        }
    }
};

/// Suite of the RSS tests.
class RssHashTestSuite : public TestSuite
{
  public:
    RssHashTestSuite()
        : TestSuite("request-scheduling-rss", Type::UNIT)
    {
        AddTestCase(new RssVectorTestCase());
        AddTestCase(new RssSpreadTestCase());
    }
};

/// The suite's instance.
RssHashTestSuite g_rssHashTestSuite;

} // namespace
