/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "request-client.h"

#include "mixture-random-variable.h"
#include "peekable-scheduler.h"
#include "seconds-to-time.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("RequestClient");

NS_OBJECT_ENSURE_REGISTERED(RequestClient);

TypeId
RequestClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RequestClient")
            .SetParent<Application>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<RequestClient>()
            .AddAttribute("RemoteAddress",
                          "IPv4 address of the server (or an InetSocketAddress)",
                          AddressValue(),
                          MakeAddressAccessor(&RequestClient::m_remote),
                          MakeAddressChecker())
            .AddAttribute("RemotePort",
                          "UDP port of the server (ignored if RemoteAddress has a port)",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&RequestClient::m_remotePort),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("ServiceId",
                          "Service identifier written into every request",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RequestClient::m_serviceId),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ClientId",
                          "Client identifier of the first logical client (the others follow)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RequestClient::m_clientId),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Clients",
                          "Number of independent logical clients this application runs",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RequestClient::m_clientCount),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("JoinWindow",
                          "Each logical client joins at StartTime plus a uniform draw in "
                          "[0, JoinWindow]",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&RequestClient::m_joinWindow),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("TransactionRequests",
                          "Requests per transaction (1: every request is scheduled)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RequestClient::m_transactionRequests),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("TransactionDuration",
                          "Length of a transaction from its first request; overrides "
                          "TransactionRequests when > 0",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&RequestClient::m_transactionDuration),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("HoldUntilAffinity",
                          "In a transaction, a request issued before the first reply has named "
                          "its instance waits for that reply and then goes there (the "
                          "transaction assigned once, at its start, as an application-level "
                          "scheme does), instead of being scheduled on its own",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RequestClient::m_holdUntilAffinity),
                          MakeBooleanChecker())
            .AddAttribute("InterArrival",
                          "Time between two requests, in seconds",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.001]"),
                          MakePointerAccessor(&RequestClient::m_interArrival),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ServiceDemand",
                          "Work of a request on a base-speed core, in seconds; a "
                          "MixtureRandomVariable also sets the request class",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.00001]"),
                          MakePointerAccessor(&RequestClient::m_serviceDemand),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute(
                "Flows",
                "Number of UDP source ports the requests are spread over (a node has 16384 "
                "ephemeral ports)",
                UintegerValue(1),
                MakeUintegerAccessor(&RequestClient::m_flows),
                MakeUintegerChecker<uint32_t>(1, 16384))
            .AddAttribute("PayloadSize",
                          "Bytes of payload after the header in each request",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RequestClient::m_packetSize),
                          MakeUintegerChecker<uint32_t>(0, 65000))
            .AddAttribute("PacketsPerRequest",
                          "Packets of each request (the server starts it when all have arrived)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RequestClient::m_packetsPerRequest),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Dispatcher",
                          "Client-based scheduling: the TargetChooser (a Dispatcher) that "
                          "picks the server of each request (null: send to RemoteAddress)",
                          PointerValue(),
                          MakePointerAccessor(&RequestClient::m_dispatcher),
                          MakePointerChecker<TargetChooser>())
            .AddAttribute("MaxRequests",
                          "Requests to send at most (0: no limit)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RequestClient::m_maxRequests),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("WarmUp",
                          "Requests sent before this time are not recorded",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&RequestClient::m_warmUp),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ExactQuantiles",
                          "Keep every completion time for exact quantiles",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RequestClient::m_exactQuantiles),
                          MakeBooleanChecker())
            .AddTraceSource("Tx",
                            "A request was sent",
                            MakeTraceSourceAccessor(&RequestClient::m_txTrace),
                            "ns3::RequestClient::TxTracedCallback")
            .AddTraceSource("Drop",
                            "A request could not leave the node (no route); it counts as sent",
                            MakeTraceSourceAccessor(&RequestClient::m_dropTrace),
                            "ns3::RequestClient::DropTracedCallback")
            .AddTraceSource("Complete",
                            "The reply to a request arrived; the completion time is given",
                            MakeTraceSourceAccessor(&RequestClient::m_completeTrace),
                            "ns3::RequestClient::CompleteTracedCallback");
    return tid;
}

