/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * SD-WAN border routers on the paper's testbed: the splitter's
 * classification at the threshold edge, expiry, a full table, multi-level
 * thresholds, packets it must not classify (not TCP, fragments, truncated
 * headers), forwarding by mark; ECMP per flow and per packet; the flow
 * completion time measured at the border routers against a hand-computed
 * value; ns-3's TCP under ACK reordering after the last data (SACK on).
 */

#include "request-scheduling-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/ecmp-router.h"
#include "ns3/file-transfer-client.h"
#include "ns3/file-transfer-server.h"
#include "ns3/flow-splitter.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include RS_IPV4_GLOBAL_ROUTING_HEADER
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-raw-socket-factory.h"
#include "ns3/ipv4.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/sack-safe-tcp-socket.h"
#include "ns3/sdwan-testbed-helper.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-header.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"
#include "ns3/wan-flow-monitor.h"

#include <map>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// A packet seen by the border routers' traces.
struct Seen
{
    FlowKey key;            //!< 5-tuple (ports 0 if unread)
    FlowKey::Status status; //!< what could be read
    uint32_t tunnel;        //!< tunnel index
    uint8_t dscp;           //!< DSCP of its IP header
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief The testbed with hand-made packets sent from the client host
 * through a raw IP socket, and what the client-side border router sent
 * into which tunnel and the server-side one received from which.
 */
class SdwanBench
{
  public:
    /**
     * \param router the border routers' type and attributes
     * \param tunnels number of tunnels
     */
    SdwanBench(const ObjectFactory& router, uint32_t tunnels)
    {
        m_testbed.SetRouter(router);
        m_testbed.SetTunnels(tunnels);
        m_testbed.Install();
        // Malformed packets go to an absent host of the server's LAN, which
        // the server does not forward: ns-3's own TCP and UDP must not see
        // them (they assert on truncated headers).
        m_testbed.GetServer()->GetObject<Ipv4>()->SetAttribute("IpForward", BooleanValue(false));
        m_testbed.GetBorderRouter(0)->TraceConnectWithoutContext(
            "TunnelTx",
            MakeCallback(&SdwanBench::Tx, this));
        m_testbed.GetBorderRouter(1)->TraceConnectWithoutContext(
            "TunnelRx",
            MakeCallback(&SdwanBench::Rx, this));
    }

    ~SdwanBench()
    {
        Simulator::Destroy();
    }

    /**
     * \brief Send one TCP segment (built here, not by a TCP socket) at a time.
     * \param at when
     * \param sourcePort source port
     * \param payload payload bytes
     */
    void SendTcp(Time at, uint16_t sourcePort, uint32_t payload = 100)
    {
        Simulator::Schedule(at, [this, sourcePort, payload]() {
            TcpHeader h;
            h.SetSourcePort(sourcePort);
            h.SetDestinationPort(80);
            h.SetFlags(TcpHeader::ACK);
            Ptr<Packet> p = Create<Packet>(payload);
            p->AddHeader(h);
            Raw(6)->SendTo(p, 0, InetSocketAddress(m_testbed.GetServerAddress(), 0));
        });
    }

    /**
     * \brief Send raw IP payload of a protocol at a time.
     * \param at when
     * \param protocol IP protocol number
     * \param bytes payload bytes (above the MTU: fragmented)
     */
    void SendRaw(Time at, uint8_t protocol, uint32_t bytes)
    {
        Simulator::Schedule(at, [this, protocol, bytes]() {
            Raw(protocol)->SendTo(Create<Packet>(bytes), 0, InetSocketAddress("10.2.1.99", 0));
        });
    }

    /**
     * \brief Send a 40-byte TCP header whose data offset claims 60 bytes.
     * \param at when
     */
    void SendBadOffset(Time at)
    {
        Simulator::Schedule(at, [this]() {
            uint8_t bytes[40] = {0x03, 0xe8, 0x00, 0x50};
            bytes[12] = 15 << 4; // 15 words: more than the packet holds
            Raw(6)->SendTo(Create<Packet>(bytes, sizeof(bytes)),
                           0,
                           InetSocketAddress("10.2.1.99", 0));
        });
    }

