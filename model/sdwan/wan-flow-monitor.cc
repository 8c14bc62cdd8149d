/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-flow-monitor.h"

#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tag.h"
#include "ns3/tcp-header.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("WanFlowMonitor");

NS_OBJECT_ENSURE_REGISTERED(WanFlowMonitor);

namespace
{

/// What a packet that left a border router into a tunnel carries to the
/// other: when it left, and its connection and direction at the monitor.
class WanDepartureTag : public Tag
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::WanDepartureTag")
                                .SetParent<Tag>()
                                .SetGroupName("RequestScheduling")
                                .AddConstructor<WanDepartureTag>();
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    uint32_t GetSerializedSize() const override
    {
        return 17;
    }

    void Serialize(TagBuffer i) const override
    {
        i.WriteU64(static_cast<uint64_t>(departure.GetTimeStep()));
        i.WriteU64(connection);
        i.WriteU8(bits);
    }

    void Deserialize(TagBuffer i) override
    {
        departure = TimeStep(i.ReadU64());
        connection = i.ReadU64();
        bits = i.ReadU8();
    }

    void Print(std::ostream& os) const override
    {
        os << "departure=" << departure << " connection=" << connection
           << " bits=" << static_cast<uint32_t>(bits);
    }

    static constexpr uint8_t REVERSE = 1;  //!< server -> client
    static constexpr uint8_t SEQUENCE = 2; //!< carries data, a SYN or a FIN
    static constexpr uint8_t FIN = 4;      //!< carries the FIN
    static constexpr uint8_t PAYLOAD = 8;  //!< carries data

    Time departure;         //!< departure time
    uint64_t connection{0}; //!< connection number
    uint8_t bits{0};        //!< REVERSE | SEQUENCE | FIN | PAYLOAD
};

} // namespace

TypeId
WanFlowMonitor::GetTypeId()
{
    static TypeId tid = TypeId("ns3::WanFlowMonitor")
                            .SetParent<Object>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<WanFlowMonitor>()
                            .AddAttribute("WarmUp",
                                          "Delays and jitter are recorded from this time on.",
                                          TimeValue(Seconds(0)),
                                          MakeTimeAccessor(&WanFlowMonitor::m_warmUp),
                                          MakeTimeChecker(Seconds(0)))
                            .AddTraceSource("FlowCompleted",
                                            "Both flows of a connection, once it is over.",
                                            MakeTraceSourceAccessor(&WanFlowMonitor::m_flowTrace),
                                            "ns3::WanFlowMonitor::FlowTracedCallback");
    return tid;
}

WanFlowMonitor::WanFlowMonitor() = default;

WanFlowMonitor::~WanFlowMonitor() = default;

void
WanFlowMonitor::Watch(Ptr<TunnelRouter> router)
{
    router->TraceConnectWithoutContext("TunnelTx", MakeCallback(&WanFlowMonitor::TunnelTx, this));
    router->TraceConnectWithoutContext("TunnelRx", MakeCallback(&WanFlowMonitor::TunnelRx, this));
}

void
WanFlowMonitor::Open(const FlowKey& key)
{
    uint64_t& id = m_ids[key];
    if (id != 0)
    {
        m_connections.erase(id); // the same 5-tuple again: a new connection
    }
    id = m_nextId++;
    m_connections[id].key = key;
}

bool
WanFlowMonitor::Close(const FlowKey& key, Time& time)
{
    auto it = m_ids.find(key);
    if (it == m_ids.end())
    {
        return false;
    }
    uint64_t id = it->second;
    Connection& c = m_connections.at(id);
    c.closed = true;
    // The connection's first packet is the earlier of its directions' first.
    Time first = c.direction[0].firstTx;
    Time other = c.direction[1].firstTx;
    if (first.IsNegative() || (!other.IsNegative() && other < first))
    {
        first = other;
    }
    bool measured = !first.IsNegative() && !c.lastPayload.IsNegative();
    if (measured)
    {
        time = c.lastPayload - first;
    }
    FinishIfDone(id, c);
    return measured;
}

void
WanFlowMonitor::Abandon(const FlowKey& key)
{
    auto it = m_ids.find(key);
    if (it != m_ids.end())
    {
        Forget(it->second, key);
    }
}

void
WanFlowMonitor::Timeout(const FlowKey& key, bool handshake)
{
    uint32_t direction;
    uint64_t id = Find(key, direction);
    if (id == 0)
    {
        return;
    }
    Direction& d = m_connections.at(id).direction[direction];
    ++(handshake ? d.handshakeTimeouts : d.timeouts);
}

