/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "multicore-server.h"

#include "../requests/request-scheduling-compat.h"
#include "dfcfs-core-policy.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-packet-info-tag.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/pointer.h"
#include "ns3/request-client.h"
#include "ns3/simulator.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("MulticoreServer");

NS_OBJECT_ENSURE_REGISTERED(MulticoreServer);

TypeId
MulticoreServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MulticoreServer")
            .SetParent<Application>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<MulticoreServer>()
            .AddAttribute("Port",
                          "UDP port on which requests arrive",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&MulticoreServer::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("ComputeUnits",
                          "Compute units of the server (worker cores when Scaling=Parallel)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&MulticoreServer::m_computeUnits),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "Scaling",
                "Parallel: ComputeUnits cores at base speed; "
                "Scaled: one core ComputeUnits times faster",
                EnumValue(MulticoreServer::PARALLEL),
                RS_MAKE_ENUM_ACCESSOR(MulticoreServer::Scaling, &MulticoreServer::m_scaling),
                MakeEnumChecker(MulticoreServer::PARALLEL,
                                "Parallel",
                                MulticoreServer::SCALED,
                                "Scaled"))
            .AddAttribute(
                "RssMode",
                "How the NIC picks a receive queue: Hash (Toeplitz hash of the "
                "flow) or Random (per request)",
                EnumValue(MulticoreServer::RSS_HASH),
                RS_MAKE_ENUM_ACCESSOR(MulticoreServer::RssMode, &MulticoreServer::m_rssMode),
                MakeEnumChecker(MulticoreServer::RSS_HASH,
                                "Hash",
                                MulticoreServer::RSS_RANDOM,
                                "Random"))
            .AddAttribute("Policy",
                          "Intra-server scheduling policy (default: a new DfcfsCorePolicy)",
                          PointerValue(),
                          MakePointerAccessor(&MulticoreServer::m_policy),
                          MakePointerChecker<CorePolicy>())
            .AddAttribute("Locator",
                          "Address the server is reached at, written into replies and used "
                          "in the RSS hash (default: the node's address if it has one, else "
                          "the destination of each request)",
                          Ipv4AddressValue(Ipv4Address::GetAny()),
                          MakeIpv4AddressAccessor(&MulticoreServer::m_locator),
                          MakeIpv4AddressChecker())
            .AddAttribute("MaxRequests",
                          "Most requests at the server at once; more are dropped (0: no limit)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&MulticoreServer::m_maxRequests),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ReplySize",
                          "Bytes of payload after the header in each reply",
                          UintegerValue(0),
                          MakeUintegerAccessor(&MulticoreServer::m_replySize),
                          MakeUintegerChecker<uint32_t>(0, 65000))
            .AddAttribute("WarmUp",
                          "Requests sent before this time are served but not recorded",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&MulticoreServer::m_warmUp),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ReportPerClass",
                          "Replies report the requests (Outstanding) and work (OutstandingWork) "
                          "of the answered request's class only, as RackSched's servers report "
                          "per request type; QueueLength stays the whole server's",
                          BooleanValue(false),
                          MakeBooleanAccessor(&MulticoreServer::m_reportPerClass),
                          MakeBooleanChecker())
            .AddAttribute("ExactQuantiles",
                          "Keep every sojourn time for exact quantiles (memory grows with "
                          "requests) instead of a 0.5 %-accurate histogram",
                          BooleanValue(false),
                          MakeBooleanAccessor(&MulticoreServer::m_exactQuantiles),
                          MakeBooleanChecker())
            .AddTraceSource("RequestArrival",
                            "A request arrived at the NIC",
                            MakeTraceSourceAccessor(&MulticoreServer::m_arrivalTrace),
                            "ns3::MulticoreServer::ArrivalTracedCallback")
            .AddTraceSource("RequestComplete",
                            "A request completed; its sojourn time is given",
                            MakeTraceSourceAccessor(&MulticoreServer::m_completeTrace),
                            "ns3::MulticoreServer::CompleteTracedCallback")
            .AddTraceSource("Drop",
                            "A packet was dropped; the reason is given",
                            MakeTraceSourceAccessor(&MulticoreServer::m_dropTrace),
                            "ns3::MulticoreServer::DropTracedCallback");
    return tid;
}