    /**
     * \brief Send a UDP datagram at a time.
     * \param at when
     */
    void SendUdp(Time at)
    {
        Simulator::Schedule(at, [this]() {
            Ptr<Socket> s =
                Socket::CreateSocket(m_testbed.GetClient(), UdpSocketFactory::GetTypeId());
            s->SendTo(Create<Packet>(200), 0, InetSocketAddress(m_testbed.GetServerAddress(), 9));
            s->Close();
        });
    }

    /// \return the client-side border router
    Ptr<TunnelRouter> Router() const
    {
        return m_testbed.GetBorderRouter(0);
    }

    std::vector<Seen> sent;     //!< into tunnels at the client side
    std::vector<Seen> received; //!< from tunnels at the server side

  private:
    /// \param protocol IP protocol \return a raw socket of the client for it
    Ptr<Socket> Raw(uint8_t protocol)
    {
        Ptr<Socket>& s = m_raw[protocol];
        if (!s)
        {
            s = Socket::CreateSocket(m_testbed.GetClient(), Ipv4RawSocketFactory::GetTypeId());
            s->SetAttribute("Protocol", UintegerValue(protocol));
        }
        return s;
    }

    /// \param p packet \param h header \param tunnel tunnel \param into where to record
    static void Record(Ptr<const Packet> p,
                       const Ipv4Header& h,
                       uint32_t tunnel,
                       std::vector<Seen>& into)
    {
        Seen s;
        uint32_t payload;
        s.status = FlowKey::Read(p, h, s.key, payload);
        s.tunnel = tunnel;
        s.dscp = h.GetDscp();
        into.push_back(s);
    }

    /// \param p packet \param h header \param tunnel tunnel \param read what the router read
    void Tx(Ptr<const Packet> p, const Ipv4Header& h, uint32_t tunnel, const SteeredPacket& read)
    {
        Record(p, h, tunnel, sent);
        Seen& s = sent.back();
        NS_ABORT_MSG_UNLESS(s.status == read.status && s.key == read.key,
                            "the router's reading differs from the packet's");
    }

    /// \param p packet \param h header \param tunnel tunnel
    void Rx(Ptr<const Packet> p, const Ipv4Header& h, uint32_t tunnel)
    {
        Record(p, h, tunnel, received);
    }

    SdwanTestbedHelper m_testbed;         //!< the topology
    std::map<uint8_t, Ptr<Socket>> m_raw; //!< raw sockets per protocol
};

/**
 * \param thresholds the Thresholds attribute
 * \return a splitter factory
 */
ObjectFactory
Splitter(const std::string& thresholds)
{
    ObjectFactory f("ns3::FlowSplitter");
    f.Set("Thresholds", StringValue(thresholds));
    return f;
}

/**
 * \ingroup request-scheduling-sdwan
 * \brief Threshold 20: packets 1-20 of a flow take the short tunnel marked
 * CS1, packet 21 (the one that passes the threshold) and every later one
 * the long tunnel marked CS2; the server-side border router receives them
 * from those tunnels with those marks; a second flow is counted apart.
 */
class SplitterThresholdTestCase : public TestCase
{
  public:
    SplitterThresholdTestCase()
        : TestCase("splitter: the packet passing the threshold and every later one take the long "
                   "tunnel, marked")
    {
    }

