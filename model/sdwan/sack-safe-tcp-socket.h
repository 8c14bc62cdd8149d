/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SACK_SAFE_TCP_SOCKET_H
#define SACK_SAFE_TCP_SOCKET_H

#include "ns3/tcp-socket-base.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class Node;

namespace rsched
{
/**
 * \ingroup request-scheduling-sdwan
 * \brief ns-3's TCP socket, except that the SACK blocks of an ACK that
 * arrives when no sent data awaits acknowledgement are ignored.
 *
 * Why: ns-3's SACK scoreboard (TcpTxBuffer::Update, 3.37 to at least 3.48)
 * ends with an assertion that reads the first segment of the sent list
 * without checking that the list holds one. When every sent byte has been
 * acknowledged the list is empty, and with assertions compiled in (the PyPI
 * wheel, ns-3's debug and default builds) the process dies on a null
 * pointer. ACK reordering after the last data is enough: the receiver sends
 * a duplicate ACK with a SACK block for a segment that overtook another,
 * then the cumulative ACK of everything; if the cumulative ACK arrives first
 * (the sender then has nothing outstanding) the duplicate ACK crashes the
 * sender. The SD-WAN splitter causes this when it moves a connection's ACKs
 * from the short to the long tunnel, ECMP per packet whenever its paths
 * differ in delay; short transfers sprayed over two equal-cost paths of
 * unequal delay are the smallest case (test suite request-scheduling-sdwan).
 *
 * With nothing outstanding, Update marks nothing and returns 0, so removing
 * the SACK option from such an ACK before TcpSocketBase::ReceivedAck reads
 * it leaves every other step of ns-3's TCP as it was: the socket behaves
 * exactly as ns-3 built without assertions (the in-tree release profile).
 * The StaleSack trace reports each such ACK.
 * The Timeout trace reports each retransmission timeout that retransmits
 * (a SYN, a SYN-ACK, data or a FIN), a listening socket's also those of its
 * connections: how often transfers wait for a timer, which no other ns-3
 * trace of a socket tells apart from fast retransmits in every version.
 * TcpSocketBase resends a SYN, SYN-ACK or FIN by running SendEmptyPacket
 * on its retransmission timer, and data by ReTxTimeout: both are watched.
 *
 * A listening socket's connections (Fork) get a fresh instance of its
 * congestion control rather than ns-3's copy: TcpCubic's copy constructor
 * (3.42 to at least 3.48) leaves state uninitialised.
 */
class SackSafeTcpSocket : public TcpSocketBase
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
#if defined(RS_NS3_VERSION_MINOR) && RS_NS3_VERSION_MINOR < 45
    // TcpSocketBase reports its own TypeId before ns-3.45 (then
    // Object::GetInstanceTypeId became final): without this, StaleSack could
    // not be connected by name. Only the module's build defines the macro;
    // its library carries the override for every program that links it.
    TypeId GetInstanceTypeId() const override;
#endif
    SackSafeTcpSocket() = default;
    /**
     * \brief Copy a socket, as a listening socket does for each connection
     * (the traces are not copied).
     * \param socket the socket to copy
     */
    SackSafeTcpSocket(const SackSafeTcpSocket& socket);

    /**
     * \brief Create a socket on a node, bound to its TCP the way
     * TcpL4Protocol::CreateSocket binds its own: the node's RTT estimator,
     * congestion control and recovery types (TcpL4Protocol's
     * RttEstimatorType, SocketType and RecoveryType attributes).
     * \param node a node with an Internet stack
     * \return the socket; a listening one forks sockets of this type
     */
    static Ptr<SackSafeTcpSocket> Create(Ptr<Node> node);

    /// \return ACKs whose SACK blocks were ignored because nothing was outstanding
    uint64_t GetStaleSackAcks() const;

    /**
     * TracedCallback signature for an ACK whose SACK blocks were ignored.
     * \param header its TCP header, SACK blocks included
     */
    typedef void (*StaleSackCallback)(const TcpHeader& header);
    /**
     * TracedCallback signature for a retransmission timeout that retransmits.
     * \param socket the socket whose timer expired (a listening socket's
     * connection, if reported by the listening socket)
     * \param state its state then (SYN_SENT: the handshake's timeout)
     */
    typedef void (*TimeoutCallback)(Ptr<const SackSafeTcpSocket> socket,
                                    TcpSocket::TcpStates_t state);

  protected:
    Ptr<TcpSocketBase> Fork() override;
    void ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;
    void ReTxTimeout() override;
    void SendEmptyPacket(uint8_t flags) override;

  private:
    /// \return bytes sent and not yet cumulatively acknowledged
    uint64_t SentUnacknowledged() const;
    /**
     * \brief Report a timeout of one of this listening socket's connections.
     * \param socket the connection
     * \param state its state
     */
    void ConnectionTimeout(Ptr<const SackSafeTcpSocket> socket, TcpSocket::TcpStates_t state);

    uint64_t m_staleSackAcks{0}; //!< ACKs whose SACK blocks were ignored
    bool m_finSent{false};       //!< a FIN went out on its own (SendEmptyPacket)
    bool m_inReTxTimeout{false}; //!< ReTxTimeout is running (it reports its own resends)
    TracedCallback<const TcpHeader&> m_staleSackTrace; //!< each such ACK
    TracedCallback<Ptr<const SackSafeTcpSocket>, TcpSocket::TcpStates_t>
        m_timeoutTrace; //!< retransmission timeouts
};

} // namespace rsched
} // namespace ns3

#endif // SACK_SAFE_TCP_SOCKET_H
