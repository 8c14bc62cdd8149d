/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "route-caching-protocol.h"

#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <vector>

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(RouteCachingProtocol);

TypeId
RouteCachingProtocol::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RouteCachingProtocol")
                            .SetParent<Ipv4RoutingProtocol>()
                            .SetGroupName("RequestScheduling");
    return tid;
}

RouteCachingProtocol::RouteCachingProtocol() = default;

RouteCachingProtocol::~RouteCachingProtocol() = default;

void
RouteCachingProtocol::DoDispose()
{
    m_routes.clear();
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

std::size_t
RouteCachingProtocol::GetRouteCacheSize() const
{
    return m_routes.size();
}

void
RouteCachingProtocol::FlushRouteCache()
{
    m_routes.clear();
}

Ptr<Ipv4Route>
RouteCachingProtocol::FindCachedRoute(uint32_t dst) const
{
    auto it = m_routes.find(dst);
    return it == m_routes.end() ? nullptr : it->second;
}

void
RouteCachingProtocol::CacheRoute(uint32_t dst, Ptr<Ipv4Route> route)
{
    m_routes.emplace(dst, route);
}

Ptr<Ipv4>
RouteCachingProtocol::GetIpv4() const
{
    return m_ipv4;
}

bool
RouteCachingProtocol::RouteInput(Ptr<const Packet> p,
                                 const Ipv4Header& header,
                                 Ptr<const NetDevice> idev,
                                 const UnicastForwardCallback& ucb,
                                 const MulticastForwardCallback& /* mcb */,
                                 const LocalDeliverCallback& /* lcb */,
                                 const ErrorCallback& ecb)
{
    return HandleInput(p, header, idev, ucb, ecb);
}

bool
RouteCachingProtocol::RouteInput(Ptr<const Packet> p,
                                 const Ipv4Header& header,
                                 Ptr<const NetDevice> idev,
                                 UnicastForwardCallback ucb,
                                 MulticastForwardCallback /* mcb */,
                                 LocalDeliverCallback /* lcb */,
                                 ErrorCallback ecb)
{
    return HandleInput(p, header, idev, ucb, ecb);
}

void
RouteCachingProtocol::NotifyInterfaceUp(uint32_t /* interface */)
{
    m_routes.clear();
}

void
RouteCachingProtocol::NotifyInterfaceDown(uint32_t /* interface */)
{
    m_routes.clear();
}

void
RouteCachingProtocol::NotifyAddAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
    m_routes.clear();
}

void
RouteCachingProtocol::NotifyRemoveAddress(uint32_t /* interface */,
                                          Ipv4InterfaceAddress /* address */)
{
    m_routes.clear();
}

void
RouteCachingProtocol::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
}

void
RouteCachingProtocol::PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                                        Time::Unit /* unit */) const
{
    std::ostream& os = *stream->GetStream();
    os << "Node: " << (m_ipv4 ? m_ipv4->GetObject<Node>()->GetId() : 0)
       << ", Time: " << Simulator::Now().As(Time::S) << ", " << Describe() << ", "
       << m_routes.size() << " destinations\n";
    std::vector<uint32_t> destinations;
    destinations.reserve(m_routes.size());
    for (const auto& [dst, route] : m_routes)
    {
        destinations.push_back(dst);
    }
    std::sort(destinations.begin(), destinations.end());
    for (uint32_t dst : destinations)
    {
        const Ptr<Ipv4Route>& route = m_routes.at(dst);
        os << "  " << Ipv4Address(dst) << " via " << route->GetGateway() << " from "
           << route->GetSource() << " on interface "
           << m_ipv4->GetInterfaceForDevice(route->GetOutputDevice()) << "\n";
    }
}

} // namespace rsched
} // namespace ns3
