/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "power-of-k-dispatcher.h"

#include "../server/request-scheduling-compat.h"
#include "proactive-load-tracker.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <numeric>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PowerOfKDispatcher");

NS_OBJECT_ENSURE_REGISTERED(PowerOfKDispatcher);

TypeId
PowerOfKDispatcher::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PowerOfKDispatcher")
            .SetParent<Dispatcher>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<PowerOfKDispatcher>()
            .AddAttribute("K",
                          "Entries sampled per request; as many as there are entries (or "
                          "more: then every entry) gives exact join-the-shortest-queue",
                          UintegerValue(2),
                          MakeUintegerAccessor(&PowerOfKDispatcher::m_k),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Sampling",
                          "How the K samples are drawn when K is below the number of entries: "
                          "Independent (uniform draws with replacement, RackSched's P4 program) "
                          "or Distinct (K different entries)",
                          EnumValue(DISTINCT),
                          RS_MAKE_ENUM_ACCESSOR(Sampling, &PowerOfKDispatcher::m_sampling),
                          MakeEnumChecker(INDEPENDENT, "Independent", DISTINCT, "Distinct"))
            .AddAttribute("LoadTracker",
                          "How the loads compared are tracked (ns3::ProactiveLoadTracker, "
                          "ns3::ReportedLoadTracker)",
                          PointerValue(),
                          MakePointerAccessor(&PowerOfKDispatcher::SetLoadTracker,
                                              &PowerOfKDispatcher::GetLoadTracker),
                          MakePointerChecker<LoadTracker>());
    return tid;
}

PowerOfKDispatcher::PowerOfKDispatcher()
    : m_k(2),
      m_pick(CreateObject<UniformRandomVariable>())
{
}

void
PowerOfKDispatcher::DoDispose()
{
    m_tracker = nullptr;
    Dispatcher::DoDispose();
}

int64_t
PowerOfKDispatcher::AssignStreams(int64_t stream)
{
    m_pick->SetStream(stream);
    return 1;
}

bool
PowerOfKDispatcher::SupportsCandidates() const
{
    return true;
}

bool
PowerOfKDispatcher::WantsReplies() const
{
    return true;
}

Ptr<LoadTracker>
PowerOfKDispatcher::GetLoadTracker() const
{
    return m_tracker;
}

void
PowerOfKDispatcher::SetLoadTracker(Ptr<LoadTracker> tracker)
{
    m_tracker = tracker ? tracker : Ptr<LoadTracker>(CreateObject<ProactiveLoadTracker>());
    m_tracker->Reset(GetComputeVector().GetN());
}

void
PowerOfKDispatcher::DoComputeVectorChanged()
{
    if (!m_tracker)
    {
        m_tracker = CreateObject<ProactiveLoadTracker>();
    }
    uint32_t n = GetComputeVector().GetN();
    m_tracker->Reset(n);
    m_all.resize(n);
    std::iota(m_all.begin(), m_all.end(), 0);
}

void
PowerOfKDispatcher::DoAvailabilityChanged(uint32_t target, bool available)
{
    // A server back from a failure is added afresh: the requests it lost
    // are never answered, and a proactive count would keep them forever.
    if (available && m_tracker && target < m_tracker->GetN())
    {
        m_tracker->Forget(target);
    }
}

void
PowerOfKDispatcher::DoDispatched(uint32_t target)
{
    m_tracker->Dispatched(target);
}

void
PowerOfKDispatcher::NotifyReply(uint32_t target, const ServiceRequestHeader& reply)
{
    if (target < m_tracker->GetN())
    {
        m_tracker->Replied(target, reply);
    }
}

bool
PowerOfKDispatcher::Independent(const std::vector<uint32_t>& pool) const
{
    return m_sampling == INDEPENDENT && m_k < pool.size();
}

uint32_t
PowerOfKDispatcher::DoChoose(Ptr<const Packet> /* packet */, const Ipv4Header& /* header */)
{
    return Independent(m_all) ? SampleIndependent(m_all) : Sample(m_all);
}

uint32_t
PowerOfKDispatcher::DoChooseAmong(Ptr<const Packet> /* packet */,
                                  const Ipv4Header& /* header */,
                                  const std::vector<uint32_t>& candidates)
{
    if (Independent(candidates))
    {
        return SampleIndependent(candidates); // read only: no copy
    }
    m_pool = candidates;
    return Sample(m_pool);
}

void
PowerOfKDispatcher::Consider(uint32_t i, uint32_t entry, uint32_t& best, int64_t& bestLoad) const
{
    int64_t load = m_tracker->GetLoad(entry);
    // Strictly less: ties go to the earlier sample.
    if (i == 0 || load < bestLoad)
    {
        best = entry;
        bestLoad = load;
    }
}

uint32_t
PowerOfKDispatcher::SampleIndependent(const std::vector<uint32_t>& pool)
{
    auto last = static_cast<uint32_t>(pool.size() - 1);
    uint32_t best = 0;
    int64_t bestLoad = 0;
    for (uint32_t i = 0; i < m_k; ++i)
    {
        Consider(i, pool[m_pick->GetInteger(0, last)], best, bestLoad);
    }
    NS_LOG_LOGIC("chose " << best << " with load " << bestLoad << " among " << m_k
                          << " independent samples");
    return best;
}

uint32_t
PowerOfKDispatcher::Sample(std::vector<uint32_t>& pool)
{
    // Partial Fisher-Yates: the first k places of the pool become k
    // distinct uniform samples, in the order drawn.
    uint32_t n = pool.size();
    uint32_t k = std::min(m_k, n);
    uint32_t best = 0;
    int64_t bestLoad = 0;
    for (uint32_t i = 0; i < k; ++i)
    {
        uint32_t j = i + (n - i > 1 ? m_pick->GetInteger(0, n - i - 1) : 0);
        std::swap(pool[i], pool[j]);
        Consider(i, pool[i], best, bestLoad);
    }
    NS_LOG_LOGIC("chose " << best << " with load " << bestLoad << " among " << k << " samples");
    return best;
}

} // namespace ns3
