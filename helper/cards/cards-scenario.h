/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CARDS_SCENARIO_H
#define CARDS_SCENARIO_H

#include "ns3/application-container.h"
#include "ns3/compute-vector.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/json-summary.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/request-stats.h"
#include "ns3/scenario-options.h"
#include "ns3/service-request-header.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class Dispatcher;
class MulticoreServer;
class SemanticRouter;

/**
 * \ingroup request-scheduling
 * \brief The CArDS evaluation topology (Table I of the paper) with its
 * schedulers and baselines.
 *
 * Sites 0..S-1 each have one server per service instance; ingress node i
 * is at site i; the clients of ingress i run on one client node attached to
 * it (clients are spread evenly, client ids of ingress i are contiguous).
 * Two layouts, with the same latency on every path:
 * - when only the ingresses schedule (cards in the ingress deployment,
 *   central, random), ingress i has a link to every server; the link to a
 *   server of site j has an exponential per-packet delay of mean
 *   IntraSiteMean (700 us) if j == i, else InterSiteMean (3000 us);
 * - in the routed deployments (cards routed, site-random, steam) each site
 *   has a gateway (a semantic router) with local links to its servers, and
 *   the link from ingress i to gateway j has that delay.
 * Client-to-ingress and gateway-to-server links are local, without delay.
 * So a request crosses one random-latency link each way (intra-site if its
 * instance is at its ingress's site, else inter-site). All links run at
 * 10 Gbit/s: latency, not bandwidth, matters.
 *
 * Schedulers (at the semantic routers):
 * - cards: CArDS WRR over the compute units of all instances at each
 *   scheduling point; Schedulers points in total, Schedulers/S at each
 *   ingress, each client bound to one (client id mod count);
 *   Deployment=routed instead schedules over sites at the ingress (site
 *   compute units aggregated) and over local instances at the gateway;
 * - central: one CArDS counter shared by all ingresses (no path stretch);
 * - random: uniform over all instances at each ingress;
 * - site-random: CArDS over sites at the ingress, uniform over the site's
 *   instances at its gateway;
 * - steam: uniform over sites at the ingress, STEAM batches at the gateway.
 */
class CardsScenario
{
  public:
    /// Parameters of the scenario.
    struct Config
    {
        std::string scenario{"1"}; //!< 1, 2a, 2b, 2c or 3 (defaults, CU vectors)
        std::vector<std::vector<uint32_t>> computeUnits; //!< CU per instance per site
        std::string scheduler{"cards"};         //!< cards, central, random, site-random, steam
        uint32_t schedulers{5};                 //!< scheduling points (cards)
        std::string deployment{"ingress"};      //!< ingress or routed (cards)
        uint32_t clients{1550};                 //!< clients
        std::string scaling{"parallel"};        //!< parallel or scaled compute units
        uint32_t transactionRequests{1};        //!< requests per transaction (1: packet level)
        Time transactionDuration;               //!< transaction length (0: by requests)
        Time duration{Seconds(10)};             //!< clients send during [0, duration)
        Time joinWindow;                        //!< clients join within this
        Time warmUp;                            //!< requests sent before are not recorded
        Time drain{Seconds(60)};                //!< longest run after duration
        DistributionSpec interArrival;          //!< per client
        DistributionSpec service;               //!< service time on one compute unit
        Time intraSiteMean{MicroSeconds(700)};  //!< ingress -- own gateway
        Time interSiteMean{MicroSeconds(3000)}; //!< ingress -- other gateways
        std::string latency{"exp"};             //!< per-packet latency: exp or const
        uint32_t serverCapacity{16};            //!< C_Sv: compute units a server offers
        uint32_t steamBatch{50};                //!< STEAM batch size
        bool exactQuantiles{false};             //!< exact quantiles

