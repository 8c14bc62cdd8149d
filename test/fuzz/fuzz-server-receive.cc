/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: the receive path of MulticoreServer (HandleRead: Peek,
 * multi-packet assembly, admission, then the core policy's scheduling of
 * whatever service demand the packet carries), driven with arbitrary UDP
 * payloads.
 *
 * A node with three servers (c-FCFS, Shinjuku with preemption, AFP with
 * its NIC queues and timer; at most 64 requests each) and a UDP socket
 * that sends to them over the loopback interface is built once and rebuilt
 * every 256 inputs, so that state stays bounded. Input: the first byte
 * picks the server; the rest is packets, each a length byte and that many
 * payload bytes. Each input is sent at once, then the simulation runs
 * 50 us.
 *
 * Checked besides the absence of crashes, aborts and sanitizer reports
 * (service demands, send times and load reports up to 2^63 - 1 ns reach
 * the server's time arithmetic): every packet that is not a well-formed
 * header is dropped as malformed and counted, and the server's counts are
 * conserved (received = completed + in system + dropped).
 */

#include "fuzz-check.h"

#include "ns3/buffer.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/multicore-server-helper.h"
#include "ns3/multicore-server.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/service-request-header.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <array>

using namespace ns3;

namespace
{

/// The node, its servers and the sending socket.
struct Bench
{
    static constexpr uint32_t SERVERS = 3;            //!< servers on the node
    std::array<Ptr<MulticoreServer>, SERVERS> server; //!< the servers
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
        socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
        socket->Bind();
        // Replies come back here: read and forget them.
        socket->SetRecvCallback(MakeCallback(&Bench::Drain));
        inputs = 0;
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
    uint16_t port = 9000 + data[0] % Bench::SERVERS;
    Ptr<MulticoreServer> server = bench.server[data[0] % Bench::SERVERS];
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
