/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-flow-monitor.h"

#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tag.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WanFlowMonitor");

NS_OBJECT_ENSURE_REGISTERED(WanFlowMonitor);

namespace
{

/// The time a packet left a border router into a tunnel.
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
        return 8;
    }

    void Serialize(TagBuffer i) const override
    {
        i.WriteU64(static_cast<uint64_t>(departure.GetTimeStep()));
    }

    void Deserialize(TagBuffer i) override
    {
        departure = TimeStep(i.ReadU64());
    }

    void Print(std::ostream& os) const override
    {
        os << "departure=" << departure;
    }

    Time departure; //!< departure time
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
                                          MakeTimeChecker(Seconds(0)));
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
    m_records[key] = Record();
}

bool
WanFlowMonitor::Close(const FlowKey& key, Time& fct)
{
    auto it = m_records.find(key);
    if (it == m_records.end())
    {
        return false;
    }
    Record r = it->second;
    m_records.erase(it);
    if (r.firstTx.IsNegative() || r.lastPayload.IsNegative())
    {
        return false;
    }
    fct = r.lastPayload - r.firstTx;
    return true;
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

uint32_t
WanFlowMonitor::GetOpen() const
{
    return m_records.size();
}

WanFlowMonitor::Record*
WanFlowMonitor::Find(const FlowKey& key, int& direction)
{
    auto it = m_records.find(key);
    direction = 0;
    if (it == m_records.end())
    {
        it = m_records.find(key.Reversed());
        direction = 1;
    }
    return it == m_records.end() ? nullptr : &it->second;
}

void
WanFlowMonitor::TunnelTx(Ptr<const Packet> p, const Ipv4Header& header, uint32_t /* tunnel */)
{
    FlowKey key;
    uint32_t payload;
    if (FlowKey::Read(p, header, key, payload) != FlowKey::TCP)
    {
        return;
    }
    int direction;
    Record* r = Find(key, direction);
    if (!r)
    {
        return;
    }
    if (r->firstTx.IsNegative())
    {
        r->firstTx = Simulator::Now();
    }
    WanDepartureTag tag;
    if (p->PeekPacketTag(tag))
    {
        return; // already tagged by a watched router upstream: its departure counts
    }
    tag.departure = Simulator::Now();
    p->AddPacketTag(tag);
}

void
WanFlowMonitor::TunnelRx(Ptr<const Packet> p, const Ipv4Header& header, uint32_t /* tunnel */)
{
    FlowKey key;
    uint32_t payload;
    WanDepartureTag tag;
    if (FlowKey::Read(p, header, key, payload) != FlowKey::TCP || !p->PeekPacketTag(tag))
    {
        return;
    }
    int direction;
    Record* r = Find(key, direction);
    if (!r)
    {
        return;
    }
    Time now = Simulator::Now();
    if (payload > 0)
    {
        r->lastPayload = now;
    }
    Time delay = now - tag.departure;
    if (now >= m_warmUp)
    {
        m_delay.Add(delay);
        if (!r->lastDelay[direction].IsNegative())
        {
            m_jitter.Add(Abs(delay - r->lastDelay[direction]));
        }
    }
    r->lastDelay[direction] = delay;
}

} // namespace ns3
