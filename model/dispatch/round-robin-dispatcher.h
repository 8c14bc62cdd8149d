/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROUND_ROBIN_DISPATCHER_H
#define ROUND_ROBIN_DISPATCHER_H

#include "request-dispatcher.h"

#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Round robin over the entries, blind to load and to the
 * variability of service times (a RackSched baseline).
 *
 * One turn goes round the entries; with PerClass, each request class has a
 * turn of its own, as the authors' rr_schedule.p4 keeps one register per
 * request type (the UDP port), which separates the types only for the
 * workloads whose types have their own ports. With placement constraints
 * a turn goes to the next entry the request may use, in entry order
 * (candidates in increasing order: a binary search, O(log n)).
 */
class RoundRobinDispatcher : public Dispatcher
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    bool SupportsCandidates() const override;

  protected:
    uint32_t DoChoose(const ServiceRequestHeader& request, const Ipv4Header& header) override;
    uint32_t DoChooseAmong(const ServiceRequestHeader& request,
                           const Ipv4Header& header,
                           const std::vector<uint32_t>& candidates) override;
    void DoComputeVectorChanged() override;

  private:
    /**
     * \param request a request
     * \return the entry whose turn is next for its class (or for all)
     */
    uint32_t& Next(const ServiceRequestHeader& request);

    bool m_perClass{false};       //!< one turn per request class
    std::vector<uint32_t> m_next; //!< per turn: the entry whose turn is next
};

} // namespace rsched
} // namespace ns3

#endif // ROUND_ROBIN_DISPATCHER_H
