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
            .SetParent<Ipv4RoutingProtocol>()
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

void
DataPathRouter::DoDispose()
{
    m_routes.clear();
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

std::size_t
DataPathRouter::GetRouteCacheSize() const
{
    return m_routes.size();
}

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

void
DataPathRouter::FlushRouteCache()
{
    m_routes.clear();
}

Ptr<Ipv4>
DataPathRouter::GetIpv4() const
{
    return m_ipv4;
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
DataPathRouter::RouteInput(Ptr<const Packet> p,
                           const Ipv4Header& header,
                           Ptr<const NetDevice> idev,
                           const UnicastForwardCallback& ucb,
                           const MulticastForwardCallback& /* mcb */,
                           const LocalDeliverCallback& /* lcb */,
                           const ErrorCallback& ecb)
{
    return Route(p, header, idev, ucb, ecb);
}

bool
DataPathRouter::RouteInput(Ptr<const Packet> p,
                           const Ipv4Header& header,
                           Ptr<const NetDevice> idev,
                           UnicastForwardCallback ucb,
                           MulticastForwardCallback /* mcb */,
                           LocalDeliverCallback /* lcb */,
                           ErrorCallback ecb)
{
    return Route(p, header, idev, ucb, ecb);
}

bool
DataPathRouter::Route(Ptr<const Packet> p,
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

Ptr<Ipv4Route>
DataPathRouter::Lookup(Ipv4Address dst)
{
    if (m_routeCache)
    {
        auto it = m_routes.find(dst.Get());
        if (it != m_routes.end())
        {
            return it->second;
        }
    }
    // The node's other routing protocols know the way; this router's own
    // RouteOutput declines.
    Ipv4Header h;
    h.SetDestination(dst);
    Socket::SocketErrno err;
    Ptr<Ipv4Route> route = m_ipv4->GetRoutingProtocol()->RouteOutput(nullptr, h, nullptr, err);
    if (route && m_routeCache)
    {
        m_routes.emplace(dst.Get(), route);
    }
    return route;
}

void
DataPathRouter::NotifyInterfaceUp(uint32_t /* interface */)
{
    m_routes.clear();
}

void
DataPathRouter::NotifyInterfaceDown(uint32_t /* interface */)
{
    m_routes.clear();
}

void
DataPathRouter::NotifyAddAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
    m_routes.clear();
}

void
DataPathRouter::NotifyRemoveAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
    m_routes.clear();
}

void
DataPathRouter::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
}

void
DataPathRouter::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit /* unit */) const
{
    std::ostream& os = *stream->GetStream();
    std::string name = GetInstanceTypeId().GetName();
    if (name.rfind("ns3::", 0) == 0)
    {
        name.erase(0, 5);
    }
    os << "Node: " << (m_ipv4 ? m_ipv4->GetObject<Node>()->GetId() : 0)
       << ", Time: " << Simulator::Now().As(Time::S) << ", " << name << ", route cache "
       << (m_routeCache ? "on" : "off") << ", " << m_routes.size() << " destinations\n";
    PrintRouteMap(os, m_ipv4, m_routes);
}

} // namespace ns3
