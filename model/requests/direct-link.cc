/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "direct-link.h"

#include "peekable-scheduler.h"
#include "seconds-to-time.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/udp-header.h"
#include "ns3/udp-l4-protocol.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("DirectLink");

NS_OBJECT_ENSURE_REGISTERED(DirectLink);

Ptr<Packet>
DirectPacket::ToIpPayload() const
{
    Ptr<Packet> p = Create<Packet>(payload);
    p->AddHeader(header);
    UdpHeader udp;
    udp.SetSourcePort(from.GetPort());
    p->AddHeader(udp);
    return p;
}

Ipv4Header
DirectPacket::ToIpHeader() const
{
    Ipv4Header ip;
    WriteIpHeader(ip);
    return ip;
}

void
DirectPacket::WriteIpHeader(Ipv4Header& ip) const
{
    ip.SetSource(from.GetIpv4());
    ip.SetDestination(to);
    ip.SetProtocol(UdpL4Protocol::PROT_NUMBER);
    static const uint32_t udp = UdpHeader().GetSerializedSize();
    ip.SetPayloadSize(udp + ServiceRequestHeader::SERIALIZED_SIZE + payload);
}

TypeId
DirectLink::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DirectLink")
            .SetParent<Object>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<DirectLink>()
            .AddAttribute("DataRate",
                          "Serialisation rate",
                          DataRateValue(DataRate("40Gbps")),
                          MakeDataRateAccessor(&DirectLink::m_rate),
                          MakeDataRateChecker())
            .AddAttribute("Delay",
                          "Propagation delay (its fixed part)",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&DirectLink::m_delay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DelayVariable",
                          "Random part of the propagation delay, drawn per packet when it "
                          "starts, in seconds (as RandomDelayChannel's; null: none)",
                          PointerValue(),
                          MakePointerAccessor(&DirectLink::m_delayVariable),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("Overhead",
                          "Bytes of every packet besides the request header and payload "
                          "(default: PPP, IPv4 and UDP headers)",
                          UintegerValue(UDP_OVER_PPP),
                          MakeUintegerAccessor(&DirectLink::m_overhead),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

DirectLink::DirectLink() = default;

DirectLink::~DirectLink() = default;

void
DirectLink::DoDispose()
{
    m_receiver = Receiver();
    m_ahead = Receiver();
    m_delayVariable = nullptr;
    m_spare[0].clear();
    m_spare[1].clear();
    Object::DoDispose();
}

void
DirectLink::SetReceiver(Receiver receiver, Receiver ahead)
{
    m_receiver = receiver;
    m_ahead = ahead;
}

uint64_t
DirectLink::GetSent() const
{
    return m_sent;
}

uint32_t
DirectLink::GetInFlight() const
{
    return m_count;
}

uint32_t
DirectLink::GetPeakBacklog() const
{
    return m_peakBacklog;
}

int64_t
DirectLink::AssignStreams(int64_t stream)
{
    if (!m_delayVariable)
    {
        return 0;
    }
    m_delayVariable->SetStream(stream);
    return 1;
}

void
DirectLink::Send(const DirectPacket& packet)
{
    // The receiver's packet stays in its slot while it runs.
    NS_ABORT_MSG_IF(m_delivering, "DirectLink: a receiver sent on the link it receives from");
    if (!m_ahead.IsNull())
    {
        m_ahead(packet);
    }
    Time now = PeekableScheduler::Now();
    bool busy = m_busyUntil > now;
    if (m_busyUntil == now && m_sent > 0)
    {
        // The packet ahead is done now. A device sends this one at once if
        // its end-of-transmission event (scheduled with that packet's
        // reception, m_lastStartUid) has run, and from that event if not.
        PeekableScheduler* scheduler = PeekableScheduler::GetCurrent();
        busy = scheduler && scheduler->GetRunningUid() < m_lastStartUid;
    }
    Time start = std::max(now, m_busyUntil);
    uint32_t bytes = m_overhead + ServiceRequestHeader::SERIALIZED_SIZE + packet.payload;
    if (bytes != m_txBytes || m_rate != m_txRate)
    {
        m_tx = m_rate.CalculateBytesTxTime(bytes);
        m_txBytes = bytes;
        m_txRate = m_rate;
    }
    m_busyUntil = start + m_tx;
    uint32_t slot;
    if (m_free.empty())
    {
        slot = m_slots.size();
        m_slots.emplace_back();
    }
    else
    {
        slot = m_free.back();
        m_free.pop_back();
    }
    InFlight& f = m_slots[slot];
    f.packet = packet;
    f.start = start;
    f.done = m_busyUntil;
    f.next = NONE;
    ++m_count;
    ++m_sent;
    if (!busy)
    {
        Launch(slot);
        return;
    }
    // It waits behind the others; the first waiting starts when the one
    // being sent is done, the later ones in turn (Start), as a device
    // starts the next packet when it has sent one.
    (m_waitTail == NONE ? m_waitHead : m_slots[m_waitTail].next) = slot;
    m_waitTail = slot;
    m_peakBacklog = std::max(m_peakBacklog, ++m_queued);
    if (m_queued == 1)
    {
        Schedule(start - now, false);
    }
}

void
DirectLink::Launch(uint32_t slot)
{
    const InFlight& f = m_slots[slot];
    Time delay = m_delay;
    if (m_delayVariable)
    {
        double draw = m_delayVariable->GetValue();
        NS_ABORT_MSG_IF(!(draw >= 0) || !std::isfinite(draw),
                        "DirectLink: DelayVariable drew " << draw << " s; it must be >= 0");
        delay += SecondsToTime(draw);
    }
    m_lastStartUid = Schedule(f.done + delay - PeekableScheduler::Now(), true, slot);
}

uint32_t
DirectLink::Schedule(Time delay, bool arrival, uint32_t slot)
{
    std::vector<Ptr<LinkEvent>>& spare = m_spare[arrival];
    Ptr<LinkEvent> event;
    if (spare.empty())
    {
        event = Create<LinkEvent>(this, arrival);
    }
    else
    {
        event = spare.back();
        spare.pop_back();
    }
    event->m_slot = slot;
    return Simulator::Schedule(delay, Ptr<EventImpl>(event)).GetUid();
}

void
DirectLink::Start(Ptr<LinkEvent> event)
{
    m_spare[false].push_back(event);
    uint32_t slot = m_waitHead;
    m_waitHead = m_slots[slot].next;
    if (m_waitHead == NONE)
    {
        m_waitTail = NONE;
    }
    // As a device: the end of this packet's serialisation is scheduled
    // first (the next packet's start, if one waits), then its reception.
    if (--m_queued > 0)
    {
        Schedule(m_slots[m_waitHead].start - PeekableScheduler::Now(), false);
    }
    Launch(slot);
}

void
DirectLink::Arrive(Ptr<LinkEvent> event)
{
    m_spare[true].push_back(event);
    uint32_t slot = event->m_slot;
    // In place: the receiver does not send on this link (Send checks).
    m_delivering = true;
    m_receiver(m_slots[slot].packet);
    m_delivering = false;
    m_free.push_back(slot);
    --m_count;
}

DirectLink::LinkEvent::LinkEvent(DirectLink* link, bool arrival)
    : m_link(link),
      m_arrival(arrival)
{
}

void
DirectLink::LinkEvent::Notify()
{
    if (m_arrival)
    {
        m_link->Arrive(this);
    }
    else
    {
        m_link->Start(this);
    }
}

} // namespace rsched
} // namespace ns3