  private:
    void DoRun() override
    {
        SdwanBench bench(Splitter("20"), 2);
        for (uint32_t i = 0; i < 30; ++i)
        {
            bench.SendTcp(MicroSeconds(100 * (i + 1)), 1000);
        }
        bench.SendTcp(MilliSeconds(10), 2000);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.sent.size(), 31, "every packet steered once");
        NS_TEST_ASSERT_MSG_EQ(bench.received.size(), 31, "every packet arrives at the far end");
        for (uint32_t i = 0; i < 30; ++i)
        {
            uint32_t tunnel = i < 20 ? 0 : 1;
            NS_TEST_ASSERT_MSG_EQ(bench.sent[i].tunnel, tunnel, "packet " << i + 1);
            NS_TEST_ASSERT_MSG_EQ(+bench.sent[i].dscp, (tunnel == 0 ? 8 : 16), "mark " << i + 1);
            NS_TEST_ASSERT_MSG_EQ(bench.received[i].tunnel, tunnel, "arrived on " << i + 1);
            NS_TEST_ASSERT_MSG_EQ(+bench.received[i].dscp, (tunnel == 0 ? 8 : 16), "mark kept");
        }
        NS_TEST_ASSERT_MSG_EQ(bench.sent[30].tunnel, 0, "another flow starts short");
        auto splitter = DynamicCast<FlowSplitter>(bench.Router());
        NS_TEST_ASSERT_MSG_EQ(splitter->GetPromotions(1), 1, "one flow reclassified");
        NS_TEST_ASSERT_MSG_EQ(splitter->GetFlows(), 2, "two flows");
        NS_TEST_ASSERT_MSG_EQ(splitter->GetTablePeak(), 2, "table peak");
        NS_TEST_ASSERT_MSG_EQ(bench.Router()->GetTunnelPackets(1), 10, "long tunnel packets");
    }
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief Thresholds 3,6 on three tunnels: packets 1-3, 4-6, 7- of a flow
 * take tunnels 0, 1, 2, with marks from Marks.
 */
class SplitterMultiLevelTestCase : public TestCase
{
  public:
    SplitterMultiLevelTestCase()
        : TestCase("splitter: multi-level thresholds map packets to the right tunnel")
    {
    }

  private:
    void DoRun() override
    {
        ObjectFactory f = Splitter("3,6");
        f.Set("Marks", StringValue("10,18,26"));
        SdwanBench bench(f, 3);
        for (uint32_t i = 0; i < 9; ++i)
        {
            bench.SendTcp(MicroSeconds(100 * (i + 1)), 1000);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.received.size(), 9, "all arrive");
        const uint32_t tunnel[] = {0, 0, 0, 1, 1, 1, 2, 2, 2};
        const uint32_t mark[] = {10, 18, 26};
        for (uint32_t i = 0; i < 9; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(bench.received[i].tunnel, tunnel[i], "packet " << i + 1);
            NS_TEST_ASSERT_MSG_EQ(+bench.received[i].dscp, mark[tunnel[i]], "mark " << i + 1);
        }
        auto splitter = DynamicCast<FlowSplitter>(bench.Router());
        NS_TEST_ASSERT_MSG_EQ(splitter->GetPromotions(1), 1, "reached level 1");
        NS_TEST_ASSERT_MSG_EQ(splitter->GetPromotions(2), 1, "reached level 2");
    }
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief FlowTimeout 1 s: a packet 999 ms after the last one continues the
 * flow; a packet exactly 1 s after the last starts a new flow, short again.
 */
class SplitterExpiryTestCase : public TestCase
{
  public:
    SplitterExpiryTestCase()
        : TestCase("splitter: an entry expires after FlowTimeout and the 5-tuple starts short")
    {
    }

