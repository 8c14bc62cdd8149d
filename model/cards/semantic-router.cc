/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "semantic-router.h"

#include "ns3/abort.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/service-request-header.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("SemanticRouter");

NS_OBJECT_ENSURE_REGISTERED(SemanticRouter);

TypeId
SemanticRouter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SemanticRouter")
            .SetParent<DataPathRouter>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<SemanticRouter>()
            .AddAttribute("ServicePrefix",
                          "Destinations in this prefix are service identifiers",
                          Ipv4AddressValue("100.64.0.0"),
                          MakeIpv4AddressAccessor(&SemanticRouter::m_prefix),
                          MakeIpv4AddressChecker())
            .AddAttribute("ServiceMask",
                          "Mask of ServicePrefix",
                          Ipv4MaskValue("255.192.0.0"),
                          MakeIpv4MaskAccessor(&SemanticRouter::m_mask),
                          MakeIpv4MaskChecker())
            .AddAttribute("ReplyTimeout",
                          "How long the router at least waits for the reply to a request a "
                          "dispatcher wants replies for: it forgets the request (lost on the "
                          "way) one to two ReplyTimeouts after sending it. The dispatcher's "
                          "own count is its own (SteamDispatcher keeps it)",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&SemanticRouter::m_replyTimeout),
                          MakeTimeChecker(Time(1)))
            .AddTraceSource("Resolve",
                            "A service request was sent on to an entry of its compute vector",
                            MakeTraceSourceAccessor(&SemanticRouter::m_resolveTrace),
                            "ns3::SemanticRouter::ResolveTracedCallback")
            .AddTraceSource("Drop",
                            "A service request was dropped; the reason is given",
                            MakeTraceSourceAccessor(&SemanticRouter::m_dropTrace),
                            "ns3::SemanticRouter::DropTracedCallback");
    return tid;
}

SemanticRouter::SemanticRouter() = default;

SemanticRouter::~SemanticRouter() = default;

void
SemanticRouter::DoDispose()
{
    m_services.clear();
    m_awaiting[0].clear();
    m_awaiting[1].clear();
    DataPathRouter::DoDispose();
}

void
SemanticRouter::AddService(Ipv4Address service, Ptr<Dispatcher> dispatcher)
{
    AddService(service, std::vector<Ptr<Dispatcher>>{dispatcher});
}

void
SemanticRouter::AddService(Ipv4Address service, const std::vector<Ptr<Dispatcher>>& dispatchers)
{
    NS_LOG_FUNCTION(this << service << dispatchers.size());
    NS_ABORT_MSG_IF(!m_mask.IsMatch(service, m_prefix),
                    "service address " << service << " is outside the service prefix " << m_prefix
                                       << "/" << m_mask.GetPrefixLength());
    NS_ABORT_MSG_IF(dispatchers.empty(), "service " << service << " needs a dispatcher");
    for (const auto& d : dispatchers)
    {
        NS_ABORT_MSG_IF(!d || d->GetComputeVector().IsEmpty(),
                        "service " << service << ": dispatcher without a compute vector");
        NS_ABORT_MSG_IF(d->HoldsRequests() && dispatchers.size() > 1,
                        "service " << service << ": a queueing dispatcher must be the only one");
    }
    m_services[service].dispatchers = dispatchers;
    if (dispatchers.front()->HoldsRequests())
    {
        // std::map keeps the entry where it is.
        Service* s = &m_services[service];
        dispatchers.front()->SetHostCallback(Callback<void>([this, s]() { Drain(*s); }));
    }
}

void
SemanticRouter::SetFailed(bool failed)
{
    NS_LOG_FUNCTION(this << failed);
    for (auto& [address, service] : m_services)
    {
        if (failed)
        {
            while (!service.held.empty())
            {
                Drop(service.held.front(), FAILED_DROP);
                service.held.pop_front();
            }
        }
        else
        {
            for (const auto& d : service.dispatchers)
            {
                d->Restart();
            }
        }
    }
}

std::vector<Ptr<Dispatcher>>
SemanticRouter::GetDispatchers(Ipv4Address service) const
{
    auto it = m_services.find(service);
    return it == m_services.end() ? std::vector<Ptr<Dispatcher>>{} : it->second.dispatchers;
}

uint64_t
SemanticRouter::GetResolved() const
{
    return m_resolved;
}

uint64_t
SemanticRouter::GetHeld() const
{
    uint64_t held = 0;
    for (const auto& [address, service] : m_services)
    {
        held += service.held.size();
    }
    return held;
}

