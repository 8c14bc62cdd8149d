/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RACK_SCHEDULER_H
#define RACK_SCHEDULER_H

#include "request-affinity-table.h"

#include "ns3/data-path-router.h"
#include "ns3/request-dispatcher.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-racksched
 * \brief RackSched's top-of-rack switch (Zhu et al., OSDI'20): schedules
 * each request arriving for the rack to one of its servers on the data
 * path, and learns the servers' load from the replies that pass back.
 *
 * A DataPathRouter on the ToR node. Requests are addressed to the rack's
 * VirtualAddress; for the first packet of a request the switch asks its
 * Dispatcher for a server (power-of-k over tracked load for RackSched,
 * any other dispatcher for the baselines), rewrites the destination to the
 * server's address and forwards it. The later packets of a multi-packet
 * request follow the first through a RequestAffinityTable (inserted on the
 * first packet, read on later ones, removed when the reply passes); a
 * collision in every stage is counted as an affinity miss and the request
 * goes to a hash of its identifiers, as in the authors' P4 code, so all
 * its packets still reach one server.
 *
 * Replies from the servers cross the switch: the dispatcher hears each
 * (with the load report the server wrote into it), so load tracking is as
 * stale as packet timing makes it. Dispatchers that hold requests (JBSQ)
 * get them queued here, in arrival order, up to QueueLimit (a switch's
 * buffer is finite; beyond it requests are dropped and counted), and
 * released as replies come back; the queue's peak is reported. An affinity
 * entry whose reply was lost is reclaimed after AffinityTimeout.
 *
 * Placement constraints: a request class may be restricted to a subset of
 * the servers (SetPlacement); the dispatcher chooses among those only.
 *
 * Malformed requests (not UDP, no well-formed request header) are dropped
 * and counted here (Drop trace), not reported to the IP layer, so that a
 * drop is counted once. Without a dispatcher the switch is a plain router (the
 * client-based baseline, where clients address servers themselves).
 */
class RackScheduler : public DataPathRouter
{
  public:
    static constexpr const char* MALFORMED_DROP = "Malformed request"; //!< drop reason
    static constexpr const char* NO_ROUTE_DROP = "No route to server"; //!< drop reason
    /// drop reason: held requests when the switch fails
    static constexpr const char* FAILED_DROP = "Lost in the failed switch";
    /// drop reason: held requests when no server is available
    static constexpr const char* NO_SERVER_DROP = "No server available";
    /// drop reason: a request to hold when QueueLimit requests are held
    static constexpr const char* QUEUE_FULL_DROP = "Switch queue full";

    /**
     * \brief Signature of the Schedule trace.
     * \param request the request header (first packet)
     * \param server index of the chosen server
     */
    typedef void (*ScheduleTracedCallback)(const ServiceRequestHeader& request, uint32_t server);
    /**
     * \brief Signature of the Drop trace.
     * \param packet the packet
     * \param reason why
     */
    typedef void (*DropTracedCallback)(Ptr<const Packet> packet, const std::string& reason);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RackScheduler();
    ~RackScheduler() override;

    /**
     * \brief Schedule requests with this dispatcher; its compute vector
     * lists the servers (address, worker cores).
     * \param dispatcher the dispatcher
     */
    void SetDispatcher(Ptr<Dispatcher> dispatcher);
    /**
     * \brief The switch fails (the requests it holds are lost) or comes
     * back (with a dispatcher that starts afresh: its registers were lost).
     * Its links are the scenario's to take down.
     * \param failed true when it fails, false when it recovers
     */
    void SetFailed(bool failed);
    /// \return the dispatcher (null: plain router)
    Ptr<Dispatcher> GetDispatcher() const;
    /**
     * \brief Restrict a request class to some servers.
     * \param requestClass the class
     * \param servers indices in the dispatcher's compute vector, non-empty
     */
    void SetPlacement(uint8_t requestClass, const std::vector<uint32_t>& servers);

    /**
     * \brief Queue level: a packet reaching the switch (the receiver of the
     * DirectLinks to it). Requests to VirtualAddress are scheduled, held and
     * dropped as their packets would be; replies from the servers are heard
     * by the dispatcher; every packet is forwarded on the link to its
     * (rewritten) destination (AddDirectRoute), or dropped as NO_ROUTE_DROP.
     * \param packet the packet
     */
    void ReceiveDirect(const DirectPacket& packet);