RequestClient::RequestClient()
    : m_flowChoice(CreateObject<UniformRandomVariable>()),
      m_join(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

RequestClient::~RequestClient() = default;

void
RequestClient::DoDispose()
{
    CancelClients();
    m_clients.clear();
    m_dispatcher = nullptr;
    m_uplink = nullptr;
    for (auto& s : m_sockets)
    {
        s->Close();
        s->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
    m_sockets.clear();
    Application::DoDispose();
}

uint64_t
RequestClient::GetSent() const
{
    return m_sent;
}

uint64_t
RequestClient::GetSendFailures() const
{
    return m_sendFailures;
}

uint64_t
RequestClient::GetAffinitySent() const
{
    return m_affinitySent;
}

uint64_t
RequestClient::GetCompleted() const
{
    return m_completed;
}

uint64_t
RequestClient::GetMalformed() const
{
    return m_malformed;
}

const RequestStats&
RequestClient::GetStats() const
{
    return m_stats;
}

int64_t
RequestClient::AssignStreams(int64_t stream)
{
    int64_t used = 0;
    m_interArrival->SetStream(stream + used++);
    if (auto mix = DynamicCast<MixtureRandomVariable>(m_serviceDemand))
    {
        used += mix->AssignStreams(stream + used);
    }
    else
    {
        m_serviceDemand->SetStream(stream + used++);
    }
    m_flowChoice->SetStream(stream + used++);
    m_join->SetStream(stream + used++);
    if (m_dispatcher)
    {
        used += m_dispatcher->AssignStreams(stream + used);
    }
    return used;
}

void
RequestClient::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_interArrival || !m_serviceDemand,
                    "RequestClient needs InterArrival and ServiceDemand");
    if (InetSocketAddress::IsMatchingType(m_remote))
    {
        m_service = InetSocketAddress::ConvertFrom(m_remote);
    }
    else if (Ipv4Address::IsMatchingType(m_remote))
    {
        m_service = InetSocketAddress(Ipv4Address::ConvertFrom(m_remote), m_remotePort);
    }
    else
    {
        NS_ABORT_MSG("RequestClient: RemoteAddress must be an IPv4 address, got " << m_remote);
    }
    m_stats = RequestStats(m_exactQuantiles);
    m_mixture = DynamicCast<MixtureRandomVariable>(m_serviceDemand);
    if (m_sockets.empty())
    {
        // Bound, not connected: replies come from whichever instance served.
        for (uint32_t f = 0; f < m_flows; ++f)
        {
            Ptr<Socket> s = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
            NS_ABORT_MSG_IF(s->Bind() == -1, "RequestClient: cannot bind a UDP socket");
            s->SetRecvCallback(MakeCallback(&RequestClient::HandleRead, this));
            m_sockets.push_back(s);
        }
    }
    m_flowAddress.clear();
    if (!m_direct.IsNull() || m_uplink)
    {
        NS_ABORT_MSG_IF(m_dispatcher && !m_uplink,
                        "RequestClient: a direct sink has no client-based dispatch");
        // The source of each flow as a packet would carry it: the node's
        // address (the first that is not the loopback) and the socket's port.
        Ipv4Address local;
        Ptr<Ipv4> ipv4 = GetNode()->GetObject<Ipv4>();
        for (uint32_t i = 0; ipv4 && i < ipv4->GetNInterfaces() && local == Ipv4Address(); ++i)
        {
            for (uint32_t a = 0; a < ipv4->GetNAddresses(i); ++a)
            {
                if (!ipv4->GetAddress(i, a).GetLocal().IsLocalhost())
                {
                    local = ipv4->GetAddress(i, a).GetLocal();
                    break;
                }
            }
        }
        for (const auto& s : m_sockets)
        {
            Address name;
            s->GetSockName(name);
            m_flowAddress.emplace_back(local, InetSocketAddress::ConvertFrom(name).GetPort());
        }
    }
    // A start without a stop before it (never from ns-3's Application):
    // the clients already scheduled must not send as well.
    CancelClients();
    m_clients.clear();
    m_clients.reserve(m_clientCount);
    for (uint32_t k = 0; k < m_clientCount; ++k)
    {
        m_clients.push_back(Create<Client>(this, k));
        // A renewal process started at the join time: the first request
        // follows one inter-arrival draw, so clients do not send in lock step.
        Time join = m_joinWindow.IsZero() ? Time(0)
                                          : Seconds(m_join->GetValue(0, m_joinWindow.GetSeconds()));
        m_clients[k]->ScheduleNext(join + NextGap());
    }
}