  private:
    void DoRun() override
    {
        ObjectFactory f = Splitter("3");
        f.Set("FlowTimeout", TimeValue(Seconds(1)));
        SdwanBench bench(f, 2);
        // Departure times at the border router differ from the send times
        // by the same LAN delay, so gaps are kept.
        Time t = MilliSeconds(1);
        for (uint32_t i = 0; i < 3; ++i)
        {
            bench.SendTcp(t, 1000);
            t += MicroSeconds(10);
        }
        t += MilliSeconds(999) - MicroSeconds(10);
        bench.SendTcp(t, 1000); // 4th packet of the same flow: long
        t += Seconds(1);
        bench.SendTcp(t, 1000); // idle 1 s: a new flow
        t += MicroSeconds(10);
        bench.SendTcp(t, 1000);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.sent.size(), 6, "all steered");
        NS_TEST_ASSERT_MSG_EQ(bench.sent[3].tunnel, 1, "999 ms idle: the flow continues");
        NS_TEST_ASSERT_MSG_EQ(bench.sent[4].tunnel, 0, "1 s idle: a new flow, short");
        NS_TEST_ASSERT_MSG_EQ(bench.sent[5].tunnel, 0, "its second packet");
        auto splitter = DynamicCast<FlowSplitter>(bench.Router());
        NS_TEST_ASSERT_MSG_EQ(splitter->GetExpired(), 1, "one entry expired");
        NS_TEST_ASSERT_MSG_EQ(splitter->GetFlows(), 2, "two flows");
        FlowKey key = bench.sent[5].key;
        NS_TEST_ASSERT_MSG_EQ(splitter->GetCount(key), 2, "the new entry counts from 1");
    }
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief Capacity 2: with Refuse a third flow is not tracked (tunnel 0,
 * counted each time it finds the table full); with EvictOldest it replaces
 * the least recently seen flow.
 */
class SplitterFullTableTestCase : public TestCase
{
  public:
    /// \param evict EvictOldest (else Refuse)
    explicit SplitterFullTableTestCase(bool evict)
        : TestCase(std::string("splitter: full table, ") + (evict ? "EvictOldest" : "Refuse")),
          m_evict(evict)
    {
    }

  private:
    void DoRun() override
    {
        ObjectFactory f = Splitter("1");
        f.Set("Capacity", UintegerValue(2));
        f.Set("WhenFull", StringValue(m_evict ? "EvictOldest" : "Refuse"));
        SdwanBench bench(f, 2);
        uint16_t ports[] = {1000, 2000, 3000, 3000, 3000, 1000};
        for (uint32_t i = 0; i < 6; ++i)
        {
            bench.SendTcp(MicroSeconds(100 * (i + 1)), ports[i]);
        }
        Simulator::Run();
        auto splitter = DynamicCast<FlowSplitter>(bench.Router());
        NS_TEST_ASSERT_MSG_EQ(bench.sent.size(), 6, "all steered");
        NS_TEST_ASSERT_MSG_EQ(splitter->GetTableSize(), 2, "never above capacity");
        NS_TEST_ASSERT_MSG_EQ(splitter->GetTablePeak(), 2, "peak");
        if (!m_evict)
        {
            for (uint32_t i : {2, 3, 4})
            {
                NS_TEST_ASSERT_MSG_EQ(bench.sent[i].tunnel, 0, "untracked: short tunnel");
                NS_TEST_ASSERT_MSG_EQ(+bench.sent[i].dscp, 8, "marked short");
            }
            NS_TEST_ASSERT_MSG_EQ(splitter->GetTableFullEvents(), 3, "three refusals");
            NS_TEST_ASSERT_MSG_EQ(bench.sent[5].tunnel, 1, "port 1000 still tracked: long");
            NS_TEST_ASSERT_MSG_EQ(splitter->GetEvictions(), 0, "no eviction");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(bench.sent[2].tunnel, 0, "new flow: first packet short");
            NS_TEST_ASSERT_MSG_EQ(bench.sent[3].tunnel, 1, "tracked: its second is long");
            NS_TEST_ASSERT_MSG_EQ(bench.sent[5].tunnel, 0, "port 1000 was evicted: new");
            NS_TEST_ASSERT_MSG_EQ(splitter->GetEvictions(), 2, "1000, then 2000 evicted");
            NS_TEST_ASSERT_MSG_EQ(splitter->GetTableFullEvents(), 2, "two full-table events");
        }
    }

    bool m_evict; //!< EvictOldest
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief Packets the splitter must not classify: UDP, another protocol, IP
 * fragments of a TCP packet and a truncated TCP header take the short
 * tunnel with their IP header untouched and are counted by status; the
 * table stays empty.
 */
class SplitterUnclassifiedTestCase : public TestCase
{
  public:
    SplitterUnclassifiedTestCase()
        : TestCase("splitter: not TCP, fragments, truncated headers: short tunnel, untouched, "
                   "counted")
    {
    }

