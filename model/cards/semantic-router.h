/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SEMANTIC_ROUTER_H
#define SEMANTIC_ROUTER_H

#include "ns3/data-path-router.h"
#include "ns3/direct-link.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/request-dispatcher.h"
#include "ns3/service-request-header.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <map>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-cards
 * \brief A semantic router: resolves packets addressed to a service
 * identifier to a service instance on the IP data path.
 *
 * A DataPathRouter, installed ahead of the node's ordinary routing in an
 * Ipv4ListRouting. Packets whose destination lies in ServicePrefix /
 * ServiceMask are service requests: the router looks the destination up in
 * its service table, asks the service's Dispatcher for an entry of the
 * compute vector and
 * - rewrites the destination to the entry's address (an instance locator)
 *   and forwards the packet along the ordinary route to it (the ingress
 *   deployment, and the last semantic router of the routed deployment), or
 * - forwards the packet unchanged to the entry's address, a next-hop
 *   semantic router that decides again (the routed deployment).
 * All other packets are left to DataPathRouter: with RouteCache on (the
 * default) it forwards the node's other unicast transit traffic along
 * cached routes, otherwise it leaves it to the node's other routing
 * protocols. Entries are reached along the same (cached) routes.
 *
 * A service may have several dispatchers (independent scheduling points):
 * a request uses dispatcher (client id mod count). The router reads each
 * request's ServiceRequestHeader once, in place, and hands it to the
 * dispatcher. Sharing one dispatcher between routers models a central
 * scheduler. Requests to an unknown service, requests without a
 * well-formed request header, and requests whose entry has no route are
 * dropped, counted per reason and reported through the Drop trace.
 *
 * For dispatchers that want them (WantsReplies), the router remembers
 * (client id, request id) of each request it sends and reports the reply
 * to that request when it crosses the router (NotifyReply), so dispatchers
 * can track load; dispatchers that hold requests (STEAM) get them released
 * here.
 *
 * Requests are resolved where they enter the network, not at their source
 * (RouteOutput declines): the other protocols route locally generated
 * packets.
 *
 * UDP checksums (off by default in ns-3) are not recomputed after the
 * destination is rewritten.
 *
 * At queue level (ReceiveDirect) requests and replies come as DirectPackets
 * over DirectLinks and take the same path through the same code: only the
 * last step, sending, differs.
 */
class SemanticRouter : public DataPathRouter
{
  public:
    static constexpr const char* UNKNOWN_SERVICE_DROP = "Unknown service"; //!< drop reason
    static constexpr const char* MALFORMED_DROP = "Malformed request";     //!< drop reason
    static constexpr const char* NO_ROUTE_DROP = "No route to target";     //!< drop reason
    /// drop reason: held requests when the router fails
    static constexpr const char* FAILED_DROP = "Lost in the failed router";
    /// drop reason: held requests when no target is available
    static constexpr const char* NO_TARGET_DROP = "No target available";

    /**
     * \brief Signature of the Resolve trace.
     * \param header IP header of the request as received
     * \param target address the request is sent to
     */
    typedef void (*ResolveTracedCallback)(const Ipv4Header& header, Ipv4Address target);
    /**
     * \brief Signature of the Drop trace.
     * \param header IP header
     * \param packet the packet
     * \param reason why
     */
    typedef void (*DropTracedCallback)(const Ipv4Header& header,
                                       Ptr<const Packet> packet,
                                       const std::string& reason);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SemanticRouter();
    ~SemanticRouter() override;

    /**
     * \brief Serve a service identifier with one dispatcher.
     * \param service the service address
     * \param dispatcher its dispatcher (with a compute vector installed)
     */
    void AddService(Ipv4Address service, Ptr<Dispatcher> dispatcher);
    /**
     * \brief Serve a service identifier with several independent dispatchers.
     * \param service the service address
     * \param dispatchers the dispatchers; a request uses (client id mod count)
     */
    void AddService(Ipv4Address service, const std::vector<Ptr<Dispatcher>>& dispatchers);
    /**
     * \brief The router fails (the requests it holds are lost) or comes back
     * (with dispatchers that start afresh). Its links are the scenario's to
     * take down.
     * \param failed true when it fails, false when it recovers
     */
    void SetFailed(bool failed);
    /**
     * \brief Queue level: a packet arriving over a DirectLink (its receiver).
     * Requests to a service are resolved, held and sent on as packets are,
     * on the link to their entry (AddDirectRoute), or dropped as
     * NO_ROUTE_DROP; other packets (replies) are reported to a dispatcher
     * waiting for them and sent on towards their destination.
     * \param packet the packet
     */
    void ReceiveDirect(const DirectPacket& packet);
    /**
     * \param service a service address
     * \return its dispatchers (empty if unknown)
     */
    std::vector<Ptr<Dispatcher>> GetDispatchers(Ipv4Address service) const;

