/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sdwan-testbed-helper.h"

#include "ns3/abort.h"
#include "ns3/background-traffic-generator.h"
#include "ns3/data-path-router-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/string.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/tunnel-router.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

namespace
{

/**
 * \param node a node
 * \param device one of its devices
 * \return the interface index of the device
 */
uint32_t
InterfaceOf(Ptr<Node> node, Ptr<NetDevice> device)
{
    return node->GetObject<Ipv4>()->GetInterfaceForDevice(device);
}

} // namespace

SdwanTestbedHelper::SdwanTestbedHelper()
{
    m_router.SetTypeId("ns3::FlowSplitter");
    m_queueDisc.SetTypeId("ns3::FifoQueueDisc");
    m_queueDisc.Set("MaxSize", StringValue("1000p"));
}

void
SdwanTestbedHelper::SetRouter(const ObjectFactory& router)
{
    m_router = router;
}

void
SdwanTestbedHelper::SetHost(uint32_t side, Ptr<Node> node)
{
    NS_ABORT_MSG_IF(side > 1, "SdwanTestbedHelper::SetHost: side 0 or 1");
    NS_ABORT_MSG_IF(!node || !node->GetObject<Ipv4>(),
                    "SdwanTestbedHelper::SetHost: the node needs an internet stack");
    (side == 0 ? m_client : m_server) = node;
}

void
SdwanTestbedHelper::SetAddressBase(Ipv4Address base)
{
    m_base = base.Get() & 0xff000000u;
}

void
SdwanTestbedHelper::AddHostNetwork(uint32_t side, Ipv4Address network, Ipv4Mask mask)
{
    NS_ABORT_MSG_IF(side > 1, "SdwanTestbedHelper::AddHostNetwork: side 0 or 1");
    m_hostNetworks[side].push_back({network.CombineMask(mask), mask});
}

Ipv4Address
SdwanTestbedHelper::Net(uint32_t a, uint32_t b) const
{
    return Ipv4Address(m_base + (a << 16) + (b << 8));
}

void
SdwanTestbedHelper::SetTunnels(uint32_t tunnels)
{
    NS_ABORT_MSG_IF(tunnels == 0 || tunnels > MAX_TUNNELS,
                    "SdwanTestbedHelper: 1 .. " << MAX_TUNNELS << " tunnels");
    m_tunnels = tunnels;
}

void
SdwanTestbedHelper::SetWan(DataRate rate, Time delay)
{
    m_wanRate = rate;
    m_wanDelay = delay;
}

void
SdwanTestbedHelper::SetLan(DataRate rate, Time delay)
{
    m_lanRate = rate;
    m_lanDelay = delay;
}

void
SdwanTestbedHelper::SetQueueDisc(const ObjectFactory& queueDisc)
{
    m_queueDisc = queueDisc;
}