        Config();
        /**
         * \brief Set the defaults of a paper scenario: its compute units,
         * and for scenario 3 the video workload (service U[1.6, 2.4] ms,
         * inter-arrival U[1.9, 2.1] s, 30 min, clients joining over 60 s).
         * \param name 1, 2a, 2b, 2c or 3
         * \param error receives the reason on failure
         * \return false for an unknown scenario
         */
        bool SetScenario(const std::string& name, std::string& error);
        /**
         * \param error receives "invalid --OPTION...: reason" on failure
         * \return true if the scenario can run
         */
        bool Validate(std::string& error) const;
    };

    /// The address clients send service requests to.
    static const Ipv4Address SERVICE_ADDRESS;
    /// UDP port of the service.
    static constexpr uint16_t SERVICE_PORT = 9000;

    /**
     * \param config the parameters (must validate)
     */
    explicit CardsScenario(const Config& config);
    ~CardsScenario();

    /// Build nodes, links, routing, instances, schedulers and clients.
    void Build();
    /// Run until every request is answered or the drain time ends.
    void Run();
    /// \return the run's summary (counts, RCT, per instance, speed)
    JsonSummary Summarize() const;
    /// \return completion-time statistics of all clients
    RequestStats GetClientStats() const;

    /// \return the service instances, site by site
    const std::vector<Ptr<MulticoreServer>>& GetInstances() const;
    /// \return the site of each instance
    const std::vector<uint32_t>& GetInstanceSites() const;
    /// \return the ingress routers
    std::vector<Ptr<SemanticRouter>> GetIngressRouters() const;
    /// \return the ingress nodes
    const NodeContainer& GetIngressNodes() const;
    /// \return the gateway routers (routed deployments)
    std::vector<Ptr<SemanticRouter>> GetGatewayRouters() const;
    /// \return the client applications (one per ingress)
    ApplicationContainer GetClients() const;
    /// \return requests sent
    uint64_t GetSent() const;
    /// \return replies received
    uint64_t GetCompleted() const;
    /// \return requests dropped (routers, servers, network)
    uint64_t GetDropped() const;
    /// \return the aggregate offered load (utilisation of all compute units)
    double GetOfferedLoad() const;

  private:
    /// \return true if requests pass site gateways (routed deployments)
    bool UsesGateways() const;
    /// Check whether everything is answered once sending has stopped.
    void CheckDrained();
    /**
     * \param header a reply
     * \param rct its completion time
     */
    void Completed(const ServiceRequestHeader& header, Time rct);
    /// \param p a packet dropped in the network
    void NetworkDrop(Ptr<const Packet> p);
    /**
     * \param ip IP header of a packet a router dropped
     * \param p the packet
     * \param reason why
     */
    void RouterDrop(const Ipv4Header& ip, Ptr<const Packet> p, const std::string& reason);

    Config m_config;                                        //!< parameters
    uint32_t m_sites{0};                                    //!< number of sites
    NodeContainer m_ingress;                                //!< ingress routers
    NodeContainer m_gateways;                               //!< site gateways
    NodeContainer m_servers;                                //!< servers
    NodeContainer m_clientNodes;                            //!< one per ingress
    std::vector<Ptr<MulticoreServer>> m_instances;          //!< service instances
    std::vector<uint32_t> m_instanceSite;                   //!< site of each instance
    std::vector<uint32_t> m_instanceUnits;                  //!< compute units of each
    std::vector<ComputeVector> m_siteVectors;               //!< instances of each site
    ComputeVector m_allInstances;                           //!< all instances
    std::vector<std::vector<Ipv4Address>> m_gatewayAddress; //!< [ingress][site] gateway address
    ApplicationContainer m_clients;                         //!< client applications
    uint64_t m_answered{0};                                 //!< replies
    uint64_t m_networkDrops{0};                             //!< packets lost in the network
    uint64_t m_routerRequestDrops{0};                       //!< clients' requests routers dropped
    double m_wallSeconds{0};                                //!< wall-clock time of Run()
    uint64_t m_events{0};                                   //!< events of Run()
    Time m_simulated;                                       //!< end time
    std::vector<Time> m_busyAtDuration;                     //!< instance busy time at duration
};

} // namespace ns3

#endif // CARDS_SCENARIO_H
