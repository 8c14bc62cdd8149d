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
namespace rsched
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
 * Subclasses decide how the two events change a load (ReportedLoadTracker:
 * the report piggy-backed on the reply; ProactiveLoadTracker: count on
 * dispatch, uncount on reply).
 *
 * With PerClass, one load is kept per (entry, request class), as
 * RackSched's P4 programs keep one register per (server, request type),
 * the type read from the UDP port: a request is compared on the loads of
 * its own class only. The authors' servers then report the figure of the
 * answered request's type (MulticoreServer::ReportPerClass).
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
     * \brief Start an entry afresh, at load 0 in every class (a server back
     * from a failure).
     * \param target the entry
     */
    void Forget(uint32_t target);

    /**
     * \param target an entry
     * \param requestClass the class compared (ignored without PerClass)
     * \return its load as last tracked (unit depends on the tracker)
     */
    int64_t GetLoad(uint32_t target, uint8_t requestClass = 0) const
    {
        std::size_t i = Index(target, requestClass);
        return i < m_load.size() ? m_load[i] : 0;
    }

    /**
     * \brief A request was sent to an entry.
     * \param target the entry
     * \param request the request's header
     */
    void Dispatched(uint32_t target, const ServiceRequestHeader& request);
    /**
     * \brief A reply from an entry crossed the scheduling point.
     * \param target the entry
     * \param reply the reply's header
     */
    void Replied(uint32_t target, const ServiceRequestHeader& reply);

  protected:
    void DoDispose() override;
    /**
     * \brief Change a load for a request sent.
     * \param load the load of the request's entry (and class)
     * \param slot its index, for subclasses that keep more per load
     * \param request the request's header
     */
    virtual void DoDispatched(int64_t& load,
                              std::size_t slot,
                              const ServiceRequestHeader& request) = 0;
    /**
     * \brief Change a load for a reply seen.
     * \param load the load of the reply's entry (and class)
     * \param slot its index
     * \param reply the reply's header
     */
    virtual void DoReplied(int64_t& load, std::size_t slot, const ServiceRequestHeader& reply) = 0;
    /// Every load was reset: subclasses drop what they keep per slot.
    virtual void DoReset();
    /**
     * \brief One load was reset (its entry forgotten).
     * \param slot its index
     */
    virtual void DoForget(std::size_t slot);

    std::vector<int64_t> m_load; //!< load per slot (entry, or class x entries + entry)

  private:
    /**
     * \param target an entry
     * \param requestClass a class
     * \return the slot of its load
     */
    std::size_t Index(uint32_t target, uint8_t requestClass) const
    {
        return m_perClass ? std::size_t{requestClass} * m_entries + target : target;
    }

    /**
     * \param target an entry
     * \param requestClass a class
     * \return the slot of its load, added (at 0) if the class is new
     */
    std::size_t Slot(uint32_t target, uint8_t requestClass);

    bool m_perClass{false}; //!< one load per (entry, class)
    uint32_t m_entries{0};  //!< entries tracked
};

} // namespace rsched
} // namespace ns3

#endif // LOAD_TRACKER_H
