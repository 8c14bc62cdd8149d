/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "power-of-k-dispatcher.h"

#include "../requests/request-scheduling-compat.h"
#include "proactive-load-tracker.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <numeric>

namespace ns3
{
namespace rsched
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
                          EnumValue(INDEPENDENT),
                          RS_MAKE_ENUM_ACCESSOR(Sampling, &PowerOfKDispatcher::m_sampling),
                          MakeEnumChecker(INDEPENDENT, "Independent", DISTINCT, "Distinct"))
            .AddAttribute("RandomShare",
                          "Share of requests sent to a uniformly random entry instead of the "
                          "least loaded, in [0, 1] (the authors' proactive and Shortest programs "
                          "use 0.25 against herding)",
                          DoubleValue(0),
                          MakeDoubleAccessor(&PowerOfKDispatcher::m_randomShare),
                          MakeDoubleChecker<double>(0, 1))
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
PowerOfKDispatcher::DoDispatched(const ServiceRequestHeader& request, uint32_t target)
{
    m_tracker->Dispatched(target, request);
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
PowerOfKDispatcher::Decide(const std::vector<uint32_t>& pool, uint8_t c, uint32_t& chosen)
{
    if (m_randomShare > 0 && m_pick->GetValue() < m_randomShare)
    {
        chosen = pool[m_pick->GetInteger(0, pool.size() - 1)];
        NS_LOG_LOGIC("chose " << chosen << " at random");
        return true;
    }
    if (m_k >= pool.size())
    {
        chosen = Tournament(pool, c);
        return true;
    }
    if (m_sampling == INDEPENDENT)
    {
        chosen = SampleIndependent(pool, c);
        return true;
    }
    return false;
}

uint32_t
PowerOfKDispatcher::DoChoose(const ServiceRequestHeader& request, const Ipv4Header& /* header */)
{
    uint32_t chosen = 0;
    return Decide(m_all, request.GetRequestClass(), chosen)
               ? chosen
               : SampleDistinct(m_all, request.GetRequestClass());
}

uint32_t
PowerOfKDispatcher::DoChooseAmong(const ServiceRequestHeader& request,
                                  const Ipv4Header& /* header */,
                                  const std::vector<uint32_t>& candidates)
{
    uint32_t chosen = 0;
    if (Decide(candidates, request.GetRequestClass(), chosen))
    {
        return chosen; // the candidates are read, not copied
    }
    m_scratch = candidates;
    return SampleDistinct(m_scratch, request.GetRequestClass());
}

void
PowerOfKDispatcher::Consider(uint32_t i,
                             uint32_t entry,
                             uint8_t c,
                             uint32_t& best,
                             int64_t& bestLoad) const
{
    int64_t load = m_tracker->GetLoad(entry, c);
    // Strictly less: ties go to the earlier sample.
    if (i == 0 || load < bestLoad)
    {
        best = entry;
        bestLoad = load;
    }
}

uint32_t
PowerOfKDispatcher::SampleIndependent(const std::vector<uint32_t>& pool, uint8_t c)
{
    auto last = static_cast<uint32_t>(pool.size() - 1);
    uint32_t best = 0;
    int64_t bestLoad = 0;
    for (uint32_t i = 0; i < m_k; ++i)
    {
        Consider(i, pool[m_pick->GetInteger(0, last)], c, best, bestLoad);
    }
    NS_LOG_LOGIC("chose " << best << " with load " << bestLoad << " among " << m_k
                          << " independent samples");
    return best;
}

uint32_t
PowerOfKDispatcher::SampleDistinct(std::vector<uint32_t>& pool, uint8_t c)
{
    // Partial Fisher-Yates: the first k places of the pool become k
    // distinct uniform samples, in the order drawn.
    auto n = static_cast<uint32_t>(pool.size());
    uint32_t best = 0;
    int64_t bestLoad = 0;
    for (uint32_t i = 0; i < m_k; ++i)
    {
        uint32_t j = i + m_pick->GetInteger(0, n - i - 1);
        std::swap(pool[i], pool[j]);
        Consider(i, pool[i], c, best, bestLoad);
    }
    NS_LOG_LOGIC("chose " << best << " with load " << bestLoad << " among " << m_k
                          << " distinct samples");
    return best;
}

uint32_t
PowerOfKDispatcher::Tournament(const std::vector<uint32_t>& pool, uint8_t c)
{
    m_scratch.assign(pool.begin(), pool.end());
    m_loads.resize(pool.size());
    for (std::size_t i = 0; i < pool.size(); ++i)
    {
        m_loads[i] = m_tracker->GetLoad(pool[i], c);
    }
    // Each round keeps the lesser of each pair (a coin flip if equal); an
    // odd one out goes through to the next round.
    std::size_t n = pool.size();
    while (n > 1)
    {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < n; i += 2, ++kept)
        {
            std::size_t w = i;
            if (i + 1 < n && (m_loads[i + 1] < m_loads[i] ||
                              (m_loads[i + 1] == m_loads[i] && m_pick->GetInteger(0, 1) == 1)))
            {
                w = i + 1;
            }
            m_scratch[kept] = m_scratch[w];
            m_loads[kept] = m_loads[w];
        }
        n = kept;
    }
    NS_LOG_LOGIC("chose " << m_scratch[0] << " with load " << m_loads[0] << ", the least of "
                          << pool.size());
    return m_scratch[0];
}

} // namespace rsched
} // namespace ns3
