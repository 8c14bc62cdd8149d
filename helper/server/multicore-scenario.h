/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MULTICORE_SCENARIO_H
#define MULTICORE_SCENARIO_H

#include "ns3/application-container.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/json-summary.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/queue-item.h"
#include "ns3/request-stats.h"
#include "ns3/scenario-options.h"
#include "ns3/service-request-header.h"

#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

namespace ns3
{

class MulticoreServer;

/**
 * \ingroup request-scheduling
 * \brief Clients sending requests to one multi-core server over
 * point-to-point links: the scenario of the multicore-server example, also
 * used by the tests and the benchmark.
 *
 * Each client node has its own link to the server node (DataRate
 * LinkRate, propagation delay drawn per packet from LinkDelay). The
 * aggregate request rate is load x workers x speed / E[service demand],
 * split evenly over the clients. Clients send during [0, Duration); the
 * simulation then runs until every request is answered, or Drain more.
 */
class MulticoreScenario
{
  public:
    /// Parameters of the scenario.
    struct Config
    {
        std::string policy{"dfcfs"};     //!< dfcfs, cfcfs, ps, shinjuku, psp or afp
        uint32_t cores{4};               //!< worker cores (compute units) of the server
        std::string scaling{"parallel"}; //!< parallel or scaled
        double load{0.5};                //!< utilisation of the worker cores
        std::string arrival{"exp"};      //!< exp, lognormal, uniform or constant
        DistributionSpec service;        //!< service demand
        DistributionSpec linkDelay;      //!< per-packet propagation delay of each link
        std::string linkRate{"100Gbps"}; //!< link data rate
        std::string rss{"hash"};         //!< hash or random
        Time dispatchOverhead;       //!< dispatcher (c-FCFS, Shinjuku) or classifier (PSP) time per
                                     //!< request
        std::optional<Time> quantum; //!< Shinjuku and AFP quantum (unset: the policy's default)
        std::optional<Time> preemptOverhead; //!< worker time per preemption (unset: the policy's)
        uint32_t reserved{1};                //!< Perséphone: workers reserved for short requests
        std::string handOut{"dispatcher"};   //!< Perséphone: dispatcher or worker hand-out
        uint32_t thresh{1000};               //!< AFP: starvation threshold
        std::string starvation{"global"};    //!< AFP: starvation counter, global or per-worker
        Time feedbackDelay;                  //!< AFP: run time before a long request is marked long
        Time duration{Seconds(1)};           //!< clients send during [0, duration)
        Time warmUp;                         //!< requests sent before are not recorded
        Time drain{Seconds(10)};             //!< longest run after duration
        uint32_t clients{1};                 //!< client nodes
        uint32_t flows{64};                  //!< source ports per client
        bool exactQuantiles{false};          //!< exact quantiles (memory O(requests))
        std::string recordsPath;             //!< per-request CSV (empty: none)

        Config();

        /**
         * \brief Check the parameters together (each option's own syntax is
         * checked by ScenarioOptions).
         * \param error receives "invalid --OPTION=VALUE: reason" on failure
         * \return true if the scenario can run
         */
        bool Validate(std::string& error) const;
    };

    /**
     * \param config the parameters
     */
    explicit MulticoreScenario(const Config& config);
    ~MulticoreScenario();

    /// Create nodes, links, addresses and applications.
    void Build();
    /// Run the simulation until every request is answered or the drain time ends.
    void Run();
    /**
     * \brief The run's summary: counts (sent, completed, dropped, in flight),
     * server sojourn and client completion-time statistics, per class,
     * utilisation, speed.
     * \return the summary
     */
    JsonSummary Summarize() const;

    /// \return aggregate request rate (requests/s)
    double GetRate() const;
    /// \return the server
    Ptr<MulticoreServer> GetServer() const;
    /// \return the clients
    ApplicationContainer GetClients() const;
    /// \return requests sent by all clients
    uint64_t GetSent() const;
    /// \return replies received by all clients
    uint64_t GetCompleted() const;
    /// \return completion-time statistics of all clients
    RequestStats GetClientStats() const;
    /// \return packets dropped in the network (device queues, queue discs, IP)
    uint64_t GetNetworkDrops() const;
    /// \return requests dropped by the server or in the network (each drop in
    /// the network loses one request: requests and replies are single packets)
    uint64_t GetDroppedRequests() const;

  private:
    /// \param p the dropped packet
    void NetworkDrop(Ptr<const Packet> p);
    /// \param item the dropped queue-disc item
    void QueueDiscDrop(Ptr<const QueueDiscItem> item);
    /**
     * \param header IP header
     * \param p packet
     * \param reason why
     * \param ipv4 the protocol
     * \param interface interface index
     */
    void IpDrop(const Ipv4Header& header,
                Ptr<const Packet> p,
                Ipv4L3Protocol::DropReason reason,
                Ptr<Ipv4> ipv4,
                uint32_t interface);
    /**
     * \param header the reply
     * \param rct completion time
     */
    void Completed(const ServiceRequestHeader& header, Time rct);
    /**
     * \param p a packet the server dropped
     * \param reason why
     */
    void ServerDrop(Ptr<const Packet> p, const std::string& reason);
    /// Stop the simulation if the clients have stopped and every request is accounted for.
    void CheckDrained();

    Config m_config;                          //!< parameters
    NodeContainer m_clientNodes;              //!< client nodes
    Ptr<Node> m_serverNode;                   //!< server node
    ApplicationContainer m_clients;           //!< client applications
    Ptr<MulticoreServer> m_server;            //!< the server
    uint64_t m_networkDrops{0};               //!< network drops
    uint64_t m_answered{0};                   //!< replies received by the clients
    uint64_t m_serverRequestDrops{0};         //!< requests the server dropped
    Time m_busyAtDuration;                    //!< worker busy time when sending stopped
    Time m_dispatcherBusyAtDuration;          //!< dispatcher busy time then
    double m_wallSeconds{0};                  //!< wall-clock time of Run()
    uint64_t m_events{0};                     //!< simulator events of Run()
    Time m_simulated;                         //!< simulated time at the end of Run()
    std::unique_ptr<std::ofstream> m_records; //!< per-request CSV
};

} // namespace ns3

#endif // MULTICORE_SCENARIO_H
