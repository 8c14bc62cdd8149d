/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * DirectLink against the links it stands for: the same packets sent over
 * point-to-point links (as RackHelper builds them) and over DirectLinks
 * reach the far node at the same nanoseconds and in the same order,
 * including packets queued behind packets, packets sent at the very
 * nanosecond the one ahead is done, and ties between two links; and, with
 * a per-packet random latency (RandomDelayChannel), DirectLinks made by
 * DirectLinkHelper beside the links draw the same delays in the same
 * order, in both directions of a link, so packets overtake alike.
 */

#include "ns3/data-rate.h"
#include "ns3/direct-link-helper.h"
#include "ns3/direct-link.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/random-delay-link-helper.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"

#include <functional>
#include <utility>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// One packet to send: on which link, when, how large, and whether its
/// sending event is scheduled before the run or by the first packet's.
struct Send
{
    uint32_t link;    //!< 0 or 1
    Time at;          //!< when
    uint32_t payload; //!< bytes after the request header
    bool late;        //!< scheduled at time 0 by the event that sends packet 0
};

/// What the far node saw: request id and arrival time, in order.
using Arrivals = std::vector<std::pair<uint64_t, Time>>;

/// 1 Gbit/s: a packet of 96 + payload bytes takes (96 + payload) x 8 ns.
const DataRate kRate("1Gbps");
const Time kDelay = MicroSeconds(5);

/**
 * \param id a request id
 * \return its header
 */
ServiceRequestHeader
HeaderOf(uint64_t id)
{
    ServiceRequestHeader h;
    h.SetMessageType(ServiceRequestHeader::REQUEST);
    h.SetRequestId(id);
    return h;
}

/**
 * \brief A UDP socket's receive callback: record each packet's request id
 * and arrival time.
 * \param seen where to record
 * \param socket the socket
 */
void
RecordArrivals(Arrivals* seen, Ptr<Socket> socket)
{
    while (Ptr<Packet> p = socket->Recv())
    {
        ServiceRequestHeader h;
        p->RemoveHeader(h);
        seen->emplace_back(h.GetRequestId(), Simulator::Now());
    }
}

/**
 * \brief Schedule the sends: each by an event of its own scheduled before
 * the run, or (late) by the event that sends packet 0, just after it.
 * \param sends the packets
 * \param send sends packet i now
 */
void
ScheduleSends(const std::vector<Send>& sends, const std::function<void(uint32_t)>& send)
{
    std::vector<uint32_t> late;
    for (uint32_t i = 1; i < sends.size(); ++i)
    {
        if (sends[i].late)
        {
            late.push_back(i);
        }
    }
    Simulator::Schedule(sends[0].at, [send, late, sends]() {
        send(0);
        for (uint32_t i : late)
        {
            Simulator::Schedule(sends[i].at - Simulator::Now(), [send, i]() { send(i); });
        }
    });
    for (uint32_t i = 1; i < sends.size(); ++i)
    {
        if (!sends[i].late)
        {
            Simulator::Schedule(sends[i].at, [send, i]() { send(i); });
        }
    }
}

/**
 * \param sends the packets
 * \return what the far node received, over point-to-point links and UDP
 */
Arrivals
OverPackets(const std::vector<Send>& sends)
{
    Ptr<Node> far = CreateObject<Node>();
    NodeContainer near(2);
    InternetStackHelper stack;
    stack.Install(far);
    stack.Install(near);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(kRate));
    link.SetChannelAttribute("Delay", TimeValue(kDelay));
    link.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("10000p"));
    link.DisableFlowControl();
    Ipv4AddressHelper addresses;
    std::vector<Ipv4Address> to;
    std::vector<Ptr<Socket>> out;
    for (uint32_t l = 0; l < 2; ++l)
    {
        addresses.SetBase(Ipv4Address(0x0a000000 + 256 * l), "255.255.255.0");
        Ipv4InterfaceContainer ifaces = addresses.Assign(link.Install(near.Get(l), far));
        to.push_back(ifaces.GetAddress(1));
        out.push_back(Socket::CreateSocket(near.Get(l), UdpSocketFactory::GetTypeId()));
        out.back()->Bind();
    }
    Arrivals arrivals;
    Ptr<Socket> in = Socket::CreateSocket(far, UdpSocketFactory::GetTypeId());
    in->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
    in->SetRecvCallback(MakeBoundCallback(&RecordArrivals, &arrivals));
    ScheduleSends(sends, [&](uint32_t i) {
        Ptr<Packet> p = Create<Packet>(sends[i].payload);
        p->AddHeader(HeaderOf(i));
        out[sends[i].link]->SendTo(p, 0, InetSocketAddress(to[sends[i].link], 9));
    });
    Simulator::Run();
    Simulator::Destroy();
    return arrivals;
}

