/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "request-scheduling-test-utils.h"

#include "ns3/double.h"
#include "ns3/mixture-random-variable.h"
#include "ns3/simulator.h"

#include <cmath>

namespace ns3
{
namespace tests
{

PolicyDriver::PolicyDriver(Ptr<CorePolicy> policy,
                           uint32_t workers,
                           Ptr<RandomVariableStream> interArrival,
                           Ptr<RandomVariableStream> demand,
                           uint64_t requests,
                           uint64_t warmUp)
    : nicQueueOf([]() { return 0u; }),
      m_policy(policy),
      m_workers(workers),
      m_gap(interArrival),
      m_demand(demand),
      m_requests(requests),
      m_warmUp(warmUp)
{
}

void
PolicyDriver::Run()
{
    m_policy->Attach(&m_pool, m_workers, MakeCallback(&PolicyDriver::Complete, this));
    Simulator::ScheduleNow(&PolicyDriver::Arrive, this);
    Simulator::Run();
    m_end = Simulator::Now();
    m_policy->Dispose();
    Simulator::Destroy();
}

void
PolicyDriver::Arrive()
{
    CorePolicy::Handle h = m_pool.Allocate();
    if (h >= m_index.size())
    {
        m_index.resize(h + 1);
    }
    m_index[h] = m_generated++;
    ServerRequest& r = m_pool[h];
    r.arrival = Simulator::Now();
    r.work = Seconds(m_demand->GetValue());
    if (auto mix = DynamicCast<MixtureRandomVariable>(m_demand))
    {
        r.header.SetRequestClass(mix->GetLastComponent());
    }
    r.nicQueue = nicQueueOf();
    m_policy->Enqueue(h);
    if (m_generated < m_requests)
    {
        Simulator::Schedule(Seconds(m_gap->GetValue()), &PolicyDriver::Arrive, this);
    }
}

void
PolicyDriver::Complete(CorePolicy::Handle h)
{
    ++m_completed;
    if (m_index[h] >= m_warmUp)
    {
        m_sojourn.Add(Simulator::Now() - m_pool[h].arrival);
    }
    m_pool.Release(h);
}

const LatencySummary&
PolicyDriver::GetSojourn() const
{
    return m_sojourn;
}

uint64_t
PolicyDriver::GetCompleted() const
{
    return m_completed;
}

uint64_t
PolicyDriver::GetGenerated() const
{
    return m_generated;
}

uint64_t
PolicyDriver::GetRequests() const
{
    return m_requests;
}

Time
PolicyDriver::GetEnd() const
{
    return m_end;
}

double
MmcMeanSojourn(uint32_t c, double lambda, double mu)
{
    double a = lambda / mu; // offered load in servers
    double rho = a / c;
    // Erlang C via the numerically stable Erlang B recursion.
    double b = 1;
    for (uint32_t k = 1; k <= c; ++k)
    {
        b = a * b / (k + a * b);
    }
    double erlangC = b / (1 - rho * (1 - b));
    return erlangC / (c * mu - lambda) + 1 / mu;
}

Ptr<RandomVariableStream>
Exponential(double mean)
{
    auto e = CreateObject<ExponentialRandomVariable>();
    e->SetAttribute("Mean", DoubleValue(mean));
    return e;
}

} // namespace tests
} // namespace ns3
