/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TUNNEL_ROUTER_H
#define TUNNEL_ROUTER_H

#include "ns3/data-path-router.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-sdwan
 * \brief The transport 5-tuple of a packet in one direction, as a border
 * router reads it from the IP header and the first bytes of the TCP or UDP
 * header (ports 0 when they cannot be read).
 */
struct FlowKey
{
    uint32_t source{0};      //!< source address
    uint32_t destination{0}; //!< destination address
    uint16_t sourcePort{0};  //!< source port
    uint16_t destPort{0};    //!< destination port
    uint8_t protocol{0};     //!< IP protocol number

    /// What could be read of a packet's transport header.
    enum Status
    {
        TCP,          //!< a whole TCP header: ports read
        UDP,          //!< a UDP header: ports read
        OTHER,        //!< neither TCP nor UDP: addresses and protocol only
        FRAGMENT,     //!< an IP fragment: its transport header is not read
        TRUNCATED,    //!< TCP or UDP, but the packet is shorter than its header
        STATUS_COUNT, //!< number of statuses
    };

    /**
     * \brief Read a packet's key. Only the IP header and the transport
     * header are read; the payload is opaque.
     * \param p the packet (IP payload: starts with the transport header)
     * \param header its IP header
     * \param key receives the key
     * \param payload receives the TCP payload size (0 unless TCP)
     * \param tcpFlags receives the TCP flags (0 unless TCP), if not null
     * \return what could be read
     */
    static Status Read(Ptr<const Packet> p,
                       const Ipv4Header& header,
                       FlowKey& key,
                       uint32_t& payload,
                       uint8_t* tcpFlags = nullptr);

    /// \return the key of the opposite direction
    FlowKey Reversed() const;

    /// \param other another key \return true if equal
    bool operator==(const FlowKey& other) const;

    /// Hash for unordered containers.
    struct Hash
    {
        /// \param key a key \return its hash
        std::size_t operator()(const FlowKey& key) const;
    };
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief What a border router read of a steered packet's headers, read once
 * and handed to its observers (TunnelTx).
 */
struct SteeredPacket
{
    FlowKey key;                            //!< its 5-tuple
    FlowKey::Status status{FlowKey::OTHER}; //!< what could be read
    uint32_t payload{0};                    //!< TCP payload bytes
    uint8_t tcpFlags{0};                    //!< TCP flags (TcpHeader::Flags_t; 0 unless TCP)
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief A WAN border router that spreads the packets it sends to the remote
 * site over several tunnels: the base of FlowSplitter (the paper's
 * short/long flow splitter) and of the ECMP baselines (EcmpRouter,
 * PacketSprayRouter).
 *
 * A DataPathRouter on the IP forwarding path, ahead of the node's static
 * routing. The tunnels are the router's WAN interfaces, declared with
 * AddTunnel(): each leads to the first router of a routed path to the
 * remote border router (the testbed's tunnels of two routers each; no
 * encapsulation, so the routers along a tunnel forward by destination as
 * usual). A packet that arrives from a LAN interface and whose ordinary
 * route leaves through one of the tunnel interfaces is *steered*: the
 * subclass picks its tunnel (SelectTunnel, which may also mark its IP
 * header) and it leaves on that tunnel. Every other packet, including those
 * arriving from the tunnels, is forwarded by the ordinary route.
 *
 * Steering costs ProcessingDelay per packet (the splitter's XDP program:
 * microseconds in generic mode, less in native mode). The router handles
 * one packet at a time in arrival order, as one core running the program
 * does: a packet leaves ProcessingDelay after the later of its arrival and
 * the previous packet's departure, so packets of a flow are not reordered.
 *
 * Observers: TunnelTx when a steered packet leaves on a tunnel (its IP
 * header as marked, and what the router read of its transport header),
 * TunnelRx when a packet arrives from a tunnel (not parsed). These are
 * the border-router traces the SD-WAN measurements (flow completion time,
 * one-way delay, jitter) are taken from.
 */
class TunnelRouter : public DataPathRouter
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ~TunnelRouter() override;

