/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDWAN_TESTBED_HELPER_H
#define SDWAN_TESTBED_HELPER_H

#include "ns3/application-container.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/queue-disc.h"

#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

class TunnelRouter;

/**
 * \ingroup request-scheduling-sdwan
 * \brief Builds the SD-WAN paper's testbed:
 *
 * \verbatim
 *                R0a ----------- R0b            tunnel 0
 *   client -- BR1                     BR2 -- server
 *                R1a ----------- R1b            tunnel 1
 * \endverbatim
 *
 * A client host and a server host, each behind a border router (BR1, BR2)
 * on a LAN link (LanRate, LanDelay); between the border routers, k tunnels,
 * each a routed path of two routers (BR1 - Rka - Rkb - BR2, three WAN links
 * of WanRate and WanDelay). The border routers run a TunnelRouter (the
 * splitter or an ECMP baseline, chosen by SetRouter) ahead of static
 * routing, with the tunnels declared on it in order; the routers inside a
 * tunnel route by destination. The background traffic of the paper's two
 * generators is sent between each tunnel's two routers (GetTunnelRouter,
 * GetTunnelAddress), across the tunnel's middle link, which is so the
 * tunnel's bottleneck: a generator application on the router stands for a
 * generator host on an uncongested link to it, at a third of the events
 * per message.
 *
 * Every WAN device sends through a traffic-control queue disc (SetQueueDisc,
 * FIFO of 1000 packets by default) in front of a one-packet device queue,
 * so that the queue disc is the queue. LAN links have no queue disc (they
 * never congest: 10 Gbit/s against 1 Gbit/s tunnels).
 *
 * Addresses: client LAN 10.1.1.0/24 (client .1), server LAN 10.2.1.0/24
 * (server .1), tunnel k links 10.(10+k).{1,2,3}.0/24 (the middle link
 * 10.(10+k).2.0/24: Rka .1, Rkb .2); SetAddressBase moves the plan to
 * another /8.
 *
 * In a topology of one's own, the hosts can be nodes one has built
 * (SetHost: a branch router with hosts behind it, a datacenter's ingress
 * router), and the networks behind them are routed across the testbed
 * (AddHostNetwork).
 */
class SdwanTestbedHelper
{
  public:
    /// The most tunnels the testbed builds (its addressing plan: 10.10+k.x.0/24).
    static constexpr uint32_t MAX_TUNNELS = 30;

    SdwanTestbedHelper();

    /// \param router the border routers' TunnelRouter (type and attributes)
    void SetRouter(const ObjectFactory& router);

    /**
     * \brief The border routers' TunnelRouter by type and attributes.
     * \param type TypeId name of a TunnelRouter subclass
     * \param args attribute name / value pairs
     */
    template <typename... Args>
    void SetRouter(const std::string& type, Args&&... args)
    {
        ObjectFactory router(type);
        router.Set(std::forward<Args>(args)...);
        SetRouter(router);
    }

    /// \param tunnels number of tunnels, 1 .. MAX_TUNNELS
    void SetTunnels(uint32_t tunnels);
    /// \param rate WAN link rate \param delay WAN link propagation delay
    void SetWan(DataRate rate, Time delay);
    /// \param rate LAN link rate \param delay LAN link propagation delay
    void SetLan(DataRate rate, Time delay);
    /// \param queueDisc the queue disc of every WAN device (type and attributes)
    void SetQueueDisc(const ObjectFactory& queueDisc);

    /**
     * \brief The WAN devices' queue disc by type and attributes.
     * \param type TypeId name of a QueueDisc
     * \param args attribute name / value pairs
     */
    template <typename... Args>
    void SetQueueDisc(const std::string& type, Args&&... args)
    {
        ObjectFactory queueDisc(type);
        queueDisc.Set(std::forward<Args>(args)...);
        SetQueueDisc(queueDisc);
    }

    /**
     * \brief Use a node of one's own as a side's host instead of a new one:
     * the testbed links it to that side's border router on the LAN and gives
     * it a default route there.
     * \param side 0 (the client host) or 1 (the server host)
     * \param node a node with an internet stack whose routing includes
     *        Ipv4StaticRouting (alone or in a list)
     */
    void SetHost(uint32_t side, Ptr<Node> node);
    /**
     * \brief Number the testbed's networks in another /8.
     * \param base the /8 (its first octet counts; default 10.0.0.0)
     */
    void SetAddressBase(Ipv4Address base);
    /**
     * \brief A network behind a side's host: every router of the testbed
     * routes it towards that host (the border routers' TunnelRouter steers
     * what they send to it over the tunnels).
     * \param side 0 (behind the client host) or 1 (behind the server host)
     * \param network the network
     * \param mask its mask
     */
    void AddHostNetwork(uint32_t side, Ipv4Address network, Ipv4Mask mask);