uint64_t
SemanticRouter::GetAwaitingReply() const
{
    return m_awaiting[0].size() + m_awaiting[1].size();
}

uint64_t
SemanticRouter::GetExpired() const
{
    return m_expired;
}

const std::map<std::string, uint64_t>&
SemanticRouter::GetDrops() const
{
    return m_drops;
}

bool
SemanticRouter::DoRouteInput(Ptr<const Packet> p,
                             const Ipv4Header& header,
                             Ptr<const NetDevice> /* idev */,
                             const UnicastForwardCallback& ucb,
                             const ErrorCallback& ecb)
{
    Ipv4Address dst = header.GetDestination();
    if (!InService(dst))
    {
        // Not a request; it may be a reply a dispatcher waits for. Either
        // way DataPathRouter forwards it.
        ServiceRequestHeader reply;
        if ((!m_awaiting[0].empty() || !m_awaiting[1].empty()) &&
            ReadServiceHeader(p, header, reply) &&
            reply.GetMessageType() == ServiceRequestHeader::REPLY)
        {
            NotifyReply(reply);
        }
        return false;
    }
    auto it = m_services.find(dst);
    if (it == m_services.end())
    {
        Drop(header, p, UNKNOWN_SERVICE_DROP, ecb);
        return true;
    }
    Held h;
    h.packet = p;
    h.header = header;
    h.ucb = ucb;
    h.ecb = ecb;
    if (!ReadServiceHeader(p, header, h.message.header) ||
        h.message.header.GetMessageType() != ServiceRequestHeader::REQUEST)
    {
        Drop(header, p, MALFORMED_DROP, ecb);
        return true;
    }
    HandleRequest(it->second, h);
    return true;
}

void
SemanticRouter::ReceiveDirect(const DirectPacket& packet)
{
    if (!InService(packet.to))
    {
        if ((!m_awaiting[0].empty() || !m_awaiting[1].empty()) &&
            packet.header.GetMessageType() == ServiceRequestHeader::REPLY)
        {
            NotifyReply(packet.header);
        }
        if (!SendDirect(packet))
        {
            Drop(packet.ToIpHeader(), packet.ToIpPayload(), NO_ROUTE_DROP, ErrorCallback());
        }
        return;
    }
    // Reused from request to request: no header or callback built per
    // request. The IP header as the packet's would be (dispatchers and
    // traces see it).
    Held& h = m_direct;
    packet.WriteIpHeader(h.header);
    h.message = packet;
    auto it = m_services.find(packet.to);
    if (it == m_services.end())
    {
        Drop(h, UNKNOWN_SERVICE_DROP);
        return;
    }
    if (packet.header.GetMessageType() != ServiceRequestHeader::REQUEST)
    {
        Drop(h, MALFORMED_DROP);
        return;
    }
    HandleRequest(it->second, h);
}

void
SemanticRouter::HandleRequest(Service& service, Held& h)
{
    // With several scheduling points, the client id picks one.
    const ServiceRequestHeader& request = h.message.header;
    Ptr<Dispatcher> d = service.dispatchers[request.GetClientId() % service.dispatchers.size()];
    if (d->HoldsRequests())
    {
        service.held.push_back(std::move(h));
        Drain(service);
        return;
    }
    Forward(d, d->Choose(request, h.header), h);
}

void
SemanticRouter::NotifyReply(const ServiceRequestHeader& reply)
{
    RequestKey key{reply.GetClientId(), reply.GetRequestId()};
    AwaitingTable* table = &m_awaiting[0];
    auto it = table->find(key);
    if (it == table->end())
    {
        table = &m_awaiting[1];
        it = table->find(key);
        if (it == table->end())
        {
            return;
        }
    }
    auto [address, target] = it->second;
    table->erase(it);
    auto service = m_services.find(address);
    if (service == m_services.end())
    {
        return;
    }
    Ptr<Dispatcher> d = service->second.dispatchers.front();
    d->NotifyReply(target, reply);
    if (d->HoldsRequests())
    {
        Drain(service->second);
    }
}

void
SemanticRouter::Drain(Service& service)
{
    Ptr<Dispatcher> d = service.dispatchers.front();
    // With every target down, holding would keep requests for ever.
    while (!service.held.empty() && !d->HasAvailable())
    {
        Drop(service.held.front(), NO_TARGET_DROP);
        service.held.pop_front();
    }
    Dispatcher::ReleaseOrder order;
    while (d->Release(service.held.size(), order))
    {
        for (uint32_t n = 0; n < order.count; ++n)
        {
            Held h = std::move(service.held.front());
            service.held.pop_front();
            // Counted only once on its way: a request dropped here never
            // comes back to bring its instance's count down.
            if (Forward(d, order.target, h))
            {
                d->Dispatched(h.message.header, h.header, order.target);
            }
        }
    }
}

