/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CARDS_SCENARIO_H
#define CARDS_SCENARIO_H

#include "ns3/application-container.h"
#include "ns3/compute-vector.h"
#include "ns3/direct-link-helper.h"
#include "ns3/distribution-spec.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/json-summary.h"
#include "ns3/multicore-server-helper.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/packet.h"
#include "ns3/random-delay-link-helper.h"
#include "ns3/request-scenario.h"
#include "ns3/scenario-options.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

class Dispatcher;
class MulticoreServer;
class SemanticRouter;

/**
 * \ingroup request-scheduling-cards
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
 * Scheduling (at the semantic routers): an ingress dispatcher and, in the
 * routed deployments, a gateway dispatcher, each any ns3::Dispatcher chosen
 * by an ObjectFactory (see TypeAliases). The ingress has Schedulers/S
 * independent points (Schedulers in total, each client bound to one by
 * client id mod count; Schedulers = 1 is one counter shared by all
 * ingresses). Without gateways the ingress chooses among all instances;
 * with them it chooses among sites (site compute units aggregated) and the
 * gateway among its site's instances. SetScheduler() takes a dispatcher
 * (the ingress) or one of the paper's baselines:
 * - cards: CArDS WRR over the compute units of all instances;
 *   Deployment=routed schedules with CArDS at the gateways too;
 * - central: one CArDS counter shared by all ingresses (no path stretch);
 * - random: uniform over all instances at each ingress;
 * - site-random: CArDS over sites at the ingress, uniform over the site's
 *   instances at its gateway;
 * - steam: uniform over sites at the ingress, STEAM batches at the gateway.
 */
class CardsScenario : public RequestScenario
{
  public:
    /// The example program that runs this scenario, and its name in the JSON.
    static constexpr const char* NAME = "cards-scenario";

    /// Where requests are scheduled.
    enum class Deployment
    {
        INGRESS, //!< rewritten at the ingress
        ROUTED,  //!< hop by hop: the ingress's dispatcher at the site gateways too
    };
    /// The words of --deployment.
    static const Choices<Deployment> DEPLOYMENTS;
    /// The per-packet latency of the links.
    enum class Latency
    {
        EXPONENTIAL, //!< exponential around the mean, as the paper
        CONSTANT,    //!< always the mean
    };
    /// The words of --latency.
    static const Choices<Latency> LATENCIES;

    /// Parameters of the scenario.
    struct Parameters : public RequestScenario::Parameters
    {
        std::string scenario{"1"}; //!< 1, 2a, 2b, 2c or 3 (defaults, CU vectors)
        std::vector<std::vector<uint32_t>> computeUnits; //!< CU per instance per site
        std::string scheduler;                           //!< the name SetScheduler() was given
        ObjectFactory ingress;                           //!< dispatcher at the ingresses
        ObjectFactory gateway;  //!< dispatcher at the site gateways (unset: none)
        uint32_t schedulers{5}; //!< scheduling points at the ingresses, in all
        Deployment deployment{Deployment::INGRESS}; //!< where requests are scheduled
        uint32_t clients{1550};                     //!< clients
        MulticoreServer::Scaling scaling{MulticoreServer::PARALLEL}; //!< parallel or scaled units
        uint32_t transactionRequests{1};        //!< requests per transaction (1: packet level)
        Time transactionDuration;               //!< transaction length (0: by requests)
        bool holdUntilAffinity{false};          //!< requests wait for their transaction's instance
        Time joinWindow;                        //!< clients join within this
        DistributionSpec interArrival;          //!< per client
        DistributionSpec service;               //!< service time on one compute unit
        Time intraSiteMean{MicroSeconds(700)};  //!< ingress -- own gateway
        Time interSiteMean{MicroSeconds(3000)}; //!< ingress -- other gateways
        Latency latency{Latency::EXPONENTIAL};  //!< per-packet latency of the links
        uint32_t serverCapacity{16};            //!< C_Sv: compute units a server offers
        Level level{Level::PACKET};             //!< packets, or DirectLinks (no packets)

        Parameters();
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
         * \brief Choose the scheduling: one of the paper's baselines
         * (central, site-random, steam: see the class) or an ingress
         * dispatcher (a short name such as cards or random, or a TypeId
         * name, with attributes as NAME[Attribute=Value|...]).
         * \param text the choice
         * \param error receives the reason on failure
         * \return false if \p text names neither
         */
        bool SetScheduler(const std::string& text, std::string& error);
        /**
         * \brief Declare the scenario's options (see ScenarioOptions).
         * \param options where to declare them
         */
        void AddOptions(ScenarioOptions& options);
        /**
         * \param error receives "invalid --OPTION...: reason" on failure
         * \return true if the scenario can run
         */
        bool Validate(std::string& error) const;
        /// \return true if requests pass site gateways that schedule again
        bool UsesGateways() const;
        /// \return the dispatcher factory of the gateways (UsesGateways() must be true)
        ObjectFactory GetGatewayDispatcher() const;
    };

    /// The address clients send service requests to.
    static const Ipv4Address SERVICE_ADDRESS;
    /// UDP port of the service.
    static constexpr uint16_t SERVICE_PORT = 9000;