    /// Create the nodes, links, addresses, routes and border routers.
    void Install();

    /// Background message payload (bytes): one full-size UDP datagram.
    static constexpr uint32_t BACKGROUND_MESSAGE = 1472;
    /// Background message on the wire: payload, UDP, IPv4 and PPP headers.
    static constexpr uint32_t BACKGROUND_ON_WIRE = BACKGROUND_MESSAGE + 8 + 20 + 2;
    /// The first background UDP port (tunnel k's generators use it + k).
    static constexpr uint16_t BACKGROUND_PORT = 5000;

    /**
     * \brief The paper's background traffic (after Install): on each tunnel,
     * a BackgroundTrafficGenerator on each of its two routers sends Poisson
     * BACKGROUND_MESSAGE datagrams to the other, so that the middle link
     * carries \p utilisation of the WAN rate in each direction, on the wire.
     * \param utilisation share of the WAN rate, > 0
     * \param stop when the generators stop
     * \param stream first random stream; advanced past the streams used
     * \return the generators (tunnel by tunnel, side 0 then 1)
     */
    ApplicationContainer InstallBackground(double utilisation, Time stop, int64_t& stream);

    /// \return the client host
    Ptr<Node> GetClient() const;
    /// \return the server host
    Ptr<Node> GetServer() const;
    /// \return the server's address
    Ipv4Address GetServerAddress() const;
    /// \param side 0 (client side) or 1 \return that border router's node
    Ptr<Node> GetBorderNode(uint32_t side) const;
    /// \param side 0 (client side) or 1 \return that border router's TunnelRouter
    Ptr<TunnelRouter> GetBorderRouter(uint32_t side) const;
    /**
     * \param tunnel a tunnel
     * \param side 0 (its router next to BR1) or 1
     * \return that router
     */
    Ptr<Node> GetTunnelRouter(uint32_t tunnel, uint32_t side) const;
    /**
     * \param tunnel a tunnel
     * \param side 0 (its router next to BR1) or 1
     * \return that router's address on the tunnel's middle link
     */
    Ipv4Address GetTunnelAddress(uint32_t tunnel, uint32_t side) const;
    /**
     * \param tunnel a tunnel
     * \param direction 0 (client to server) or 1
     * \return the queue disc at the tunnel's bottleneck (middle link) in that direction
     */
    Ptr<QueueDisc> GetBottleneck(uint32_t tunnel, uint32_t direction) const;
    /// \return every WAN device
    NetDeviceContainer GetWanDevices() const;
    /// \return the LAN devices: client, BR1, server, BR2
    NetDeviceContainer GetLanDevices() const;
    /// \return the number of tunnels
    uint32_t GetTunnels() const;
    /// \return every node
    NodeContainer GetNodes() const;

  private:
    /// A network behind a host.
    struct HostNetwork
    {
        Ipv4Address network; //!< the network
        Ipv4Mask mask;       //!< its mask
    };

    /**
     * \param a second octet
     * \param b third octet
     * \return the /24 network base.a.b.0
     */
    Ipv4Address Net(uint32_t a, uint32_t b) const;

    ObjectFactory m_router;                      //!< border routers' TunnelRouter
    ObjectFactory m_queueDisc;                   //!< WAN queue disc
    uint32_t m_tunnels{2};                       //!< tunnels
    DataRate m_wanRate{"1Gbps"};                 //!< WAN link rate
    Time m_wanDelay;                             //!< WAN link delay
    DataRate m_lanRate{"10Gbps"};                //!< LAN link rate
    Time m_lanDelay;                             //!< LAN link delay
    uint32_t m_base{10u << 24};                  //!< the /8 of the addressing plan
    std::vector<HostNetwork> m_hostNetworks[2];  //!< per side, networks behind its host
    Ptr<Node> m_client;                          //!< client host
    Ptr<Node> m_server;                          //!< server host
    NodeContainer m_border;                      //!< BR1, BR2
    std::vector<NodeContainer> m_inner;          //!< per tunnel: Rka, Rkb
    Ipv4Address m_serverAddress;                 //!< server address
    std::vector<Ipv4Address> m_middle[2];        //!< middle-link addresses per side, per tunnel
    std::vector<Ptr<QueueDisc>> m_bottleneck[2]; //!< per direction, per tunnel
    NetDeviceContainer m_wanDevices;             //!< WAN devices
    NetDeviceContainer m_lanDevices;             //!< LAN devices
};

} // namespace rsched
} // namespace ns3

#endif // SDWAN_TESTBED_HELPER_H
