/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * DataPathRouter: the subclass hook sees transit packets first, the rest is
 * forwarded along cached routes, the cache follows address changes, and
 * RouteCache is an attribute of the subclasses. OutputRouteCache: a host's
 * sockets get the route static routing gives, kept per destination.
 */

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/data-path-router.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-list-routing-helper.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/output-route-cache-helper.h"
#include "ns3/output-route-cache.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/semantic-router.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"

#include <map>
#include <sstream>
#include <string>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/**
 * \ingroup request-scheduling
 * \brief The smallest DataPathRouter: claims the packets to one address and
 * redirects them to another (through Lookup); leaves the rest to the base.
 */
class ClaimingRouter : public DataPathRouter
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::tests::ClaimingRouter")
                                .SetParent<DataPathRouter>()
                                .SetGroupName("RequestScheduling")
                                .AddConstructor<ClaimingRouter>();
        return tid;
    }

    /**
     * \param claimed destination whose packets the hook handles
     * \param target where it sends them
     */
    void Claim(Ipv4Address claimed, Ipv4Address target)
    {
        m_claimed = claimed;
        m_target = target;
    }

    uint64_t seen{0};    //!< transit packets offered to the hook
    uint64_t claimed{0}; //!< packets the hook handled

  private:
    bool DoRouteInput(Ptr<const Packet> p,
                      const Ipv4Header& header,
                      Ptr<const NetDevice> /* idev */,
                      const UnicastForwardCallback& ucb,
                      const ErrorCallback& ecb) override
    {
        ++seen;
        if (header.GetDestination() != m_claimed)
        {
            return false;
        }
        ++claimed;
        Ptr<Ipv4Route> route = Lookup(m_target);
        if (!route)
        {
            if (!ecb.IsNull())
            {
                ecb(p, header, Socket::ERROR_NOROUTETOHOST);
            }
            return true;
        }
        Ipv4Header out = header;
        out.SetDestination(m_target);
        ucb(route, p, out);
        return true;
    }

    Ipv4Address m_claimed; //!< claimed destination
    Ipv4Address m_target;  //!< where claimed packets go
};

NS_OBJECT_ENSURE_REGISTERED(ClaimingRouter);

/**
 * \ingroup request-scheduling
 * \brief client -- router -- server over point-to-point links, static
 * routing, a ClaimingRouter ahead of it on the router.
 *
 * The client sends 4 packets of 100 bytes to the server and 4 of 200 bytes
 * to the claimed address 10.9.9.9 (redirected to the server), interleaved;
 * at 10 ms an address is added to the router; then 2 more of 100 bytes to
 * the server.
 */
class DataPathRouterTestCase : public TestCase
{
  public:
    /// \param routeCache the router's RouteCache attribute
    DataPathRouterTestCase(bool routeCache)
        : TestCase(std::string("data-path router: hook, then forwarding; RouteCache=") +
                   (routeCache ? "true" : "false")),
          m_routeCache(routeCache)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        Ipv4ListRoutingHelper list;
        Ipv4StaticRoutingHelper staticRouting;
        list.Add(staticRouting, 0);
        InternetStackHelper stack;
        stack.SetRoutingHelper(list);
        stack.Install(nodes);

