/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "output-route-cache.h"

#include "ns3/abort.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/log.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("OutputRouteCache");

NS_OBJECT_ENSURE_REGISTERED(OutputRouteCache);

TypeId
OutputRouteCache::GetTypeId()
{
    static TypeId tid = TypeId("ns3::OutputRouteCache")
                            .SetParent<RouteCachingProtocol>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<OutputRouteCache>();
    return tid;
}

OutputRouteCache::OutputRouteCache() = default;

OutputRouteCache::~OutputRouteCache() = default;

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
    if (Ptr<Ipv4Route> cached = FindCachedRoute(dst))
    {
        sockerr = Socket::ERROR_NOTERROR;
        return cached;
    }
    Ptr<Ipv4Route> route = Resolve(p, header, oif, sockerr);
    if (route)
    {
        NS_LOG_LOGIC("caching " << *route);
        CacheRoute(dst, route);
    }
    return route;
}

Ptr<Ipv4Route>
OutputRouteCache::Resolve(Ptr<Packet> p,
                          const Ipv4Header& header,
                          Ptr<NetDevice> oif,
                          Socket::SocketErrno& sockerr) const
{
    auto list = DynamicCast<Ipv4ListRouting>(GetIpv4()->GetRoutingProtocol());
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
OutputRouteCache::HandleInput(Ptr<const Packet> /* p */,
                              const Ipv4Header& /* header */,
                              Ptr<const NetDevice> /* idev */,
                              const UnicastForwardCallback& /* ucb */,
                              const ErrorCallback& /* ecb */)
{
    return false;
}

std::string
OutputRouteCache::Describe() const
{
    return "OutputRouteCache";
}

} // namespace rsched
} // namespace ns3
