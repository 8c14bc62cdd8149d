/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "shinjuku-core-policy.h"

#include "../requests/request-scheduling-compat.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("ShinjukuCorePolicy");

NS_OBJECT_ENSURE_REGISTERED(ShinjukuCorePolicy);

TypeId
ShinjukuCorePolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ShinjukuCorePolicy")
            .SetParent<CfcfsCorePolicy>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<ShinjukuCorePolicy>()
            .AddAttribute("Quantum",
                          "Longest time a request runs before it is preempted",
                          TimeValue(MicroSeconds(5)),
                          MakeTimeAccessor(&ShinjukuCorePolicy::m_quantum),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("PreemptionOverhead",
                          "Worker time spent on each preemption (interrupt, context switch)",
                          TimeValue(NanoSeconds(0)),
                          MakeTimeAccessor(&ShinjukuCorePolicy::m_preemptionOverhead),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("QueuePerClass",
                          "One queue per request class, served in turn, instead of one FIFO",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ShinjukuCorePolicy::m_queuePerClass),
                          MakeBooleanChecker())
            .AddAttribute(
                "ClassScheduling",
                "With QueuePerClass, which class queue an idle worker serves: "
                "RoundRobin, Priority (highest ClassWeights first), WeightedFair "
                "(worker time in proportion to ClassWeights) or OldestOverTarget (the "
                "longest wait of a queue's oldest request over its class's ClassWeights "
                "value, Shinjuku's multi-queue rule)",
                EnumValue(ROUND_ROBIN),
                RS_MAKE_ENUM_ACCESSOR(ClassScheduling, &ShinjukuCorePolicy::m_classScheduling),
                MakeEnumChecker(ROUND_ROBIN,
                                "RoundRobin",
                                PRIORITY,
                                "Priority",
                                WEIGHTED_FAIR,
                                "WeightedFair",
                                OLDEST_OVER_TARGET,
                                "OldestOverTarget"))
            .AddAttribute("PreemptedFirst",
                          "With QueuePerClass, a preempted request goes back to the head of "
                          "its class queue, not the tail",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ShinjukuCorePolicy::m_preemptedFirst),
                          MakeBooleanChecker())
            .AddAttribute("ClassWeights",
                          "Priority or weight of each class, \"w0,w1,...\" (classes beyond "
                          "the list have 1); weights must be > 0",
                          StringValue(""),
                          MakeStringAccessor(&ShinjukuCorePolicy::m_classWeights),
                          MakeStringChecker());
    return tid;
}

namespace
{

/**
 * \param text "w0,w1,..." (may be empty)
 * \param weights receives the values
 * \return false if an item is not a finite number
 */
bool
ParseWeights(const std::string& text, std::vector<double>& weights)
{
    weights.clear();
    if (text.empty())
    {
        return true;
    }
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
    {
        char* end = nullptr;
        double v = std::strtod(item.c_str(), &end);
        if (item.empty() || *end != '\0' || !std::isfinite(v))
        {
            return false;
        }
        weights.push_back(v);
    }
    return text.back() != ',';
}

} // namespace

bool
ShinjukuCorePolicy::CheckConfig(uint32_t workers, std::string& error) const
{
    if (!CfcfsCorePolicy::CheckConfig(workers, error))
    {
        return false;
    }
    std::vector<double> weights;
    if (!ParseWeights(m_classWeights, weights))
    {
        error = "ClassWeights \"" + m_classWeights + "\" is not a list of numbers";
        return false;
    }
    for (double v : weights)
    {
        if ((m_classScheduling == WEIGHTED_FAIR || m_classScheduling == OLDEST_OVER_TARGET) &&
            !(v > 0))
        {
            error = "ClassWeights \"" + m_classWeights + "\": weights must be > 0";
            return false;
        }
    }
    if (m_preemptedFirst && !m_queuePerClass)
    {
        error = "PreemptedFirst needs QueuePerClass";
        return false;
    }
    return true;
}

void
ShinjukuCorePolicy::DoAttach()
{
    ParseWeights(m_classWeights, m_weights); // checked by CheckConfig
    CfcfsCorePolicy::DoAttach();
}

