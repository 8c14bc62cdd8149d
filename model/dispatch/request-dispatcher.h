/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REQUEST_DISPATCHER_H
#define REQUEST_DISPATCHER_H

#include "compute-vector.h"

#include "ns3/ipv4-header.h"
#include "ns3/service-request-header.h"
#include "ns3/target-chooser.h"
#include "ns3/traced-callback.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Base class of request dispatchers: "choose a target for this
 * request" among the entries of a compute vector.
 *
 * A dispatcher is hosted by a network element (a SemanticRouter, a
 * RackScheduler or a RequestClient), which reads the request's header
 * once and hands it to the dispatcher. Subclasses implement DoChoose; a new
 * compute vector (the orchestrator's signalling) may be installed at any
 * time with SetComputeVector. Dispatchers that track load hear about the
 * replies the host sees through NotifyReply, with the reply's header (and
 * so the load report a server piggy-backs on it).
 *
 * Placement constraints (a request type runs only on some entries): a host
 * asks Choose() with the allowed entries; dispatchers that can honour them
 * say so with SupportsCandidates() and implement DoChooseAmong().
 *
 * A dispatcher may also hold requests back (STEAM's site queue): if
 * HoldsRequests() is true, the host queues every request and asks
 * Release() which of them to send, and where, after each arrival and reply;
 * it reports each request it sends with Dispatched(). Hosts report the
 * replies to requests they sent (matched by client and request id) to
 * dispatchers whose WantsReplies() is true.
 *
 * A RequestClient may host one too (client-based scheduling), through the
 * TargetChooser seam: the entry's address for each request, and each
 * reply reported to the entry its locator names.
 */
class Dispatcher : public TargetChooser
{
  public:
    /**
     * \brief Signature of the Decision trace.
     * \param header the IP header of the request
     * \param target index of the chosen entry
     */
    typedef void (*DecisionTracedCallback)(const Ipv4Header& header, uint32_t target);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Install the targets (and their compute units).
     * \param vector a non-empty compute vector
     */
    void SetComputeVector(const ComputeVector& vector);
    /// \return the installed targets
    const ComputeVector& GetComputeVector() const;

    /**
     * \brief Choose a target for a request.
     * \param request the request's header, as the host read it
     * \param header its IP header
     * \return index of the chosen entry of the compute vector
     */
    uint32_t Choose(const ServiceRequestHeader& request, const Ipv4Header& header);
    /**
     * \brief Choose a target among some entries only (placement constraints).
     * \param request the request's header, as the host read it
     * \param header its IP header
     * \param candidates allowed entries, non-empty, in increasing order, each <
     *        GetComputeVector().GetN()
     * \return one of the candidates
     */
    uint32_t Choose(const ServiceRequestHeader& request,
                    const Ipv4Header& header,
                    const std::vector<uint32_t>& candidates);
    /// \return true if Choose() honours candidates (false by default)
    virtual bool SupportsCandidates() const;
    /**
     * \brief Check the attributes against each other before the run (a
     * scenario does it before it builds anything).
     * \param error receives the reason on failure
     * \return true if they are consistent (the default)
     */
    virtual bool CheckConfig(std::string& error) const;

    /**
     * \brief The host forwarded the reply to a request it had sent to a target.
     * \param target index of that entry
     * \param reply the reply's header (with the server's load report)
     */
    virtual void NotifyReply(uint32_t target, const ServiceRequestHeader& reply);
    /// \return true if the host must report replies (NotifyReply)
    virtual bool WantsReplies() const;
    /**
     * \param target an entry
     * \return the most requests the dispatcher lets be outstanding at the
     *         entry at once (0: no bound), which caps the entry's throughput
     *         at that many per round trip
     */
    virtual uint32_t GetOutstandingBound(uint32_t target) const;
    /**
     * \brief Record that a request was sent to an entry (done by Choose();
     * hosts call it for the requests a Release() lets go).
     * \param request the request's header
     * \param header its IP header
     * \param target the entry
     */
    void Dispatched(const ServiceRequestHeader& request, const Ipv4Header& header, uint32_t target);

    /// How many of the held requests to send now, and to which entry.
    struct ReleaseOrder
    {
        uint32_t target{0}; //!< entry to send them to
        uint32_t count{0};  //!< how many, from the head of the host's queue
    };

    /// \return true if the host must queue requests and call Release()
    virtual bool HoldsRequests() const;
    /**
     * \brief Decide which held requests to send now (dispatchers that hold
     * requests only). The host calls it until it returns false.
     * \param waiting requests held by the host
     * \param order receives the entry and the number to send (>= 1, <= waiting)
     * \return true if requests are to be sent
     */
    bool Release(uint32_t waiting, ReleaseOrder& order);

    /**
     * \brief The host's control plane learned that an entry failed or
     * recovered. Choose() avoids unavailable entries while an allowed entry
     * is available (among the candidates if the dispatcher honours them,
     * else by moving the choice to an available entry); dispatchers that
     * keep state per entry start it afresh when the entry comes back.
     * \param target an entry
     * \param available false when it failed, true when it recovered
     */
    void SetAvailable(uint32_t target, bool available);

    /**
     * \param target an entry
     * \return false while SetAvailable(target, false) is in force
     */
    bool IsAvailable(uint32_t target) const
    {
        return m_unavailableCount == 0 || !m_unavailable[target];
    }

    /// \return true unless SetAvailable() has taken every entry down
    bool HasAvailable() const
    {
        return m_unavailableCount < m_unavailable.size();
    }

    /**
     * \brief The host of a dispatcher that holds requests is called back
     * after SetAvailable(), to release what it holds to an entry back from a
     * failure, or to stop holding requests no entry can take.
     * \param wake the host's callback
     */
    void SetHostCallback(Callback<void> wake);

    /**
     * \brief The host failed and lost what it knew (a switch's registers):
     * the dispatcher starts its state afresh, as with a new compute vector;
     * availability is the control plane's and stays.
     */
    void Restart();

    /// \return decisions per entry so far
    const std::vector<uint64_t>& GetDecisions() const;

    // The TargetChooser seam (a client hosts the dispatcher).
    Ipv4Address ChooseTarget(const ServiceRequestHeader& request, Ipv4Address service) override;
    void NotifyTargetReply(const ServiceRequestHeader& reply) override;
    int64_t AssignStreams(int64_t stream) override;

  protected:
    /**
     * \param request the request's header
     * \param header its IP header
     * \return index of the chosen entry
     */
    virtual uint32_t DoChoose(const ServiceRequestHeader& request, const Ipv4Header& header) = 0;
    /**
     * \param request the request's header
     * \param header its IP header
     * \param candidates allowed entries (non-empty)
     * \return one of them (the default aborts: see SupportsCandidates)
     */
    virtual uint32_t DoChooseAmong(const ServiceRequestHeader& request,
                                   const Ipv4Header& header,
                                   const std::vector<uint32_t>& candidates);
    /**
     * \brief A request was sent to an entry (by Choose() or a Release()).
     * \param request the request's header
     * \param target the entry
     */
    virtual void DoDispatched(const ServiceRequestHeader& request, uint32_t target);
    /// A new compute vector has been installed.
    virtual void DoComputeVectorChanged();
    /**
     * \brief An entry became unavailable or available again (SetAvailable).
     * \param target the entry
     * \param available its new state
     */
    virtual void DoAvailabilityChanged(uint32_t target, bool available);
    /**
     * \param waiting requests held by the host
     * \param order receives the entry and the number to send
     * \return true if requests are to be sent (default: never)
     */
    virtual bool DoRelease(uint32_t waiting, ReleaseOrder& order);

  private:
    ComputeVector m_vector;            //!< targets
    std::vector<uint64_t> m_decisions; //!< decisions per entry
    std::vector<bool> m_unavailable;   //!< entries the control plane knows to be down
    uint32_t m_unavailableCount{0};    //!< how many
    std::vector<uint32_t> m_available; //!< the other entries (kept while some are down)
    std::vector<uint32_t> m_allowed;   //!< scratch: candidates that are available
    Callback<void> m_hostWake;         //!< SetHostCallback()
    TracedCallback<const Ipv4Header&, uint32_t> m_decisionTrace; //!< decision
};

} // namespace rsched
} // namespace ns3

#endif // REQUEST_DISPATCHER_H
