/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REPORTED_LOAD_TRACKER_H
#define REPORTED_LOAD_TRACKER_H

#include "load-tracker.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Load carried in replies (RackSched's in-band telemetry variants):
 * each reply overwrites the entry's load with the figure its server wrote
 * into it when it completed the request.
 *
 * Report picks the figure: Outstanding (the requests at the server, waiting
 * or in service, besides the one answered: what the authors' servers
 * report, the paper's INT1 and the default), OutstandingWork (the service
 * time of those requests in ns, INT3) or QueueLength (the requests waiting
 * only, not in the paper). INT2, which keeps only the least loaded server,
 * is a dispatcher of its own (LowestLoadDispatcher). Between two replies
 * from a server its load is what the last one said: a burst of requests
 * sent to an idle-looking server is not seen until the replies come back,
 * which is the staleness the paper measures.
 */
class ReportedLoadTracker : public LoadTracker
{
  public:
    /// Which load report of the reply is used.
    enum Report
    {
        QUEUE_LENGTH,     //!< requests waiting
        OUTSTANDING,      //!< requests at the server besides the one answered (INT1)
        OUTSTANDING_WORK, //!< their service time, in ns (INT3)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    /// Nothing: the load changes with replies only.
    void DoDispatched(int64_t& load,
                      std::size_t slot,
                      const ServiceRequestHeader& request) override;
    void DoReplied(int64_t& load, std::size_t slot, const ServiceRequestHeader& reply) override;

  private:
    Report m_report{OUTSTANDING}; //!< the figure used
};

} // namespace rsched
} // namespace ns3

#endif // REPORTED_LOAD_TRACKER_H
