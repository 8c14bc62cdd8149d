/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BACKGROUND_TRAFFIC_GENERATOR_H
#define BACKGROUND_TRAFFIC_GENERATOR_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>

namespace ns3
{

class Socket;

namespace rsched
{
/**
 * \ingroup request-scheduling-sdwan
 * \brief The SD-WAN testbed's background traffic: UDP messages of
 * PacketSize bytes to Remote at gaps drawn from InterArrival (exponential:
 * Poisson), from a socket bound to Port that also takes, and discards,
 * what its peer generator sends (two generators make the traffic
 * bidirectional).
 */
class BackgroundTrafficGenerator : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    BackgroundTrafficGenerator();
    ~BackgroundTrafficGenerator() override;

    /// \return messages sent
    uint64_t GetSent() const;
    /// \return messages received from the peer
    uint64_t GetReceived() const;
    /**
     * \brief Assign a fixed random stream.
     * \param stream the stream index
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Send one message and schedule the next.
    void Send();
    /// \param socket has data
    void Receive(Ptr<Socket> socket);

    Address m_remote;                         //!< peer address and port
    uint16_t m_port;                          //!< local port
    uint32_t m_size;                          //!< UDP payload bytes
    Ptr<RandomVariableStream> m_interArrival; //!< gap between messages (s)
    Ptr<Socket> m_socket;                     //!< the socket
    EventId m_next;                           //!< next message
    uint64_t m_sent{0};                       //!< messages sent
    uint64_t m_received{0};                   //!< messages received
};

} // namespace rsched
} // namespace ns3

#endif // BACKGROUND_TRAFFIC_GENERATOR_H
