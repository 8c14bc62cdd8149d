/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MULTICORE_SERVER_H
#define MULTICORE_SERVER_H

#include "core-policy.h"
#include "rss-hash.h"

#include "ns3/application.h"
#include "ns3/direct-link.h"
#include "ns3/hash-mix.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"
#include "ns3/request-stats.h"
#include "ns3/server-request.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief A multi-core server: requests arrive as UDP packets, a NIC stage
 * with RSS picks a receive queue per flow, a CorePolicy schedules them on
 * the worker cores, and each completed request is answered with a reply.
 *
 * Compute units: with Scaling=Parallel the server has ComputeUnits worker
 * cores at base speed; with Scaling=Scaled it has one worker that runs
 * ComputeUnits times faster (service time = demand / ComputeUnits). The
 * service demand comes from the request header.
 *
 * The server's sojourn time of a request is from its arrival at the NIC to
 * its completion. Drops carry a reason (MALFORMED_DROP, NOT_A_REQUEST_DROP,
 * SERVER_FULL_DROP, SOCKET_DROP, STOPPED_DROP, DEMAND_TOO_LARGE_DROP) and are
 * counted per reason; at any time received = completed + in system + dropped.
 * A request served whose reply cannot leave the node (its link is down) is
 * completed and also counted as a REPLY_UNROUTED_DROP.
 *
 * A request of several packets (ServiceRequestHeader packet count > 1) is
 * received when the last of its packets arrives (packets are counted per
 * (client, request) until then, GetAssembling()); it is then one request
 * like any other, with its arrival at that time.
 */
class MulticoreServer : public Application
{
  public:
    /// How compute units become cores.
    enum Scaling
    {
        PARALLEL, //!< ComputeUnits cores at base speed
        SCALED,   //!< one core at ComputeUnits x base speed
    };

    /// How the NIC spreads requests over its receive queues.
    enum RssMode
    {
        RSS_HASH,   //!< Toeplitz hash of the flow (a real NIC)
        RSS_RANDOM, //!< uniformly at random per request (the AFP authors' simulator)
    };

    static constexpr const char* MALFORMED_DROP = "Malformed packet";        //!< drop reason
    static constexpr const char* NOT_A_REQUEST_DROP = "Not a request";       //!< drop reason
    static constexpr const char* SERVER_FULL_DROP = "Server full";           //!< drop reason
    static constexpr const char* SOCKET_DROP = "Socket receive buffer full"; //!< drop reason
    static constexpr const char* STOPPED_DROP = "Server stopped";            //!< drop reason
    /// A request served whose reply could not leave the node (its link is down)
    static constexpr const char* REPLY_UNROUTED_DROP = "Reply not sent (no route)";
    /// drop reason: the request's work would take the server's outstanding
    /// work or completion times past half of Time's range (a corrupt or
    /// hostile demand on the wire: int64 nanoseconds would overflow)
    static constexpr const char* DEMAND_TOO_LARGE_DROP = "Service demand too large";

    /**
     * \brief Signature of the RequestArrival trace.
     * \param request the request
     */
    typedef void (*ArrivalTracedCallback)(const ServerRequest& request);
    /**
     * \brief Signature of the RequestComplete trace.
     * \param request the request
     * \param sojourn time from NIC arrival to completion
     */
    typedef void (*CompleteTracedCallback)(const ServerRequest& request, Time sojourn);
    /**
     * \brief Signature of the Drop trace.
     * \param packet the dropped packet
     * \param reason why it was dropped
     */
    typedef void (*DropTracedCallback)(Ptr<const Packet> packet, const std::string& reason);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    MulticoreServer();
    ~MulticoreServer() override;

    /// \return the intra-server policy
    Ptr<CorePolicy> GetPolicy() const;
    /// \return the number of worker cores
    uint32_t GetWorkers() const;
    /// \return the speed of each worker relative to the base speed
    double GetSpeed() const;
    /// \return the NIC's RSS function
    const RssHash& GetRss() const;
    /// \return sojourn-time statistics of the completed requests
    const RequestStats& GetStats() const;

    /// \return request packets received (valid or not)
    uint64_t GetReceived() const;
    /// \return requests completed
    uint64_t GetCompleted() const;
    /// \return requests at the server (waiting or in service)
    uint32_t GetInSystem() const;
    /// \return multi-packet requests of which some packets, not all, have arrived
    uint32_t GetAssembling() const;
    /// \return most requests ever at the server at once
    uint32_t GetPeakInSystem() const;
    /// \return drops by reason
    const std::map<std::string, uint64_t>& GetDrops() const;
    /// \return total drops
    uint64_t GetDropped() const;

    /**
     * \brief Queue level: a request straight from a client, without a
     * packet (RequestClient::SetDirectSink). It is admitted, queued and
     * served as a packet's would be; the reply goes straight back to the
     * client's ReceiveReply.
     * \param header the request
     * \param from the flow it came by (client address and source port, for RSS)
     * \param to the address it was sent to
     * \param client the client to answer
     */
    void Deliver(const ServiceRequestHeader& header,
                 const InetSocketAddress& from,
                 Ipv4Address to,
                 Ptr<RequestClient> client);

