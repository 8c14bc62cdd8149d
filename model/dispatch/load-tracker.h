/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LOAD_TRACKER_H
#define LOAD_TRACKER_H

#include "ns3/object.h"
#include "ns3/service-request-header.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief What a scheduling point believes about the load of each entry of
 * its compute vector (RackSched's load table).
 *
 * A dispatcher that compares loads (PowerOfKDispatcher) owns one tracker
 * and feeds it the two events it sees: a request sent to an entry and a
 * reply from an entry crossing the scheduling point. The tracker never
 * looks at the servers themselves, so its view is as stale as the replies
 * make it: staleness comes from packet timing, not from a model of it.
 * Subclasses decide how the two events change the load
 * (ReportedLoadTracker: the report piggy-backed on the reply;
 * ProactiveLoadTracker: count on dispatch, uncount on reply).
 */
class LoadTracker : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Track this many entries, all with load 0.
     * \param entries number of entries
     */
    void Reset(uint32_t entries);
    /// \return number of entries tracked
    uint32_t GetN() const;
    /**
     * \brief Start an entry afresh, at load 0 (a server back from a failure).
     * \param target the entry
     */
    void Forget(uint32_t target);

    /**
     * \param target an entry
     * \return its load as last tracked (unit depends on the tracker)
     */
    int64_t GetLoad(uint32_t target) const
    {
        return m_load[target];
    }

    /**
     * \brief A request was sent to an entry.
     * \param target the entry
     */
    virtual void Dispatched(uint32_t target) = 0;
    /**
     * \brief A reply from an entry crossed the scheduling point.
     * \param target the entry
     * \param reply the reply's header
     */
    virtual void Replied(uint32_t target, const ServiceRequestHeader& reply) = 0;

  protected:
    std::vector<int64_t> m_load; //!< load per entry
};

} // namespace ns3

#endif // LOAD_TRACKER_H