void
RequestClient::StopApplication()
{
    NS_LOG_FUNCTION(this);
    // Sockets stay open: replies to requests in flight still count.
    CancelClients();
}

Time
RequestClient::NextGap()
{
    double gap = m_interArrival->GetValue();
    NS_ABORT_MSG_IF(!(gap >= 0) || !std::isfinite(gap),
                    "RequestClient: InterArrival drew " << gap << " s; it must be >= 0");
    return SecondsToTime(gap);
}

void
RequestClient::SendRequest(Client& c)
{
    if (m_maxRequests > 0 && m_sent >= m_maxRequests)
    {
        return;
    }
    Time now = PeekableScheduler::Now();
    bool transactionOver = m_transactionDuration.IsStrictlyPositive()
                               ? now - c.transactionStart >= m_transactionDuration
                               : c.sentInTransaction >= m_transactionRequests;
    if (c.sentInTransaction == 0 || transactionOver)
    {
        ++c.transaction;
        c.sentInTransaction = 0;
        c.transactionStart = now;
        c.instance = AnyAddress();
        // The last transaction never learnt its instance: what it held is
        // scheduled request by request after all.
        ReleaseHeld(c, m_service.GetIpv4(), false);
    }
    double demand = m_serviceDemand->GetValue();
    NS_ABORT_MSG_IF(!(demand >= 0) || !std::isfinite(demand),
                    "RequestClient: ServiceDemand drew " << demand << " s; it must be >= 0");
    uint8_t requestClass = m_mixture ? m_mixture->GetLastComponent() : 0;

    bool affinity = c.instance != AnyAddress();
    ServiceRequestHeader header;
    header.SetMessageType(ServiceRequestHeader::REQUEST);
    header.SetFlags(affinity ? ServiceRequestHeader::FLAG_AFFINITY : 0);
    header.SetServiceId(m_serviceId);
    header.SetClientId(m_clientId + c.k);
    header.SetRequestId(m_sent);
    header.SetTransactionId(c.transaction);
    header.SetRequestClass(requestClass);
    header.SetServiceDemand(SecondsToTime(demand));
    header.SetSendTime(now);
    header.SetPacketIndex(0, m_packetsPerRequest);
    uint32_t flow = m_flows == 1 ? 0 : m_flowChoice->GetInteger(0, m_flows - 1);
    bool transactional = m_transactionRequests > 1 || m_transactionDuration.IsStrictlyPositive();
    if (m_holdUntilAffinity && transactional && !affinity && c.sentInTransaction > 0)
    {
        // Sent (it counts as in flight), but held until the first reply.
        if (!c.held)
        {
            c.held = std::make_unique<Client::Held>();
        }
        c.held->emplace_back(header, flow);
        MarkOutstanding(m_sent);
        ++m_sent;
        ++c.sentInTransaction;
        m_txTrace(header);
        c.ScheduleNext(NextGap());
        return;
    }
    Ipv4Address to = affinity ? c.instance : m_service.GetIpv4();
    bool deliverNow = false;
    if (m_uplink)
    {
        SendDirect(header, flow, to);
    }
    else if (!m_direct.IsNull())
    {
        // A packet reaches the server in an event of its own, after those
        // already due now: so does the request, so that ties resolve alike.
        // With none due, the end of this event is that moment.
        PeekableScheduler* scheduler = PeekableScheduler::GetCurrent();
        deliverNow = scheduler && !scheduler->IsDue(now);
        if (!deliverNow)
        {
            Simulator::ScheduleNow(&RequestClient::Deliver, this, header, flow, to);
        }
    }
    else if (!SendPackets(header, flow, InetSocketAddress(to, m_service.GetPort())))
    {
        // Never left the node (no route: its link is down, for instance):
        // sent and dropped, so that requests stay conserved.
        ++m_sendFailures;
        ++m_sent;
        m_dropTrace(header, "no route");
        c.ScheduleNext(NextGap());
        return;
    }
    MarkOutstanding(m_sent);
    ++m_sent;
    ++c.sentInTransaction;
    if (affinity)
    {
        ++m_affinitySent;
    }
    m_txTrace(header);
    c.ScheduleNext(NextGap());
    if (deliverNow)
    {
        Deliver(header, flow, to);
    }
}

