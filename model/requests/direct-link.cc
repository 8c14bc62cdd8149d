/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "direct-link.h"

#include "peekable-scheduler.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

#include <algorithm>

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
                          "Propagation delay",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&DirectLink::m_delay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Overhead",
                          "Bytes of every packet besides the request header and payload "
                          "(default: PPP, IPv4 and UDP headers)",
                          UintegerValue(UDP_OVER_PPP),
                          MakeUintegerAccessor(&DirectLink::m_overhead),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

DirectLink::DirectLink()
    : m_ring(8)
{
}

DirectLink::~DirectLink() = default;

void
DirectLink::DoDispose()
{
    m_receiver = Receiver();
    m_spare[0].clear();
    m_spare[1].clear();
    Object::DoDispose();
}

void
DirectLink::SetReceiver(Receiver receiver)
{
    m_receiver = receiver;
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

void
DirectLink::Send(const DirectPacket& packet)
{
    NS_ABORT_MSG_IF(m_delivering, "DirectLink: a receiver sent on the link it receives from");
    Time now = Simulator::Now();
    bool busy = m_busyUntil > now;
    if (m_busyUntil == now && m_count > 0)
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
    if (m_count == m_ring.size())
    {
        // Grow the ring, oldest first.
        std::vector<InFlight> grown(2 * m_ring.size());
        for (uint32_t i = 0; i < m_count; ++i)
        {
            grown[i] = std::move(m_ring[(m_head + i) & (m_ring.size() - 1)]);
        }
        m_ring.swap(grown);
        m_head = 0;
    }
    uint32_t mask = m_ring.size() - 1;
    uint32_t tail = (m_head + m_count) & mask;
    m_ring[tail].packet = packet;
    m_ring[tail].start = start;
    m_ring[tail].arrival = m_busyUntil + m_delay;
    ++m_count;
    ++m_sent;
    // Starts increase along the ring: the packets still waiting are its last
    // ones, and a new peak shows in the one just before the old peak's.
    while (m_peakBacklog < m_count && m_ring[(tail - m_peakBacklog) & mask].start > now)
    {
        ++m_peakBacklog;
    }
    if (!busy)
    {
        m_lastStartUid = Schedule(m_ring[tail].arrival - now, true);
    }
    else if (++m_queued == 1)
    {
        // The first packet queued starts when the one being sent is done;
        // the later ones are started in turn by Start, as a device starts
        // the next packet when it has sent one.
        Schedule(start - now, false);
    }
}

uint32_t
DirectLink::Schedule(Time delay, bool arrival)
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
    return Simulator::Schedule(delay, Ptr<EventImpl>(event)).GetUid();
}

void
DirectLink::Start(Ptr<LinkEvent> event)
{
    m_spare[false].push_back(event);
    uint32_t mask = m_ring.size() - 1;
    const InFlight& next = m_ring[(m_head + m_count - m_queued) & mask];
    Time now = Simulator::Now();
    // As a device: the end of this packet's serialisation is scheduled
    // first (the next packet's start, if one is queued), then its reception.
    if (--m_queued > 0)
    {
        Schedule(m_ring[(m_head + m_count - m_queued) & mask].start - now, false);
    }
    m_lastStartUid = Schedule(next.arrival - now, true);
}

void
DirectLink::Arrive(Ptr<LinkEvent> event)
{
    m_spare[true].push_back(event);
    // In place: the receiver does not send on this link (Send checks).
    m_delivering = true;
    m_receiver(m_ring[m_head].packet);
    m_delivering = false;
    m_head = (m_head + 1) & (m_ring.size() - 1);
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
