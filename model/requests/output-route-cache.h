/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OUTPUT_ROUTE_CACHE_H
#define OUTPUT_ROUTE_CACHE_H

#include "route-caching-protocol.h"

namespace ns3
{
namespace rsched
{

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
 * changes, so call FlushRouteCache after changing routes at run time. A packet sent
 * through a bound device (an output interface given) is routed by the other
 * protocols every time.
 */
class OutputRouteCache : public RouteCachingProtocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    OutputRouteCache();
    ~OutputRouteCache() override;

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

  protected:
    /// \return false: incoming packets are left to the other protocols
    bool HandleInput(Ptr<const Packet> p,
                     const Ipv4Header& header,
                     Ptr<const NetDevice> idev,
                     const UnicastForwardCallback& ucb,
                     const ErrorCallback& ecb) override;
    std::string Describe() const override;

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
};

} // namespace rsched
} // namespace ns3

#endif // OUTPUT_ROUTE_CACHE_H
