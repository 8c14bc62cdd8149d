/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "output-route-cache.h"

#include "ns3/abort.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OutputRouteCache");

NS_OBJECT_ENSURE_REGISTERED(OutputRouteCache);

void
PrintRouteMap(std::ostream& os, Ptr<const Ipv4> ipv4, const RouteMap& routes)
{
    std::vector<uint32_t> destinations;
    destinations.reserve(routes.size());
    for (const auto& [dst, route] : routes)
    {
        destinations.push_back(dst);
    }
    std::sort(destinations.begin(), destinations.end());
    for (uint32_t dst : destinations)
    {
        const Ptr<Ipv4Route>& route = routes.at(dst);
        os << "  " << Ipv4Address(dst) << " via " << route->GetGateway() << " from "
           << route->GetSource() << " on interface "
           << ipv4->GetInterfaceForDevice(route->GetOutputDevice()) << "\n";
    }
}

TypeId
OutputRouteCache::GetTypeId()
{
    static TypeId tid = TypeId("ns3::OutputRouteCache")
                            .SetParent<Ipv4RoutingProtocol>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<OutputRouteCache>();
    return tid;
}

OutputRouteCache::OutputRouteCache() = default;

OutputRouteCache::~OutputRouteCache() = default;

std::size_t
OutputRouteCache::GetSize() const
{
    return m_routes.size();
}

void
OutputRouteCache::Flush()
{
    m_routes.clear();
}

Ptr<Ipv4Route>
OutputRouteCache::RouteOutput(Ptr<Packet> p,
                              const Ipv4Header& header,
                              Ptr<NetDevice> oif,
                              Socket::SocketErrno& sockerr)
{
    if (oif)
    {
        return Resolve(p, header, oif, sockerr);
    }
    uint32_t dst = header.GetDestination().Get();
    if (auto it = m_routes.find(dst); it != m_routes.end())
    {
        sockerr = Socket::ERROR_NOTERROR;
        return it->second;
    }
    Ptr<Ipv4Route> route = Resolve(p, header, oif, sockerr);
    if (route)
    {
        NS_LOG_LOGIC("caching " << *route);
        m_routes.emplace(dst, route);
    }
    return route;
}

Ptr<Ipv4Route>
OutputRouteCache::Resolve(Ptr<Packet> p,
                          const Ipv4Header& header,
                          Ptr<NetDevice> oif,
                          Socket::SocketErrno& sockerr) const
{
    auto list = DynamicCast<Ipv4ListRouting>(m_ipv4->GetRoutingProtocol());
    NS_ABORT_MSG_UNLESS(list,
                        "OutputRouteCache: install it in an Ipv4ListRouting, ahead of the "
                        "protocols whose routes it caches");
    for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
    {
        int16_t priority;
        Ptr<Ipv4RoutingProtocol> protocol = list->GetRoutingProtocol(i, priority);
        if (protocol == this)
        {
            continue;
        }
        if (Ptr<Ipv4Route> route = protocol->RouteOutput(p, header, oif, sockerr))
        {
            sockerr = Socket::ERROR_NOTERROR;
            return route;
        }
    }
    sockerr = Socket::ERROR_NOROUTETOHOST;
    return nullptr;
}

bool
OutputRouteCache::RouteInput(Ptr<const Packet> /* p */,
                             const Ipv4Header& /* header */,
                             Ptr<const NetDevice> /* idev */,
                             const UnicastForwardCallback& /* ucb */,
                             const MulticastForwardCallback& /* mcb */,
                             const LocalDeliverCallback& /* lcb */,
                             const ErrorCallback& /* ecb */)
{
    return false;
}

bool
OutputRouteCache::RouteInput(Ptr<const Packet> /* p */,
                             const Ipv4Header& /* header */,
                             Ptr<const NetDevice> /* idev */,
                             UnicastForwardCallback /* ucb */,
                             MulticastForwardCallback /* mcb */,
                             LocalDeliverCallback /* lcb */,
                             ErrorCallback /* ecb */)
{
    return false;
}

void
OutputRouteCache::NotifyInterfaceUp(uint32_t /* interface */)
{
    Flush();
}

void
OutputRouteCache::NotifyInterfaceDown(uint32_t /* interface */)
{
    Flush();
}

void
OutputRouteCache::NotifyAddAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
    Flush();
}

void
OutputRouteCache::NotifyRemoveAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
    Flush();
}

void
OutputRouteCache::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
}

void
OutputRouteCache::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit /* unit */) const
{
    std::ostream& os = *stream->GetStream();
    os << "Node: " << (m_ipv4 ? m_ipv4->GetObject<Node>()->GetId() : 0)
       << ", Time: " << Simulator::Now().As(Time::S) << ", OutputRouteCache, " << m_routes.size()
       << " destinations\n";
    PrintRouteMap(os, m_ipv4, m_routes);
}

void
OutputRouteCache::DoDispose()
{
    m_routes.clear();
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

} // namespace ns3