void
SdwanTestbedHelper::Install()
{
    NodeContainer hosts;
    for (Ptr<Node>* host : {&m_client, &m_server})
    {
        if (!*host)
        {
            *host = CreateObject<Node>();
            hosts.Add(*host);
        }
    }
    m_border.Create(2);
    m_inner.assign(m_tunnels, NodeContainer());
    NodeContainer inner;
    for (auto& pair : m_inner)
    {
        pair.Create(2);
        inner.Add(pair);
    }

    InternetStackHelper borderStack;
    borderStack.SetRoutingHelper(AheadOfStaticRouting(DataPathRouterHelper(m_router)));
    borderStack.Install(m_border);
    InternetStackHelper stack;
    stack.SetRoutingHelper(Ipv4StaticRoutingHelper());
    stack.Install(NodeContainer(hosts, inner));

    PointToPointHelper lan;
    lan.SetDeviceAttribute("DataRate", DataRateValue(m_lanRate));
    lan.SetChannelAttribute("Delay", TimeValue(m_lanDelay));
    lan.DisableFlowControl();
    PointToPointHelper wan;
    wan.SetDeviceAttribute("DataRate", DataRateValue(m_wanRate));
    wan.SetChannelAttribute("Delay", TimeValue(m_wanDelay));
    // The queue disc is the queue: the device holds one packet besides the
    // one it transmits.
    wan.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1p"));

    Ipv4AddressHelper address;
    auto connect = [&](PointToPointHelper& link, Ptr<Node> a, Ptr<Node> b, Ipv4Address net) {
        NetDeviceContainer devices = link.Install(a, b);
        if (&link == &wan)
        {
            for (uint32_t i = 0; i < 2; ++i)
            {
                Ptr<NetDevice> d = devices.Get(i);
                d->GetNode()->GetObject<TrafficControlLayer>()->SetRootQueueDiscOnDevice(
                    d,
                    m_queueDisc.Create<QueueDisc>());
            }
            m_wanDevices.Add(devices);
        }
        address.SetBase(net, "255.255.255.0");
        return std::make_pair(devices, address.Assign(devices));
    };

    Ptr<Node> br1 = m_border.Get(0);
    Ptr<Node> br2 = m_border.Get(1);
    auto [clientDevs, clientIfs] = connect(lan, m_client, br1, Net(1, 1));
    auto [serverDevs, serverIfs] = connect(lan, m_server, br2, Net(2, 1));
    m_serverAddress = serverIfs.GetAddress(0);
    m_lanDevices.Add(clientDevs);
    m_lanDevices.Add(serverDevs);

    Ipv4StaticRoutingHelper routing;
    auto table = [&routing](Ptr<Node> node) {
        return routing.GetStaticRouting(node->GetObject<Ipv4>());
    };
    const Ipv4Mask mask("255.255.255.0");
    table(m_client)->SetDefaultRoute(clientIfs.GetAddress(1),
                                     InterfaceOf(m_client, clientDevs.Get(0)));
    table(m_server)->SetDefaultRoute(serverIfs.GetAddress(1),
                                     InterfaceOf(m_server, serverDevs.Get(0)));

    // What lies behind each side: its LAN and its host's networks.
    std::vector<HostNetwork> behind[2];
    for (uint32_t side = 0; side < 2; ++side)
    {
        behind[side].push_back({Net(1 + side, 1), mask});
        behind[side].insert(behind[side].end(),
                            m_hostNetworks[side].begin(),
                            m_hostNetworks[side].end());
    }
    for (const HostNetwork& n : m_hostNetworks[0])
    {
        table(br1)->AddNetworkRouteTo(n.network,
                                      n.mask,
                                      clientIfs.GetAddress(0),
                                      InterfaceOf(br1, clientDevs.Get(1)));
    }
    for (const HostNetwork& n : m_hostNetworks[1])
    {
        table(br2)->AddNetworkRouteTo(n.network,
                                      n.mask,
                                      serverIfs.GetAddress(0),
                                      InterfaceOf(br2, serverDevs.Get(1)));
    }

    Ptr<TunnelRouter> router1 = GetBorderRouter(0);
    Ptr<TunnelRouter> router2 = GetBorderRouter(1);
    for (uint32_t k = 0; k < m_tunnels; ++k)
    {
        Ptr<Node> a = m_inner[k].Get(0);
        Ptr<Node> b = m_inner[k].Get(1);
        auto [d1, i1] = connect(wan, br1, a, Net(10 + k, 1));
        auto [d2, i2] = connect(wan, a, b, Net(10 + k, 2));
        auto [d3, i3] = connect(wan, b, br2, Net(10 + k, 3));
        m_middle[0].push_back(i2.GetAddress(0));
        m_middle[1].push_back(i2.GetAddress(1));
        Ptr<TrafficControlLayer> tcA = a->GetObject<TrafficControlLayer>();
        Ptr<TrafficControlLayer> tcB = b->GetObject<TrafficControlLayer>();
        m_bottleneck[0].push_back(tcA->GetRootQueueDiscOnDevice(d2.Get(0)));
        m_bottleneck[1].push_back(tcB->GetRootQueueDiscOnDevice(d2.Get(1)));

        uint32_t aToBr1 = InterfaceOf(a, d1.Get(1));
        uint32_t aToB = InterfaceOf(a, d2.Get(0));
        uint32_t bToA = InterfaceOf(b, d2.Get(1));
        uint32_t bToBr2 = InterfaceOf(b, d3.Get(0));
        for (const HostNetwork& n : behind[0])
        {
            table(a)->AddNetworkRouteTo(n.network, n.mask, i1.GetAddress(0), aToBr1);
            table(b)->AddNetworkRouteTo(n.network, n.mask, i2.GetAddress(0), bToA);
        }
        for (const HostNetwork& n : behind[1])
        {
            table(a)->AddNetworkRouteTo(n.network, n.mask, i2.GetAddress(1), aToB);
            table(b)->AddNetworkRouteTo(n.network, n.mask, i3.GetAddress(1), bToBr2);
        }

        // The border routers' ordinary route to the remote side is tunnel 0;
        // their TunnelRouter chooses the tunnel of each packet.
        uint32_t br1ToA = InterfaceOf(br1, d1.Get(0));
        uint32_t br2ToB = InterfaceOf(br2, d3.Get(1));
        if (k == 0)
        {
            for (const HostNetwork& n : behind[1])
            {
                table(br1)->AddNetworkRouteTo(n.network, n.mask, i1.GetAddress(1), br1ToA);
            }
            for (const HostNetwork& n : behind[0])
            {
                table(br2)->AddNetworkRouteTo(n.network, n.mask, i3.GetAddress(0), br2ToB);
            }
        }
        router1->AddTunnel(br1ToA, i1.GetAddress(1));
        router2->AddTunnel(br2ToB, i3.GetAddress(0));
    }
    for (Ptr<TunnelRouter> router : {router1, router2})
    {
        std::string error;
        NS_ABORT_MSG_UNLESS(router->CheckTunnels(m_tunnels, error),
                            "SdwanTestbedHelper: the border routers' " << error);
    }
}

