/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REPORTED_LOAD_TRACKER_H
#define REPORTED_LOAD_TRACKER_H

#include "load-tracker.h"

namespace ns3
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Load carried in replies (RackSched's in-band telemetry variants):
 * each reply overwrites the entry's load with the figure its server wrote
 * into it when it completed the request.
 *
 * Report picks the figure: QueueLength (INT1, requests waiting at the
 * server), Outstanding (INT2, requests at the server, waiting or in
 * service) or OutstandingWork (INT3, the service time of those requests,
 * in ns). Between two replies from a server its load is what the last one
 * said: a burst of requests sent to an idle-looking server is not seen
 * until the replies come back, which is the staleness the paper measures.
 */
class ReportedLoadTracker : public LoadTracker
{
  public:
    /// Which load report of the reply is used.
    enum Report
    {
        QUEUE_LENGTH,     //!< INT1
        OUTSTANDING,      //!< INT2
        OUTSTANDING_WORK, //!< INT3
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// Nothing: the load changes with replies only.
    void Dispatched(uint32_t target) override;
    void Replied(uint32_t target, const ServiceRequestHeader& reply) override;

  private:
    Report m_report{QUEUE_LENGTH}; //!< the figure used
};

} // namespace ns3

#endif // REPORTED_LOAD_TRACKER_H
