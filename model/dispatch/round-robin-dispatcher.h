/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROUND_ROBIN_DISPATCHER_H
#define ROUND_ROBIN_DISPATCHER_H

#include "request-dispatcher.h"

namespace ns3
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Round robin over the entries, blind to load and to the
 * variability of service times (a RackSched baseline).
 *
 * With placement constraints the next allowed entry in the cyclic order
 * is taken, so each request type still cycles over its own servers.
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
    uint32_t DoChoose(Ptr<const Packet> packet, const Ipv4Header& header) override;
    uint32_t DoChooseAmong(Ptr<const Packet> packet,
                           const Ipv4Header& header,
                           const std::vector<uint32_t>& candidates) override;
    void DoComputeVectorChanged() override;

  private:
    uint32_t m_next{0}; //!< entry whose turn is next
};

} // namespace ns3

#endif // ROUND_ROBIN_DISPATCHER_H
