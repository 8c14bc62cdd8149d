/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "reported-load-tracker.h"

#include "../server/request-scheduling-compat.h"

namespace ns3
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
                          "The load report of the reply: QueueLength (INT1), Outstanding (INT2) "
                          "or OutstandingWork (INT3)",
                          EnumValue(QUEUE_LENGTH),
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
ReportedLoadTracker::Dispatched(uint32_t /* target */)
{
}

void
ReportedLoadTracker::Replied(uint32_t target, const ServiceRequestHeader& reply)
{
    switch (m_report)
    {
    case QUEUE_LENGTH:
        m_load[target] = reply.GetQueueLength();
        break;
    case OUTSTANDING:
        m_load[target] = reply.GetOutstanding();
        break;
    case OUTSTANDING_WORK:
        m_load[target] = reply.GetOutstandingWork().GetNanoSeconds();
        break;
    }
}

} // namespace ns3
