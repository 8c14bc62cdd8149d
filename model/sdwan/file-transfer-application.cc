/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "file-transfer-application.h"

#include "sack-safe-tcp-socket.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/socket.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(FileTransferApplication);

void
FileTransferRequest::Write(uint8_t* buffer) const
{
    buffer[0] = 'F';
    buffer[1] = 'T';
    buffer[2] = upload ? 1 : 0;
    buffer[3] = 0;
    for (int i = 0; i < 8; ++i)
    {
        buffer[4 + i] = static_cast<uint8_t>(bytes >> (56 - 8 * i));
    }
}

bool
FileTransferRequest::Read(const uint8_t* buffer)
{
    if (buffer[0] != 'F' || buffer[1] != 'T' || buffer[2] > 1 || buffer[3] != 0)
    {
        return false;
    }
    upload = buffer[2] == 1;
    bytes = 0;
    for (int i = 0; i < 8; ++i)
    {
        bytes = bytes << 8 | buffer[4 + i];
    }
    return true;
}

TypeId
FileTransferApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FileTransferApplication")
            .SetParent<Application>()
            .SetGroupName("RequestScheduling")
            .AddAttribute("SegmentSize",
                          "TCP segment size: bytes per packet of a file.",
                          UintegerValue(1448),
                          MakeUintegerAccessor(&FileTransferApplication::m_segmentSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("BufferSize",
                          "TCP send and receive buffer of each connection (bytes).",
                          UintegerValue(4 << 20),
                          MakeUintegerAccessor(&FileTransferApplication::m_bufferSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("TimeWait",
                          "How long a closed connection stays in TIME_WAIT (2 MSL; ns-3's "
                          "default is 240 s). ns-3 looks end points up in a list, so every "
                          "connection in TIME_WAIT slows every packet of the node down; 1 s "
                          "outlives any late segment of these networks.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&FileTransferApplication::m_timeWait),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Sack",
                          "TCP selective acknowledgements on this application's connections.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&FileTransferApplication::m_sack),
                          MakeBooleanChecker())
            .AddTraceSource("Timeout",
                            "A retransmission timeout of one of this application's connections "
                            "retransmitted (a SYN, data or a FIN).",
                            MakeTraceSourceAccessor(&FileTransferApplication::m_timeoutTrace),
                            "ns3::FileTransferApplication::TimeoutCallback");
    return tid;
}

uint32_t
FileTransferApplication::GetSegmentSize() const
{
    return m_segmentSize;
}

Ptr<Socket>
FileTransferApplication::CreateSocket()
{
    Ptr<SackSafeTcpSocket> socket = SackSafeTcpSocket::Create(GetNode());
    socket->TraceConnectWithoutContext("Timeout",
                                       MakeCallback(&FileTransferApplication::SocketTimeout, this));
    socket->SetAttribute("SegmentSize", UintegerValue(m_segmentSize));
    socket->SetAttribute("SndBufSize", UintegerValue(m_bufferSize));
    socket->SetAttribute("RcvBufSize", UintegerValue(m_bufferSize));
    socket->SetAttribute("MaxSegLifetime", DoubleValue(m_timeWait.GetSeconds() / 2));
    socket->SetAttribute("Sack", BooleanValue(m_sack));
    return socket;
}

void
FileTransferApplication::SocketTimeout(Ptr<const SackSafeTcpSocket> socket,
                                       TcpSocket::TcpStates_t state)
{
    Address local;
    Address peer;
    if (socket->GetSockName(local) != 0 || socket->GetPeerName(peer) != 0 ||
        !InetSocketAddress::IsMatchingType(local) || !InetSocketAddress::IsMatchingType(peer))
    {
        return; // no end point: nothing of it crossed the network
    }
    m_timeoutTrace(
        TcpKey(InetSocketAddress::ConvertFrom(local), InetSocketAddress::ConvertFrom(peer)),
        state == TcpSocket::SYN_SENT || state == TcpSocket::SYN_RCVD);
}

FlowKey
FileTransferApplication::TcpKey(const InetSocketAddress& from, const InetSocketAddress& to)
{
    FlowKey key;
    key.source = from.GetIpv4().Get();
    key.sourcePort = from.GetPort();
    key.destination = to.GetIpv4().Get();
    key.destPort = to.GetPort();
    key.protocol = TcpL4Protocol::PROT_NUMBER;
    return key;
}

} // namespace rsched
} // namespace ns3