  private:
    void DoRun() override
    {
        SdwanBench bench(Splitter("1"), 2);
        bench.SendUdp(MicroSeconds(100));
        bench.SendRaw(MicroSeconds(200), 47, 100); // GRE: neither TCP nor UDP
        bench.SendRaw(MicroSeconds(300), 6, 3000); // TCP, fragmented
        bench.SendRaw(MicroSeconds(400), 6, 10);   // TCP, 10 bytes: truncated
        bench.SendRaw(MicroSeconds(500), 17, 4);   // UDP, 4 bytes: truncated
        bench.SendBadOffset(MicroSeconds(600));    // data offset past the packet
        Simulator::Run();
        Ptr<TunnelRouter> r = bench.Router();
        NS_TEST_ASSERT_MSG_EQ(r->GetPackets(FlowKey::UDP), 1, "one UDP datagram");
        NS_TEST_ASSERT_MSG_EQ(r->GetPackets(FlowKey::OTHER), 1, "one GRE packet");
        NS_TEST_ASSERT_MSG_EQ(r->GetPackets(FlowKey::FRAGMENT), 3, "3000 bytes: 3 fragments");
        NS_TEST_ASSERT_MSG_EQ(r->GetPackets(FlowKey::TRUNCATED), 3, "three truncated");
        NS_TEST_ASSERT_MSG_EQ(r->GetPackets(FlowKey::TCP), 0, "no TCP");
        NS_TEST_ASSERT_MSG_EQ(r->GetTunnelPackets(0), 8, "all on the short tunnel");
        NS_TEST_ASSERT_MSG_EQ(r->GetTunnelPackets(1), 0, "none on the long one");
        for (const Seen& s : bench.received)
        {
            NS_TEST_ASSERT_MSG_EQ(+s.dscp, 0, "IP header untouched");
        }
        NS_TEST_ASSERT_MSG_EQ(bench.received.size(), 8, "all forwarded to the far end");
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<FlowSplitter>(r)->GetFlows(), 0, "nothing tracked");
    }
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief ECMP: per flow, every packet of a flow takes one tunnel and
 * several flows use both; per packet, packets alternate 0, 1, 0, 1.
 */
class EcmpTestCase : public TestCase
{
  public:
    /// \param perPacket PacketSprayRouter (else EcmpRouter)
    explicit EcmpTestCase(bool perPacket)
        : TestCase(perPacket ? "ecmp-packet: packets alternate between the tunnels"
                             : "ecmp: a flow stays on one tunnel, flows use both"),
          m_perPacket(perPacket)
    {
    }

  private:
    void DoRun() override
    {
        SdwanBench bench(ObjectFactory(m_perPacket ? "ns3::PacketSprayRouter" : "ns3::EcmpRouter"),
                         2);
        for (uint32_t i = 0; i < 80; ++i)
        {
            bench.SendTcp(MicroSeconds(50 * (i + 1)), 1000 + i % 8);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.sent.size(), 80, "all steered");
        std::map<uint16_t, std::vector<uint32_t>> tunnels;
        for (const Seen& s : bench.sent)
        {
            tunnels[s.key.sourcePort].push_back(s.tunnel);
        }
        if (m_perPacket)
        {
            for (uint32_t i = 0; i < 80; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(bench.sent[i].tunnel, i % 2, "packet " << i);
            }
            return;
        }
        uint32_t onOne = 0;
        for (const auto& [port, list] : tunnels)
        {
            for (uint32_t t : list)
            {
                NS_TEST_ASSERT_MSG_EQ(t, list.front(), "flow " << port << " stays");
            }
            onOne += list.front();
        }
        NS_TEST_ASSERT_MSG_GT(onOne, 0, "some flows on tunnel 1");
        NS_TEST_ASSERT_MSG_LT(onOne, 8, "some flows on tunnel 0");
        for (const Seen& s : bench.received)
        {
            NS_TEST_ASSERT_MSG_EQ(+s.dscp, 0, "ECMP does not mark");
        }
    }

