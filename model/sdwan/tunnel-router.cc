/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tunnel-router.h"

#include "ns3/abort.h"
#include "ns3/hash-mix.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("TunnelRouter");

NS_OBJECT_ENSURE_REGISTERED(TunnelRouter);

namespace
{
constexpr uint8_t kTcp = 6;        //!< IP protocol number of TCP
constexpr uint8_t kUdp = 17;       //!< IP protocol number of UDP
constexpr uint32_t kTcpMin = 20;   //!< TCP header without options
constexpr uint32_t kUdpHeader = 8; //!< UDP header
} // namespace

FlowKey::Status
FlowKey::Read(Ptr<const Packet> p,
              const Ipv4Header& header,
              FlowKey& key,
              uint32_t& payload,
              uint8_t* tcpFlags)
{
    if (tcpFlags)
    {
        *tcpFlags = 0;
    }
    key = FlowKey();
    key.source = header.GetSource().Get();
    key.destination = header.GetDestination().Get();
    key.protocol = header.GetProtocol();
    payload = 0;
    if (key.protocol != kTcp && key.protocol != kUdp)
    {
        return OTHER;
    }
    // A non-first fragment has no transport header; a first fragment's
    // header would classify a flow whose other fragments cannot be.
    if (header.GetFragmentOffset() != 0 || !header.IsLastFragment())
    {
        return FRAGMENT;
    }
    uint32_t size = p->GetSize();
    uint8_t bytes[kTcpMin];
    if (key.protocol == kUdp)
    {
        if (size < kUdpHeader)
        {
            return TRUNCATED;
        }
        p->CopyData(bytes, kUdpHeader);
    }
    else
    {
        if (size < kTcpMin)
        {
            return TRUNCATED;
        }
        p->CopyData(bytes, kTcpMin);
        // Data offset: header length in 32-bit words, options included.
        uint32_t headerLength = (bytes[12] >> 4) * 4u;
        if (headerLength < kTcpMin || headerLength > size)
        {
            return TRUNCATED;
        }
        payload = size - headerLength;
        if (tcpFlags)
        {
            *tcpFlags = bytes[13];
        }
    }
    key.sourcePort = static_cast<uint16_t>(bytes[0] << 8 | bytes[1]);
    key.destPort = static_cast<uint16_t>(bytes[2] << 8 | bytes[3]);
    return key.protocol == kTcp ? TCP : UDP;
}

FlowKey
FlowKey::Reversed() const
{
    FlowKey r = *this;
    std::swap(r.source, r.destination);
    std::swap(r.sourcePort, r.destPort);
    return r;
}

bool
FlowKey::operator==(const FlowKey& other) const
{
    return source == other.source && destination == other.destination &&
           sourcePort == other.sourcePort && destPort == other.destPort &&
           protocol == other.protocol;
}

std::size_t
FlowKey::Hash::operator()(const FlowKey& key) const
{
    uint64_t a = (uint64_t{key.source} << 32) | key.destination;
    uint64_t b = (uint64_t{key.sourcePort} << 24) | (uint64_t{key.destPort} << 8) | key.protocol;
    return static_cast<std::size_t>(HashPair(a, b));
}

TypeId
TunnelRouter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TunnelRouter")
            .SetParent<DataPathRouter>()
            .SetGroupName("RequestScheduling")
            .AddAttribute("ProcessingDelay",
                          "Time to steer one packet, in seconds (the splitter's per-packet "
                          "cost; one packet at a time). A negative draw counts as 0: give a "
                          "distribution of non-negative values.",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&TunnelRouter::m_processingDelay),
                          MakePointerChecker<RandomVariableStream>())
            .AddTraceSource("TunnelTx",
                            "A steered packet leaves on a tunnel (IP header as marked).",
                            MakeTraceSourceAccessor(&TunnelRouter::m_txTrace),
                            "ns3::TunnelRouter::TunnelTxTracedCallback")
            .AddTraceSource("TunnelRx",
                            "A packet arrives from a tunnel.",
                            MakeTraceSourceAccessor(&TunnelRouter::m_rxTrace),
                            "ns3::TunnelRouter::TunnelTracedCallback");
    return tid;
}

TunnelRouter::TunnelRouter() = default;

TunnelRouter::~TunnelRouter() = default;

void
TunnelRouter::DoDispose()
{
    m_tunnels.clear();
    m_processingDelay = nullptr;
    DataPathRouter::DoDispose();
}

