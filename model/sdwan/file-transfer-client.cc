/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "file-transfer-client.h"

#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("FileTransferClient");

NS_OBJECT_ENSURE_REGISTERED(FileTransferClient);

TypeId
FileTransferClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FileTransferClient")
            .SetParent<FileTransferApplication>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<FileTransferClient>()
            .AddAttribute("Remote",
                          "The server's address and port (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&FileTransferClient::m_remote),
                          MakeAddressChecker())
            .AddAttribute("InterArrival",
                          "Time between requests (s).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.01]"),
                          MakePointerAccessor(&FileTransferClient::m_interArrival),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("DownloadSize",
                          "Size of a download in packets (full segments).",
                          StringValue("ns3::ConstantRandomVariable[Constant=5]"),
                          MakePointerAccessor(&FileTransferClient::m_downloadSize),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("UploadSize",
                          "Size of an upload in packets (full segments).",
                          StringValue("ns3::ConstantRandomVariable[Constant=5]"),
                          MakePointerAccessor(&FileTransferClient::m_uploadSize),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("UploadProbability",
                          "Probability that a request is an upload.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&FileTransferClient::m_uploadProbability),
                          MakeDoubleChecker<double>(0, 1))
            .AddTraceSource("Started",
                            "A request opened its connection.",
                            MakeTraceSourceAccessor(&FileTransferClient::m_startedTrace),
                            "ns3::FileTransferClient::TransferTracedCallback")
            .AddTraceSource("Completed",
                            "A request completed.",
                            MakeTraceSourceAccessor(&FileTransferClient::m_completedTrace),
                            "ns3::FileTransferClient::TransferTracedCallback")
            .AddTraceSource("Failed",
                            "A request failed.",
                            MakeTraceSourceAccessor(&FileTransferClient::m_failedTrace),
                            "ns3::FileTransferClient::FailedTracedCallback");
    return tid;
}

FileTransferClient::FileTransferClient()
    : m_direction(CreateObject<UniformRandomVariable>())
{
}

FileTransferClient::~FileTransferClient() = default;

void
FileTransferClient::DoDispose()
{
    m_next.Cancel();
    m_open.clear();
    m_interArrival = nullptr;
    m_downloadSize = nullptr;
    m_uploadSize = nullptr;
    m_direction = nullptr;
    FileTransferApplication::DoDispose();
}

uint64_t
FileTransferClient::GetStarted() const
{
    return m_started;
}

uint64_t
FileTransferClient::GetCompleted() const
{
    return m_completed;
}

uint64_t
FileTransferClient::GetFailed() const
{
    return m_failed;
}

uint64_t
FileTransferClient::GetInFlight() const
{
    return m_open.size();
}

int64_t
FileTransferClient::AssignStreams(int64_t stream)
{
    m_interArrival->SetStream(stream);
    m_downloadSize->SetStream(stream + 1);
    m_uploadSize->SetStream(stream + 2);
    m_direction->SetStream(stream + 3);
    return 4;
}

void
FileTransferClient::StartApplication()
{
    m_next = Simulator::Schedule(Seconds(m_interArrival->GetValue()),
                                 &FileTransferClient::NextRequest,
                                 this);
}

void
FileTransferClient::StopApplication()
{
    // Requests in flight run to their end.
    m_next.Cancel();
}

void
FileTransferClient::NextRequest()
{
    m_next = Simulator::Schedule(Seconds(m_interArrival->GetValue()),
                                 &FileTransferClient::NextRequest,
                                 this);
    FileTransfer t;
    t.id = m_started++;
    t.upload = m_direction->GetValue() < m_uploadProbability;
    double size = (t.upload ? m_uploadSize : m_downloadSize)->GetValue();
    // Clamped before the conversion: a negative draw must not wrap around.
    t.packets = static_cast<uint64_t>(std::max(1.0, std::round(size)));
    t.bytes = t.packets * GetSegmentSize();
    t.start = Simulator::Now();

    Ptr<Socket> socket = CreateSocket();
    socket->SetConnectCallback(MakeCallback(&FileTransferClient::Connected, this),
                               MakeCallback(&FileTransferClient::ConnectionFailed, this));
    socket->SetRecvCallback(MakeCallback(&FileTransferClient::Receive, this));
    socket->SetSendCallback(MakeCallback(&FileTransferClient::SendMore, this));
    socket->SetCloseCallbacks(MakeCallback(&FileTransferClient::PeerClosed, this),
                              MakeCallback(&FileTransferClient::Reset, this));
    Open& open = m_open[PeekPointer(socket)];
    open = Open{};
    open.transfer = t;
    if (socket->Bind() != 0 || socket->Connect(m_remote) != 0)
    {
        Finish(socket, "tcp: cannot connect");
        return;
    }
    // The 5-tuple is known once the connection has its end point.
    Address local;
    socket->GetSockName(local);
    open.transfer.key =
        TcpKey(InetSocketAddress::ConvertFrom(local), InetSocketAddress::ConvertFrom(m_remote));
    m_startedTrace(open.transfer);
}

void
FileTransferClient::Connected(Ptr<Socket> socket)
{
    auto it = m_open.find(PeekPointer(socket));
    if (it == m_open.end())
    {
        return;
    }
    Open& open = it->second;
    FileTransferRequest request;
    request.upload = open.transfer.upload;
    request.bytes = open.transfer.bytes;
    uint8_t buffer[FileTransferRequest::SIZE];
    request.Write(buffer);
    socket->Send(Create<Packet>(buffer, FileTransferRequest::SIZE));
    open.toSend = open.transfer.upload ? open.transfer.bytes : 0;
    SendMore(socket, socket->GetTxAvailable());
}

void
FileTransferClient::ConnectionFailed(Ptr<Socket> socket)
{
    Finish(socket, "tcp: connection failed");
}

void
FileTransferClient::SendMore(Ptr<Socket> socket, uint32_t /* available */)
{
    auto it = m_open.find(PeekPointer(socket));
    if (it == m_open.end())
    {
        return;
    }
    Open& open = it->second;
    while (open.toSend > 0)
    {
        uint32_t room = socket->GetTxAvailable();
        if (room == 0)
        {
            return; // called again when the buffer drains
        }
        int sent = socket->Send(
            Create<Packet>(static_cast<uint32_t>(std::min<uint64_t>(open.toSend, room))));
        if (sent <= 0)
        {
            return;
        }
        open.toSend -= sent;
    }
}

void
FileTransferClient::Receive(Ptr<Socket> socket)
{
    auto it = m_open.find(PeekPointer(socket));
    while (Ptr<Packet> p = socket->Recv())
    {
        if (it != m_open.end() && !it->second.transfer.upload)
        {
            it->second.received += p->GetSize();
        }
    }
    if (it != m_open.end() && !it->second.transfer.upload &&
        it->second.received >= it->second.transfer.bytes)
    {
        Finish(socket, "");
    }
}

void
FileTransferClient::PeerClosed(Ptr<Socket> socket)
{
    auto it = m_open.find(PeekPointer(socket));
    if (it == m_open.end())
    {
        return; // a download that completed first
    }
    // The server closes an upload's connection after its last byte.
    bool done = it->second.transfer.upload && it->second.toSend == 0;
    Finish(socket, done ? "" : "tcp: closed early");
}

void
FileTransferClient::Reset(Ptr<Socket> socket)
{
    Finish(socket, "tcp: reset");
}

void
FileTransferClient::Finish(Ptr<Socket> socket, const std::string& reason)
{
    auto it = m_open.find(PeekPointer(socket));
    if (it == m_open.end())
    {
        return;
    }
    FileTransfer t = it->second.transfer;
    m_open.erase(it);
    t.end = Simulator::Now();
    socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
    socket->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(),
                              MakeNullCallback<void, Ptr<Socket>>());
    socket->Close();
    if (reason.empty())
    {
        ++m_completed;
        m_completedTrace(t);
    }
    else
    {
        NS_LOG_WARN("request " << t.id << " failed: " << reason);
        ++m_failed;
        m_failedTrace(t, reason);
    }
}

} // namespace rsched
} // namespace ns3