/**
 * \param sends the packets
 * \return what the far node received over DirectLinks
 */
Arrivals
OverDirectLinks(const std::vector<Send>& sends)
{
    ObjectFactory factory("ns3::DirectLink");
    factory.Set("DataRate", DataRateValue(kRate));
    factory.Set("Delay", TimeValue(kDelay));
    Arrivals arrivals;
    std::vector<Ptr<DirectLink>> links;
    for (uint32_t l = 0; l < 2; ++l)
    {
        links.push_back(factory.Create<DirectLink>());
        links.back()->SetReceiver(MakeBoundCallback(
            +[](Arrivals* seen, const DirectPacket& p) {
                seen->emplace_back(p.header.GetRequestId(), Simulator::Now());
            },
            &arrivals));
    }
    ScheduleSends(sends, [&](uint32_t i) {
        DirectPacket p;
        p.header = HeaderOf(i);
        p.payload = sends[i].payload;
        links[sends[i].link]->Send(p);
    });
    Simulator::Run();
    for (const auto& l : links)
    {
        l->Dispose();
    }
    Simulator::Destroy();
    return arrivals;
}

/**
 * \ingroup request-scheduling
 * \brief A test of DirectLinks against the links they stand for, by the
 * arrivals on each.
 */
class ArrivalsTestCase : public TestCase
{
  protected:
    /// \param name the test's name
    explicit ArrivalsTestCase(std::string name)
        : TestCase(std::move(name))
    {
    }

    /**
     * \brief Every packet arrives, the same one at the same time over both.
     * \param expected the arrivals over the links
     * \param direct the arrivals over the DirectLinks
     * \param sent packets sent
     */
    void CompareArrivals(const Arrivals& expected, const Arrivals& direct, size_t sent)
    {
        NS_TEST_ASSERT_MSG_EQ(expected.size(), sent, "every packet arrives");
        NS_TEST_ASSERT_MSG_EQ(direct.size(), expected.size(), "as many arrivals");
        for (uint32_t i = 0; i < expected.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(direct[i].first,
                                  expected[i].first,
                                  "arrival " << i << ": packet");
            NS_TEST_EXPECT_MSG_EQ(direct[i].second,
                                  expected[i].second,
                                  "arrival " << i << ": time");
        }
    }
};

/**
 * \ingroup request-scheduling
 * \brief The same sends over both kinds of link: the same arrivals.
 */
class DirectLinkTestCase : public ArrivalsTestCase
{
  public:
    /**
     * \param name what the sends exercise
     * \param sends the packets
     * \param backlog the most packets the DirectLinks should hold waiting
     */
    DirectLinkTestCase(std::string name, std::vector<Send> sends, uint32_t backlog)
        : ArrivalsTestCase("DirectLink: " + name),
          m_sends(std::move(sends)),
          m_backlog(backlog)
    {
    }