void
RequestClient::CancelClients()
{
    for (auto& c : m_clients)
    {
        c->Cancel();
    }
}

RequestClient::Client::Client(RequestClient* app, uint32_t k)
    : app(app),
      k(k)
{
    static_assert(sizeof(Client) == 64, "a client's state is one cache line");
}

void
RequestClient::Client::ScheduleNext(const Time& delay)
{
    // ns-3 cannot undo a cancellation, and the application cancels only
    // when it stops (a new start makes new clients).
    NS_ASSERT_MSG(!pending && !IsCancelled(), "RequestClient: client " << k << " rescheduled");
    pending = true;
    Simulator::Schedule(delay, Ptr<EventImpl>(this));
}

void
RequestClient::Client::Notify()
{
    pending = false;
    app->SendRequest(*this);
}

void
RequestClient::ReleaseHeld(Client& c, Ipv4Address to, bool affinity)
{
    if (!c.held)
    {
        return;
    }
    for (auto& [held, flow] : *c.held)
    {
        if (affinity)
        {
            held.SetFlags(ServiceRequestHeader::FLAG_AFFINITY);
        }
        Transmit(held, flow, to);
    }
    if (affinity)
    {
        m_affinitySent += c.held->size();
    }
    c.held->clear();
}

void
RequestClient::Transmit(ServiceRequestHeader header, uint32_t flow, Ipv4Address to)
{
    if (m_uplink)
    {
        SendDirect(header, flow, to);
    }
    else if (!m_direct.IsNull())
    {
        // In an event of its own, as a packet would be.
        Simulator::ScheduleNow(&RequestClient::Deliver, this, header, flow, to);
    }
    else if (!SendPackets(header, flow, InetSocketAddress(to, m_service.GetPort())))
    {
        ++m_sendFailures;
        TakeOutstanding(header.GetRequestId());
        m_dropTrace(header, "no route");
    }
}

bool
RequestClient::SendPackets(ServiceRequestHeader& header, uint32_t flow, InetSocketAddress to)
{
    Ptr<Packet> packet = Create<Packet>(m_packetSize);
    packet->AddHeader(header);
    if (m_dispatcher)
    {
        to = InetSocketAddress(m_dispatcher->ChooseTarget(header, m_service.GetIpv4()),
                               m_service.GetPort());
    }
    for (uint16_t i = 0; i < m_packetsPerRequest; ++i)
    {
        if (i > 0)
        {
            header.SetPacketIndex(i, m_packetsPerRequest);
            packet = Create<Packet>(m_packetSize);
            packet->AddHeader(header);
        }
        if (m_sockets[flow]->SendTo(packet, 0, to) < 0)
        {
            // Only the first packet can fail: later ones take the same route.
            NS_ABORT_MSG_IF(i > 0, "RequestClient: a request was sent only in part");
            return false;
        }
    }
    return true;
}

void
RequestClient::SendDirect(ServiceRequestHeader& header, uint32_t flow, Ipv4Address to)
{
    if (m_dispatcher)
    {
        to = m_dispatcher->ChooseTarget(header, m_service.GetIpv4());
    }
    DirectPacket packet;
    packet.from = m_flowAddress[flow];
    packet.to = to;
    packet.client = this;
    packet.payload = m_packetSize;
    for (uint16_t i = 0; i < m_packetsPerRequest; ++i)
    {
        header.SetPacketIndex(i, m_packetsPerRequest);
        packet.header = header;
        m_uplink->Send(packet);
    }
}

void
RequestClient::ReceiveDirect(const DirectPacket& packet)
{
    packet.client->ReceiveReply(packet.header);
}