void
TunnelRouter::AddTunnel(uint32_t interface, Ipv4Address nextHop)
{
    NS_ABORT_MSG_IF(TunnelOf(interface) >= 0,
                    "TunnelRouter::AddTunnel: interface " << interface << " is already a tunnel");
    m_tunnels.push_back(Tunnel{interface, nextHop, nullptr, 0});
}

void
TunnelRouter::SetTunnelAvailable(uint32_t tunnel, bool available)
{
    NS_LOG_FUNCTION(this << tunnel << available);
    m_tunnels.at(tunnel).available = available;
}

bool
TunnelRouter::CheckTunnels(uint32_t tunnels, std::string& error) const
{
    if (tunnels == 0)
    {
        error = "a tunnel router needs at least one tunnel";
        return false;
    }
    return true;
}

uint64_t
TunnelRouter::GetRerouted() const
{
    return m_rerouted;
}

uint32_t
TunnelRouter::GetTunnelCount() const
{
    return m_tunnels.size();
}

uint64_t
TunnelRouter::GetTunnelPackets(uint32_t tunnel) const
{
    return m_tunnels.at(tunnel).packets;
}

uint64_t
TunnelRouter::GetPackets(FlowKey::Status status) const
{
    return m_packets.at(status);
}

int64_t
TunnelRouter::AssignStreams(int64_t stream)
{
    m_processingDelay->SetStream(stream);
    return 1;
}

int32_t
TunnelRouter::TunnelOf(uint32_t interface) const
{
    for (uint32_t k = 0; k < m_tunnels.size(); ++k)
    {
        if (m_tunnels[k].interface == interface)
        {
            return k;
        }
    }
    return -1;
}

bool
TunnelRouter::DoRouteInput(Ptr<const Packet> p,
                           const Ipv4Header& header,
                           Ptr<const NetDevice> idev,
                           const UnicastForwardCallback& ucb,
                           const ErrorCallback& /* ecb */)
{
    Ptr<Ipv4> ipv4 = GetIpv4();
    int32_t from = TunnelOf(ipv4->GetInterfaceForDevice(idev));
    if (from >= 0)
    {
        // From the WAN: observed, then forwarded by the ordinary route.
        m_rxTrace(p, header, from);
        return false;
    }
    Ptr<Ipv4Route> route = Lookup(header.GetDestination());
    if (!route || TunnelOf(ipv4->GetInterfaceForDevice(route->GetOutputDevice())) < 0)
    {
        return false; // not bound for the remote site
    }
    SteeredPacket read;
    read.status = FlowKey::Read(p, header, read.key, read.payload, &read.tcpFlags);
    ++m_packets[read.status];
    Ipv4Header marked = header;
    uint32_t tunnel = SelectTunnel(p, read.key, read.status, marked);
    NS_ASSERT(tunnel < m_tunnels.size());
    for (uint32_t k = 1; !m_tunnels[tunnel].available && k < m_tunnels.size(); ++k)
    {
        uint32_t next = (tunnel + k) % m_tunnels.size();
        if (m_tunnels[next].available)
        {
            ++m_rerouted;
            tunnel = next;
        }
    }
    Time cost = Seconds(std::max(0.0, m_processingDelay->GetValue()));
    if (cost.IsZero() && m_busyUntil <= Simulator::Now())
    {
        Send(tunnel, p, marked, read, ucb);
        return true;
    }
    // One packet at a time, in arrival order.
    m_busyUntil = std::max(m_busyUntil, Simulator::Now()) + cost;
    Simulator::Schedule(m_busyUntil - Simulator::Now(),
                        &TunnelRouter::Send,
                        this,
                        tunnel,
                        p,
                        marked,
                        read,
                        ucb);
    return true;
}

void
TunnelRouter::Send(uint32_t tunnel,
                   Ptr<const Packet> p,
                   const Ipv4Header& header,
                   const SteeredPacket& read,
                   const UnicastForwardCallback& ucb)
{
    Tunnel& t = m_tunnels[tunnel];
    if (!t.route)
    {
        Ptr<Ipv4> ipv4 = GetIpv4();
        t.route = Create<Ipv4Route>();
        t.route->SetGateway(t.nextHop);
        t.route->SetOutputDevice(ipv4->GetNetDevice(t.interface));
        t.route->SetSource(ipv4->GetAddress(t.interface, 0).GetLocal());
        t.route->SetDestination(t.nextHop);
    }
    ++t.packets;
    NS_LOG_LOGIC("tunnel " << tunnel << " " << header);
    m_txTrace(p, header, tunnel, read);
    ucb(t.route, p, header);
}

} // namespace rsched
} // namespace ns3
