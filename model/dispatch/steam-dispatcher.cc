/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "steam-dispatcher.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("SteamDispatcher");

NS_OBJECT_ENSURE_REGISTERED(SteamDispatcher);

TypeId
SteamDispatcher::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SteamDispatcher")
                            .SetParent<HoldingDispatcher>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<SteamDispatcher>()
                            .AddAttribute("BatchSize",
                                          "Requests dispatched to an instance at once",
                                          UintegerValue(50),
                                          MakeUintegerAccessor(&SteamDispatcher::m_batchSize),
                                          MakeUintegerChecker<uint32_t>(1))
                            .AddAttribute("InFlightLimit",
                                          "Most requests in flight per instance (0: BatchSize)",
                                          UintegerValue(0),
                                          MakeUintegerAccessor(&SteamDispatcher::m_inFlightLimit),
                                          MakeUintegerChecker<uint32_t>());
    return tid;
}

uint32_t
SteamDispatcher::GetOutstandingBound(uint32_t /* target */) const
{
    return m_inFlightLimit == 0 ? m_batchSize : m_inFlightLimit;
}

bool
SteamDispatcher::CheckConfig(std::string& error) const
{
    if (m_inFlightLimit != 0 && m_inFlightLimit < m_batchSize)
    {
        error = "InFlightLimit (" + std::to_string(m_inFlightLimit) +
                ") must be 0 or >= BatchSize (" + std::to_string(m_batchSize) + ")";
        return false;
    }
    return true;
}

void
SteamDispatcher::DoComputeVectorChanged()
{
    std::string error;
    NS_ABORT_MSG_UNLESS(CheckConfig(error), "SteamDispatcher: " << error);
    HoldingDispatcher::DoComputeVectorChanged();
}

bool
SteamDispatcher::DoRelease(uint32_t waiting, ReleaseOrder& order)
{
    const ComputeVector& v = GetComputeVector();
    uint32_t limit = GetOutstandingBound(0);
    bool found = false;
    double best = 0;
    for (uint32_t i = 0; i < v.GetN(); ++i)
    {
        if (!IsAvailable(i) || limit - std::min(limit, GetInFlight(i)) < m_batchSize)
        {
            continue;
        }
        double pressure =
            double(v.Get(i).computeUnits) * (double(waiting) - double(GetInFlight(i)));
        if (!found || pressure > best)
        {
            found = true;
            best = pressure;
            order.target = i;
        }
    }
    if (!found)
    {
        return false;
    }
    order.count = std::min({m_batchSize, limit - GetInFlight(order.target), waiting});
    NS_LOG_LOGIC("batch of " << order.count << " to entry " << order.target);
    return true;
}

} // namespace rsched
} // namespace ns3