    /**
     * \param name 1, 2a, 2b, 2c or 3
     * \return the paper's compute units per instance per site (Table I), or empty
     */
    static std::vector<std::vector<uint32_t>> GetPaperComputeUnits(const std::string& name);

    /**
     * \param parameters the parameters (must validate)
     */
    explicit CardsScenario(const Parameters& parameters);
    ~CardsScenario() override;

    /// Build nodes, links, routing, instances, schedulers and clients.
    void Build() override;
    /// \return the run's summary (the common keys, per instance, routers)
    JsonSummary Summarize() const override;

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
    /// \return the aggregate offered load (utilisation of all compute units)
    double GetOfferedLoad() const;
    /**
     * \brief The highest utilisation of all compute units that the
     * dispatchers' bounds on outstanding requests allow (JBSQ's, STEAM's
     * in-flight limit): an entry with K outstanding at once, each for its
     * mean service time plus the mean network round trip from its
     * dispatcher, serves at most K per that time. Built scenarios only.
     * \return the cap, or -1 if no dispatcher has a bound
     */
    double GetBoundUtilisationCap() const;

  protected:
    /**
     * server:I is service instance I (site by site); switch:R router R,
     * the ingresses first (0 to sites - 1), then the site gateways; link:L
     * the L-th link built (see the doc). When the orchestrator learns that
     * an instance failed (--fail-detection later) it signals the
     * dispatchers that hold it (its site's gateway, or every ingress without
     * gateways) to leave it out, and an ingress to leave out a site whose
     * instances are all down; on recovery it signals them back.
     */
    bool GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error) override;

  private:
    /// Nodes and their IP stacks (semantic routing on the routers).
    void CreateNodes();
    /**
     * \brief Connect two nodes and address the link.
     * \param helper the link's helper
     * \param a first node
     * \param b second node
     * \param network the /24 of the link
     * \return the two interfaces
     */
    Ipv4InterfaceContainer Connect(RandomDelayLinkHelper& helper,
                                   Ptr<Node> a,
                                   Ptr<Node> b,
                                   const std::string& network);
    /**
     * \param ingress an ingress
     * \param site a site
     * \return the link helper with the latency between them (stream assigned)
     */
    RandomDelayLinkHelper& Wan(uint32_t ingress, uint32_t site);
    /// Ingress -- gateway -- servers, with the instances (routed deployments).
    void LinkSitesThroughGateways();
    /// Ingress -- server directly, with the instances (only the ingresses schedule).
    void LinkSitesDirectly();
    /**
     * \param node the server
     * \param site its site
     * \param units its compute units
     * \param locator its address
     */
    void AddInstance(Ptr<Node> node, uint32_t site, uint32_t units, Ipv4Address locator);
    /// Dispatchers on the ingresses and gateways, through OrchestratorHelper.
    void PlaceDispatchers();
    /// Clients, spread evenly over the ingresses, through RequestClientHelper.
    void InstallClients();
    /// Queue level: a DirectLink beside every link, the routers', servers'
    /// and clients' routes read from their IP routing (DirectLinkHelper).
    void InstallDirectLinks();
    /**
     * \param ip IP header of a packet a router dropped
     * \param p the packet
     * \param reason why
     */
    void RouterDrop(const Ipv4Header& ip, Ptr<const Packet> p, const std::string& reason);

    Parameters m_parameters;                        //!< parameters
    uint32_t m_sites{0};                            //!< number of sites
    NodeContainer m_ingress;                        //!< ingress routers
    NodeContainer m_gateways;                       //!< site gateways
    NodeContainer m_servers;                        //!< servers
    NodeContainer m_clientNodes;                    //!< one per ingress
    RandomDelayLinkHelper m_local;                  //!< links without delay
    RandomDelayLinkHelper m_wan;                    //!< random-latency links
    Ipv4AddressHelper m_addresses;                  //!< link addressing
    NetDeviceContainer m_devices;                   //!< every device
    DirectLinkHelper m_direct;                      //!< queue level: the links
    static constexpr int64_t CLIENT_STREAMS = 1000; //!< the clients' first random stream
    static constexpr int64_t OTHER_STREAMS = 10000; //!< the links' and dispatchers' first
    double m_boundCap{-1};                          //!< GetBoundUtilisationCap() once built
    int64_t m_stream{OTHER_STREAMS};                //!< next random stream (links, dispatchers)
    MulticoreServerHelper m_instanceHelper;         //!< service instances
    ApplicationContainer m_instanceApps;            //!< service instances
    std::vector<Ptr<MulticoreServer>> m_instances;  //!< service instances
    std::vector<uint32_t> m_instanceSite;           //!< site of each instance
    std::vector<uint32_t> m_instanceUnits;          //!< compute units of each
    std::vector<ComputeVector> m_siteVectors;       //!< instances of each site
    ComputeVector m_allInstances;                   //!< all instances
    std::vector<std::vector<Ipv4Address>> m_gatewayAddress; //!< [ingress][site] gateway address
    std::vector<uint32_t> m_siteInstancesDown;              //!< failed instances per site (known)
};

} // namespace rsched
} // namespace ns3

#endif // CARDS_SCENARIO_H