MulticoreServer::MulticoreServer()
    : m_rssRandom(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

MulticoreServer::~MulticoreServer() = default;

void
MulticoreServer::DoDispose()
{
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket = nullptr;
    }
    m_uplink = nullptr;
    m_directRoutes.clear();
    if (m_policy)
    {
        m_policy->Dispose();
        m_policy = nullptr;
    }
    Application::DoDispose();
}

Ptr<CorePolicy>
MulticoreServer::GetPolicy() const
{
    return m_policy;
}

uint32_t
MulticoreServer::GetWorkers() const
{
    return m_scaling == PARALLEL ? m_computeUnits : 1;
}

double
MulticoreServer::GetSpeed() const
{
    return m_scaling == PARALLEL ? 1.0 : m_computeUnits;
}

const RssHash&
MulticoreServer::GetRss() const
{
    return m_rss;
}

const RequestStats&
MulticoreServer::GetStats() const
{
    return m_stats;
}

uint64_t
MulticoreServer::GetReceived() const
{
    return m_received;
}

uint64_t
MulticoreServer::GetCompleted() const
{
    return m_completed;
}

uint32_t
MulticoreServer::GetInSystem() const
{
    return m_pool.GetLive();
}

uint32_t
MulticoreServer::GetAssembling() const
{
    return m_assembling.size();
}

uint32_t
MulticoreServer::GetPeakInSystem() const
{
    return m_peak;
}

const std::map<std::string, uint64_t>&
MulticoreServer::GetDrops() const
{
    return m_drops;
}

uint64_t
MulticoreServer::GetDropped() const
{
    return m_dropped;
}

int64_t
MulticoreServer::AssignStreams(int64_t stream)
{
    m_rssRandom->SetStream(stream);
    return 1;
}

void
MulticoreServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    if (!m_policy)
    {
        m_policy = CreateObject<DfcfsCorePolicy>();
    }
    m_stats = RequestStats(m_exactQuantiles);
    m_rss.SetQueues(GetWorkers());
    m_policy->Attach(&m_pool, GetWorkers(), MakeCallback(&MulticoreServer::HandleComplete, this));
    if (!m_socket)
    {
        m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
        NS_ABORT_MSG_IF(m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) == -1,
                        "MulticoreServer: cannot bind UDP port " << m_port);
        // The destination address is part of the RSS hash and the locator.
        // A configured locator, or a node with a single address, needs no
        // per-packet tag to know it.
        m_localAddress = m_locator;
        Ptr<Ipv4> ipv4 = GetNode()->GetObject<Ipv4>();
        uint32_t addresses = 0;
        for (uint32_t i = 0; ipv4 && i < ipv4->GetNInterfaces(); ++i)
        {
            for (uint32_t a = 0; a < ipv4->GetNAddresses(i); ++a)
            {
                Ipv4Address local = ipv4->GetAddress(i, a).GetLocal();
                if (!local.IsLocalhost())
                {
                    m_localAddress = local;
                    ++addresses;
                }
            }
        }
        if (m_locator != Ipv4Address::GetAny())
        {
            m_localAddress = m_locator;
        }
        else if (addresses != 1)
        {
            m_localAddress = Ipv4Address::GetAny();
            m_socket->SetRecvPktInfo(true);
        }
        m_socket->TraceConnectWithoutContext("Drop",
                                             MakeCallback(&MulticoreServer::SocketDrop, this));
    }
    m_socket->SetRecvCallback(MakeCallback(&MulticoreServer::HandleRead, this));
    m_stopped = false;
}

void
MulticoreServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    // Requests already at the server are still served and answered; new
    // ones are dropped (and counted).
    m_stopped = true;
}

