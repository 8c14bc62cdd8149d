/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sack-safe-tcp-socket.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-option.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/type-id.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("SackSafeTcpSocket");

NS_OBJECT_ENSURE_REGISTERED(SackSafeTcpSocket);

TypeId
SackSafeTcpSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SackSafeTcpSocket")
            .SetParent<TcpSocketBase>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<SackSafeTcpSocket>()
            .AddTraceSource("StaleSack",
                            "An ACK with SACK blocks arrived when no sent data awaited "
                            "acknowledgement; its blocks were ignored.",
                            MakeTraceSourceAccessor(&SackSafeTcpSocket::m_staleSackTrace),
                            "ns3::SackSafeTcpSocket::StaleSackCallback")
            .AddTraceSource("Timeout",
                            "A retransmission timeout that retransmits (SYN, data or FIN); a "
                            "listening socket reports its connections' too.",
                            MakeTraceSourceAccessor(&SackSafeTcpSocket::m_timeoutTrace),
                            "ns3::SackSafeTcpSocket::TimeoutCallback");
    return tid;
}

#if RS_NS3_VERSION_MINOR < 45
TypeId
SackSafeTcpSocket::GetInstanceTypeId() const
{
    return GetTypeId();
}
#endif

SackSafeTcpSocket::SackSafeTcpSocket(const SackSafeTcpSocket& socket)
    : TcpSocketBase(socket)
{
}

Ptr<SackSafeTcpSocket>
SackSafeTcpSocket::Create(Ptr<Node> node)
{
    Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_UNLESS(tcp, "SackSafeTcpSocket: node " << node->GetId() << " has no TCP");
    auto make = [&tcp](const std::string& attribute) {
        TypeIdValue type;
        tcp->GetAttribute(attribute, type);
        ObjectFactory factory;
        factory.SetTypeId(type.Get());
        return factory;
    };
    auto socket = CreateObject<SackSafeTcpSocket>();
    socket->SetNode(node);
    socket->SetTcp(tcp);
    socket->SetRtt(make("RttEstimatorType").Create<RttEstimator>());
    socket->SetCongestionControlAlgorithm(make("SocketType").Create<TcpCongestionOps>());
    socket->SetRecoveryAlgorithm(make("RecoveryType").Create<TcpRecoveryOps>());
    tcp->AddSocket(socket);
    return socket;
}

uint64_t
SackSafeTcpSocket::GetStaleSackAcks() const
{
    return m_staleSackAcks;
}

Ptr<TcpSocketBase>
SackSafeTcpSocket::Fork()
{
    Ptr<SackSafeTcpSocket> copy = CopyObject<SackSafeTcpSocket>(this);
    if (m_congestionControl)
    {
        // ns-3's TcpCubic copy constructor (3.42 to at least 3.48) leaves its
        // TCP-friendliness flag and counters uninitialised, so a forked
        // connection's results would depend on heap contents: a fresh
        // instance of the same type instead, before the connection exists
        // (so that e.g. TcpBbr still sees it open).
        ObjectFactory factory;
        factory.SetTypeId(m_congestionControl->GetInstanceTypeId());
        copy->SetCongestionControlAlgorithm(factory.Create<TcpCongestionOps>());
    }
    copy->m_timeoutTrace.ConnectWithoutContext(
        MakeCallback(&SackSafeTcpSocket::ConnectionTimeout, Ptr<SackSafeTcpSocket>(this)));
    return copy;
}

void
SackSafeTcpSocket::ConnectionTimeout(Ptr<const SackSafeTcpSocket> socket,
                                     TcpSocket::TcpStates_t state)
{
    m_timeoutTrace(socket, state);
}

void
SackSafeTcpSocket::ReTxTimeout()
{
    // The cases in which TcpSocketBase::ReTxTimeout sends something: data
    // while retries remain, or a FIN while it awaits its ACK.
    bool retransmits = false;
    if (m_state != CLOSED && m_state != TIME_WAIT)
    {
        retransmits = m_txBuffer->Size() > 0 ? m_dataRetrCount > 0
                                             : m_state == FIN_WAIT_1 || m_state == CLOSING;
    }
    if (retransmits)
    {
        m_timeoutTrace(this, m_state);
    }
    m_inReTxTimeout = true;
    TcpSocketBase::ReTxTimeout();
    m_inReTxTimeout = false;
}

void
SackSafeTcpSocket::SendEmptyPacket(uint8_t flags)
{
    // TcpSocketBase schedules SendEmptyPacket itself on the retransmission
    // timer after a SYN, SYN-ACK or FIN: a call while that event runs (the
    // timer then counts as expired; a SYN-ACK answering a repeated SYN finds
    // it pending) that sends a SYN again (retries left, not the first) or a
    // FIN again is a timeout. ReTxTimeout reports the FINs it resends.
    bool syn = flags & TcpHeader::SYN;
    bool fin = flags & TcpHeader::FIN;
    bool byTimer = !m_inReTxTimeout && m_retxEvent.IsExpired() && (m_endPoint || m_endPoint6);
    if (byTimer && ((syn && m_synCount > 0 && m_synCount < m_synRetries) || (fin && m_finSent)))
    {
        m_timeoutTrace(this, m_state);
    }
    m_finSent = m_finSent || fin;
    TcpSocketBase::SendEmptyPacket(flags);
}

uint64_t
SackSafeTcpSocket::SentUnacknowledged() const
{
    // TcpTxBuffer keeps its sent size private; its pipe is
    // sent - (sacked + lost) + retransmitted (RFC 6675), which gives it back.
    return uint64_t{m_txBuffer->BytesInFlight()} + m_txBuffer->GetSacked() + m_txBuffer->GetLost() -
           m_txBuffer->GetRetransmitsCount();
}

void
SackSafeTcpSocket::ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    if (!tcpHeader.HasOption(TcpOption::SACK) || SentUnacknowledged() > 0)
    {
        TcpSocketBase::ReceivedAck(packet, tcpHeader);
        return;
    }
    NS_LOG_LOGIC("ignoring the SACK blocks of " << tcpHeader << ": nothing is outstanding");
    ++m_staleSackAcks;
    m_staleSackTrace(tcpHeader);
    // TcpHeader cannot remove an option: a copy without the SACK blocks.
    TcpHeader header;
    header.SetSourcePort(tcpHeader.GetSourcePort());
    header.SetDestinationPort(tcpHeader.GetDestinationPort());
    header.SetSequenceNumber(tcpHeader.GetSequenceNumber());
    header.SetAckNumber(tcpHeader.GetAckNumber());
    header.SetFlags(tcpHeader.GetFlags());
    header.SetWindowSize(tcpHeader.GetWindowSize());
    header.SetUrgentPointer(tcpHeader.GetUrgentPointer());
    for (const auto& option : tcpHeader.GetOptionList())
    {
        if (option->GetKind() != TcpOption::SACK)
        {
            header.AppendOption(option);
        }
    }
    TcpSocketBase::ReceivedAck(packet, header);
}

} // namespace rsched
} // namespace ns3