    /**
     * \brief Declare the next tunnel (indices 0, 1, ... in call order).
     * \param interface the IPv4 interface that leads into it
     * \param nextHop the first router of the tunnel
     */
    void AddTunnel(uint32_t interface, Ipv4Address nextHop);
    /// \return the number of tunnels
    uint32_t GetTunnelCount() const;
    /**
     * \brief Check the router's configuration against a number of tunnels,
     * before the run (SdwanTestbedHelper::Install does, and the scenario
     * before it builds anything): its policy must be able to steer every
     * packet with that many.
     * \param tunnels the number of tunnels
     * \param error receives the reason on failure
     * \return true if the configuration is usable
     */
    virtual bool CheckTunnels(uint32_t tunnels, std::string& error) const;
    /**
     * \brief The router learned that a tunnel failed or recovered: packets
     * the policy steers into a failed tunnel take the next available one.
     * \param tunnel a tunnel index
     * \param available false when it failed, true when it recovered
     */
    void SetTunnelAvailable(uint32_t tunnel, bool available);
    /// \return packets moved off the tunnel the policy chose because it was down
    uint64_t GetRerouted() const;
    /**
     * \param tunnel a tunnel index
     * \return packets steered into it
     */
    uint64_t GetTunnelPackets(uint32_t tunnel) const;
    /**
     * \param status a FlowKey::Status
     * \return steered packets read with that status
     */
    uint64_t GetPackets(FlowKey::Status status) const;
    /**
     * \brief Assign a fixed random stream to the processing delay.
     * \param stream first stream index
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief TracedCallback signature of TunnelTx.
     * \param packet the packet (IP payload)
     * \param header its IP header, as marked
     * \param tunnel the tunnel index
     * \param read what the router read of its transport header
     */
    typedef void (*TunnelTxTracedCallback)(Ptr<const Packet> packet,
                                           const Ipv4Header& header,
                                           uint32_t tunnel,
                                           const SteeredPacket& read);
    /**
     * \brief TracedCallback signature of TunnelRx.
     * \param packet the packet (IP payload)
     * \param header its IP header
     * \param tunnel the tunnel index
     */
    typedef void (*TunnelTracedCallback)(Ptr<const Packet> packet,
                                         const Ipv4Header& header,
                                         uint32_t tunnel);

  protected:
    TunnelRouter();

    void DoDispose() override;

    /**
     * \brief Choose the tunnel of a steered packet; may mark \p header.
     * \param p the packet
     * \param key its 5-tuple as read
     * \param status what could be read of its transport header
     * \param header its IP header, to mark
     * \return a tunnel index < GetTunnelCount()
     */
    virtual uint32_t SelectTunnel(Ptr<const Packet> p,
                                  const FlowKey& key,
                                  FlowKey::Status status,
                                  Ipv4Header& header) = 0;

  private:
    bool DoRouteInput(Ptr<const Packet> p,
                      const Ipv4Header& header,
                      Ptr<const NetDevice> idev,
                      const UnicastForwardCallback& ucb,
                      const ErrorCallback& ecb) override;
    /**
     * \brief Send a steered packet into its tunnel.
     * \param tunnel the tunnel index
     * \param p the packet
     * \param header its IP header (marked)
     * \param read what was read of its transport header
     * \param ucb the forwarding callback
     */
    void Send(uint32_t tunnel,
              Ptr<const Packet> p,
              const Ipv4Header& header,
              const SteeredPacket& read,
              const UnicastForwardCallback& ucb);
    /**
     * \param interface an IPv4 interface index
     * \return its tunnel index, or -1 if it leads into no tunnel
     */
    int32_t TunnelOf(uint32_t interface) const;

    /// One tunnel.
    struct Tunnel
    {
        uint32_t interface;   //!< its IPv4 interface
        Ipv4Address nextHop;  //!< its first router
        Ptr<Ipv4Route> route; //!< the route into it (built on first use)
        uint64_t packets{0};  //!< packets steered into it
        bool available{true}; //!< false while known to be down
    };

    std::vector<Tunnel> m_tunnels;                           //!< tunnels by index
    uint64_t m_rerouted{0};                                  //!< packets moved off a failed tunnel
    Ptr<RandomVariableStream> m_processingDelay;             //!< per-packet cost
    Time m_busyUntil;                                        //!< departure of the last packet
    std::array<uint64_t, FlowKey::STATUS_COUNT> m_packets{}; //!< steered packets per status
    TracedCallback<Ptr<const Packet>, const Ipv4Header&, uint32_t, const SteeredPacket&>
        m_txTrace;                                                            //!< TunnelTx
    TracedCallback<Ptr<const Packet>, const Ipv4Header&, uint32_t> m_rxTrace; //!< TunnelRx
};

} // namespace rsched
} // namespace ns3

#endif // TUNNEL_ROUTER_H
