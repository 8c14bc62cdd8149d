/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: the receive paths of MulticoreServer (HandleRead: Peek,
 * multi-packet assembly, admission, then the core policy's scheduling of
 * whatever service demand the packet carries) and of RequestClient
 * (ReceiveReply: client id, affinity locator, completion time from the
 * echoed send time, statistics), driven with arbitrary payloads.
 *
 * A node with three servers (c-FCFS, Shinjuku with preemption, AFP with
 * its NIC queues and timer; at most 64 requests each), a client
 * application of 4 logical clients that sends nothing itself, and a UDP
 * socket that sends to the servers over the loopback interface is built
 * once and rebuilt every 256 inputs, so that state stays bounded. Input:
 * the first byte picks the receiver (byte % 4: a server, or 3: the client);
 * the rest is packets, each a length byte and that many payload bytes.
 * Server packets are sent at once; each client packet is read as the
 * client's sockets read it (ServiceRequestHeader::Peek) and handed to
 * ReceiveReply. Then the simulation runs 50 us.
 *
 * Checked besides the absence of crashes, aborts and sanitizer reports
 * (service demands, send times and load reports up to 2^63 - 1 ns reach
 * the server's and the client's time arithmetic): every packet that is not
 * a well-formed header is dropped as malformed and counted; the server's
 * counts are conserved (received = completed + in system + dropped); every
 * reply handed to the client is counted as completed or as malformed.
 */

#include "fuzz-check.h"

#include "ns3/buffer.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/multicore-server-helper.h"
#include "ns3/multicore-server.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/request-client-helper.h"
#include "ns3/request-client.h"
#include "ns3/service-request-header.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <array>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// The node, its servers and the sending socket.
struct Bench
{
    static constexpr uint32_t SERVERS = 3;            //!< servers on the node
    std::array<Ptr<MulticoreServer>, SERVERS> server; //!< the servers
    Ptr<RequestClient> client;                        //!< receives replies
    Ptr<Socket> socket;                               //!< sends the inputs
    uint32_t inputs{0};                               //!< inputs since the build

    /// Build the node (after Simulator::Destroy).
    void Build()
    {
        Ptr<Node> node = CreateObject<Node>();
        InternetStackHelper internet;
        internet.Install(node);
        static const char* policies[SERVERS] = {"ns3::CfcfsCorePolicy",
                                                "ns3::ShinjukuCorePolicy",
                                                "ns3::AfpCorePolicy"};
        for (uint32_t i = 0; i < SERVERS; ++i)
        {
            MulticoreServerHelper helper(9000 + i);
            helper.SetPolicy(policies[i]);
            helper.SetAttribute("ComputeUnits", UintegerValue(4));
            helper.SetAttribute("MaxRequests", UintegerValue(64));
            server[i] = DynamicCast<MulticoreServer>(helper.Install(node).Get(0));
        }
        RequestClientHelper clients(Ipv4Address::GetLoopback(), 9000);
        clients.SetAttribute("Clients", UintegerValue(4));
        // Its first request would leave in 10^6 s: it only receives.
        clients.SetAttribute("InterArrival",
                             StringValue("ns3::ConstantRandomVariable[Constant=1e6]"));
        client = DynamicCast<RequestClient>(clients.Install(node).Get(0));
        socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
        socket->Bind();
        // Replies come back here: read and forget them.
        socket->SetRecvCallback(MakeCallback(&Bench::Drain));
        inputs = 0;
        // Start the applications (the client sizes its table of clients then).
        Simulator::Stop(NanoSeconds(1));
        Simulator::Run();
    }

    /// \param s the socket
    static void Drain(Ptr<Socket> s)
    {
        while (s->Recv())
        {
        }
    }
};

/// \param s a server \param reason a drop reason \return its count
uint64_t
DropsOf(Ptr<MulticoreServer> s, const char* reason)
{
    auto it = s->GetDrops().find(reason);
    return it == s->GetDrops().end() ? 0 : it->second;
}

/// \param bytes a payload \param n its size \return true if it starts with a well-formed header
bool
WellFormed(const uint8_t* bytes, size_t n)
{
    Buffer b;
    b.AddAtStart(n);
    b.Begin().Write(bytes, n);
    ServiceRequestHeader h;
    return h.Deserialize(b.Begin()) != 0;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static Bench bench;
    if (size == 0)
    {
        return 0;
    }
    if (!bench.socket || bench.inputs == 256)
    {
        Simulator::Destroy();
        bench.Build();
    }
    ++bench.inputs;
    uint32_t receiver = data[0] % (Bench::SERVERS + 1);
    if (receiver == Bench::SERVERS)
    {
        Ptr<RequestClient> client = bench.client;
        uint64_t before = client->GetCompleted() + client->GetMalformed();
        uint64_t replies = 0;
        for (size_t i = 1; i < size;)
        {
            size_t n = std::min<size_t>(data[i], size - i - 1);
            Ptr<Packet> packet = Create<Packet>(data + i + 1, n);
            i += 1 + n;
            ServiceRequestHeader header;
            if (ServiceRequestHeader::Peek(packet, header))
            {
                Simulator::ScheduleNow([client, header]() { client->ReceiveReply(header); });
                ++replies;
            }
        }
        Simulator::Stop(MicroSeconds(50));
        Simulator::Run();
        FUZZ_CHECK(client->GetCompleted() + client->GetMalformed() - before == replies,
                   "a reply neither completed nor malformed");
        return 0;
    }
    uint16_t port = 9000 + receiver;
    Ptr<MulticoreServer> server = bench.server[receiver];
    uint64_t malformedBefore = DropsOf(server, MulticoreServer::MALFORMED_DROP);
    uint64_t malformed = 0;
    for (size_t i = 1; i < size;)
    {
        size_t n = std::min<size_t>(data[i], size - i - 1);
        const uint8_t* bytes = data + i + 1;
        i += 1 + n;
        malformed += WellFormed(bytes, n) ? 0 : 1;
        Ptr<Packet> packet = Create<Packet>(bytes, n);
        Simulator::ScheduleNow([packet, port]() {
            bench.socket->SendTo(packet, 0, InetSocketAddress(Ipv4Address::GetLoopback(), port));
        });
    }
    Simulator::Stop(MicroSeconds(50));
    Simulator::Run();
    FUZZ_CHECK(DropsOf(server, MulticoreServer::MALFORMED_DROP) - malformedBefore == malformed,
               "malformed packets not all dropped as malformed");
    for (const auto& s : bench.server)
    {
        FUZZ_CHECK(s->GetReceived() == s->GetCompleted() + s->GetInSystem() + s->GetDropped(),
                   "server conservation");
    }
    return 0;
}
