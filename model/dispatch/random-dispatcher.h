/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RANDOM_DISPATCHER_H
#define RANDOM_DISPATCHER_H

#include "request-dispatcher.h"

#include "ns3/random-variable-stream.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Uniformly random choice among the entries, blind to their compute
 * units (the "Random" baseline, and the site-local load balancer of the
 * site-random baseline).
 */
class RandomDispatcher : public Dispatcher
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RandomDispatcher();

    int64_t AssignStreams(int64_t stream) override;
    bool SupportsCandidates() const override;

  protected:
    uint32_t DoChoose(const ServiceRequestHeader& request, const Ipv4Header& header) override;
    uint32_t DoChooseAmong(const ServiceRequestHeader& request,
                           const Ipv4Header& header,
                           const std::vector<uint32_t>& candidates) override;

  private:
    Ptr<UniformRandomVariable> m_pick; //!< draws the entry
};

} // namespace rsched
} // namespace ns3

#endif // RANDOM_DISPATCHER_H
