/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LCFS_CORE_POLICY_H
#define LCFS_CORE_POLICY_H

#include "core-policy.h"

#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief Last come, first served, non-preemptive: one shared stack, an idle
 * worker takes the newest waiting request and runs it to completion.
 *
 * The textbook foil for FCFS: the order of service ignores request sizes,
 * so the mean sojourn equals FCFS's (M/M/c: Erlang C) while the tail is far
 * longer, since a request that arrives to a busy server may be overtaken by
 * every later one. It also serves as the example of adding a core policy
 * (the module's documentation, "Adding a core policy").
 */
class LcfsCorePolicy : public CorePolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return false: one stack for all workers, whatever the NIC queue
    bool UsesNicQueues() const override;

  protected:
    void DoEnqueue(Handle h) override;
    void DoWorkerIdle(uint32_t w) override;
    uint64_t DoGetWaiting() const override;

  private:
    std::vector<Handle> m_stack; //!< waiting requests, newest last
};

} // namespace rsched
} // namespace ns3

#endif // LCFS_CORE_POLICY_H