    /// \return requests scheduled (first packets sent to a server)
    uint64_t GetScheduled() const;
    /// \return packets of multi-packet requests that could not use the affinity table
    uint64_t GetAffinityMisses() const;
    /// \return the affinity table's peak occupancy
    uint32_t GetAffinityPeak() const;
    /// \return affinity entries reclaimed after AffinityTimeout
    uint64_t GetAffinityReclaimed() const;
    /// \return requests queued at the switch now (dispatchers that hold requests)
    uint32_t GetQueued() const;
    /// \return most requests queued at the switch at once
    uint32_t GetQueuePeak() const;
    /// \return drops by reason
    const std::map<std::string, uint64_t>& GetDrops() const;

  protected:
    void DoDispose() override;

  private:
    /// A request packet at the switch (queued there, for a holding dispatcher).
    struct Held
    {
        Ptr<const Packet> packet;   //!< the packet (null at queue level)
        Ipv4Header header;          //!< its IP header
        UnicastForwardCallback ucb; //!< how to forward it (packet level)
        DirectPacket message;       //!< its request header; at queue level the whole packet
    };

    bool DoRouteInput(Ptr<const Packet> p,
                      const Ipv4Header& header,
                      Ptr<const NetDevice> idev,
                      const UnicastForwardCallback& ucb,
                      const ErrorCallback& ecb) override;
    /**
     * \brief Schedule or forward a request packet.
     * \param request the packet, with its request header read
     */
    void HandleRequest(Held& request);
    /**
     * \brief Tell the dispatcher about a reply from server \p server.
     * \param server server index
     * \param reply the reply header
     */
    void HandleReply(uint32_t server, const ServiceRequestHeader& reply);
    /**
     * \param request a request
     * \return the server its identifiers hash to (among its class's servers)
     */
    uint32_t Fallback(const ServiceRequestHeader& request) const;
    /**
     * \param request a request packet
     * \param server the server it goes to
     */
    void Forward(Held& request, uint32_t server);
    /// Send what the dispatcher releases.
    void Drain();
    /**
     * \param p packet
     * \param reason why
     */
    void Drop(Ptr<const Packet> p, const char* reason);
    /**
     * \param request a request packet (either level)
     * \param reason why
     */
    void Drop(const Held& request, const char* reason);
    /**
     * \param c a request class
     * \return its allowed servers, or null if it may go anywhere
     */
    const std::vector<uint32_t>* PlacementOf(uint8_t c) const;

    Ipv4Address m_virtual;                           //!< the rack's address
    uint32_t m_stages;                               //!< affinity table stages
    uint32_t m_slots;                                //!< affinity slots per stage
    Time m_affinityTimeout;                          //!< age at which an entry may be reclaimed
    uint32_t m_queueLimit;                           //!< most requests held
    Ptr<Dispatcher> m_dispatcher;                    //!< inter-server policy
    std::unordered_map<uint32_t, uint32_t> m_server; //!< server address -> index
    std::vector<std::vector<uint32_t>> m_placement;  //!< allowed servers per class (empty: all)
    std::unique_ptr<RequestAffinityTable> m_table;   //!< request affinity
    std::deque<Held> m_held;                         //!< requests queued here
    Held m_direct;                           //!< the request being received at queue level (reused)
    std::vector<DirectLink*> m_serverLinks;  //!< queue level: link to each server
    uint32_t m_queuePeak{0};                 //!< most requests queued
    uint64_t m_scheduled{0};                 //!< requests scheduled
    uint64_t m_affinityMisses{0};            //!< affinity misses
    std::map<std::string, uint64_t> m_drops; //!< drops per reason
    TracedCallback<const ServiceRequestHeader&, uint32_t> m_scheduleTrace; //!< scheduled
    TracedCallback<Ptr<const Packet>, const std::string&> m_dropTrace;     //!< dropped
};

} // namespace rsched
} // namespace ns3

#endif // RACK_SCHEDULER_H
