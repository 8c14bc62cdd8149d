/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "data-path-router.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/simulator.h"
#include "ns3/udp-l4-protocol.h"

#include <string>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("DataPathRouter");

namespace
{

/**
 * A UDP header and the request header behind it, read in place: routers
 * peek at every request and reply, and a copy of the packet for each would
 * cost a heap allocation per packet.
 */
class UdpServiceHeader : public Header
{
  public:
    /// \param request receives the request header
    explicit UdpServiceHeader(ServiceRequestHeader& request)
        : m_request(request)
    {
    }

    /// \return the object TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::DataPathRouter::UdpServiceHeader")
                                .SetParent<Header>()
                                .SetGroupName("RequestScheduling");
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    void Print(std::ostream& os) const override
    {
        m_request.Print(os);
    }

    uint32_t GetSerializedSize() const override
    {
        return UDP_SIZE + ServiceRequestHeader::SERIALIZED_SIZE;
    }

    void Serialize(Buffer::Iterator /* start */) const override
    {
        NS_ABORT_MSG("UdpServiceHeader is only read");
    }

    uint32_t Deserialize(Buffer::Iterator start) override
    {
        if (start.GetRemainingSize() < GetSerializedSize())
        {
            return 0;
        }
        start.Next(UDP_SIZE);
        return m_request.Deserialize(start) == ServiceRequestHeader::SERIALIZED_SIZE
                   ? GetSerializedSize()
                   : 0;
    }

  private:
    static constexpr uint32_t UDP_SIZE = 8; //!< bytes of a UDP header
    ServiceRequestHeader& m_request;        //!< where the request header goes
};

} // namespace

NS_OBJECT_ENSURE_REGISTERED(DataPathRouter);

TypeId
DataPathRouter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DataPathRouter")
            .SetParent<RouteCachingProtocol>()
            .SetGroupName("RequestScheduling")
            .AddAttribute("RouteCache",
                          "Forward other unicast transit traffic along cached routes",
                          BooleanValue(true),
                          MakeBooleanAccessor(&DataPathRouter::m_routeCache),
                          MakeBooleanChecker());
    return tid;
}

DataPathRouter::DataPathRouter() = default;

DataPathRouter::~DataPathRouter() = default;

bool
DataPathRouter::ReadServiceHeader(Ptr<const Packet> p,
                                  const Ipv4Header& ip,
                                  ServiceRequestHeader& header)
{
    if (ip.GetProtocol() != UdpL4Protocol::PROT_NUMBER)
    {
        return false;
    }
    UdpServiceHeader both(header);
    return p->PeekHeader(both) == both.GetSerializedSize();
}

uint64_t
DataPathRouter::GetForwarded() const
{
    return m_forwarded;
}

Ptr<Ipv4Route>
DataPathRouter::RouteOutput(Ptr<Packet> /* p */,
                            const Ipv4Header& header,
                            Ptr<NetDevice> /* oif */,
                            Socket::SocketErrno& sockerr)
{
    sockerr = Socket::ERROR_NOROUTETOHOST;
    NS_LOG_LOGIC("no local route for " << header.GetDestination());
    return nullptr;
}

bool
DataPathRouter::HandleInput(Ptr<const Packet> p,
                            const Ipv4Header& header,
                            Ptr<const NetDevice> idev,
                            const UnicastForwardCallback& ucb,
                            const ErrorCallback& ecb)
{
    if (DoRouteInput(p, header, idev, ucb, ecb))
    {
        return true;
    }
    Ipv4Address dst = header.GetDestination();
    if (m_routeCache && !dst.IsMulticast() && !dst.IsBroadcast())
    {
        if (Ptr<Ipv4Route> route = Lookup(dst))
        {
            ++m_forwarded;
            ucb(route, p, header);
            return true;
        }
    }
    return false;
}

void
DataPathRouter::AddDirectRoute(Ipv4Address host, Ptr<DirectLink> link)
{
    m_directRoutes[host.Get()] = link;
}

bool
DataPathRouter::SendDirect(const DirectPacket& packet)
{
    DirectLink* link = GetDirectRoute(packet.to);
    if (!link)
    {
        return false;
    }
    link->Send(packet);
    return true;
}

DirectLink*
DataPathRouter::GetDirectRoute(Ipv4Address host) const
{
    auto it = m_directRoutes.find(host.Get());
    return it == m_directRoutes.end() ? nullptr : PeekPointer(it->second);
}

void
DataPathRouter::DoDispose()
{
    m_directRoutes.clear();
    RouteCachingProtocol::DoDispose();
}

Ptr<Ipv4Route>
DataPathRouter::Lookup(Ipv4Address dst)
{
    if (m_routeCache)
    {
        if (Ptr<Ipv4Route> cached = FindCachedRoute(dst.Get()))
        {
            return cached;
        }
    }
    // The node's other routing protocols know the way; this router's own
    // RouteOutput declines.
    Ipv4Header h;
    h.SetDestination(dst);
    Socket::SocketErrno err;
    Ptr<Ipv4Route> route = GetIpv4()->GetRoutingProtocol()->RouteOutput(nullptr, h, nullptr, err);
    if (route && m_routeCache)
    {
        CacheRoute(dst.Get(), route);
    }
    return route;
}

std::string
DataPathRouter::Describe() const
{
    std::string name = GetInstanceTypeId().GetName();
    if (name.rfind("ns3::", 0) == 0)
    {
        name.erase(0, 5);
    }
    return name + ", route cache " + (m_routeCache ? "on" : "off");
}

} // namespace rsched
} // namespace ns3
