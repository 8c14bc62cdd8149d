/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rack-helper.h"

#include "ns3/abort.h"
#include "ns3/core-policy.h"
#include "ns3/data-path-router-helper.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/multicore-server.h"
#include "ns3/output-route-cache-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/rack-scheduler.h"
#include "ns3/request-client.h"
#include "ns3/request-dispatcher.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

RackHelper::RackHelper()
    : m_workers(8, 8),
      m_servers(0)
{
    m_servers.SetPolicy(ObjectFactory("ns3::ShinjukuCorePolicy"));
    m_switchFactory.SetTypeId("ns3::RackScheduler");
}

void
RackHelper::SetServers(const std::vector<uint32_t>& workers)
{
    NS_ABORT_MSG_IF(workers.empty(), "RackHelper: a rack needs a server");
    for (uint32_t w : workers)
    {
        NS_ABORT_MSG_IF(w == 0, "RackHelper: a server needs a worker core");
    }
    m_workers = workers;
}

void
RackHelper::SetClients(uint32_t clients)
{
    m_clients = clients;
}

void
RackHelper::SetAddressBase(Ipv4Address base)
{
    NS_ABORT_MSG_IF(base.Get() & 0xff,
                    "RackHelper: the address base " << base << " is no /24 network");
    m_base = base;
}

void
RackHelper::SetServerPolicy(const ObjectFactory& policy)
{
    m_servers.SetPolicy(policy);
}

void
RackHelper::SetServerAttribute(const std::string& name, const AttributeValue& value)
{
    m_servers.SetAttribute(name, value);
}

void
RackHelper::SetDispatcher(const ObjectFactory& dispatcher)
{
    m_dispatcherFactory = dispatcher;
}

void
RackHelper::SetSwitchAttribute(const std::string& name, const AttributeValue& value)
{
    m_switchFactory.Set(name, value);
}

void
RackHelper::SetLinks(DataRate rate, Time delay)
{
    m_rate = rate;
    m_delay = delay;
}

void
RackHelper::SetPort(uint16_t port)
{
    m_port = port;
}

void
RackHelper::Install()
{
    NS_ABORT_MSG_IF(m_tor, "RackHelper::Install: already installed");
    m_tor = CreateObject<Node>();
    m_serverNodes.Create(m_workers.size());
    m_clientNodes.Create(m_clients);

    InternetStackHelper torStack;
    torStack.SetRoutingHelper(AheadOfStaticRouting(DataPathRouterHelper(m_switchFactory)));
    torStack.Install(m_tor);
    InternetStackHelper hostStack;
    // Hosts keep the route to each destination they send to (OutputRouteCache).
    hostStack.SetRoutingHelper(AheadOfStaticRouting(OutputRouteCacheHelper()));
    hostStack.Install(m_serverNodes);
    hostStack.Install(m_clientNodes);

    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
    link.SetChannelAttribute("Delay", TimeValue(m_delay));
    link.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("10000p"));
    // One FIFO per link direction, as a NIC and a switch port have, and
    // fewer events per packet than with a queue disc in front.
    link.DisableFlowControl();

    Ipv4AddressHelper addresses;
    Ipv4StaticRoutingHelper routing;
    // Host h (servers first, then clients) is on the /24 network base + 256 h.
    auto connect = [&](Ptr<Node> host, uint32_t h) {
        NetDeviceContainer devices = link.Install(host, m_tor);
        addresses.SetBase(Ipv4Address(m_base.Get() + 256 * h), "255.255.255.0");
        Ipv4InterfaceContainer ifaces = addresses.Assign(devices);
        Ptr<Ipv4> ipv4 = host->GetObject<Ipv4>();
        routing.GetStaticRouting(ipv4)->SetDefaultRoute(
            ifaces.GetAddress(1),
            ipv4->GetInterfaceForDevice(devices.Get(0)));
        m_devices.Add(devices);
        m_hostAddresses.push_back(ifaces.GetAddress(0));
        return ifaces.GetAddress(0);
    };
    for (uint32_t s = 0; s < m_workers.size(); ++s)
    {
        Ipv4Address address = connect(m_serverNodes.Get(s), s);
        ComputeTarget target;
        target.address = address;
        target.computeUnits = m_workers[s];
        m_vector.Add(target);
    }
    for (uint32_t c = 0; c < m_clients; ++c)
    {
        connect(m_clientNodes.Get(c), m_workers.size() + c);
    }

    for (uint32_t s = 0; s < m_workers.size(); ++s)
    {
        m_servers.SetAttribute("Port", UintegerValue(m_port));
        m_servers.SetAttribute("ComputeUnits", UintegerValue(m_workers[s]));
        m_serverApps.Add(m_servers.Install(m_serverNodes.Get(s)));
    }

    if (m_dispatcherFactory.GetTypeId() != TypeId())
    {
        m_dispatcher = m_dispatcherFactory.Create<Dispatcher>();
        m_dispatcher->SetComputeVector(m_vector);
        GetSwitch()->SetDispatcher(m_dispatcher);
    }
}

