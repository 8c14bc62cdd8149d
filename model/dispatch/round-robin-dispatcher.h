/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROUND_ROBIN_DISPATCHER_H
#define ROUND_ROBIN_DISPATCHER_H

#include "request-dispatcher.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Round robin over the entries, blind to load and to the
 * variability of service times (a RackSched baseline).
 *
 * Each request class keeps its own turn, and cycles over the entries it
 * is allowed (placement constraints, availability): one step per request,
 * whatever the number of entries.
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
     * \param requestClass a class
     * \param n entries it cycles over
     * \return the position whose turn it is, in [0, n)
     */
    uint32_t Turn(uint8_t requestClass, std::size_t n);

    std::vector<uint32_t> m_next; //!< per class: position whose turn is next
};

} // namespace ns3

#endif // ROUND_ROBIN_DISPATCHER_H