void
MulticoreServer::Drop(Ptr<const Packet> packet, const char* reason)
{
    ++m_dropped;
    ++m_drops[reason];
    m_dropTrace(packet, reason);
}

void
MulticoreServer::SocketDrop(Ptr<const Packet> packet)
{
    // Never seen by HandleRead: count it as received here.
    ++m_received;
    Drop(packet, SOCKET_DROP);
}

void
MulticoreServer::HandleRead(Ptr<Socket> socket)
{
    Address from;
    Ptr<Packet> packet;
    while ((packet = socket->RecvFrom(from)))
    {
        ServiceRequestHeader header;
        bool wellFormed = ServiceRequestHeader::Peek(packet, header);
        if (wellFormed && !Assemble(header))
        {
            continue;
        }
        if (!wellFormed && !m_stopped)
        {
            ++m_received;
            NS_LOG_LOGIC("malformed packet of " << packet->GetSize() << " bytes from " << from);
            Drop(packet, MALFORMED_DROP);
            continue;
        }
        Ipv4Address local = m_localAddress;
        Ipv4PacketInfoTag info;
        if (local == AnyAddress() && packet->PeekPacketTag(info))
        {
            local = info.GetAddress();
        }
        Admit(header, local, InetSocketAddress::ConvertFrom(from), nullptr, packet);
    }
}

bool
MulticoreServer::Assemble(const ServiceRequestHeader& header)
{
    if (header.GetMessageType() != ServiceRequestHeader::REQUEST || header.GetPacketCount() <= 1 ||
        m_stopped)
    {
        return true;
    }
    // A multi-packet request is received when its last packet is.
    auto key = std::make_pair(header.GetClientId(), header.GetRequestId());
    uint16_t& seen = m_assembling[key];
    if (++seen < header.GetPacketCount())
    {
        return false;
    }
    m_assembling.erase(key);
    return true;
}

void
MulticoreServer::DeliverDirect(const DirectPacket& packet)
{
    if (Assemble(packet.header))
    {
        Admit(packet.header,
              m_localAddress == AnyAddress() ? packet.to : m_localAddress,
              packet.from,
              packet.client,
              nullptr);
    }
}

void
MulticoreServer::SetDirectUplink(Ptr<DirectLink> link)
{
    m_uplink = link;
}

void
MulticoreServer::AddDirectRoute(Ipv4Address host, Ptr<DirectLink> link)
{
    m_directRoutes[host.Get()] = link;
}

void
MulticoreServer::Deliver(const ServiceRequestHeader& header,
                         const InetSocketAddress& from,
                         Ipv4Address to,
                         Ptr<RequestClient> client)
{
    Admit(header,
          m_localAddress == AnyAddress() ? to : m_localAddress,
          from,
          PeekPointer(client),
          nullptr);
}