        Ptr<Ipv4> routerIp = nodes.Get(1)->GetObject<Ipv4>();
        auto router = CreateObject<ClaimingRouter>();
        router->SetAttribute("RouteCache", BooleanValue(m_routeCache));
        DynamicCast<Ipv4ListRouting>(routerIp->GetRoutingProtocol())
            ->AddRoutingProtocol(router, 10);

        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("1ms"));
        Ipv4AddressHelper addresses;
        addresses.SetBase("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer left =
            addresses.Assign(p2p.Install(nodes.Get(0), nodes.Get(1))); // 10.1.1.1 -- .2
        addresses.SetBase("10.1.2.0", "255.255.255.0");
        Ipv4InterfaceContainer right =
            addresses.Assign(p2p.Install(nodes.Get(1), nodes.Get(2))); // 10.1.2.1 -- .2
        staticRouting.GetStaticRouting(nodes.Get(0)->GetObject<Ipv4>())
            ->SetDefaultRoute(left.GetAddress(1), 1);
        staticRouting.GetStaticRouting(nodes.Get(2)->GetObject<Ipv4>())
            ->SetDefaultRoute(right.GetAddress(0), 1);

        const Ipv4Address server = right.GetAddress(1);
        const Ipv4Address claimedAddress("10.9.9.9");
        router->Claim(claimedAddress, server);

        Ptr<Socket> sink = Socket::CreateSocket(nodes.Get(2), UdpSocketFactory::GetTypeId());
        sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        sink->SetRecvCallback([this](Ptr<Socket> s) {
            while (Ptr<Packet> p = s->Recv())
            {
                ++m_received[p->GetSize()];
            }
        });
        Ptr<Socket> source = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
        source->Bind();
        auto sendAt = [source](Time at, Ipv4Address to, uint32_t size) {
            Simulator::Schedule(at, [source, to, size]() {
                source->SendTo(Create<Packet>(size), 0, InetSocketAddress(to, 9));
            });
        };
        for (uint32_t i = 0; i < 4; ++i)
        {
            sendAt(MilliSeconds(1 + 2 * i), server, 100);
            sendAt(MilliSeconds(2 + 2 * i), claimedAddress, 200);
        }
        sendAt(MilliSeconds(11), server, 100);
        sendAt(MilliSeconds(12), server, 100);

        Simulator::Schedule(MilliSeconds(10), [this, router, routerIp]() {
            m_cachedBefore = router->GetRouteCacheSize();
            std::ostringstream os;
            router->PrintRoutingTable(Create<OutputStreamWrapper>(&os));
            m_table = os.str();
            routerIp->AddAddress(1, Ipv4InterfaceAddress("10.7.7.1", "255.255.255.0"));
            m_cachedAfter = router->GetRouteCacheSize();
        });
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(router->seen, 10u, "every transit packet reaches the hook");
        NS_TEST_ASSERT_MSG_EQ(router->claimed, 4u, "the hook handles the claimed packets");
        NS_TEST_ASSERT_MSG_EQ(m_received[200], 4u, "claimed packets are redirected");
        NS_TEST_ASSERT_MSG_EQ(m_received[100], 6u, "the others are forwarded");
        if (m_routeCache)
        {
            NS_TEST_ASSERT_MSG_EQ(router->GetForwarded(), 6u, "unclaimed: forwarded by the base");
            NS_TEST_ASSERT_MSG_EQ(m_cachedBefore, 1u, "one destination cached (the server)");
            NS_TEST_ASSERT_MSG_NE(m_table.find("  10.1.2.2 via"),
                                  std::string::npos,
                                  "PrintRoutingTable lists the cached route: " << m_table);
            NS_TEST_ASSERT_MSG_EQ(m_cachedAfter, 0u, "NotifyAddAddress clears the cache");
            NS_TEST_ASSERT_MSG_EQ(router->GetRouteCacheSize(), 1u, "the route is cached again");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(router->GetForwarded(), 0u, "unclaimed: left to static routing");
            NS_TEST_ASSERT_MSG_EQ(m_cachedBefore, 0u, "nothing cached");
            NS_TEST_ASSERT_MSG_EQ(router->GetRouteCacheSize(), 0u, "nothing cached");
        }
        Simulator::Destroy();
    }

    bool m_routeCache;                       //!< RouteCache attribute
    std::map<uint32_t, uint64_t> m_received; //!< packets received by size
    std::size_t m_cachedBefore{0};           //!< cache size before the address change
    std::size_t m_cachedAfter{99};           //!< cache size right after it
    std::string m_table;                     //!< PrintRoutingTable before the change
};

/**
 * \ingroup request-scheduling
 * \brief RouteCache, declared by DataPathRouter, is an attribute of its
 * subclasses; its default is set under the declaring TypeId.
 */
class RouteCacheAttributeTestCase : public TestCase
{
  public:
    RouteCacheAttributeTestCase()
        : TestCase("data-path router: RouteCache is inherited by SemanticRouter")
    {
    }

  private:
    void DoRun() override
    {
        ObjectFactory factory("ns3::SemanticRouter");
        factory.Set("RouteCache", BooleanValue(false));
        BooleanValue value;
        factory.Create<SemanticRouter>()->GetAttribute("RouteCache", value);
        NS_TEST_ASSERT_MSG_EQ(value.Get(), false, "ObjectFactory::Set on the subclass");

        NS_TEST_ASSERT_MSG_EQ(
            Config::SetDefaultFailSafe("ns3::DataPathRouter::RouteCache", BooleanValue(false)),
            true,
            "the default is set under the declaring TypeId");
        CreateObject<SemanticRouter>()->GetAttribute("RouteCache", value);
        NS_TEST_ASSERT_MSG_EQ(value.Get(), false, "the subclass takes the parent's default");
        Config::SetDefault("ns3::DataPathRouter::RouteCache", BooleanValue(true));
        CreateObject<SemanticRouter>()->GetAttribute("RouteCache", value);
        NS_TEST_ASSERT_MSG_EQ(value.Get(), true, "default restored");
    }
};

/**
 * \ingroup request-scheduling
 * \brief OutputRouteCache: a host's packets get the route static routing
 * gives, built once per destination; failures and bound devices are not
 * cached; interface changes clear the cache; packets still flow.
 */
