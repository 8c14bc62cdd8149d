/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DATA_PATH_ROUTER_H
#define DATA_PATH_ROUTER_H

#include "direct-link.h"
#include "route-caching-protocol.h"
#include "service-request-header.h"

#include "ns3/ipv4-address.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"

#include <cstdint>
#include <unordered_map>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief Base of the routers that act on packets in transit on the IP data
 * path (SemanticRouter; the SD-WAN flow splitter of a border router).
 *
 * An Ipv4RoutingProtocol meant to be installed ahead of the node's ordinary
 * routing (static routing) in an Ipv4ListRouting. It does not compute routes
 * itself: for every packet in transit it first offers the packet to the
 * subclass (DoRouteInput); a packet the subclass does not claim is
 * - forwarded along the route the node's other protocols give for its
 *   destination, remembered per destination (RouteCache on, the default), or
 * - left to the other protocols (RouteCache off; RouteInput returns false).
 * Multicast and broadcast packets are always left to the other protocols.
 *
 * Why the cache: ns-3's Ipv4StaticRouting scans its whole route table, and
 * the node's interface addresses, for every packet it forwards, which makes
 * forwarding the largest cost of a router in scenarios with many
 * destinations. Routes are cached per destination address the first time
 * they are asked for (by a forwarded packet or by the subclass's Lookup) and
 * dropped on every interface or address change of the node (the Notify*
 * methods). Changes to the other protocols' tables do not reach this
 * protocol (ns-3 notifies routing protocols of interfaces and addresses
 * only), so turn RouteCache off, or call FlushRouteCache, if routes change
 * at run time otherwise.
 *
 * RouteCache is declared here and inherited by every subclass: SetAttribute,
 * ObjectFactory::Set and Config::Set paths reach it as "RouteCache" of the
 * subclass (e.g. SemanticRouterHelper::Set("RouteCache", ...)), but ns-3's
 * Config::SetDefault, and so the command line, looks a name up among the
 * named TypeId's own attributes only: there it is
 * ns3::DataPathRouter::RouteCache, and sets the default of every data-path
 * router.
 *
 * RouteOutput always declines: these routers act where packets enter or
 * cross the network, not at their source, and Lookup relies on it (it asks
 * the node's routing, this protocol included, for a route). A subclass must
 * not make RouteOutput answer through Lookup.
 *
 * A subclass implements DoRouteInput and uses Lookup to forward what it
 * claims; it does not override RouteInput (see RouteCachingProtocol for why
 * there are two).
 */
class DataPathRouter : public RouteCachingProtocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ~DataPathRouter() override;

    /**
     * \brief Read the ServiceRequestHeader of a UDP packet in transit (a
     * packet that has lost its IP header), in place: neither copied nor changed.
     * \param p the packet
     * \param ip its IP header
     * \param header receives the request or reply header
     * \return true if the packet is UDP with a well-formed header
     */
    static bool ReadServiceHeader(Ptr<const Packet> p,
                                  const Ipv4Header& ip,
                                  ServiceRequestHeader& header);
    /// \return packets not claimed by the subclass and forwarded here along cached routes
    uint64_t GetForwarded() const;
    /**
     * \brief Queue level: the link from this router to a host, before the
     * simulation starts (subclasses may remember it).
     * \param host the host's address
     * \param link the DirectLink that reaches it
     */
    void AddDirectRoute(Ipv4Address host, Ptr<DirectLink> link);

    // Ipv4RoutingProtocol

    /**
     * \brief Decline: the node's other protocols route locally generated
     * packets (Lookup relies on this).
     * \param p packet (unused)
     * \param header IP header
     * \param oif output interface (unused)
     * \param sockerr set to ERROR_NOROUTETOHOST
     * \return null
     */
    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;

  protected:
    /// Abstract: only subclasses are created.
    DataPathRouter();

    /**
     * \brief Offer a packet in transit to the subclass (DoRouteInput), then
     * forward it along the cached route (RouteCache on).
     * \param p packet
     * \param header IP header
     * \param idev input device
     * \param ucb unicast forwarding
     * \param ecb error report
     * \return true if the packet was handled here
     */
    bool HandleInput(Ptr<const Packet> p,
                     const Ipv4Header& header,
                     Ptr<const NetDevice> idev,
                     const UnicastForwardCallback& ucb,
                     const ErrorCallback& ecb) final;
    /// \return the router's type and whether its route cache is on
    std::string Describe() const override;
    void DoDispose() override;

    /**
     * \brief The subclass's part of RouteInput, called for every packet in
     * transit before the route cache.
     *
     * To forward a packet it claims, the subclass calls \p ucb with a route
     * from Lookup (possibly copied and modified) and, if it drops it, \p ecb
     * if not null. The callbacks may be kept and called later (a subclass
     * that holds packets).
     *
     * \param p packet
     * \param header IP header
     * \param idev input device
     * \param ucb unicast forwarding
     * \param ecb error report (may be null)
     * \return true if the subclass handled (forwarded, held or dropped) the packet
     */
    virtual bool DoRouteInput(Ptr<const Packet> p,
                              const Ipv4Header& header,
                              Ptr<const NetDevice> idev,
                              const UnicastForwardCallback& ucb,
                              const ErrorCallback& ecb) = 0;

    /**
     * \brief The route the node's other routing protocols give for a
     * destination, from the cache if RouteCache is on (cached on a miss).
     * \param dst a destination
     * \return the route, or null if there is none
     */
    Ptr<Ipv4Route> Lookup(Ipv4Address dst);
    /**
     * \brief Queue level: send a packet on the link to its destination.
     * \param packet the packet
     * \return false if no link reaches its destination (AddDirectRoute)
     */
    bool SendDirect(const DirectPacket& packet);
    /**
     * \param host a host's address
     * \return the link to it (AddDirectRoute), or null
     */
    DirectLink* GetDirectRoute(Ipv4Address host) const;

  private:
    bool m_routeCache;       //!< remember routes per destination
    uint64_t m_forwarded{0}; //!< forwarded along cached routes
    std::unordered_map<uint32_t, Ptr<DirectLink>> m_directRoutes; //!< queue level: host -> link
};

} // namespace rsched
} // namespace ns3

#endif // DATA_PATH_ROUTER_H
