/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "background-traffic-generator.h"

#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("BackgroundTrafficGenerator");

NS_OBJECT_ENSURE_REGISTERED(BackgroundTrafficGenerator);

TypeId
BackgroundTrafficGenerator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BackgroundTrafficGenerator")
            .SetParent<Application>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<BackgroundTrafficGenerator>()
            .AddAttribute("Remote",
                          "The peer generator's address and port (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&BackgroundTrafficGenerator::m_remote),
                          MakeAddressChecker())
            .AddAttribute("Port",
                          "Local UDP port (messages from the peer arrive here).",
                          UintegerValue(9),
                          MakeUintegerAccessor(&BackgroundTrafficGenerator::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("PacketSize",
                          "UDP payload of a message (bytes).",
                          UintegerValue(1472),
                          MakeUintegerAccessor(&BackgroundTrafficGenerator::m_size),
                          MakeUintegerChecker<uint32_t>(1, 65507))
            .AddAttribute("InterArrival",
                          "Time between messages (s).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.001]"),
                          MakePointerAccessor(&BackgroundTrafficGenerator::m_interArrival),
                          MakePointerChecker<RandomVariableStream>());
    return tid;
}

BackgroundTrafficGenerator::BackgroundTrafficGenerator() = default;

BackgroundTrafficGenerator::~BackgroundTrafficGenerator() = default;

void
BackgroundTrafficGenerator::DoDispose()
{
    m_next.Cancel();
    m_socket = nullptr;
    m_interArrival = nullptr;
    Application::DoDispose();
}

uint64_t
BackgroundTrafficGenerator::GetSent() const
{
    return m_sent;
}

uint64_t
BackgroundTrafficGenerator::GetReceived() const
{
    return m_received;
}

int64_t
BackgroundTrafficGenerator::AssignStreams(int64_t stream)
{
    m_interArrival->SetStream(stream);
    return 1;
}

void
BackgroundTrafficGenerator::StartApplication()
{
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_socket->SetRecvCallback(MakeCallback(&BackgroundTrafficGenerator::Receive, this));
    m_next = Simulator::Schedule(Seconds(m_interArrival->GetValue()),
                                 &BackgroundTrafficGenerator::Send,
                                 this);
}

void
BackgroundTrafficGenerator::StopApplication()
{
    // The socket stays open: the peer's last messages still arrive.
    m_next.Cancel();
}

void
BackgroundTrafficGenerator::Send()
{
    m_socket->SendTo(Create<Packet>(m_size), 0, m_remote);
    ++m_sent;
    m_next = Simulator::Schedule(Seconds(m_interArrival->GetValue()),
                                 &BackgroundTrafficGenerator::Send,
                                 this);
}

void
BackgroundTrafficGenerator::Receive(Ptr<Socket> socket)
{
    while (socket->Recv())
    {
        ++m_received;
    }
}

} // namespace rsched
} // namespace ns3