void
RequestClient::PrefetchDirect(const DirectPacket& packet)
{
    const RequestClient* app = packet.client;
    uint32_t i = app ? packet.header.GetClientId() - app->m_clientId : 0;
    if (app && i < app->m_clients.size())
    {
        __builtin_prefetch(PeekPointer(app->m_clients[i]));
    }
}

void
RequestClient::HandleRead(Ptr<Socket> socket)
{
    Ptr<Packet> packet;
    while ((packet = socket->Recv()))
    {
        ServiceRequestHeader header;
        if (!ServiceRequestHeader::Peek(packet, header))
        {
            ++m_malformed;
            continue;
        }
        ReceiveReply(header);
    }
}

void
RequestClient::Deliver(const ServiceRequestHeader& header, uint32_t flow, Ipv4Address to)
{
    m_direct(header, m_flowAddress[flow], to, this);
}

void
RequestClient::SetDirectSink(DirectSink sink)
{
    m_direct = sink;
}

void
RequestClient::SetDirectUplink(Ptr<DirectLink> link)
{
    m_uplink = link;
}

void
RequestClient::MarkOutstanding(uint64_t id)
{
    uint64_t bits = m_outstanding.size() * 64;
    auto test = [this](uint64_t i) { return (m_outstanding[i / 64] >> (i % 64)) & 1; };
    // The ring grows freely up to OUTSTANDING_WINDOW bits; beyond, only when
    // the id would take the place of one still unanswered (id - bits), so
    // that no reply is ever refused as too old however long it takes.
    while (id >= bits && (bits < OUTSTANDING_WINDOW || test(id & (bits - 1))))
    {
        uint64_t grown = std::max<uint64_t>(2 * bits, 1024);
        std::vector<uint64_t> ring(grown / 64, 0);
        for (uint64_t j = id > bits ? id - bits : 0; j < id; ++j)
        {
            if (test(j & (bits - 1)))
            {
                uint64_t k = j & (grown - 1);
                ring[k / 64] |= uint64_t(1) << (k % 64);
            }
        }
        m_outstanding.swap(ring);
        bits = grown;
    }
    uint64_t i = id & (bits - 1);
    m_outstanding[i / 64] |= uint64_t(1) << (i % 64);
}

bool
RequestClient::TakeOutstanding(uint64_t id)
{
    uint64_t bits = m_outstanding.size() * 64;
    if (id >= m_sent || m_sent - id > bits)
    {
        return false;
    }
    uint64_t i = id & (bits - 1);
    uint64_t mask = uint64_t(1) << (i % 64);
    bool outstanding = m_outstanding[i / 64] & mask;
    m_outstanding[i / 64] &= ~mask;
    return outstanding;
}

void
RequestClient::ReceiveReply(const ServiceRequestHeader& header)
{
    // A reply sent after now (its echoed send time) answers no request of
    // this client: its completion time would be negative.
    Time now = PeekableScheduler::Now();
    Time sent = header.GetSendTime();
    if (header.GetMessageType() != ServiceRequestHeader::REPLY ||
        header.GetClientId() - m_clientId >= m_clients.size() || sent > now ||
        !TakeOutstanding(header.GetRequestId()))
    {
        ++m_malformed;
        return;
    }
    ++m_completed;
    if (m_dispatcher)
    {
        m_dispatcher->NotifyTargetReply(header);
    }
    // Affinity: the rest of the transaction goes to the instance that served.
    // (The client's state is read only then: it is seldom in the cache.)
    if ((m_transactionRequests > 1 || m_transactionDuration.IsStrictlyPositive()) &&
        header.GetLocator() != 0)
    {
        Client& c = *m_clients[header.GetClientId() - m_clientId];
        if (header.GetTransactionId() == c.transaction && c.instance == AnyAddress())
        {
            c.instance = Ipv4Address(header.GetLocator());
            ReleaseHeld(c, c.instance, true);
        }
    }
    Time rct = now - sent;
    if (sent >= m_warmUp)
    {
        m_stats.Record(header.GetRequestClass(), rct);
    }
    m_completeTrace(header, rct);
}

} // namespace rsched
} // namespace ns3