const LatencySummary&
WanFlowMonitor::GetDelay() const
{
    return m_delay;
}

const LatencySummary&
WanFlowMonitor::GetJitter() const
{
    return m_jitter;
}

const LatencySummary&
WanFlowMonitor::GetJitter(bool tunnelChange) const
{
    return m_jitterBy[tunnelChange ? 1 : 0];
}

uint32_t
WanFlowMonitor::GetOpen() const
{
    return m_connections.size();
}

uint64_t
WanFlowMonitor::Find(const FlowKey& key, uint32_t& direction) const
{
    auto it = m_ids.find(key);
    direction = 0;
    if (it == m_ids.end())
    {
        it = m_ids.find(key.Reversed());
        direction = 1;
    }
    return it == m_ids.end() ? 0 : it->second;
}

void
WanFlowMonitor::FinishIfDone(uint64_t id, const Connection& c)
{
    if (!c.closed || !c.direction[0].finArrived || !c.direction[1].finArrived)
    {
        return;
    }
    for (uint32_t k = 0; k < 2; ++k)
    {
        const Direction& d = c.direction[k];
        WanFlow flow;
        flow.key = k == 0 ? c.key : c.key.Reversed();
        flow.direction = k;
        flow.connection = id;
        flow.packets = d.packets;
        flow.start = d.firstTx;
        flow.fct = d.lastRx - d.firstTx;
        flow.handshakeTimeouts = d.handshakeTimeouts;
        flow.timeouts = d.timeouts;
        m_flowTrace(flow);
    }
    Forget(id, c.key);
}

void
WanFlowMonitor::Forget(uint64_t id, FlowKey key) // a copy: the caller's may be in the record
{
    auto it = m_ids.find(key);
    if (it != m_ids.end() && it->second == id)
    {
        m_ids.erase(it);
    }
    m_connections.erase(id);
}

void
WanFlowMonitor::TunnelTx(Ptr<const Packet> p,
                         const Ipv4Header& /* header */,
                         uint32_t /* tunnel */,
                         const SteeredPacket& read)
{
    if (read.status != FlowKey::TCP)
    {
        return;
    }
    uint32_t direction;
    uint64_t id = Find(read.key, direction);
    if (id == 0)
    {
        return;
    }
    Connection& c = m_connections.at(id);
    Direction& d = c.direction[direction];
    Time now = Simulator::Now();
    if (d.firstTx.IsNegative())
    {
        d.firstTx = now;
    }
    ++d.packets;
    WanDepartureTag tag;
    if (p->PeekPacketTag(tag))
    {
        return; // already tagged by a watched router upstream: its departure counts
    }
    tag.departure = now;
    tag.connection = id;
    bool fin = read.tcpFlags & TcpHeader::FIN;
    tag.bits =
        (direction == 1 ? WanDepartureTag::REVERSE : 0) |
        (read.payload > 0 || fin || (read.tcpFlags & TcpHeader::SYN) ? WanDepartureTag::SEQUENCE
                                                                     : 0) |
        (fin ? WanDepartureTag::FIN : 0) | (read.payload > 0 ? WanDepartureTag::PAYLOAD : 0);
    p->AddPacketTag(tag);
}

void
WanFlowMonitor::TunnelRx(Ptr<const Packet> p, const Ipv4Header& /* header */, uint32_t tunnel)
{
    WanDepartureTag tag;
    if (!p->PeekPacketTag(tag))
    {
        return;
    }
    auto it = m_connections.find(tag.connection);
    if (it == m_connections.end())
    {
        return; // a late packet of a connection no longer tracked
    }
    Connection& c = it->second;
    Direction& d = c.direction[tag.bits & WanDepartureTag::REVERSE ? 1 : 0];
    Time now = Simulator::Now();
    if (tag.bits & WanDepartureTag::PAYLOAD)
    {
        c.lastPayload = now;
    }
    if (tag.bits & WanDepartureTag::SEQUENCE)
    {
        d.lastRx = now;
    }
    Time delay = now - tag.departure;
    if (now >= m_warmUp)
    {
        m_delay.Add(delay);
        if (!d.lastDelay.IsNegative())
        {
            Time jitter = Abs(delay - d.lastDelay);
            m_jitter.Add(jitter);
            m_jitterBy[tunnel != d.lastTunnel ? 1 : 0].Add(jitter);
        }
    }
    d.lastDelay = delay;
    d.lastTunnel = tunnel;
    if (tag.bits & WanDepartureTag::FIN)
    {
        d.finArrived = true;
        FinishIfDone(it->first, c);
    }
}

} // namespace rsched
} // namespace ns3