void
MulticoreServer::Admit(const ServiceRequestHeader& header,
                       Ipv4Address local,
                       const InetSocketAddress& from,
                       RequestClient* client,
                       Ptr<const Packet> packet)
{
    ++m_received;
    Time now = PeekableScheduler::Now();
    double speed = GetSpeed();
    Time work = speed == 1.0 ? header.GetServiceDemand()
                             : Time(header.GetServiceDemand().GetDouble() / speed);
    // The header carries any demand up to 2^63 - 1 ns. Now + outstanding
    // work, and so every completion time a policy computes from them, stay
    // within half of Time's range: beyond it int64 nanoseconds overflow.
    static const Time horizon = TimeStep(Time::Max().GetTimeStep() / 2);
    const char* drop = m_stopped ? STOPPED_DROP
                       : header.GetMessageType() != ServiceRequestHeader::REQUEST
                           ? NOT_A_REQUEST_DROP
                       : m_maxRequests > 0 && m_pool.GetLive() >= m_maxRequests ? SERVER_FULL_DROP
                       : work > horizon - now - m_outstandingWork ? DEMAND_TOO_LARGE_DROP
                                                                  : nullptr;
    if (drop)
    {
        if (!packet)
        {
            // Queue level: the Drop trace still sees the request as a packet.
            Ptr<Packet> p = Create<Packet>();
            p->AddHeader(header);
            packet = p;
        }
        Drop(packet, drop);
        return;
    }
    CorePolicy::Handle h = m_pool.Allocate();
    ServerRequest& r = m_pool[h];
    r.header = header;
    r.header.SetLocator(local.Get());
    r.replyTo = from;
    r.client = client;
    r.arrival = now;
    r.work = work;
    if (!m_policy->UsesNicQueues())
    {
        r.nicQueue = 0;
    }
    else if (m_rssMode == RSS_HASH)
    {
        r.nicQueue = m_rss.QueueOf(m_rss.Hash(from.GetIpv4(), local, from.GetPort(), m_port));
    }
    else
    {
        r.nicQueue = m_rssRandom->GetInteger(0, GetWorkers() - 1);
    }
    m_outstandingWork += r.work;
    if (m_reportPerClass)
    {
        uint8_t c = r.header.GetRequestClass();
        if (c >= m_classLoad.size())
        {
            m_classLoad.resize(c + 1);
        }
        ++m_classLoad[c].requests;
        m_classLoad[c].work += r.work;
    }
    m_peak = std::max(m_peak, m_pool.GetLive());
    m_arrivalTrace(r);
    m_policy->Enqueue(h);
}

void
MulticoreServer::HandleComplete(CorePolicy::Handle h)
{
    ServerRequest& r = m_pool[h];
    Time sojourn = PeekableScheduler::Now() - r.arrival;
    ++m_completed;
    m_outstandingWork -= r.work;
    if (r.header.GetSendTime() >= m_warmUp)
    {
        m_stats.Record(r.header.GetRequestClass(), sojourn);
    }
    m_completeTrace(r, sojourn);

    ServiceRequestHeader reply = r.header;
    reply.SetMessageType(ServiceRequestHeader::REPLY);
    reply.SetQueueLength(m_policy->GetWaiting());
    if (m_reportPerClass)
    {
        ClassLoad& load = m_classLoad[r.header.GetRequestClass()];
        load.work -= r.work;
        reply.SetOutstanding(--load.requests);
        reply.SetOutstandingWork(load.work);
    }
    else
    {
        reply.SetOutstanding(m_pool.GetLive() - 1);
        reply.SetOutstandingWork(m_outstandingWork);
    }
    RequestClient* client = r.client;
    if (m_uplink || !m_directRoutes.empty())
    {
        DirectPacket out;
        out.header = reply;
        // From the server's locator (the node's address unless Locator is set).
        out.from = InetSocketAddress(Ipv4Address(r.header.GetLocator()), m_port);
        out.to = r.replyTo.GetIpv4();
        out.client = client;
        out.payload = m_replySize;
        DirectLink* link = PeekPointer(m_uplink);
        if (!m_directRoutes.empty())
        {
            auto route = m_directRoutes.find(out.to.Get());
            if (route != m_directRoutes.end())
            {
                link = PeekPointer(route->second);
            }
        }
        if (!link)
        {
            Ptr<Packet> request = Create<Packet>();
            request->AddHeader(r.header);
            Drop(request, REPLY_UNROUTED_DROP);
        }
        m_pool.Release(h);
        if (link)
        {
            link->Send(out);
        }
        return;
    }
    if (!client)
    {
        Ptr<Packet> packet = Create<Packet>(m_replySize);
        packet->AddHeader(reply);
        if (m_socket && m_socket->SendTo(packet, 0, r.replyTo) < 0)
        {
            // Counted against the request (the Drop trace sees its header).
            Ptr<Packet> request = Create<Packet>();
            request->AddHeader(r.header);
            Drop(request, REPLY_UNROUTED_DROP);
        }
    }
    m_pool.Release(h);
    if (client)
    {
        client->ReceiveReply(reply);
    }
}

} // namespace rsched
} // namespace ns3
