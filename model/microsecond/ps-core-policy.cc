/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ps-core-policy.h"

#include "ns3/log.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("PsCorePolicy");

NS_OBJECT_ENSURE_REGISTERED(PsCorePolicy);

namespace
{
/// Departure times are rounded to the simulator's resolution (1 ns by
/// default): a request less than this much real time from its finish is done.
constexpr double kFinishSlack = 1e-9;
} // namespace

TypeId
PsCorePolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PsCorePolicy")
                            .SetParent<CorePolicy>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<PsCorePolicy>();
    return tid;
}

bool
PsCorePolicy::UsesNicQueues() const
{
    return false;
}

void
PsCorePolicy::DoDispose()
{
    m_departure.Cancel();
    CorePolicy::DoDispose();
}

uint32_t
PsCorePolicy::GetInService() const
{
    return m_tags.size();
}

Time
PsCorePolicy::GetBusyTime() const
{
    double busyCores = std::min<double>(m_tags.size(), GetWorkers());
    return m_busy + (PeekableScheduler::Now() - m_lastUpdate) * busyCores;
}

double
PsCorePolicy::Rate() const
{
    return m_tags.empty() ? 0.0 : std::min(1.0, double(GetWorkers()) / m_tags.size());
}

void
PsCorePolicy::Advance()
{
    Time dt = PeekableScheduler::Now() - m_lastUpdate;
    m_virtual += dt.GetSeconds() * Rate();
    m_busy += dt * std::min<double>(m_tags.size(), GetWorkers());
    m_lastUpdate = PeekableScheduler::Now();
}

void
PsCorePolicy::DoEnqueue(Handle h)
{
    NS_LOG_FUNCTION(this << h);
    Advance();
    ServerRequest& r = Get(h);
    r.firstStart = PeekableScheduler::Now();
    m_tags.push(Tag{m_virtual + r.work.GetSeconds(), h});
    m_startTrace(r, NO_WORKER);
    Reschedule();
}

void
PsCorePolicy::Reschedule()
{
    m_departure.Cancel();
    if (m_tags.empty())
    {
        return;
    }
    double delay = std::max(0.0, (m_tags.top().finish - m_virtual) / Rate());
    m_departure = Simulator::Schedule(Seconds(delay), &PsCorePolicy::Departure, this);
}

void
PsCorePolicy::Departure()
{
    Advance();
    // Virtual time advances at Rate() per second of real time.
    while (!m_tags.empty() && m_tags.top().finish <= m_virtual + kFinishSlack * Rate())
    {
        Handle h = m_tags.top().h;
        m_tags.pop();
        Finish(h);
    }
    Reschedule();
}

void
PsCorePolicy::DoWorkerIdle(uint32_t /* w */)
{
    // Workers are not used one request at a time under processor sharing.
}

uint64_t
PsCorePolicy::DoGetWaiting() const
{
    return 0;
}

} // namespace rsched
} // namespace ns3
