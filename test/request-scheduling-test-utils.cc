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
namespace rsched
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

ScriptedDriver::ScriptedDriver(Ptr<CorePolicy> policy, uint32_t workers)
    : m_policy(policy),
      m_workers(workers)
{
}

uint32_t
ScriptedDriver::Add(Time at, Time work, uint8_t cls, uint32_t nic)
{
    m_arrivals.push_back({at, work, cls, nic});
    return m_arrivals.size() - 1;
}

ScriptOutcome
ScriptedDriver::Run()
{
    m_policy->TraceConnectWithoutContext("Preempt", MakeCallback(&ScriptedDriver::Preempted, this));
    m_policy->TraceConnectWithoutContext("Start", MakeCallback(&ScriptedDriver::Started, this));
    m_policy->Attach(&m_pool, m_workers, MakeCallback(&ScriptedDriver::Completed, this));
    for (uint32_t id = 0; id < m_arrivals.size(); ++id)
    {
        Simulator::Schedule(m_arrivals[id].at, &ScriptedDriver::Arrive, this, id);
    }
    Simulator::Run();
    m_outcome.events = Simulator::GetEventCount();
    m_policy->Dispose();
    Simulator::Destroy();
    return m_outcome;
}

void
ScriptedDriver::Arrive(uint32_t id)
{
    const Arrival& a = m_arrivals[id];
    CorePolicy::Handle h = m_pool.Allocate();
    ServerRequest& r = m_pool[h];
    r.arrival = Simulator::Now();
    r.work = a.work;
    r.nicQueue = a.nic;
    r.header.SetRequestClass(a.cls);
    r.header.SetRequestId(id);
    m_policy->Enqueue(h);
}

void
ScriptedDriver::Completed(CorePolicy::Handle h)
{
    m_outcome.completion[m_pool[h].header.GetRequestId()] = Simulator::Now();
    m_pool.Release(h);
}

void
ScriptedDriver::Preempted(const ServerRequest& r, uint32_t /* w */)
{
    m_outcome.preemptions.emplace_back(Simulator::Now(), r.header.GetRequestId());
}

void
ScriptedDriver::Started(const ServerRequest& r, uint32_t w)
{
    m_outcome.starts.emplace_back(w, r.header.GetRequestClass());
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
} // namespace rsched
} // namespace ns3
