/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "reported-load-tracker.h"

#include "../requests/request-scheduling-compat.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(ReportedLoadTracker);

TypeId
ReportedLoadTracker::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ReportedLoadTracker")
            .SetParent<LoadTracker>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<ReportedLoadTracker>()
            .AddAttribute("Report",
                          "The load report of the reply: Outstanding (requests at the server "
                          "besides the one answered, INT1), OutstandingWork (their service time, "
                          "INT3) or QueueLength (requests waiting)",
                          EnumValue(OUTSTANDING),
                          RS_MAKE_ENUM_ACCESSOR(Report, &ReportedLoadTracker::m_report),
                          MakeEnumChecker(QUEUE_LENGTH,
                                          "QueueLength",
                                          OUTSTANDING,
                                          "Outstanding",
                                          OUTSTANDING_WORK,
                                          "OutstandingWork"));
    return tid;
}

void
ReportedLoadTracker::DoDispatched(int64_t& /* load */,
                                  std::size_t /* slot */,
                                  const ServiceRequestHeader& /* request */)
{
}

void
ReportedLoadTracker::DoReplied(int64_t& load,
                               std::size_t /* slot */,
                               const ServiceRequestHeader& reply)
{
    switch (m_report)
    {
    case QUEUE_LENGTH:
        load = reply.GetQueueLength();
        break;
    case OUTSTANDING:
        load = reply.GetOutstanding();
        break;
    case OUTSTANDING_WORK:
        load = reply.GetOutstandingWork().GetNanoSeconds();
        break;
    }
}

} // namespace rsched
} // namespace ns3
