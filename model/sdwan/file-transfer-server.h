/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FILE_TRANSFER_SERVER_H
#define FILE_TRANSFER_SERVER_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>
#include <unordered_map>

namespace ns3
{

class Socket;

/**
 * \ingroup request-scheduling-sdwan
 * \brief The request message of the file-hosting workload: the first 12
 * bytes a FileTransferClient sends on a connection ("FT", direction, 0,
 * size in bytes as a big-endian 64-bit number).
 */
struct FileTransferRequest
{
    static constexpr uint32_t SIZE = 12; //!< bytes on the wire

    bool upload{false}; //!< client -> server
    uint64_t bytes{0};  //!< file size

    /// \param buffer SIZE bytes to write
    void Write(uint8_t* buffer) const;
    /**
     * \param buffer SIZE bytes
     * \return false if they are not a request
     */
    bool Read(const uint8_t* buffer);
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief The server side of the file-hosting workload: accepts TCP
 * connections on Port, reads each one's request and either sends the file
 * (download) or receives it (upload), then closes the connection first.
 *
 * A connection whose first 12 bytes are not a request is closed and
 * counted (GetBadRequests); the rest of its bytes are discarded.
 */
class FileTransferServer : public Application
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
        bool bad{false};                                       //!< not a request
        FileTransferRequest request;                           //!< once read
        uint64_t toSend{0};                                    //!< download bytes left to send
        uint64_t toReceive{0};                                 //!< upload bytes left to receive
    };

    uint16_t m_port;                                       //!< listening port
    uint32_t m_segmentSize;                                //!< bytes per packet
    uint32_t m_bufferSize;                                 //!< socket buffers (bytes)
    Time m_timeWait;                                       //!< TIME_WAIT of closed connections
    bool m_sack;                                           //!< selective acknowledgements
    Ptr<Socket> m_listener;                                //!< listening socket
    std::unordered_map<Socket*, Connection> m_connections; //!< open connections
    uint64_t m_bad{0};                                     //!< malformed requests
    uint64_t m_downloads{0};                               //!< files sent
    uint64_t m_uploads{0};                                 //!< files received
};

} // namespace ns3

#endif // FILE_TRANSFER_SERVER_H
