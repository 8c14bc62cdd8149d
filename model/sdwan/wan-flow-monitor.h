/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WAN_FLOW_MONITOR_H
#define WAN_FLOW_MONITOR_H

#include "tunnel-router.h"

#include "ns3/object.h"
#include "ns3/request-stats.h"
#include "ns3/traced-callback.h"

#include <unordered_map>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-sdwan
 * \brief A flow as the SD-WAN paper counts it: one direction of a TCP
 * connection (its splitter counts the packets of each 5-tuple), measured at
 * the border routers.
 */
struct WanFlow
{
    FlowKey key;                   //!< its 5-tuple (sender -> receiver)
    uint32_t direction{0};         //!< 0: client -> server, 1: server -> client
    uint64_t connection{0};        //!< its connection's number at the monitor
    uint64_t packets{0};           //!< packets that left a border router into a tunnel
    Time start;                    //!< its first packet left the source border router
    Time fct;                      //!< until its last data or FIN reached the other one
    uint32_t handshakeTimeouts{0}; //!< SYN or SYN-ACK retransmission timeouts of its sender
    uint32_t timeouts{0};          //!< its sender's other retransmission timeouts
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief Flow completion time, one-way delay and jitter as the SD-WAN
 * paper measures them: at the border routers, not at the hosts.
 *
 * Watches the TunnelTx and TunnelRx traces of the border routers (Watch):
 * a packet leaving a border router into a tunnel carries its departure time
 * (a packet tag, with its connection and direction) to the border router at
 * the other end, which gives its one-way delay without reading the packet
 * again. Jitter is the difference between the one-way delays of consecutive
 * packets of a flow in the same direction, reported as its absolute value
 * (RFC 3393's IP packet delay variation between successive packets), also
 * apart for packets that arrive on another tunnel than the flow's previous
 * packet (a splitter's move to the long tunnel) and for the others.
 *
 * The connections are opened by the application that starts them (Open,
 * with the client -> server 5-tuple). Each has two flows, one per
 * direction. The paper's flow completion time (FlowCompleted) runs from a
 * flow's first packet leaving the source border router into a tunnel to the
 * arrival at the destination border router of its last packet carrying
 * sequence space (data or its FIN): a TCP flow ends with its FIN, and the
 * pure ACKs that may follow acknowledge the other direction. Both flows of
 * a connection are reported once the application completed it (Close) and
 * both FINs have arrived. A flow counts the packets its sender's border
 * router steered until then, as the splitter counts them, and its sender's
 * retransmission timeouts (Timeout, from the applications' sockets).
 *
 * The connection's own time at the border routers (Close) runs from its
 * first packet in either direction to the last arrival of a packet carrying
 * payload: what a client waits for, less its own LAN. Only open connections
 * are tracked, so memory is the number of connections in flight. Delays and
 * jitter are recorded from WarmUp on.
 */
class WanFlowMonitor : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    WanFlowMonitor();
    ~WanFlowMonitor() override;

    /**
     * \brief Take the packets of a border router into the measurements.
     * \param router a border router
     */
    void Watch(Ptr<TunnelRouter> router);
    /**
     * \brief Start tracking a connection.
     * \param key its client -> server 5-tuple
     */
    void Open(const FlowKey& key);
    /**
     * \brief The application completed a connection: give its time at the
     * border routers; its flows are reported once both FINs have arrived.
     * \param key its client -> server 5-tuple
     * \param time receives the connection's time at the border routers
     * \return false if none of its payload crossed the WAN
     */
    bool Close(const FlowKey& key, Time& time);
    /**
     * \brief Stop tracking a connection that failed: its flows are not
     * reported.
     * \param key its client -> server 5-tuple
     */
    void Abandon(const FlowKey& key);
    /**
     * \brief A retransmission timer of a connection's end expired and
     * retransmitted (FileTransferApplication's Timeout trace).
     * \param key the 5-tuple of the direction whose sender it is
     * \param handshake true for a SYN's or a SYN-ACK's timeout
     */
    void Timeout(const FlowKey& key, bool handshake);

    /// \return one-way delays between the border routers
    const LatencySummary& GetDelay() const;
    /// \return jitter (absolute difference of consecutive one-way delays)
    const LatencySummary& GetJitter() const;
    /**
     * \param tunnelChange true: of packets that arrived on another tunnel
     * than their flow's previous packet; false: on the same one
     * \return jitter of those packets
     */
    const LatencySummary& GetJitter(bool tunnelChange) const;
    /// \return connections tracked now (completed ones whose FINs are still on their way included)
    uint32_t GetOpen() const;

    /**
     * TracedCallback signature of FlowCompleted.
     * \param flow the flow
     */
    typedef void (*FlowTracedCallback)(const WanFlow& flow);

  private:
    /**
     * \param p packet leaving into a tunnel
     * \param header its IP header
     * \param tunnel the tunnel
     * \param read what the router read of it
     */
    void TunnelTx(Ptr<const Packet> p,
                  const Ipv4Header& header,
                  uint32_t tunnel,
                  const SteeredPacket& read);
    /**
     * \param p packet arriving from a tunnel
     * \param header its IP header
     * \param tunnel the tunnel
     */
    void TunnelRx(Ptr<const Packet> p, const Ipv4Header& header, uint32_t tunnel);

    /// One direction of a connection.
    struct Direction
    {
        Time firstTx{-1};              //!< its first packet left a border router
        Time lastRx{-1};               //!< its last data, SYN or FIN arrived at the other
        Time lastDelay{-1};            //!< one-way delay of its last packet
        uint32_t lastTunnel{0};        //!< tunnel of its last packet
        uint64_t packets{0};           //!< packets steered
        bool finArrived{false};        //!< its FIN reached the other border router
        uint32_t handshakeTimeouts{0}; //!< SYN timeouts of its sender
        uint32_t timeouts{0};          //!< other timeouts of its sender
    };

    /// A connection being tracked.
    struct Connection
    {
        FlowKey key;            //!< client -> server 5-tuple
        Time lastPayload{-1};   //!< its last payload packet arrived at one
        bool closed{false};     //!< the application completed it
        Direction direction[2]; //!< client -> server, server -> client
    };

    /**
     * \param key a packet's 5-tuple
     * \param direction receives 0 (client -> server) or 1
     * \return its connection's number, or 0 if not tracked
     */
    uint64_t Find(const FlowKey& key, uint32_t& direction) const;
    /**
     * \brief Report a connection's flows if it is over, and forget it.
     * \param id its number
     * \param c the connection
     */
    void FinishIfDone(uint64_t id, const Connection& c);
    /**
     * \param id a connection's number
     * \param key its client -> server 5-tuple
     */
    void Forget(uint64_t id, FlowKey key);

    Time m_warmUp;                                              //!< start of recording
    uint64_t m_nextId{1};                                       //!< next connection's number
    std::unordered_map<FlowKey, uint64_t, FlowKey::Hash> m_ids; //!< open connections' numbers
    std::unordered_map<uint64_t, Connection> m_connections;     //!< open connections
    LatencySummary m_delay;                                     //!< one-way delays
    LatencySummary m_jitter;                                    //!< |delay differences|
    LatencySummary m_jitterBy[2];                               //!< same tunnel, tunnel change
    TracedCallback<const WanFlow&> m_flowTrace;                 //!< FlowCompleted
};

} // namespace rsched
} // namespace ns3

#endif // WAN_FLOW_MONITOR_H
