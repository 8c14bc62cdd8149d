/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rack-scheduler.h"

#include "ns3/abort.h"
#include "ns3/ipv4-address.h"
#include "ns3/log.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("RackScheduler");

NS_OBJECT_ENSURE_REGISTERED(RackScheduler);

TypeId
RackScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RackScheduler")
            .SetParent<DataPathRouter>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<RackScheduler>()
            .AddAttribute("VirtualAddress",
                          "The rack's address: requests sent to it are scheduled here",
                          Ipv4AddressValue("10.255.255.1"),
                          MakeIpv4AddressAccessor(&RackScheduler::m_virtual),
                          MakeIpv4AddressChecker())
            .AddAttribute("AffinityStages",
                          "Hash stages of the request affinity table",
                          UintegerValue(3),
                          MakeUintegerAccessor(&RackScheduler::m_stages),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("AffinitySlots",
                          "Slots per stage of the request affinity table",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&RackScheduler::m_slots),
                          MakeUintegerChecker<uint32_t>(1, 1u << 24))
            .AddAttribute("AffinityTimeout",
                          "Age after which an affinity entry (its reply lost) may be given to "
                          "another request (0: never)",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&RackScheduler::m_affinityTimeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("QueueLimit",
                          "Most requests held at the switch by a dispatcher that holds "
                          "requests (JBSQ); more are dropped",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&RackScheduler::m_queueLimit),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Schedule",
                            "The first packet of a request was sent to a server",
                            MakeTraceSourceAccessor(&RackScheduler::m_scheduleTrace),
                            "ns3::RackScheduler::ScheduleTracedCallback")
            .AddTraceSource("Drop",
                            "A request packet was dropped; the reason is given",
                            MakeTraceSourceAccessor(&RackScheduler::m_dropTrace),
                            "ns3::RackScheduler::DropTracedCallback");
    return tid;
}

RackScheduler::RackScheduler()
    : m_stages(3),
      m_slots(65536),
      m_queueLimit(65536)
{
}

RackScheduler::~RackScheduler() = default;

void
RackScheduler::DoDispose()
{
    m_dispatcher = nullptr;
    m_held.clear();
    m_serverLinks.clear();
    m_table.reset();
    DataPathRouter::DoDispose();
}

void
RackScheduler::SetDispatcher(Ptr<Dispatcher> dispatcher)
{
    NS_ABORT_MSG_IF(!dispatcher || dispatcher->GetComputeVector().IsEmpty(),
                    "RackScheduler: the dispatcher needs the servers as its compute vector");
    m_dispatcher = dispatcher;
    if (dispatcher->HoldsRequests())
    {
        dispatcher->SetHostCallback(MakeCallback(&RackScheduler::Drain, this));
    }
    m_server.clear();
    const ComputeVector& v = dispatcher->GetComputeVector();
    // Queue level: the link to each server, looked up on its first request.
    m_serverLinks.assign(v.GetN(), nullptr);
    for (uint32_t i = 0; i < v.GetN(); ++i)
    {
        m_server[v.Get(i).address.Get()] = i;
    }
}

Ptr<Dispatcher>
RackScheduler::GetDispatcher() const
{
    return m_dispatcher;
}

void
RackScheduler::SetPlacement(uint8_t requestClass, const std::vector<uint32_t>& servers)
{
    NS_ABORT_MSG_IF(!m_dispatcher, "RackScheduler: SetDispatcher before SetPlacement");
    NS_ABORT_MSG_IF(!m_dispatcher->SupportsCandidates(),
                    "RackScheduler: " << m_dispatcher->GetInstanceTypeId().GetName()
                                      << " cannot honour placement constraints");
    NS_ABORT_MSG_IF(servers.empty(), "RackScheduler: class " << +requestClass << " has no server");
    for (uint32_t s : servers)
    {
        NS_ABORT_MSG_IF(s >= m_dispatcher->GetComputeVector().GetN(),
                        "RackScheduler: placement names server " << s << ", beyond the rack");
    }
    if (requestClass >= m_placement.size())
    {
        m_placement.resize(requestClass + 1);
    }
    // A set of servers, kept in increasing order (as dispatchers take candidates).
    std::vector<uint32_t>& allowed = m_placement[requestClass];
    allowed = servers;
    std::sort(allowed.begin(), allowed.end());
    allowed.erase(std::unique(allowed.begin(), allowed.end()), allowed.end());
}

