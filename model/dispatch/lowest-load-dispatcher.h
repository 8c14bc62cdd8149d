/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LOWEST_LOAD_DISPATCHER_H
#define LOWEST_LOAD_DISPATCHER_H

#include "request-dispatcher.h"

#include "ns3/random-variable-stream.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief RackSched's INT2 scheme: the scheduling point keeps a single
 * register, the entry with the lowest load reported so far and that load,
 * and sends requests there.
 *
 * This is what the authors' P4 program for INT2 does (a switch cannot
 * afford a minimum over all servers per packet): a reply whose reported
 * load (requests at the server, Outstanding) is at most the register's
 * makes its server the minimum; a reply from the server in the register
 * refreshes its load. Each request goes to a uniformly random entry with
 * probability RandomShare (the authors use 1/4, so that servers other than
 * the minimum are heard from), else to the registered minimum. With stale
 * reports it herds like JSQ between two replies of the minimum server.
 */
class LowestLoadDispatcher : public Dispatcher
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    LowestLoadDispatcher();
    int64_t AssignStreams(int64_t stream) override;
    /// \return true: the replies carry the loads
    bool WantsReplies() const override;
    void NotifyReply(uint32_t target, const ServiceRequestHeader& reply) override;
    /// \return the entry in the register
    uint32_t GetMinimum() const;

  protected:
    uint32_t DoChoose(const ServiceRequestHeader& request, const Ipv4Header& header) override;
    void DoComputeVectorChanged() override;
    void DoAvailabilityChanged(uint32_t target, bool available) override;

  private:
    double m_randomShare;              //!< share of requests sent at random
    uint32_t m_minimum{0};             //!< entry with the lowest load heard
    uint32_t m_minimumLoad{0};         //!< its load
    Ptr<UniformRandomVariable> m_pick; //!< draws
};

} // namespace rsched
} // namespace ns3

#endif // LOWEST_LOAD_DISPATCHER_H
