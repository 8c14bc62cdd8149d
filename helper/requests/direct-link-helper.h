/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DIRECT_LINK_HELPER_H
#define DIRECT_LINK_HELPER_H

#include "ns3/application-container.h"
#include "ns3/direct-link.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/node.h"

#include <map>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief Queue level for a topology built of point-to-point links: a
 * DirectLink beside each device, with the link's timing, and the routes
 * the nodes' IP routing gives.
 *
 * Why: a scenario builds its nodes, links, addresses and routes once, as
 * for packets, and runs at queue level by mirroring them, so the two
 * levels cannot drift apart. Each PointToPointNetDevice gets a DirectLink
 * towards its peer with the device's DataRate and the channel's Delay; a
 * RandomDelayChannel's DelayVariable is shared by the link's two
 * directions, as the channel shares it. Routes are read from the nodes'
 * routing protocols (GetRoute), so the queue level follows the packet
 * level's paths. The packet-level devices stay in place, unused.
 *
 * \code
 *   DirectLinkHelper direct;
 *   direct.Install(devices);
 *   direct.SetReceiver(server, MakeCallback(&MulticoreServer::DeliverDirect, app));
 *   router->AddDirectRoute(locator, direct.GetRoute(routerNode, locator));
 * \endcode
 */
class DirectLinkHelper
{
  public:
    /**
     * \brief A DirectLink beside each point-to-point device of \p devices
     * (both ends of every link), from it to its peer.
     * \param devices the devices
     */
    void Install(const NetDeviceContainer& devices);
    /**
     * \param device a device given to Install
     * \return the link that leaves by it
     */
    Ptr<DirectLink> Get(Ptr<NetDevice> device) const;
    /**
     * \brief The link by which the node's routing sends packets to a
     * destination (its routing protocol's RouteOutput).
     * \param node the node
     * \param destination the destination
     * \return the link, or null if the node has no route or the route's
     * device has no link
     */
    Ptr<DirectLink> GetRoute(Ptr<Node> node, Ipv4Address destination) const;
    /**
     * \brief Every link into \p node delivers to \p receiver.
     * \param node a node
     * \param receiver what receives its packets
     * \param ahead told of each packet when it is sent on such a link
     * (DirectLink::SetReceiver; null: none)
     */
    void SetReceiver(Ptr<Node> node,
                     DirectLink::Receiver receiver,
                     DirectLink::Receiver ahead = DirectLink::Receiver());
    /**
     * \brief Queue level for a scenario's client hosts: the links into
     * them deliver replies to their RequestClients, and each client sends
     * on the link its node's routing takes to the service.
     * \param hosts the client hosts (interface 1 their address)
     * \param clients their RequestClients
     * \param service the address the clients send to
     * \return the hosts' addresses, which routers and servers route to
     */
    std::vector<Ipv4Address> ConnectClients(const NodeContainer& hosts,
                                            const ApplicationContainer& clients,
                                            Ipv4Address service);
    /// \return the links, in the order of the devices given to Install
    std::vector<Ptr<DirectLink>> GetLinks() const;
    /**
     * \param links links
     * \return the most packets that ever waited for one of them (the
     * scenarios' link_backlog_peak)
     */
    static uint32_t GetPeakBacklog(const std::vector<Ptr<DirectLink>>& links);

  private:
    std::vector<Ptr<DirectLink>> m_links;                 //!< in the order of the devices
    std::vector<Ptr<NetDevice>> m_devices;                //!< the device of each link
    std::map<Ptr<NetDevice>, Ptr<DirectLink>> m_byDevice; //!< device -> link leaving by it
};

} // namespace rsched
} // namespace ns3

#endif // DIRECT_LINK_HELPER_H