uint64_t
RackScheduler::GetScheduled() const
{
    return m_scheduled;
}

uint64_t
RackScheduler::GetAffinityMisses() const
{
    return m_affinityMisses;
}

uint32_t
RackScheduler::GetAffinityPeak() const
{
    return m_table ? m_table->GetPeak() : 0;
}

uint64_t
RackScheduler::GetAffinityReclaimed() const
{
    return m_table ? m_table->GetReclaimed() : 0;
}

uint32_t
RackScheduler::GetQueued() const
{
    return m_held.size();
}

uint32_t
RackScheduler::GetQueuePeak() const
{
    return m_queuePeak;
}

const std::map<std::string, uint64_t>&
RackScheduler::GetDrops() const
{
    return m_drops;
}

bool
RackScheduler::DoRouteInput(Ptr<const Packet> p,
                            const Ipv4Header& header,
                            Ptr<const NetDevice> /* idev */,
                            const UnicastForwardCallback& ucb,
                            const ErrorCallback& /* ecb */)
{
    if (!m_dispatcher)
    {
        return false;
    }
    if (header.GetDestination() == m_virtual)
    {
        Held request;
        request.packet = p;
        request.header = header;
        request.ucb = ucb;
        if (!ReadServiceHeader(p, header, request.message.header) ||
            request.message.header.GetMessageType() != ServiceRequestHeader::REQUEST)
        {
            Drop(p, MALFORMED_DROP);
            return true;
        }
        HandleRequest(request);
        return true;
    }
    auto it = m_server.find(header.GetSource().Get());
    ServiceRequestHeader reply;
    if (it != m_server.end() && ReadServiceHeader(p, header, reply) &&
        reply.GetMessageType() == ServiceRequestHeader::REPLY)
    {
        HandleReply(it->second, reply);
    }
    return false; // DataPathRouter forwards it
}

void
RackScheduler::ReceiveDirect(const DirectPacket& packet)
{
    if (m_dispatcher && packet.to == m_virtual)
    {
        // Reused from request to request: no header or callback built per
        // request. The IP header as the packet's would be (dispatchers'
        // traces see it).
        Held& request = m_direct;
        packet.WriteIpHeader(request.header);
        request.message = packet;
        if (packet.header.GetMessageType() != ServiceRequestHeader::REQUEST)
        {
            Drop(request, MALFORMED_DROP);
            return;
        }
        HandleRequest(request);
        return;
    }
    if (m_dispatcher && packet.header.GetMessageType() == ServiceRequestHeader::REPLY)
    {
        auto it = m_server.find(packet.from.GetIpv4().Get());
        if (it != m_server.end())
        {
            HandleReply(it->second, packet.header);
        }
    }
    if (!SendDirect(packet))
    {
        Drop(packet.ToIpPayload(), NO_ROUTE_DROP);
    }
}

const std::vector<uint32_t>*
RackScheduler::PlacementOf(uint8_t c) const
{
    return c < m_placement.size() && !m_placement[c].empty() ? &m_placement[c] : nullptr;
}

void
RackScheduler::HandleRequest(Held& h)
{
    const ServiceRequestHeader& request = h.message.header;
    bool multi = request.GetPacketCount() > 1;
    if (multi && !m_table)
    {
        m_table = std::make_unique<RequestAffinityTable>(m_stages, m_slots, m_affinityTimeout);
    }
    if (request.GetPacketIndex() > 0)
    {
        // A later packet follows the first.
        uint32_t server = m_table->Lookup(request.GetClientId(), request.GetRequestId());
        if (server == RequestAffinityTable::NOT_FOUND)
        {
            ++m_affinityMisses;
            server = Fallback(request);
        }
        Forward(h, server);
        return;
    }
    if (m_dispatcher->HoldsRequests())
    {
        // Later packets would pass the first while it waits here.
        NS_ABORT_MSG_IF(multi,
                        "RackScheduler: " << m_dispatcher->GetInstanceTypeId().GetName()
                                          << " holds requests and cannot take multi-packet ones");
        if (m_held.size() >= m_queueLimit)
        {
            Drop(h, QUEUE_FULL_DROP);
            return;
        }
        m_held.push_back(std::move(h));
        m_queuePeak = std::max<uint32_t>(m_queuePeak, m_held.size());
        Drain();
        return;
    }
    uint64_t slot = 0;
    uint32_t server;
    if (multi &&
        (slot = m_table->Claim(request.GetClientId(),
                               request.GetRequestId(),
                               PeekableScheduler::Now())) == RequestAffinityTable::COLLISION)
    {
        // Every stage collides: the P4 design sends the request to a hash
        // of its identifiers, where its later packets (which miss too) go.
        ++m_affinityMisses;
        server = Fallback(request);
        m_dispatcher->Dispatched(request, h.header, server);
    }
    else
    {
        const std::vector<uint32_t>* allowed = PlacementOf(request.GetRequestClass());
        server = allowed ? m_dispatcher->Choose(request, h.header, *allowed)
                         : m_dispatcher->Choose(request, h.header);
        if (multi)
        {
            m_table->Set(slot, server);
        }
    }
    ++m_scheduled;
    m_scheduleTrace(request, server);
    Forward(h, server);
}