  private:
    void DoRun() override
    {
        // PeekableScheduler tells the running event's uid (the examples' default).
        ObjectFactory scheduler("ns3::PeekableScheduler");
        Simulator::SetScheduler(scheduler);
        Arrivals expected = OverPackets(m_sends);
        Simulator::SetScheduler(scheduler);
        Arrivals direct = OverDirectLinks(m_sends);
        CompareArrivals(expected, direct, m_sends.size());
        if (IsStatusFailure())
        {
            return;
        }
        // The backlog, from a link of its own (the runs above are gone).
        ObjectFactory factory("ns3::DirectLink");
        factory.Set("DataRate", DataRateValue(kRate));
        std::vector<Ptr<DirectLink>> links = {factory.Create<DirectLink>(),
                                              factory.Create<DirectLink>()};
        for (const auto& l : links)
        {
            l->SetReceiver(MakeCallback(+[](const DirectPacket&) {}));
        }
        ScheduleSends(m_sends, [&](uint32_t i) {
            DirectPacket p;
            p.payload = m_sends[i].payload;
            links[m_sends[i].link]->Send(p);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(std::max(links[0]->GetPeakBacklog(), links[1]->GetPeakBacklog()),
                              m_backlog,
                              "peak backlog");
        NS_TEST_EXPECT_MSG_EQ(links[0]->GetInFlight() + links[1]->GetInFlight(), 0, "all arrived");
        for (const auto& l : links)
        {
            l->Dispose();
        }
        Simulator::Destroy();
    }

    std::vector<Send> m_sends; //!< the packets
    uint32_t m_backlog;        //!< expected peak backlog
};

/**
 * \brief Two nodes joined by a RandomDelayChannel link (exponential
 * latency, mean 2 us, a fixed stream), each with a UDP socket on port 9
 * that records what it receives.
 * \param arrivals where both nodes record their arrivals
 * \param devices receives the two devices
 * \param sockets receives the two sockets
 * \return the two nodes' addresses
 */
std::vector<Ipv4Address>
RandomLink(Arrivals& arrivals, NetDeviceContainer& devices, std::vector<Ptr<Socket>>& sockets)
{
    NodeContainer nodes(2);
    InternetStackHelper stack;
    stack.Install(nodes);
    RandomDelayLinkHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(kRate));
    Ptr<RandomVariableStream> delay =
        CreateObjectWithAttributes<ExponentialRandomVariable>("Mean", DoubleValue(2e-6));
    delay->SetStream(77);
    link.SetChannelAttribute("DelayVariable", PointerValue(delay));
    link.SetFlowControl(false);
    devices = link.Install(nodes.Get(0), nodes.Get(1));
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = addresses.Assign(devices);
    for (uint32_t n = 0; n < 2; ++n)
    {
        sockets.push_back(Socket::CreateSocket(nodes.Get(n), UdpSocketFactory::GetTypeId()));
        sockets.back()->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        sockets.back()->SetRecvCallback(MakeBoundCallback(&RecordArrivals, &arrivals));
    }
    return {ifaces.GetAddress(0), ifaces.GetAddress(1)};
}

/**
 * \ingroup request-scheduling
 * \brief Random latency: the same arrivals over the link and over the
 * DirectLinks DirectLinkHelper puts beside it, packets sent both ways.
 */
class DirectLinkRandomDelayTestCase : public ArrivalsTestCase
{
  public:
    DirectLinkRandomDelayTestCase()
        : ArrivalsTestCase("DirectLink: random latency, both directions, packets overtake")
    {
    }

  private:
    /// link 0: node 0 -> 1; link 1: node 1 -> 0 (the Send's link field).
    std::vector<Send> Sends() const
    {
        std::vector<Send> sends;
        for (uint32_t i = 0; i < 40; ++i)
        {
            // Bursts one way, single packets back, interleaved.
            sends.push_back(Send{i % 3 == 2 ? 1u : 0u, NanoSeconds(300 * (i / 2)), 8, false});
        }
        return sends;
    }