class OutputRouteCacheTestCase : public TestCase
{
  public:
    OutputRouteCacheTestCase()
        : TestCase("output route cache: static routing's routes, kept per destination")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        InternetStackHelper stack;
        stack.SetRoutingHelper(AheadOfStaticRouting(OutputRouteCacheHelper()));
        stack.Install(nodes);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("1ms"));
        Ipv4AddressHelper addresses;
        addresses.SetBase("10.1.1.0", "255.255.255.0");
        NetDeviceContainer devices = p2p.Install(nodes.Get(0), nodes.Get(1));
        Ipv4InterfaceContainer ifaces = addresses.Assign(devices);

        Ptr<Ipv4> ip = nodes.Get(0)->GetObject<Ipv4>();
        auto list = DynamicCast<Ipv4ListRouting>(ip->GetRoutingProtocol());
        NS_TEST_ASSERT_MSG_NE(list, nullptr, "a list routing");
        int16_t priority;
        auto cache = DynamicCast<OutputRouteCache>(list->GetRoutingProtocol(0, priority));
        NS_TEST_ASSERT_MSG_NE(cache, nullptr, "the cache comes first");
        Ptr<Ipv4StaticRouting> staticRouting = Ipv4StaticRoutingHelper().GetStaticRouting(ip);

        auto route = [&](Ipv4Address to, Ptr<NetDevice> oif, Socket::SocketErrno& err) {
            Ipv4Header h;
            h.SetDestination(to);
            return list->RouteOutput(nullptr, h, oif, err);
        };
        Socket::SocketErrno err;
        const Ipv4Address peer = ifaces.GetAddress(1);
        Ptr<Ipv4Route> first = route(peer, nullptr, err);
        NS_TEST_ASSERT_MSG_NE(first, nullptr, "a route to the peer");
        NS_TEST_ASSERT_MSG_EQ(err, Socket::ERROR_NOTERROR, "no error");
        Ipv4Header h;
        h.SetDestination(peer);
        Ptr<Ipv4Route> reference = staticRouting->RouteOutput(nullptr, h, nullptr, err);
        NS_TEST_ASSERT_MSG_EQ(first->GetSource(), reference->GetSource(), "static's source");
        NS_TEST_ASSERT_MSG_EQ(first->GetGateway(), reference->GetGateway(), "static's gateway");
        NS_TEST_ASSERT_MSG_EQ(first->GetOutputDevice(),
                              reference->GetOutputDevice(),
                              "static's device");
        NS_TEST_ASSERT_MSG_EQ(cache->GetRouteCacheSize(), 1u, "one destination cached");
        NS_TEST_ASSERT_MSG_EQ(route(peer, nullptr, err), first, "the same route, from the cache");

        NS_TEST_ASSERT_MSG_EQ(route(Ipv4Address("192.168.7.7"), nullptr, err),
                              nullptr,
                              "no route off the link (no default route)");
        NS_TEST_ASSERT_MSG_EQ(err, Socket::ERROR_NOROUTETOHOST, "no route to host");
        NS_TEST_ASSERT_MSG_NE(route(peer, devices.Get(0), err), nullptr, "bound device: routed");
        NS_TEST_ASSERT_MSG_EQ(cache->GetRouteCacheSize(),
                              1u,
                              "failures and bound devices are not cached");

        std::ostringstream os;
        cache->PrintRoutingTable(Create<OutputStreamWrapper>(&os));
        NS_TEST_ASSERT_MSG_NE(os.str().find("  10.1.1.2 via"),
                              std::string::npos,
                              "PrintRoutingTable lists the cached route: " << os.str());

        // Packets still flow; then the interface goes down and comes back.
        uint32_t received = 0;
        Ptr<Socket> sink = Socket::CreateSocket(nodes.Get(1), UdpSocketFactory::GetTypeId());
        sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        sink->SetRecvCallback([&received](Ptr<Socket> s) {
            while (s->Recv())
            {
                ++received;
            }
        });
        Ptr<Socket> source = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
        source->Bind();
        for (uint32_t i = 0; i < 3; ++i)
        {
            Simulator::Schedule(MilliSeconds(1 + i), [source, peer]() {
                source->SendTo(Create<Packet>(100), 0, InetSocketAddress(peer, 9));
            });
        }
        std::size_t afterDown = 99;
        Simulator::Schedule(MilliSeconds(10), [&afterDown, cache, ip]() {
            ip->SetDown(1);
            afterDown = cache->GetRouteCacheSize();
            ip->SetUp(1);
        });
        Simulator::Schedule(MilliSeconds(11), [source, peer]() {
            source->SendTo(Create<Packet>(100), 0, InetSocketAddress(peer, 9));
        });
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(received, 4u, "every packet arrives");
        NS_TEST_ASSERT_MSG_EQ(afterDown, 0u, "an interface going down clears the cache");
        NS_TEST_ASSERT_MSG_EQ(cache->GetRouteCacheSize(), 1u, "the route is cached again");
        Simulator::Destroy();
    }
};

/**
 * \ingroup request-scheduling
 * \brief The DataPathRouter test suite.
 */
class DataPathRouterTestSuite : public TestSuite
{
  public:
    DataPathRouterTestSuite()
        : TestSuite("request-scheduling-data-path-router", Type::UNIT)
    {
        AddTestCase(new DataPathRouterTestCase(true));
        AddTestCase(new DataPathRouterTestCase(false));
        AddTestCase(new RouteCacheAttributeTestCase());
        AddTestCase(new OutputRouteCacheTestCase());
    }
};

/// Registers the suite.
DataPathRouterTestSuite g_dataPathRouterTestSuite;

} // namespace