ApplicationContainer
SdwanTestbedHelper::InstallBackground(double utilisation, Time stop, int64_t& stream)
{
    NS_ABORT_MSG_IF(!(utilisation > 0), "SdwanTestbedHelper::InstallBackground: utilisation > 0");
    NS_ABORT_MSG_IF(m_inner.empty(), "SdwanTestbedHelper::InstallBackground: Install first");
    double gap = BACKGROUND_ON_WIRE * 8.0 / (utilisation * m_wanRate.GetBitRate());
    ApplicationContainer generators;
    for (uint32_t k = 0; k < m_tunnels; ++k)
    {
        for (uint32_t side = 0; side < 2; ++side)
        {
            auto g = CreateObject<BackgroundTrafficGenerator>();
            g->SetAttribute("Remote",
                            AddressValue(InetSocketAddress(GetTunnelAddress(k, 1 - side),
                                                           BACKGROUND_PORT + k)));
            g->SetAttribute("Port", UintegerValue(BACKGROUND_PORT + k));
            g->SetAttribute("PacketSize", UintegerValue(BACKGROUND_MESSAGE));
            g->SetAttribute("InterArrival",
                            PointerValue(CreateObjectWithAttributes<ExponentialRandomVariable>(
                                "Mean",
                                DoubleValue(gap))));
            GetTunnelRouter(k, side)->AddApplication(g);
            g->SetStartTime(Seconds(0));
            g->SetStopTime(stop);
            stream += g->AssignStreams(stream);
            generators.Add(g);
        }
    }
    return generators;
}

Ptr<Node>
SdwanTestbedHelper::GetClient() const
{
    return m_client;
}

Ptr<Node>
SdwanTestbedHelper::GetServer() const
{
    return m_server;
}

Ipv4Address
SdwanTestbedHelper::GetServerAddress() const
{
    return m_serverAddress;
}

Ptr<Node>
SdwanTestbedHelper::GetBorderNode(uint32_t side) const
{
    return m_border.Get(side);
}

Ptr<TunnelRouter>
SdwanTestbedHelper::GetBorderRouter(uint32_t side) const
{
    return DataPathRouterHelper::Get<TunnelRouter>(m_border.Get(side));
}

Ptr<Node>
SdwanTestbedHelper::GetTunnelRouter(uint32_t tunnel, uint32_t side) const
{
    return m_inner.at(tunnel).Get(side);
}

Ipv4Address
SdwanTestbedHelper::GetTunnelAddress(uint32_t tunnel, uint32_t side) const
{
    return m_middle[side].at(tunnel);
}

Ptr<QueueDisc>
SdwanTestbedHelper::GetBottleneck(uint32_t tunnel, uint32_t direction) const
{
    return m_bottleneck[direction].at(tunnel);
}

NetDeviceContainer
SdwanTestbedHelper::GetWanDevices() const
{
    return m_wanDevices;
}

uint32_t
SdwanTestbedHelper::GetTunnels() const
{
    return m_tunnels;
}

NetDeviceContainer
SdwanTestbedHelper::GetLanDevices() const
{
    return m_lanDevices;
}

NodeContainer
SdwanTestbedHelper::GetNodes() const
{
    NodeContainer all(NodeContainer(m_client, m_server), m_border);
    for (const auto& pair : m_inner)
    {
        all.Add(pair);
    }
    return all;
}

} // namespace rsched
} // namespace ns3