void
RackHelper::InstallDirectLinks()
{
    NS_ABORT_MSG_IF(!m_tor, "RackHelper::InstallDirectLinks: Install() first");
    NS_ABORT_MSG_IF(!m_directLinks.empty(), "RackHelper::InstallDirectLinks: already installed");
    NS_ABORT_MSG_IF(m_devices.GetN() != 2 * m_hostAddresses.size(),
                    "RackHelper::InstallDirectLinks: not with ConnectUplink()");
    Ptr<RackScheduler> tor = GetSwitch();
    ObjectFactory factory("ns3::DirectLink");
    factory.Set("DataRate", DataRateValue(m_rate));
    factory.Set("Delay", TimeValue(m_delay));
    for (uint32_t h = 0; h < m_hostAddresses.size(); ++h)
    {
        Ptr<DirectLink> up = factory.Create<DirectLink>();
        up->SetReceiver(MakeCallback(&RackScheduler::ReceiveDirect, tor));
        Ptr<DirectLink> down = factory.Create<DirectLink>();
        if (h < m_workers.size())
        {
            Ptr<MulticoreServer> server = DynamicCast<MulticoreServer>(m_serverApps.Get(h));
            down->SetReceiver(MakeCallback(&MulticoreServer::DeliverDirect, server));
            server->SetDirectUplink(up);
        }
        else
        {
            down->SetReceiver(MakeCallback(&RequestClient::ReceiveDirect),
                              MakeCallback(&RequestClient::PrefetchDirect));
        }
        tor->AddDirectRoute(m_hostAddresses[h], down);
        m_directLinks.push_back(up);
        m_directLinks.push_back(down);
    }
}

Ptr<DirectLink>
RackHelper::GetDirectUplink(uint32_t client) const
{
    uint32_t h = m_workers.size() + client;
    NS_ABORT_MSG_IF(2 * h >= m_directLinks.size(),
                    "RackHelper::GetDirectUplink: no client " << client
                                                              << " (InstallDirectLinks?)");
    return m_directLinks[2 * h];
}

std::vector<Ptr<DirectLink>>
RackHelper::GetDirectLinks() const
{
    return m_directLinks;
}

NetDeviceContainer
RackHelper::ConnectUplink(Ptr<Node> router,
                          Ipv4Address network,
                          DataRate rate,
                          Time delay,
                          Ptr<Node> bump)
{
    NS_ABORT_MSG_IF(!m_tor, "RackHelper::ConnectUplink: Install() first");
    NS_ABORT_MSG_IF(!m_directLinks.empty(),
                    "RackHelper::ConnectUplink: not with InstallDirectLinks()");
    NS_ABORT_MSG_IF(bump && bump->GetNDevices() != 0,
                    "RackHelper::ConnectUplink: the bump in the wire must have no devices yet");
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(rate));
    link.SetChannelAttribute("Delay", TimeValue(delay));
    link.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("10000p"));
    link.DisableFlowControl();
    NetDeviceContainer devices;
    NetDeviceContainer bumpDevices;
    if (bump)
    {
        NetDeviceContainer outside = link.Install(bump, router);
        link.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
        link.SetChannelAttribute("Delay", TimeValue(m_delay));
        NetDeviceContainer inside = link.Install(bump, m_tor);
        devices.Add(inside.Get(1));
        devices.Add(outside.Get(1));
        bumpDevices.Add(outside.Get(0));
        bumpDevices.Add(inside.Get(0));
    }
    else
    {
        devices = link.Install(m_tor, router);
    }
    Ipv4AddressHelper addresses(network, "255.255.255.252");
    Ipv4InterfaceContainer ifaces = addresses.Assign(devices);
    m_devices.Add(devices);
    m_devices.Add(bumpDevices);

    Ipv4StaticRoutingHelper routing;
    Ptr<Ipv4> torIp = m_tor->GetObject<Ipv4>();
    routing.GetStaticRouting(torIp)->SetDefaultRoute(ifaces.GetAddress(1),
                                                     torIp->GetInterfaceForDevice(devices.Get(0)));
    Ptr<Ipv4> routerIp = router->GetObject<Ipv4>();
    Ptr<Ipv4StaticRouting> routerRoutes = routing.GetStaticRouting(routerIp);
    if (routerRoutes)
    {
        uint32_t uplink = routerIp->GetInterfaceForDevice(devices.Get(1));
        routerRoutes->AddHostRouteTo(GetVirtualAddress(), ifaces.GetAddress(0), uplink);
        uint32_t hosts = m_serverNodes.GetN() + m_clientNodes.GetN();
        for (uint32_t h = 0; h < hosts; ++h)
        {
            routerRoutes->AddNetworkRouteTo(Ipv4Address(m_base.Get() + 256 * h),
                                            Ipv4Mask("255.255.255.0"),
                                            ifaces.GetAddress(0),
                                            uplink);
        }
    }
    devices.Add(bumpDevices);
    return devices;
}

Ptr<Node>
RackHelper::GetSwitchNode() const
{
    return m_tor;
}

Ptr<RackScheduler>
RackHelper::GetSwitch() const
{
    return m_tor ? DataPathRouterHelper::Get<RackScheduler>(m_tor) : nullptr;
}

Ptr<Dispatcher>
RackHelper::GetDispatcher() const
{
    return m_dispatcher;
}

const ComputeVector&
RackHelper::GetComputeVector() const
{
    return m_vector;
}

ApplicationContainer
RackHelper::GetServers() const
{
    return m_serverApps;
}

NodeContainer
RackHelper::GetClientNodes() const
{
    return m_clientNodes;
}

NodeContainer
RackHelper::GetAllNodes() const
{
    NodeContainer all(m_tor);
    all.Add(m_serverNodes);
    all.Add(m_clientNodes);
    return all;
}

NetDeviceContainer
RackHelper::GetDevices() const
{
    return m_devices;
}

Ipv4Address
RackHelper::GetVirtualAddress() const
{
    Ipv4AddressValue v;
    Ptr<RackScheduler> s = GetSwitch();
    NS_ABORT_MSG_IF(!s, "RackHelper: Install() first");
    s->GetAttribute("VirtualAddress", v);
    return v.Get();
}

uint16_t
RackHelper::GetPort() const
{
    return m_port;
}

} // namespace rsched
} // namespace ns3
