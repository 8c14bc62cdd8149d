/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "file-transfer-server.h"

#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("FileTransferServer");

NS_OBJECT_ENSURE_REGISTERED(FileTransferServer);

TypeId
FileTransferServer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FileTransferServer")
                            .SetParent<FileTransferApplication>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<FileTransferServer>()
                            .AddAttribute("Port",
                                          "TCP port to listen on.",
                                          UintegerValue(8080),
                                          MakeUintegerAccessor(&FileTransferServer::m_port),
                                          MakeUintegerChecker<uint16_t>());
    return tid;
}

FileTransferServer::FileTransferServer() = default;

FileTransferServer::~FileTransferServer() = default;

void
FileTransferServer::DoDispose()
{
    m_listener = nullptr;
    m_connections.clear();
    FileTransferApplication::DoDispose();
}

uint64_t
FileTransferServer::GetBadRequests() const
{
    return m_bad;
}

uint64_t
FileTransferServer::GetDownloads() const
{
    return m_downloads;
}

uint64_t
FileTransferServer::GetUploads() const
{
    return m_uploads;
}

void
FileTransferServer::StartApplication()
{
    // Accepted connections are copies of the listening socket: its
    // attributes are theirs.
    m_listener = CreateSocket();
    m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&FileTransferServer::Accept, this));
}

void
FileTransferServer::StopApplication()
{
    if (m_listener)
    {
        m_listener->Close();
        m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                      MakeNullCallback<void, Ptr<Socket>, const Address&>());
    }
}

void
FileTransferServer::Accept(Ptr<Socket> socket, const Address& /* from */)
{
    m_connections[PeekPointer(socket)] = Connection{};
    socket->SetRecvCallback(MakeCallback(&FileTransferServer::Receive, this));
    socket->SetSendCallback(MakeCallback(&FileTransferServer::SendMore, this));
    socket->SetCloseCallbacks(MakeCallback(&FileTransferServer::Closed, this),
                              MakeCallback(&FileTransferServer::Closed, this));
}

void
FileTransferServer::Receive(Ptr<Socket> socket)
{
    auto it = m_connections.find(PeekPointer(socket));
    while (Ptr<Packet> p = socket->Recv())
    {
        if (it == m_connections.end() || p->GetSize() == 0)
        {
            continue; // after the request was served, or a closed connection
        }
        Connection& c = it->second;
        uint32_t size = p->GetSize();
        uint32_t offset = 0;
        if (c.headBytes < FileTransferRequest::SIZE)
        {
            offset = std::min(size, FileTransferRequest::SIZE - c.headBytes);
            p->CopyData(c.head.data() + c.headBytes, offset);
            c.headBytes += offset;
            if (c.headBytes < FileTransferRequest::SIZE)
            {
                continue;
            }
            if (!c.request.Read(c.head.data()))
            {
                NS_LOG_WARN("malformed request: connection closed");
                ++m_bad;
                m_connections.erase(it);
                it = m_connections.end();
                socket->Close();
                continue;
            }
            if (c.request.upload)
            {
                c.toReceive = c.request.bytes;
            }
            else
            {
                c.toSend = c.request.bytes;
                SendMore(socket, socket->GetTxAvailable());
                // SendMore forgets the connection once the file is queued.
                it = m_connections.find(PeekPointer(socket));
                continue;
            }
        }
        uint64_t data = size - offset;
        c.toReceive -= std::min<uint64_t>(c.toReceive, data);
        if (c.request.upload && c.toReceive == 0)
        {
            ++m_uploads;
            m_connections.erase(it);
            it = m_connections.end();
            socket->Close();
        }
    }
}

void
FileTransferServer::SendMore(Ptr<Socket> socket, uint32_t /* available */)
{
    auto it = m_connections.find(PeekPointer(socket));
    if (it == m_connections.end() || it->second.headBytes < FileTransferRequest::SIZE ||
        it->second.request.upload)
    {
        return; // no download being sent (an empty one completes at once)
    }
    Connection& c = it->second;
    while (c.toSend > 0)
    {
        uint32_t room = socket->GetTxAvailable();
        if (room == 0)
        {
            return; // called again when the buffer drains
        }
        uint32_t chunk = static_cast<uint32_t>(std::min<uint64_t>(c.toSend, room));
        int sent = socket->Send(Create<Packet>(chunk));
        if (sent <= 0)
        {
            return;
        }
        c.toSend -= sent;
    }
    // Everything is in the send buffer: the FIN follows the last byte.
    ++m_downloads;
    m_connections.erase(it);
    socket->Close();
}

void
FileTransferServer::Closed(Ptr<Socket> socket)
{
    m_connections.erase(PeekPointer(socket));
}

} // namespace rsched
} // namespace ns3
