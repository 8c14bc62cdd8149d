/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HOLDING_DISPATCHER_H
#define HOLDING_DISPATCHER_H

#include "request-dispatcher.h"

#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Base of the dispatchers that hold requests at their host and let
 * them go as the entries have room (STEAM's site queue, R2P2's JBSQ).
 *
 * It counts the requests in flight at each entry: one more when the host
 * sends a request there (Dispatched), one fewer when its reply comes back,
 * and none for an entry back from a failure (what it held was lost with
 * it). A subclass says what to release (DoRelease) and how many an entry
 * may hold (GetOutstandingBound); one that keeps the entries in an order
 * hears each change of count or availability through InFlightChanged, and
 * one that gives lost requests back may refuse to uncount a reply
 * (CountsReply) and set a count itself (SetInFlight).
 */
class HoldingDispatcher : public Dispatcher
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return true: the host queues every request and calls Release()
    bool HoldsRequests() const override;
    /// \return true: replies uncount their requests
    bool WantsReplies() const override;
    void NotifyReply(uint32_t target, const ServiceRequestHeader& reply) override;

    /**
     * \param target an entry
     * \return requests sent to it and not yet answered
     */
    uint32_t GetInFlight(uint32_t target) const;

  protected:
    /// Aborts: the host must use Release().
    uint32_t DoChoose(const ServiceRequestHeader& request, const Ipv4Header& header) override;
    void DoDispatched(const ServiceRequestHeader& request, uint32_t target) override;
    /// Every count starts at zero (InFlightChanged for each entry).
    void DoComputeVectorChanged() override;
    void DoAvailabilityChanged(uint32_t target, bool available) override;

    /**
     * \brief Set an entry's count (a subclass giving lost requests back).
     * \param target the entry
     * \param count its requests in flight
     */
    void SetInFlight(uint32_t target, uint32_t count);
    /**
     * \brief An entry's count or availability changed (nothing by default).
     * \param target the entry
     * \param before its count before the change
     */
    virtual void InFlightChanged(uint32_t target, uint32_t before);
    /**
     * \param target the entry that answered
     * \param reply the reply's header
     * \return true (the default) if the reply uncounts a request
     */
    virtual bool CountsReply(uint32_t target, const ServiceRequestHeader& reply);

  private:
    std::vector<uint32_t> m_inFlight; //!< sent, not answered, per entry
};

} // namespace rsched
} // namespace ns3

#endif // HOLDING_DISPATCHER_H
