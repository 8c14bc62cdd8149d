/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDWAN_TESTBED_HELPER_H
#define SDWAN_TESTBED_HELPER_H

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
 * 10.(10+k).2.0/24: Rka .1, Rkb .2).
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

    /// Create the nodes, links, addresses, routes and border routers.
    void Install();

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
    /// \return the number of tunnels
    uint32_t GetTunnels() const;
    /// \return every node
    NodeContainer GetNodes() const;

  private:
    ObjectFactory m_router;                      //!< border routers' TunnelRouter
    ObjectFactory m_queueDisc;                   //!< WAN queue disc
    uint32_t m_tunnels{2};                       //!< tunnels
    DataRate m_wanRate{"1Gbps"};                 //!< WAN link rate
    Time m_wanDelay;                             //!< WAN link delay
    DataRate m_lanRate{"10Gbps"};                //!< LAN link rate
    Time m_lanDelay;                             //!< LAN link delay
    Ptr<Node> m_client;                          //!< client host
    Ptr<Node> m_server;                          //!< server host
    NodeContainer m_border;                      //!< BR1, BR2
    std::vector<NodeContainer> m_inner;          //!< per tunnel: Rka, Rkb
    Ipv4Address m_serverAddress;                 //!< server address
    std::vector<Ipv4Address> m_middle[2];        //!< middle-link addresses per side, per tunnel
    std::vector<Ptr<QueueDisc>> m_bottleneck[2]; //!< per direction, per tunnel
    NetDeviceContainer m_wanDevices;             //!< WAN devices
};

} // namespace rsched
} // namespace ns3

#endif // SDWAN_TESTBED_HELPER_H