    void DoRun() override
    {
        ObjectFactory scheduler("ns3::PeekableScheduler");
        const std::vector<Send> sends = Sends();
        Arrivals expected;
        {
            Simulator::SetScheduler(scheduler);
            NetDeviceContainer devices;
            std::vector<Ptr<Socket>> sockets;
            std::vector<Ipv4Address> to = RandomLink(expected, devices, sockets);
            ScheduleSends(sends, [&](uint32_t i) {
                Ptr<Packet> p = Create<Packet>(sends[i].payload);
                p->AddHeader(HeaderOf(i));
                uint32_t from = sends[i].link;
                sockets[from]->SendTo(p, 0, InetSocketAddress(to[1 - from], 9));
            });
            Simulator::Run();
            Simulator::Destroy();
        }
        Arrivals direct;
        {
            Simulator::SetScheduler(scheduler);
            NetDeviceContainer devices;
            std::vector<Ptr<Socket>> sockets;
            Arrivals unused;
            RandomLink(unused, devices, sockets);
            DirectLinkHelper helper;
            helper.Install(devices);
            for (uint32_t n = 0; n < 2; ++n)
            {
                helper.SetReceiver(devices.Get(n)->GetNode(),
                                   MakeBoundCallback(
                                       +[](Arrivals* seen, const DirectPacket& p) {
                                           seen->emplace_back(p.header.GetRequestId(),
                                                              Simulator::Now());
                                       },
                                       &direct));
            }
            ScheduleSends(sends, [&](uint32_t i) {
                DirectPacket p;
                p.header = HeaderOf(i);
                p.payload = sends[i].payload;
                helper.Get(devices.Get(sends[i].link))->Send(p);
            });
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(unused.size(), 0, "nothing crossed the packet-level link");
            for (const auto& l : helper.GetLinks())
            {
                l->Dispose();
            }
            Simulator::Destroy();
        }
        CompareArrivals(expected, direct, sends.size());
        if (IsStatusFailure())
        {
            return;
        }
        bool overtaken = false;
        for (uint32_t i = 0; i < expected.size(); ++i)
        {
            overtaken |= i > 0 && expected[i].first < expected[i - 1].first &&
                         sends[expected[i].first].link == sends[expected[i - 1].first].link;
        }
        NS_TEST_EXPECT_MSG_EQ(overtaken, true, "some packet overtook another on its link");
    }
};

/**
 * \ingroup request-scheduling
 * \brief The DirectLink test suite.
 */
class DirectLinkTestSuite : public TestSuite
{
  public:
    DirectLinkTestSuite()
        : TestSuite("request-scheduling-direct-link", Type::UNIT)
    {
        // A packet of 104 bytes takes 832 ns at 1 Gbit/s.
        const Time tx = NanoSeconds(832);
        AddTestCase(new DirectLinkTestCase("spaced packets, two sizes",
                                           {{0, Time(0), 8, false},
                                            {0, MicroSeconds(3), 1000, false},
                                            {1, MicroSeconds(3), 8, false},
                                            {0, MicroSeconds(20), 8, false}},
                                           0));
        AddTestCase(new DirectLinkTestCase("a burst queues",
                                           {{0, Time(0), 8, false},
                                            {0, Time(0), 8, false},
                                            {0, NanoSeconds(10), 400, false},
                                            {0, NanoSeconds(900), 8, false},
                                            {1, NanoSeconds(900), 8, false},
                                            {0, MicroSeconds(50), 8, false}},
                                           2));
        // Packet 1 is sent when packet 0 is done, by an event scheduled
        // before packet 0 left: a device still has packet 0 then, so packet
        // 1 starts in the device's end-of-transmission event, after packet 2
        // (sent on the other link at the same nanosecond) was scheduled:
        // packet 2 arrives first, at the same time.
        AddTestCase(
            new DirectLinkTestCase("sent as the packet ahead is done, before its end",
                                   {{0, Time(0), 8, false}, {0, tx, 8, false}, {1, tx, 8, false}},
                                   0));
        // The same, but packet 1's event is scheduled after packet 0 left:
        // the device is done with packet 0, packet 1 starts at once.
        AddTestCase(
            new DirectLinkTestCase("sent as the packet ahead is done, after its end",
                                   {{0, Time(0), 8, false}, {1, tx, 8, false}, {0, tx, 8, true}},
                                   0));
        AddTestCase(new DirectLinkRandomDelayTestCase());
    }
};

/// The suite's instance.
DirectLinkTestSuite g_directLinkTestSuite;

} // namespace