uint32_t
RackScheduler::Fallback(const ServiceRequestHeader& request) const
{
    uint64_t h = RequestAffinityTable::Hash(request.GetClientId(), request.GetRequestId());
    const std::vector<uint32_t>* allowed = PlacementOf(request.GetRequestClass());
    return allowed ? (*allowed)[h % allowed->size()] : h % m_dispatcher->GetComputeVector().GetN();
}

void
RackScheduler::HandleReply(uint32_t server, const ServiceRequestHeader& reply)
{
    if (reply.GetPacketCount() > 1 && m_table)
    {
        m_table->Remove(reply.GetClientId(), reply.GetRequestId());
    }
    m_dispatcher->NotifyReply(server, reply);
    if (!m_held.empty())
    {
        Drain();
    }
}

void
RackScheduler::SetFailed(bool failed)
{
    NS_LOG_FUNCTION(this << failed);
    if (failed)
    {
        while (!m_held.empty())
        {
            Drop(m_held.front(), FAILED_DROP);
            m_held.pop_front();
        }
    }
    else if (m_dispatcher)
    {
        m_dispatcher->Restart();
    }
}

void
RackScheduler::Drain()
{
    // With every server down, holding would keep requests for ever: they
    // are lost, as other policies lose them sending them to a failed server.
    while (!m_held.empty() && !m_dispatcher->HasAvailable())
    {
        Drop(m_held.front(), NO_SERVER_DROP);
        m_held.pop_front();
    }
    Dispatcher::ReleaseOrder order;
    while (m_dispatcher->Release(m_held.size(), order))
    {
        for (uint32_t n = 0; n < order.count; ++n)
        {
            Held h = std::move(m_held.front());
            m_held.pop_front();
            m_dispatcher->Dispatched(h.message.header, h.header, order.target);
            ++m_scheduled;
            m_scheduleTrace(h.message.header, order.target);
            Forward(h, order.target);
        }
    }
}

void
RackScheduler::Forward(Held& h, uint32_t server)
{
    Ipv4Address address = m_dispatcher->GetComputeVector().Get(server).address;
    NS_LOG_LOGIC(h.header.GetSource() << " -> server " << server << " (" << address << ")");
    if (!h.packet)
    {
        // Remembered by server index (routes do not change).
        DirectLink*& link = m_serverLinks[server];
        if (!link)
        {
            link = GetDirectRoute(address);
        }
        h.message.to = address;
        if (link)
        {
            link->Send(h.message);
        }
        else
        {
            Drop(h, NO_ROUTE_DROP);
        }
        return;
    }
    Ptr<Ipv4Route> route = Lookup(address);
    if (!route)
    {
        Drop(h.packet, NO_ROUTE_DROP);
        return;
    }
    Ipv4Header out = h.header;
    out.SetDestination(address);
    h.ucb(route, h.packet, out);
}

void
RackScheduler::Drop(const Held& request, const char* reason)
{
    Drop(request.packet ? request.packet : Ptr<const Packet>(request.message.ToIpPayload()),
         reason);
}

void
RackScheduler::Drop(Ptr<const Packet> p, const char* reason)
{
    NS_LOG_LOGIC("drop: " << reason);
    ++m_drops[reason];
    m_dropTrace(p, reason);
}

} // namespace rsched
} // namespace ns3
