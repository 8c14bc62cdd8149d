/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DFCFS_CORE_POLICY_H
#define DFCFS_CORE_POLICY_H

#include "core-policy.h"

#include <deque>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief Distributed FCFS (d-FCFS, "RSS"): every worker serves its own NIC
 * receive queue first come first served, to completion, with no stealing.
 *
 * Request i goes to worker nicQueue(i) mod workers; RSS chooses the queue.
 */
class DfcfsCorePolicy : public CorePolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \param w a worker
     * \return requests waiting in its queue
     */
    uint64_t GetQueueLength(uint32_t w) const;

  protected:
    void DoAttach() override;
    void DoEnqueue(Handle h) override;
    void DoWorkerIdle(uint32_t w) override;
    uint64_t DoGetWaiting() const override;

  private:
    std::vector<std::deque<Handle>> m_queues; //!< one FIFO per worker
    uint64_t m_waiting{0};                    //!< requests in all FIFOs
};

} // namespace rsched
} // namespace ns3

#endif // DFCFS_CORE_POLICY_H