    /**
     * \brief Queue level through a network of DirectLinks: a request's
     * packet arriving (the receiver of the DirectLink to this server). A
     * multi-packet request is admitted when its last packet arrives, as
     * from the socket.
     * \param packet the packet
     */
    void DeliverDirect(const DirectPacket& packet);
    /**
     * \brief Queue level through a network: replies leave by \p link at
     * the moment the packet level would send them, to the request's source,
     * with ReplySize bytes of payload.
     * \param link the link from this server's node (null: replies go
     * straight to the client, or as packets)
     */
    void SetDirectUplink(Ptr<DirectLink> link);
    /**
     * \brief Queue level through a network: replies to \p host leave by
     * \p link (a node with several links, as the CArDS servers, one per
     * ingress); replies to other hosts by the uplink (SetDirectUplink).
     * \param host a client host's address
     * \param link the link from this server's node towards it
     */
    void AddDirectRoute(Ipv4Address host, Ptr<DirectLink> link);

    /**
     * \brief Use fixed random streams.
     * \param stream first stream index
     * \return number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// \param socket the socket with packets to read
    void HandleRead(Ptr<Socket> socket);
    /**
     * \brief Admit a request (the part common to packets and queue level).
     * \param header the request
     * \param local the address it was sent to
     * \param from its source
     * \param client queue level: the client to answer (null: reply by packet)
     * \param packet its packet (null at queue level), for the Drop trace
     */
    void Admit(const ServiceRequestHeader& header,
               Ipv4Address local,
               const InetSocketAddress& from,
               RequestClient* client,
               Ptr<const Packet> packet);
    /// \param h a completed request
    void HandleComplete(CorePolicy::Handle h);
    /**
     * \param packet the packet
     * \param reason why
     */
    void Drop(Ptr<const Packet> packet, const char* reason);
    /// \param packet a packet the socket dropped (receive buffer full)
    void SocketDrop(Ptr<const Packet> packet);
    /**
     * \brief Count a packet of a multi-packet request.
     * \param header its header (a request of several packets)
     * \return true if it is the request's last packet to arrive
     */
    bool Assemble(const ServiceRequestHeader& header);

    uint16_t m_port;                        //!< UDP port
    uint32_t m_computeUnits;                //!< compute units
    Scaling m_scaling;                      //!< how compute units become cores
    RssMode m_rssMode;                      //!< how the NIC picks a queue
    uint32_t m_maxRequests;                 //!< capacity (0: unlimited)
    uint32_t m_replySize;                   //!< reply packet payload size (bytes)
    Time m_warmUp;                          //!< requests sent before are not recorded
    bool m_exactQuantiles;                  //!< keep samples for exact quantiles
    Ptr<CorePolicy> m_policy;               //!< intra-server policy
    Ptr<UniformRandomVariable> m_rssRandom; //!< RSS_RANDOM draws
    Ptr<Socket> m_socket;                   //!< listening socket
    Ptr<DirectLink> m_uplink;               //!< queue level: replies leave by it
    std::unordered_map<uint32_t, Ptr<DirectLink>> m_directRoutes; //!< queue level: host -> link
    ServerRequestPool m_pool;                                     //!< requests at the server
    RssHash m_rss;                                                //!< NIC hash
    RequestStats m_stats;                                         //!< sojourn times
    uint64_t m_received{0};                                       //!< packets received
    uint64_t m_completed{0};                                      //!< requests completed
    uint64_t m_dropped{0};                                        //!< total drops
    uint32_t m_peak{0};                                           //!< peak requests in system
    bool m_stopped{false};                                        //!< StopApplication() has run
    Ipv4Address m_locator;      //!< configured locator (Any: derive)
    Ipv4Address m_localAddress; //!< locator in use (Any: per request)
    Time m_outstandingWork;     //!< work of the requests at the server

    /// The requests of one class at the server (ReportPerClass).
    struct ClassLoad
    {
        uint32_t requests{0}; //!< how many
        Time work;            //!< their service time
    };

    bool m_reportPerClass{false};            //!< replies report their class's load
    std::vector<ClassLoad> m_classLoad;      //!< per class (ReportPerClass)
    std::map<std::string, uint64_t> m_drops; //!< drops per reason

    /// Hash of a (client, request) pair.
    struct RequestKeyHash
    {
        /**
         * \param key (client id, request id)
         * \return its hash
         */
        std::size_t operator()(const std::pair<uint32_t, uint64_t>& key) const
        {
            return std::hash<uint64_t>()(key.second * HASH_GOLDEN_64 ^ key.first);
        }
    };

    /// packets seen per (client, request) of multi-packet requests not yet complete
    std::unordered_map<std::pair<uint32_t, uint64_t>, uint16_t, RequestKeyHash> m_assembling;

    TracedCallback<const ServerRequest&> m_arrivalTrace;               //!< arrival
    TracedCallback<const ServerRequest&, Time> m_completeTrace;        //!< completion
    TracedCallback<Ptr<const Packet>, const std::string&> m_dropTrace; //!< drop
};

} // namespace rsched
} // namespace ns3

#endif // MULTICORE_SERVER_H