    bool m_perPacket; //!< per packet
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief One download of one packet over TCP, no background, 1 ms per WAN
 * link, 100 us per LAN link, 100 Gbit/s links (transmission times below
 * 0.2 us a packet): from the SYN leaving the client-side border router to
 * the data arriving back there, the connection crosses the WAN four times
 * (SYN, SYN-ACK, request, data; 3 ms each) and a LAN twice between
 * crossings (200 us each, three times): 12.6 ms. Its two flows as the paper
 * counts them: server -> client from the SYN-ACK leaving the server-side
 * border router (3.2 ms) to the data and the server's FIN arriving at the
 * other (12.6 ms): 9.4 ms; client -> server from the SYN (0) to the
 * client's FIN, sent when the data reaches the client (12.7 ms), arriving
 * at the server-side border router (15.8 ms). Every one-way delay between
 * the border routers is 3 ms.
 */
class FlowCompletionTimeTestCase : public TestCase
{
  public:
    FlowCompletionTimeTestCase()
        : TestCase("flow completion time at the border routers: hand-computed one-packet download")
    {
    }

  private:
    void DoRun() override
    {
        SdwanTestbedHelper testbed;
        testbed.SetWan(DataRate("100Gbps"), MilliSeconds(1));
        testbed.SetLan(DataRate("100Gbps"), MicroSeconds(100));
        testbed.Install();
        m_monitor = CreateObject<WanFlowMonitor>();
        Ptr<WanFlowMonitor> monitor = m_monitor;
        monitor->Watch(testbed.GetBorderRouter(0));
        monitor->Watch(testbed.GetBorderRouter(1));
        auto server = CreateObject<FileTransferServer>();
        testbed.GetServer()->AddApplication(server);
        auto client = CreateObject<FileTransferClient>();
        client->SetAttribute("Remote",
                             AddressValue(InetSocketAddress(testbed.GetServerAddress(), 8080)));
        client->SetAttribute("InterArrival",
                             StringValue("ns3::ConstantRandomVariable[Constant=1]"));
        client->SetAttribute("DownloadSize",
                             StringValue("ns3::ConstantRandomVariable[Constant=1]"));
        testbed.GetClient()->AddApplication(client);
        client->SetStopTime(Seconds(1.5)); // one request, at 1 s
        client->TraceConnectWithoutContext(
            "Started",
            MakeCallback(&FlowCompletionTimeTestCase::Started, this));
        client->TraceConnectWithoutContext(
            "Completed",
            MakeCallback(&FlowCompletionTimeTestCase::Completed, this));
        monitor->TraceConnectWithoutContext(
            "FlowCompleted",
            MakeCallback(&FlowCompletionTimeTestCase::FlowCompleted, this));
        const std::vector<Time>& fct = m_fct;
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(client->GetStarted(), 1, "one request");
        NS_TEST_ASSERT_MSG_EQ(client->GetCompleted(), 1, "completed");
        NS_TEST_ASSERT_MSG_EQ(fct.size(), 1, "measured");
        NS_TEST_ASSERT_MSG_EQ_TOL(fct[0].GetSeconds() * 1e6, 12600, 2, "connection (us)");
        NS_TEST_ASSERT_MSG_EQ(m_flows.size(), 2, "two flows");
        for (const WanFlow& f : m_flows)
        {
            double fctUs = f.direction == 0 ? 15800 : 9400;
            double startUs = 1e6 + 100 + (f.direction == 0 ? 0 : 3200); // after 100 us of LAN
            NS_TEST_EXPECT_MSG_EQ_TOL(f.fct.GetSeconds() * 1e6,
                                      fctUs,
                                      2,
                                      "FCT of direction " << f.direction << " (us)");
            NS_TEST_EXPECT_MSG_EQ_TOL(f.start.GetSeconds() * 1e6,
                                      startUs,
                                      2,
                                      "start of direction " << f.direction << " (us)");
            NS_TEST_EXPECT_MSG_EQ(f.handshakeTimeouts + f.timeouts, 0, "no timeout");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(monitor->GetDelay().GetMean().GetSeconds() * 1e6,
                                  3000,
                                  1,
                                  "one-way delay (us)");
        NS_TEST_ASSERT_MSG_EQ_TOL(monitor->GetJitter().GetMax().GetSeconds() * 1e6,
                                  0,
                                  1,
                                  "jitter (us)");
        NS_TEST_ASSERT_MSG_EQ(monitor->GetOpen(), 0, "nothing left open");
        Simulator::Destroy();
    }

    /// \param t a request that opened its connection
    void Started(const FileTransfer& t)
    {
        m_monitor->Open(t.key);
    }

    /// \param t a request that completed
    void Completed(const FileTransfer& t)
    {
        Time f;
        if (m_monitor->Close(t.key, f))
        {
            m_fct.push_back(f);
        }
    }

    /// \param f a flow that completed
    void FlowCompleted(const WanFlow& f)
    {
        m_flows.push_back(f);
    }

    Ptr<WanFlowMonitor> m_monitor; //!< measurements
    std::vector<Time> m_fct;       //!< connections' times
    std::vector<WanFlow> m_flows;  //!< flows
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief The smallest case of ns-3's SACK crash, and SackSafeTcpSocket
 * surviving it: a sender and a receiver joined by two equal-cost paths of
 * unequal delay (1 ms and 2 ms per link), every router spraying packets
 * over both at random (Ipv4GlobalRouting's RandomEcmpRouting), connections
 * of four 536-byte segments one after another, each sender closing once
 * its data is queued. A segment that overtakes another makes the receiver
 * send a duplicate ACK with a SACK block; when the cumulative ACK of the
 * whole transfer overtakes that duplicate ACK, it reaches a sender with
 * nothing outstanding, which ns-3's own socket dereferences a null pointer
 * on (TcpTxBuffer::Update, with assertions compiled in). The case checks
 * that such ACKs arrived (StaleSack fired) and that every transfer
 * delivered all of its bytes and closed.
 */
class StaleSackTestCase : public TestCase
{
  public:
    StaleSackTestCase()
        : TestCase("TCP with SACK: ACKs reordered after the last data (ns-3's crash) are survived")
    {
    }

  private:
    static constexpr uint32_t TRANSFERS = 200; //!< connections, one after another
    static constexpr uint32_t BYTES = 4 * 536; //!< four segments each
    static constexpr uint16_t PORT = 9;        //!< receiver's port

    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        NodeContainer nodes; // sender, fast router, slow router, receiver
        nodes.Create(4);
        InternetStackHelper internet;
        internet.Install(nodes);
        PointToPointHelper fast;
        fast.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        fast.SetChannelAttribute("Delay", StringValue("1ms"));
        PointToPointHelper slow = fast;
        slow.SetChannelAttribute("Delay", StringValue("2ms"));
        Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
        addresses.Assign(fast.Install(nodes.Get(0), nodes.Get(1)));
        addresses.NewNetwork();
        addresses.Assign(slow.Install(nodes.Get(0), nodes.Get(2)));
        addresses.NewNetwork();
        Ipv4InterfaceContainer receiver =
            addresses.Assign(fast.Install(nodes.Get(1), nodes.Get(3)));
        addresses.NewNetwork();
        addresses.Assign(slow.Install(nodes.Get(2), nodes.Get(3)));
        for (uint32_t i = 0; i < nodes.GetN(); ++i)
        {
            auto routing = Ipv4RoutingHelper::GetRouting<Ipv4GlobalRouting>(
                nodes.Get(i)->GetObject<Ipv4>()->GetRoutingProtocol());
            routing->SetAttribute("RandomEcmpRouting", BooleanValue(true));
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        // The routers' random streams (ECMP) after the sockets' own.
        internet.AssignStreams(nodes, 0);

        Ptr<SackSafeTcpSocket> listener = SackSafeTcpSocket::Create(nodes.Get(3));
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&StaleSackTestCase::Accept, this));
        for (uint32_t t = 0; t < TRANSFERS; ++t)
        {
            Simulator::Schedule(MilliSeconds(50 * t),
                                &StaleSackTestCase::Send,
                                this,
                                nodes.Get(0),
                                InetSocketAddress(receiver.GetAddress(1), PORT));
        }
        Simulator::Stop(MilliSeconds(50 * TRANSFERS) + Seconds(5));
        Simulator::Run();
        uint64_t stale = 0;
        for (const auto& sender : m_senders)
        {
            stale += sender->GetStaleSackAcks();
        }

        NS_TEST_ASSERT_MSG_EQ(m_closed, TRANSFERS, "every receiver saw its sender close");
        NS_TEST_ASSERT_MSG_EQ(m_received, uint64_t{TRANSFERS} * BYTES, "every byte delivered");
        NS_TEST_ASSERT_MSG_EQ(m_traced, stale, "the trace reports each ignored ACK");
        // 19 such ACKs in these 200 transfers; at least one is the point.
        NS_TEST_ASSERT_MSG_GT(stale,
                              0,
                              "ACKs with SACK blocks reached a sender with nothing outstanding");
        Simulator::Destroy();
    }

    /**
     * \param node the sender's node
     * \param to the receiver
     */
    void Send(Ptr<Node> node, Address to)
    {
        Ptr<SackSafeTcpSocket> socket = SackSafeTcpSocket::Create(node);
        m_senders.push_back(socket);
        socket->TraceConnectWithoutContext("StaleSack",
                                           MakeCallback(&StaleSackTestCase::StaleSack, this));
        socket->Bind();
        socket->Connect(to);
        socket->Send(Create<Packet>(BYTES), 0);
        socket->Close();
    }

    /**
     * \param socket an accepted connection
     */
    void Accept(Ptr<Socket> socket, const Address& /* from */)
    {
        socket->SetRecvCallback(MakeCallback(&StaleSackTestCase::Receive, this));
        socket->SetCloseCallbacks(MakeCallback(&StaleSackTestCase::Closed, this),
                                  MakeCallback(&StaleSackTestCase::Closed, this));
    }

    /// \param socket a connection with data to read
    void Receive(Ptr<Socket> socket)
    {
        while (Ptr<Packet> p = socket->Recv())
        {
            m_received += p->GetSize();
        }
    }

    /// \param socket a connection its sender closed
    void Closed(Ptr<Socket> socket)
    {
        ++m_closed;
        socket->Close();
    }

    /// \param header an ACK whose SACK blocks were ignored
    void StaleSack(const TcpHeader& header)
    {
        NS_TEST_EXPECT_MSG_EQ(header.HasOption(TcpOption::SACK), true, "it had SACK blocks");
        ++m_traced;
    }

    std::vector<Ptr<SackSafeTcpSocket>> m_senders; //!< every sender, for its count
    uint64_t m_received{0};                        //!< bytes delivered
    uint32_t m_closed{0};                          //!< connections closed by their senders
    uint64_t m_traced{0};                          //!< StaleSack trace calls
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief The SD-WAN test suite.
 */
class SdwanTestSuite : public TestSuite
{
  public:
    SdwanTestSuite()
        : TestSuite("request-scheduling-sdwan", Type::UNIT)
    {
        AddTestCase(new SplitterThresholdTestCase());
        AddTestCase(new SplitterMultiLevelTestCase());
        AddTestCase(new SplitterExpiryTestCase());
        AddTestCase(new SplitterFullTableTestCase(false));
        AddTestCase(new SplitterFullTableTestCase(true));
        AddTestCase(new SplitterUnclassifiedTestCase());
        AddTestCase(new EcmpTestCase(false));
        AddTestCase(new EcmpTestCase(true));
        AddTestCase(new FlowCompletionTimeTestCase());
        AddTestCase(new StaleSackTestCase());
    }
};

/// Registers the suite.
SdwanTestSuite g_sdwanTestSuite;

} // namespace
