/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REQUEST_SCHEDULING_TEST_UTILS_H
#define REQUEST_SCHEDULING_TEST_UTILS_H

#include "ns3/core-policy.h"
#include "ns3/random-variable-stream.h"
#include "ns3/request-stats.h"
#include "ns3/server-request.h"

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

/**
 * Duration of the slow test cases (paper trends, high-load theory checks):
 * `make test` runs QUICK cases, CI every case (RS_TEST_FULLNESS). ns-3.42
 * turned TestCase::TestDuration into the scoped TestCase::Duration.
 */
#if RS_NS3_VERSION_MINOR >= 42
#define RS_TEST_EXTENSIVE ns3::TestCase::Duration::EXTENSIVE
#else
#define RS_TEST_EXTENSIVE ns3::TestCase::EXTENSIVE
#endif

/**
 * The header declaring Ipv4GlobalRouting: ns-3.47 folded ipv4-global-routing.h
 * into global-routing.h (one template for IPv4 and IPv6).
 */
#if RS_NS3_VERSION_MINOR >= 47
#define RS_IPV4_GLOBAL_ROUTING_HEADER "ns3/global-routing.h"
#else
#define RS_IPV4_GLOBAL_ROUTING_HEADER "ns3/ipv4-global-routing.h"
#endif

namespace ns3
{
namespace rsched
{
namespace tests
{

/**
 * \ingroup request-scheduling
 * \brief Feeds a CorePolicy with a renewal arrival process directly (no
 * network), to compare the server's scheduling engine with queueing theory
 * using millions of requests in seconds.
 */
class PolicyDriver
{
  public:
    /**
     * \param policy the policy under test (not yet attached)
     * \param workers worker cores
     * \param interArrival inter-arrival times (s)
     * \param demand service times (s)
     * \param requests requests to generate
     * \param warmUp first requests not recorded
     */
    PolicyDriver(Ptr<CorePolicy> policy,
                 uint32_t workers,
                 Ptr<RandomVariableStream> interArrival,
                 Ptr<RandomVariableStream> demand,
                 uint64_t requests,
                 uint64_t warmUp);

    /// Chooses the NIC queue of each request (default: always 0).
    std::function<uint32_t()> nicQueueOf;

    /// Generate every request and run until all complete; destroys the simulator.
    void Run();
    /// \return sojourn times of the recorded requests
    const LatencySummary& GetSojourn() const;
    /// \return completed requests
    uint64_t GetCompleted() const;
    /// \return requests generated so far
    uint64_t GetGenerated() const;
    /// \return requests to generate in all
    uint64_t GetRequests() const;
    /// \return simulated time at the end
    Time GetEnd() const;

  private:
    /// Generate one request and schedule the next.
    void Arrive();
    /// \param h a completed request
    void Complete(CorePolicy::Handle h);

    Ptr<CorePolicy> m_policy;           //!< under test
    uint32_t m_workers;                 //!< workers
    Ptr<RandomVariableStream> m_gap;    //!< inter-arrival
    Ptr<RandomVariableStream> m_demand; //!< service time
    uint64_t m_requests;                //!< to generate
    uint64_t m_warmUp;                  //!< not recorded
    uint64_t m_generated{0};            //!< generated so far
    uint64_t m_completed{0};            //!< completed so far
    ServerRequestPool m_pool;           //!< requests
    std::vector<uint64_t> m_index;      //!< generation index per pool slot
    LatencySummary m_sojourn;           //!< recorded sojourns
    Time m_end;                         //!< end time
};

/// What happened to the requests of a ScriptedDriver.
struct ScriptOutcome
{
    std::map<uint32_t, Time> completion;                //!< request id -> completion time
    std::vector<std::pair<Time, uint32_t>> preemptions; //!< (time, request id)
    std::vector<std::pair<uint32_t, uint8_t>> starts;   //!< (worker, class), in order
    uint64_t events{0};                                 //!< simulator events of the run
};

/**
 * \ingroup request-scheduling
 * \brief Feeds a CorePolicy a script of requests (arrival time, work,
 * class, NIC queue) and records its decisions, to check a policy's rules
 * event by event.
 */
class ScriptedDriver
{
  public:
    /**
     * \param policy the policy under test (not yet attached)
     * \param workers worker cores
     */
    ScriptedDriver(Ptr<CorePolicy> policy, uint32_t workers);

    /**
     * \param at arrival time
     * \param work service time
     * \param cls request class
     * \param nic NIC queue
     * \return the request's id
     */
    uint32_t Add(Time at, Time work, uint8_t cls, uint32_t nic = 0);

    /// \return what happened, once every request has completed; destroys the simulator
    ScriptOutcome Run();

  private:
    /// One scripted request.
    struct Arrival
    {
        Time at;      //!< arrival time
        Time work;    //!< service time
        uint8_t cls;  //!< request class
        uint32_t nic; //!< NIC queue
    };

    /// \param id the request to enqueue now
    void Arrive(uint32_t id);
    /// \param h a completed request
    void Completed(CorePolicy::Handle h);
    /**
     * \param r a preempted request
     * \param w its worker
     */
    void Preempted(const ServerRequest& r, uint32_t w);
    /**
     * \param r a request starting
     * \param w its worker
     */
    void Started(const ServerRequest& r, uint32_t w);

    Ptr<CorePolicy> m_policy;        //!< under test
    uint32_t m_workers;              //!< worker cores
    std::vector<Arrival> m_arrivals; //!< the script
    ServerRequestPool m_pool;        //!< requests
    ScriptOutcome m_outcome;         //!< the record
};

/**
 * \param c servers
 * \param lambda arrival rate
 * \param mu service rate of one server
 * \return mean sojourn time of M/M/c FCFS (Erlang C)
 */
double MmcMeanSojourn(uint32_t c, double lambda, double mu);

/**
 * \param mean the mean
 * \return an exponential random variable with that mean
 */
Ptr<RandomVariableStream> Exponential(double mean);

} // namespace tests
} // namespace rsched
} // namespace ns3

#endif // REQUEST_SCHEDULING_TEST_UTILS_H
