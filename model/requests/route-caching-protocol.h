/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROUTE_CACHING_PROTOCOL_H
#define ROUTE_CACHING_PROTOCOL_H

#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"

#include <cstdint>
#include <string>
#include <unordered_map>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief Base of the module's Ipv4RoutingProtocols that sit ahead of a
 * node's ordinary routing and remember, per destination, the route it gives
 * (OutputRouteCache for what a host sends, DataPathRouter for what a router
 * forwards).
 *
 * It holds the node's IPv4 and the routes, drops them on every interface or
 * address change of the node (the Notify* methods; ns-3 tells routing
 * protocols of nothing else, so FlushRouteCache after changing routes at run
 * time), prints them, and gives both signatures of RouteInput to one hook,
 * HandleInput.
 *
 * ns-3 3.40 changed the callbacks of Ipv4RoutingProtocol::RouteInput from
 * by-value to by-const-reference parameters. Both overloads are declared,
 * without `override`, and whichever matches the base class of the ns-3 in
 * use overrides it; the other is an ordinary overload that is never called.
 * The choice is not made with RS_NS3_VERSION_MINOR on purpose: installed
 * headers are also parsed without the module's compile definitions (by user
 * programs and by cppyy for Python). Subclasses implement HandleInput and
 * do not override RouteInput.
 */
class RouteCachingProtocol : public Ipv4RoutingProtocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ~RouteCachingProtocol() override;

    /// \return destinations whose route is cached
    std::size_t GetRouteCacheSize() const;
    /// \brief Forget every cached route (after changing routes at run time).
    void FlushRouteCache();

    // Ipv4RoutingProtocol

    /**
     * \brief Hand a packet in transit to HandleInput (callbacks by const
     * reference, ns-3 >= 3.40).
     * \param p packet
     * \param header IP header
     * \param idev input device
     * \param ucb unicast forwarding
     * \param mcb multicast forwarding (unused)
     * \param lcb local delivery (unused)
     * \param ecb error report
     * \return true if the packet was handled here
     */
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    const UnicastForwardCallback& ucb,
                    const MulticastForwardCallback& mcb,
                    const LocalDeliverCallback& lcb,
                    const ErrorCallback& ecb);
    /**
     * \brief The ns-3 < 3.40 signature of RouteInput (callbacks by value).
     * \param p packet
     * \param header IP header
     * \param idev input device
     * \param ucb unicast forwarding
     * \param mcb multicast forwarding (unused)
     * \param lcb local delivery (unused)
     * \param ecb error report
     * \return true if the packet was handled here
     */
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    UnicastForwardCallback ucb,
                    MulticastForwardCallback mcb,
                    LocalDeliverCallback lcb,
                    ErrorCallback ecb);
    /**
     * \brief Clear the route cache.
     * \param interface the interface
     */
    void NotifyInterfaceUp(uint32_t interface) override;
    /**
     * \brief Clear the route cache.
     * \param interface the interface
     */
    void NotifyInterfaceDown(uint32_t interface) override;
    /**
     * \brief Clear the route cache.
     * \param interface the interface
     * \param address the address added
     */
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    /**
     * \brief Clear the route cache.
     * \param interface the interface
     * \param address the address removed
     */
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    /**
     * \brief Remember the node's IPv4 (the other protocols are found there).
     * \param ipv4 the node's IPv4
     */
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    /**
     * \brief Print the cached routes, one destination a line in address order.
     * \param stream the output stream
     * \param unit time unit (unused: the time is printed in seconds)
     */
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

    /// \return the node's IPv4 (null before SetIpv4)
    Ptr<Ipv4> GetIpv4() const;

  protected:
    RouteCachingProtocol();
    void DoDispose() override;

    /**
     * \brief The common body of both RouteInput overloads.
     * \param p packet
     * \param header IP header
     * \param idev input device
     * \param ucb unicast forwarding
     * \param ecb error report
     * \return true if the packet was handled here
     */
    virtual bool HandleInput(Ptr<const Packet> p,
                             const Ipv4Header& header,
                             Ptr<const NetDevice> idev,
                             const UnicastForwardCallback& ucb,
                             const ErrorCallback& ecb) = 0;
    /// \return what PrintRoutingTable says of this protocol after the time
    virtual std::string Describe() const = 0;

    /**
     * \param dst a destination (host order)
     * \return its cached route, or null
     */
    Ptr<Ipv4Route> FindCachedRoute(uint32_t dst) const;
    /**
     * \brief Remember the route to a destination.
     * \param dst a destination (host order)
     * \param route its route
     */
    void CacheRoute(uint32_t dst, Ptr<Ipv4Route> route);

  private:
    Ptr<Ipv4> m_ipv4;                                      //!< the node's IPv4
    std::unordered_map<uint32_t, Ptr<Ipv4Route>> m_routes; //!< destination -> route
};

} // namespace rsched
} // namespace ns3

#endif // ROUTE_CACHING_PROTOCOL_H
