/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef STEAM_DISPATCHER_H
#define STEAM_DISPATCHER_H

#include "holding-dispatcher.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief The site scheduler of STEAM (Blöcher et al., INFOCOM 2020) as the
 * CArDS paper uses it as a baseline: requests wait in the site's queue and
 * are dispatched in batches to local instances, by maximum pressure.
 *
 * The dispatcher holds requests (the host router queues them). It keeps,
 * per instance, the number of requests sent and not yet answered (load
 * estimated from local instance state: a request sent counts up, its reply
 * seen by the router counts down; a request or reply lost on the way keeps
 * its instance's count up, as STEAM's own simulator does). An instance may take a batch when
 * InFlightLimit - in flight >= BatchSize; among those, the one with the
 * largest pressure r_i (Q - inflight_i) gets min(BatchSize, free slots, Q)
 * requests from the head of the queue, with r_i its compute units (its
 * service rate) and Q the queue length. Ties go to the lowest index. This
 * repeats while an instance can take a batch. With the default
 * InFlightLimit = BatchSize = 50 only instances with nothing in flight take
 * batches. Cross-site forwarding (STEAM's cooperation, its admission
 * control) is not modelled, as in the CArDS paper.
 */
class SteamDispatcher : public HoldingDispatcher
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// InFlightLimit (BatchSize if 0).
    uint32_t GetOutstandingBound(uint32_t target) const override;
    /// InFlightLimit must be 0 or at least BatchSize (a batch must fit).
    bool CheckConfig(std::string& error) const override;

  protected:
    bool DoRelease(uint32_t waiting, ReleaseOrder& order) override;
    /// Checks the attributes (CheckConfig) before the counts start.
    void DoComputeVectorChanged() override;

  private:
    uint32_t m_batchSize;     //!< requests per batch
    uint32_t m_inFlightLimit; //!< most requests in flight per instance (0: BatchSize)
};

} // namespace rsched
} // namespace ns3

#endif // STEAM_DISPATCHER_H
