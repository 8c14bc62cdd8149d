/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OUTPUT_ROUTE_CACHE_H
#define OUTPUT_ROUTE_CACHE_H

#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"

#include <cstdint>
#include <ostream>
#include <unordered_map>

namespace ns3
{

/// Routes kept per destination address (host order), as OutputRouteCache and
/// DataPathRouter keep them.
using RouteMap = std::unordered_map<uint32_t, Ptr<Ipv4Route>>;

/**
 * \ingroup request-scheduling
 * \brief Print kept routes, one line per destination in address order
 * (PrintRoutingTable of OutputRouteCache and DataPathRouter).
 * \param os output
 * \param ipv4 the node's IPv4 (for interface numbers)
 * \param routes the routes
 */
void PrintRouteMap(std::ostream& os, Ptr<const Ipv4> ipv4, const RouteMap& routes);

/**
 * \ingroup request-scheduling
 * \brief Remembers, per destination, the route that a node's other routing
 * protocols give the packets it sends itself.
 *
 * Installed in an Ipv4ListRouting at a priority above the node's ordinary
 * routing (OutputRouteCacheHelper). The first packet a node sends to a
 * destination is routed by the list's other protocols, in priority order, and
 * the route they give is kept; later packets to that destination get the same
 * route from a hash table. Packets in transit and packets for the node are
 * left to the other protocols (RouteInput declines).
 *
 * Why: ns-3's Ipv4StaticRouting builds every route anew, scanning its table
 * and the node's addresses, for every packet a socket sends: about 5 % of
 * the wall-clock time of a packet-level request-response run, where a
 * client and a server send one packet each per request.
 *
 * Use it only in front of protocols whose answer depends on the destination
 * alone, such as static routing, or global routing without
 * RandomEcmpRouting (not on-demand or load-balancing protocols). The cache
 * is dropped on every interface or address change of the node (the Notify*
 * methods); ns-3 does not tell other routing protocols about route table
 * changes, so call Flush after changing routes at run time. A packet sent
 * through a bound device (an output interface given) is routed by the other
 * protocols every time.
 */
class OutputRouteCache : public Ipv4RoutingProtocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    OutputRouteCache();
    ~OutputRouteCache() override;

    /// \return destinations whose route is cached
    std::size_t GetSize() const;
    /// \brief Forget every cached route (after changing routes at run time).
    void Flush();

    // Ipv4RoutingProtocol

    /**
     * \brief The cached route to the destination; on a miss, the route the
     * node's other protocols give, which is then cached.
     * \param p packet
     * \param header IP header
     * \param oif output device; if given, the route is not cached
     * \param sockerr error
     * \return the route, or null if no protocol has one
     */
    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    /**
     * \brief Decline: incoming packets are left to the other protocols.
     *
     * Declared for both the ns-3 >= 3.40 (callbacks by const reference) and
     * the earlier signature (by value), without `override`, as in
     * DataPathRouter.
     *
     * \param p packet
     * \param header IP header
     * \param idev input device
     * \param ucb unicast forwarding
     * \param mcb multicast forwarding
     * \param lcb local delivery
     * \param ecb error report
     * \return false
     */
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    const UnicastForwardCallback& ucb,
                    const MulticastForwardCallback& mcb,
                    const LocalDeliverCallback& lcb,
                    const ErrorCallback& ecb);
    /**
     * \brief The ns-3 < 3.40 signature of RouteInput; see the other overload.
     * \param p packet
     * \param header IP header
     * \param idev input device
     * \param ucb unicast forwarding
     * \param mcb multicast forwarding
     * \param lcb local delivery
     * \param ecb error report
     * \return false
     */
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    UnicastForwardCallback ucb,
                    MulticastForwardCallback mcb,
                    LocalDeliverCallback lcb,
                    ErrorCallback ecb);
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

  protected:
    void DoDispose() override;

  private:
    /**
     * \brief Ask the node's other routing protocols, in priority order.
     * \param p packet
     * \param header IP header
     * \param oif output device
     * \param sockerr error
     * \return the first route given, or null
     */
    Ptr<Ipv4Route> Resolve(Ptr<Packet> p,
                           const Ipv4Header& header,
                           Ptr<NetDevice> oif,
                           Socket::SocketErrno& sockerr) const;

    Ptr<Ipv4> m_ipv4;  //!< the node's IPv4
    RouteMap m_routes; //!< destination -> route
};

} // namespace ns3

#endif // OUTPUT_ROUTE_CACHE_H
