/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FILE_TRANSFER_APPLICATION_H
#define FILE_TRANSFER_APPLICATION_H

#include "tunnel-router.h"

#include "ns3/application.h"
#include "ns3/inet-socket-address.h"
#include "ns3/nstime.h"
#include "ns3/tcp-socket.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

class Socket;

namespace rsched
{
class SackSafeTcpSocket;

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
 * \brief What the two ends of the file-hosting workload share: the TCP
 * settings of their connections. Both ends must agree on them (a file is a
 * number of full segments), so they are one set of attributes here, which
 * FileTransferClient and FileTransferServer inherit. The Timeout trace
 * reports the retransmission timeouts of either end's connections.
 */
class FileTransferApplication : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * TracedCallback signature of Timeout.
     * \param key the 5-tuple of the direction whose sender's timer expired
     * \param handshake true for a SYN's or a SYN-ACK's timeout (the connection not yet open)
     */
    typedef void (*TimeoutCallback)(const FlowKey& key, bool handshake);

  protected:
    /// \return bytes per packet of a file
    uint32_t GetSegmentSize() const;
    /**
     * \param from a TCP end point's address
     * \param to its peer's
     * \return the 5-tuple of the direction from \p from to \p to
     */
    static FlowKey TcpKey(const InetSocketAddress& from, const InetSocketAddress& to);
    /**
     * \brief A new TCP socket (a SackSafeTcpSocket: ns-3's own crashes on
     * ACKs reordered after the last data) with SegmentSize, BufferSize,
     * TimeWait and Sack applied; connections accepted by a listening socket
     * inherit them; its retransmission timeouts (and a listening socket's
     * connections') are reported by Timeout.
     * \return the socket
     */
    Ptr<Socket> CreateSocket();

  private:
    /**
     * \param socket a socket whose retransmission timer expired
     * \param state its state
     */
    void SocketTimeout(Ptr<const SackSafeTcpSocket> socket, TcpSocket::TcpStates_t state);

    uint32_t m_segmentSize;                              //!< bytes per packet
    uint32_t m_bufferSize;                               //!< socket buffers (bytes)
    Time m_timeWait;                                     //!< TIME_WAIT of closed connections
    bool m_sack;                                         //!< selective acknowledgements
    TracedCallback<const FlowKey&, bool> m_timeoutTrace; //!< Timeout
};

} // namespace rsched
} // namespace ns3

#endif // FILE_TRANSFER_APPLICATION_H
