/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROACTIVE_LOAD_TRACKER_H
#define PROACTIVE_LOAD_TRACKER_H

#include "load-tracker.h"

namespace ns3
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief RackSched's proactive load tracking: the scheduling point counts
 * the requests it has sent to each entry and not yet seen answered (one up
 * on dispatch, one down on reply).
 *
 * The count is exact for the requests that cross this scheduling point and
 * needs nothing from the servers, which is why the paper finds it the best
 * of its tracking schemes: a burst sent to one server is seen at once. A
 * reply for which no request was counted (the tracker was reset, or the
 * request came through another path) does not take the count below zero.
 */
class ProactiveLoadTracker : public LoadTracker
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    void Dispatched(uint32_t target) override;
    void Replied(uint32_t target, const ServiceRequestHeader& reply) override;
};

} // namespace ns3

#endif // PROACTIVE_LOAD_TRACKER_H