bool
SemanticRouter::Forward(Ptr<Dispatcher> d, uint32_t target, Held& h)
{
    const ComputeTarget& t = d->GetComputeVector().Get(target);
    Ptr<Ipv4Route> route;
    DirectLink* link = nullptr;
    if (h.packet)
    {
        route = Lookup(t.address);
    }
    else
    {
        link = GetDirectRoute(t.address);
    }
    if (!route && !link)
    {
        Drop(h, NO_ROUTE_DROP);
        return false;
    }
    const ServiceRequestHeader& request = h.message.header;
    if (d->WantsReplies())
    {
        // Requests are filed by ReplyTimeout-long epochs; the previous
        // epoch's unanswered ones are forgotten (lost on the way) when the
        // next begins, between one and two ReplyTimeouts after they were
        // sent, so that the table holds only requests still in flight.
        Time now = PeekableScheduler::Now();
        if (now >= m_epochEnd)
        {
            bool skipped = now >= m_epochEnd + m_replyTimeout;
            m_expired += m_awaiting[1].size() + (skipped ? m_awaiting[0].size() : 0);
            m_awaiting[1] = skipped ? AwaitingTable() : std::move(m_awaiting[0]);
            m_awaiting[0].clear();
            m_epochEnd = now + m_replyTimeout;
        }
        m_awaiting[0][{request.GetClientId(), request.GetRequestId()}] = {h.header.GetDestination(),
                                                                          target};
    }
    ++m_resolved;
    NS_LOG_LOGIC(h.header.GetSource() << " -> " << h.header.GetDestination() << " resolved to "
                                      << t.address << (t.rewrite ? " (rewritten)" : " (next hop)"));
    m_resolveTrace(h.header, t.address);
    if (link)
    {
        // To the instance, or still to the service through the next router.
        if (t.rewrite)
        {
            h.message.to = t.address;
        }
        link->Send(h.message);
        return true;
    }
    Ipv4Header out = h.header;
    if (t.rewrite)
    {
        out.SetDestination(t.address);
    }
    else
    {
        // To the next semantic router, still addressed to the service.
        route = Create<Ipv4Route>(*route);
        route->SetDestination(h.header.GetDestination());
        if (route->GetGateway() == Ipv4Address::GetAny())
        {
            route->SetGateway(t.address);
        }
    }
    h.ucb(route, h.packet, out);
    return true;
}

void
SemanticRouter::Drop(const Held& h, const char* reason)
{
    Drop(h.header, h.packet ? h.packet : Ptr<const Packet>(h.message.ToIpPayload()), reason, h.ecb);
}

void
SemanticRouter::Drop(const Ipv4Header& header,
                     Ptr<const Packet> p,
                     const char* reason,
                     const ErrorCallback& ecb)
{
    NS_LOG_LOGIC("drop " << header.GetDestination() << ": " << reason);
    ++m_drops[reason];
    m_dropTrace(header, p, reason);
    if (!ecb.IsNull())
    {
        ecb(p, header, Socket::ERROR_NOROUTETOHOST);
    }
}

void
SemanticRouter::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit /* unit */) const
{
    std::ostream& os = *stream->GetStream();
    Ptr<Ipv4> ipv4 = GetIpv4();
    os << "Node: " << (ipv4 ? ipv4->GetObject<Node>()->GetId() : 0)
       << ", Time: " << Simulator::Now().As(Time::S) << ", SemanticRouter, prefix " << m_prefix
       << "/" << m_mask.GetPrefixLength() << "\n";
    for (const auto& [address, service] : m_services)
    {
        for (size_t k = 0; k < service.dispatchers.size(); ++k)
        {
            const Ptr<Dispatcher>& d = service.dispatchers[k];
            const ComputeVector& v = d->GetComputeVector();
            os << "  " << address << " dispatcher " << k << " (" << d->GetInstanceTypeId().GetName()
               << "):";
            for (uint32_t i = 0; i < v.GetN(); ++i)
            {
                os << " " << v.Get(i).address << "x" << v.Get(i).computeUnits
                   << (v.Get(i).rewrite ? "" : "(hop)");
            }
            os << "\n";
        }
    }
}

} // namespace rsched
} // namespace ns3
