/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FILE_TRANSFER_SERVER_H
#define FILE_TRANSFER_SERVER_H

#include "file-transfer-application.h"

#include "ns3/address.h"

#include <array>
#include <cstdint>
#include <unordered_map>

namespace ns3
{

class Socket;

namespace rsched
{
/**
 * \ingroup request-scheduling-sdwan
 * \brief The server side of the file-hosting workload: accepts TCP
 * connections on Port, reads each one's request and either sends the file
 * (download) or receives it (upload), then closes the connection first.
 *
 * A connection whose first 12 bytes are not a request is closed and
 * counted (GetBadRequests); the rest of its bytes are discarded.
 */
class FileTransferServer : public FileTransferApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FileTransferServer();
    ~FileTransferServer() override;

    /// \return connections whose request was malformed
    uint64_t GetBadRequests() const;
    /// \return files sent
    uint64_t GetDownloads() const;
    /// \return files received
    uint64_t GetUploads() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /**
     * \param socket the new connection
     * \param from the client
     */
    void Accept(Ptr<Socket> socket, const Address& from);
    /// \param socket has data
    void Receive(Ptr<Socket> socket);
    /// \param socket can send \param available unused
    void SendMore(Ptr<Socket> socket, uint32_t available);
    /// \param socket closed or reset
    void Closed(Ptr<Socket> socket);

    /// A connection.
    struct Connection
    {
        std::array<uint8_t, FileTransferRequest::SIZE> head{}; //!< request bytes so far
        uint32_t headBytes{0};                                 //!< of head
        FileTransferRequest request;                           //!< once read
        uint64_t toSend{0};                                    //!< download bytes left to send
        uint64_t toReceive{0};                                 //!< upload bytes left to receive
    };

    uint16_t m_port;                                       //!< listening port
    Ptr<Socket> m_listener;                                //!< listening socket
    std::unordered_map<Socket*, Connection> m_connections; //!< open connections
    uint64_t m_bad{0};                                     //!< malformed requests
    uint64_t m_downloads{0};                               //!< files sent
    uint64_t m_uploads{0};                                 //!< files received
};

} // namespace rsched
} // namespace ns3

#endif // FILE_TRANSFER_SERVER_H