    /// \return requests resolved (sent on to an entry)
    uint64_t GetResolved() const;
    /// \return requests held by dispatchers that queue
    uint64_t GetHeld() const;
    /// \return requests sent whose reply a dispatcher waits for
    uint64_t GetAwaitingReply() const;
    /// \return requests forgotten after ReplyTimeout without a reply
    uint64_t GetExpired() const;
    /// \return drops by reason
    const std::map<std::string, uint64_t>& GetDrops() const;

    /**
     * \brief Print the service prefix and, per service, its dispatchers and
     * their compute vectors.
     * \param stream the output stream
     * \param unit time unit (unused: the time is printed in seconds)
     */
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

  protected:
    void DoDispose() override;

  private:
    /// A request on its way through the router (held, if its dispatcher queues).
    struct Held
    {
        Ptr<const Packet> packet;   //!< the request (null at queue level)
        Ipv4Header header;          //!< its IP header
        DirectPacket message;       //!< its request header; at queue level the whole packet
        UnicastForwardCallback ucb; //!< how to forward it
        ErrorCallback ecb;          //!< how to report an error
    };

    /// A service identifier served here.
    struct Service
    {
        std::vector<Ptr<Dispatcher>> dispatchers; //!< independent scheduling points
        std::deque<Held> held;                    //!< requests held (queueing dispatchers)
    };

    /**
     * \brief Resolve a service request; report a reply a dispatcher waits for.
     * \param p packet
     * \param header IP header
     * \param idev input device (unused)
     * \param ucb unicast forwarding
     * \param ecb error report
     * \return true if the packet was a service request (handled here)
     */
    bool DoRouteInput(Ptr<const Packet> p,
                      const Ipv4Header& header,
                      Ptr<const NetDevice> idev,
                      const UnicastForwardCallback& ucb,
                      const ErrorCallback& ecb) override;
    /**
     * \brief Schedule a request at its service's dispatcher (both levels).
     * \param service the service
     * \param h the request
     */
    void HandleRequest(Service& service, Held& h);
    /**
     * \brief Send a request to an entry of a dispatcher's compute vector.
     * \param d the dispatcher
     * \param target entry index
     * \param h the request
     * \return false if it was dropped (no route to the target)
     */
    bool Forward(Ptr<Dispatcher> d, uint32_t target, Held& h);
    /**
     * \brief Send what a queueing dispatcher releases.
     * \param service the service
     */
    void Drain(Service& service);
    /**
     * \param header IP header
     * \param p packet
     * \param reason why
     * \param ecb error report
     */
    void Drop(const Ipv4Header& header,
              Ptr<const Packet> p,
              const char* reason,
              const ErrorCallback& ecb);
    /**
     * \param h a request
     * \param reason why
     */
    void Drop(const Held& h, const char* reason);
    /**
     * \brief Report a reply crossing the router to the dispatcher waiting for it.
     * \param reply the reply's header
     */
    void NotifyReply(const ServiceRequestHeader& reply);

    /**
     * \param dst a destination \return whether it is in the service prefix
     * (Ipv4Mask::IsMatch inline: it is asked for every packet)
     */
    bool InService(Ipv4Address dst) const
    {
        return ((dst.Get() ^ m_prefix.Get()) & m_mask.Get()) == 0;
    }

    Ipv4Address m_prefix;                      //!< service prefix
    Ipv4Mask m_mask;                           //!< service prefix mask
    std::map<Ipv4Address, Service> m_services; //!< service table
    Held m_direct; //!< the request being received at queue level (reused)
    /// A request: (client id, request id).
    using RequestKey = std::pair<uint32_t, uint64_t>;
    /// request -> (service, entry) of requests awaiting a reply
    using AwaitingTable = std::map<RequestKey, std::pair<Ipv4Address, uint32_t>>;
    AwaitingTable m_awaiting[2]; //!< sent in this ReplyTimeout-long epoch, in the one before
    Time m_epochEnd;             //!< end of this epoch
    Time m_replyTimeout;         //!< how long a request waits for its reply (at least)
    uint64_t m_expired{0};       //!< requests forgotten without a reply
    uint64_t m_resolved{0};      //!< requests sent on
    std::map<std::string, uint64_t> m_drops;                       //!< drops per reason
    TracedCallback<const Ipv4Header&, Ipv4Address> m_resolveTrace; //!< resolution
    TracedCallback<const Ipv4Header&, Ptr<const Packet>, const std::string&> m_dropTrace; //!< drop
};

} // namespace rsched
} // namespace ns3

#endif // SEMANTIC_ROUTER_H