double
ShinjukuCorePolicy::WeightOf(uint32_t c) const
{
    return c < m_weights.size() ? m_weights[c] : 1.0;
}

void
ShinjukuCorePolicy::Start(uint32_t w, Handle h)
{
    if (m_queuePerClass && m_classScheduling == WEIGHTED_FAIR)
    {
        // Charge the class the slice it is given, in virtual time.
        uint8_t c = Get(h).header.GetRequestClass();
        if (c >= m_virtualTime.size())
        {
            m_virtualTime.resize(c + 1, m_lastStart);
        }
        m_lastStart = std::max(m_lastStart, m_virtualTime[c]);
        Time slice = std::min(m_quantum, Get(h).remaining);
        m_virtualTime[c] += slice.GetDouble() / WeightOf(c);
    }
    Run(w, h, m_quantum);
}

void
ShinjukuCorePolicy::DoSliceEnd(uint32_t w, Handle /* h */)
{
    Handle preempted = Preempt(w, m_preemptionOverhead);
    NS_LOG_LOGIC("request " << preempted << " preempted on worker " << w);
    Queue(preempted, m_preemptedFirst);
}

void
ShinjukuCorePolicy::Admit(Handle h)
{
    Queue(h, false);
}

void
ShinjukuCorePolicy::Queue(Handle h, bool front)
{
    if (!m_queuePerClass)
    {
        CfcfsCorePolicy::Admit(h);
        return;
    }
    uint8_t c = Get(h).header.GetRequestClass();
    if (c >= m_classes.size())
    {
        m_classes.resize(c + 1);
    }
    if (m_classScheduling == WEIGHTED_FAIR && m_classes[c].empty())
    {
        // A class that was idle starts where the service is now, whether it
        // waits or starts at once: it cannot claim the time it was idle.
        if (c >= m_virtualTime.size())
        {
            m_virtualTime.resize(c + 1, m_lastStart);
        }
        m_virtualTime[c] = std::max(m_virtualTime[c], m_lastStart);
    }
    if (HasIdleWorker())
    {
        Start(GetIdleWorker(), h);
        return;
    }
    if (front)
    {
        m_classes[c].push_front(h);
    }
    else
    {
        m_classes[c].push_back(h);
    }
    ++m_classWaiting;
}

void
ShinjukuCorePolicy::DoWorkerIdle(uint32_t w)
{
    if (!m_queuePerClass)
    {
        CfcfsCorePolicy::DoWorkerIdle(w);
        return;
    }
    if (m_classWaiting == 0)
    {
        return;
    }
    uint32_t c = NextClass();
    Handle h = m_classes[c].front();
    m_classes[c].pop_front();
    --m_classWaiting;
    Start(w, h);
}

uint32_t
ShinjukuCorePolicy::NextClass()
{
    // Scan from the class whose turn it is, so equals go in turn. There
    // are few classes: a scan is cheaper than a heap.
    uint32_t n = m_classes.size();
    uint32_t best = n;
    double bestAge = 0; // OldestOverTarget: the best queue's head's wait over its target
    Time now = Simulator::Now();
    for (uint32_t i = 0; i < n; ++i)
    {
        uint32_t c = (m_next + i) % n;
        if (m_classes[c].empty())
        {
            continue;
        }
        double age = m_classScheduling == OLDEST_OVER_TARGET
                         ? (now - Get(m_classes[c].front()).arrival).GetDouble() / WeightOf(c)
                         : 0;
        if (best == n)
        {
            best = c;
            bestAge = age;
            if (m_classScheduling == ROUND_ROBIN)
            {
                break;
            }
        }
        else if ((m_classScheduling == PRIORITY && WeightOf(c) > WeightOf(best)) ||
                 (m_classScheduling == WEIGHTED_FAIR && m_virtualTime[c] < m_virtualTime[best]) ||
                 (m_classScheduling == OLDEST_OVER_TARGET && age > bestAge))
        {
            best = c;
            bestAge = age;
        }
    }
    m_next = best + 1;
    return best;
}

uint64_t
ShinjukuCorePolicy::DoGetWaiting() const
{
    return CfcfsCorePolicy::DoGetWaiting() + m_classWaiting;
}

} // namespace rsched
} // namespace ns3
