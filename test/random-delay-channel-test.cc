/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/random-delay-channel.h"
#include "ns3/random-delay-link-helper.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <cmath>
#include <map>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// Per-packet delays follow the configured distribution; packets may overtake.
class RandomDelayTestCase : public TestCase
{
  public:
    RandomDelayTestCase()
        : TestCase("per-packet delay: exponential mean, base delay, reordering, no loss")
    {
    }

  private:
    /**
     * \param device receiving device
     * \param p packet
     * \param protocol protocol number
     * \param from sender
     * \return true
     */
    bool Receive(Ptr<NetDevice> device, Ptr<const Packet> p, uint16_t protocol, const Address& from)
    {
        uint32_t seq = 0;
        p->CopyData(reinterpret_cast<uint8_t*>(&seq), sizeof(seq));
        Time delay = Simulator::Now() - m_sent[seq];
        m_sum += delay.GetSeconds();
        m_min = std::min(m_min, delay);
        if (seq < m_lastSeq)
        {
            ++m_reordered;
        }
        m_lastSeq = seq;
        ++m_received;
        return true;
    }

    /// \param seq sequence number of the packet to send
    void Send(uint32_t seq)
    {
        Ptr<Packet> p = Create<Packet>(reinterpret_cast<const uint8_t*>(&seq), sizeof(seq));
        m_sent[seq] = Simulator::Now();
        m_tx->Send(p, m_tx->GetBroadcast(), 0x0800);
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(8);
        Ptr<Node> a = CreateObject<Node>();
        Ptr<Node> b = CreateObject<Node>();
        RandomDelayLinkHelper link;
        link.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
        link.SetChannelAttribute("Delay", TimeValue(MicroSeconds(50)));
        link.SetChannelAttribute("DelayVariable",
                                 StringValue("ns3::ExponentialRandomVariable[Mean=0.0001]"));
        NetDeviceContainer devices = link.Install(a, b);
        NS_TEST_ASSERT_MSG_EQ(RandomDelayLinkHelper::AssignStreams(devices, 10), 1, "one channel");
        m_tx = devices.Get(0);
        devices.Get(1)->SetReceiveCallback(MakeCallback(&RandomDelayTestCase::Receive, this));
        const uint32_t n = 100000;
        for (uint32_t i = 0; i < n; ++i)
        {
            Simulator::Schedule(MicroSeconds(10 * i), &RandomDelayTestCase::Send, this, i);
        }
        Simulator::Run();
        Simulator::Destroy();

        // Delay = tx time (4 + 2 bytes at 100 Gbps, rounded) + 50 us + Exp(100 us).
        double tx = DataRate("100Gbps").CalculateBytesTxTime(6).GetSeconds();
        double mean = m_sum / m_received - tx - 50e-6;
        NS_TEST_ASSERT_MSG_EQ(m_received, n, "every packet arrives");
        // Standard error of the mean: 100 us / sqrt(n) = 0.3 us.
        NS_TEST_ASSERT_MSG_EQ_TOL(mean, 100e-6, 1.5e-6, "mean random delay");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(m_min, MicroSeconds(50), "base delay is a lower bound");
        NS_TEST_ASSERT_MSG_GT(m_reordered, n / 10, "independent delays reorder packets");
    }

    Ptr<NetDevice> m_tx;             //!< sending device
    std::map<uint32_t, Time> m_sent; //!< send time per sequence number
    double m_sum{0};                 //!< sum of delays (s)
    Time m_min{Time::Max()};         //!< smallest delay
    uint32_t m_lastSeq{0};           //!< last sequence number received
    uint32_t m_received{0};          //!< packets received
    uint32_t m_reordered{0};         //!< packets older than their predecessor
};

/// Suite of the random-delay channel tests.
class RandomDelayChannelTestSuite : public TestSuite
{
  public:
    RandomDelayChannelTestSuite()
        : TestSuite("request-scheduling-random-delay", Type::UNIT)
    {
        AddTestCase(new RandomDelayTestCase());
    }
};

/// The suite's instance.
RandomDelayChannelTestSuite g_randomDelayChannelTestSuite;

} // namespace
