/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef END_TO_END_SCENARIO_H
#define END_TO_END_SCENARIO_H

#include "ns3/batchy-scenario.h"
#include "ns3/direct-link-helper.h"
#include "ns3/ipv4-header.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/rack-helper.h"
#include "ns3/racksched-scenario.h"
#include "ns3/request-scenario.h"
#include "ns3/request-stats.h"
#include "ns3/sdwan-scenario.h"
#include "ns3/sdwan-testbed-helper.h"
#include "ns3/server-request.h"

#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

class BatchySwitch;
class Dispatcher;
class FileTransferClient;
class SemanticRouter;
struct FileTransfer;

/**
 * \ingroup request-scheduling
 * \brief The schedulers composed: clients reach a service through a CArDS
 * ingress, which spreads the requests over sites; each site is a rack
 * behind a RackSched switch, whose servers run a core policy (AFP,
 * Shinjuku, Perséphone, d-FCFS, ...).
 *
 * Built only from the public helpers: the ingress is a SemanticRouter
 * (SemanticRouterHelper) whose service's compute vector holds each rack's
 * virtual address weighted by the rack's worker cores; each rack is a
 * RackHelper without clients of its own, linked to the ingress by
 * RackHelper::ConnectUplink(). Every layer is chosen by option: --inter at
 * the ingress (a dispatcher by short name or TypeId, with attributes),
 * --rack at each site's switch (RackSchedScenario's policies, as its
 * --inter), --intra on the servers (RackSchedScenario's --intra).
 *
 * With --wan, the clients are at a branch and reach the ingress over the
 * SD-WAN paper's testbed (SdwanTestbedHelper): their access links lead to a
 * branch router, the testbed's client-side host; the ingress is its
 * server-side host; the border routers run --wan (the splitter or an ECMP
 * baseline). The WAN also carries the SD-WAN paper's traffic: file
 * downloads from a server on the ingress node to a client on the branch
 * router (--transfers, --transfer-sizes) and each tunnel's background
 * (--wan-utilisation).
 *
 * With --gateway, each site's switch sits behind a Batchy software switch
 * (BatchySwitch, Ingress=Ipv4Hash): a bump in the wire of the site's link
 * (RackHelper::ConnectUplink), which runs the requests through a Batchy
 * pipeline (--gateway, --gateway-n, --gateway-m) under a buffer controller
 * (--gateway-controller) and lets the replies pass.
 *
 * Topology: client host c on its own access link to the ingress, or to the
 * branch router with --wan (--access-delay); site s's switch on its own
 * link to the ingress (--site-delay); the rack's links as RackHelper's
 * (40 Gbit/s, 1 us).
 * Requests conserve: sent = completed + in flight + dropped, with the
 * ingress's resolved requests and each switch's scheduled ones in the
 * summary.
 */
class EndToEndScenario : public RequestScenario
{
  public:
    /// The example's name.
    static constexpr const char* NAME = "end-to-end-scenario";
    /// The service's identifier (in the SemanticRouter's service prefix).
    static const Ipv4Address SERVICE_ADDRESS;

    /// Parameters of the scenario.
    struct Parameters : public RequestScenario::Parameters
    {
        std::string inter{"cards"};          //!< --inter as given
        ObjectFactory ingress;               //!< the ingress's dispatcher
        RackSchedScenario::Parameters rack;  //!< each rack: --rack, --intra, --workload
        std::vector<uint32_t> sites{4, 2};   //!< servers of each site
        uint32_t workers{4};                 //!< worker cores per server
        double load{0.5};                    //!< utilisation of all worker cores
        uint32_t clients{2};                 //!< client hosts
        uint32_t flows{64};                  //!< UDP source ports per client host
        std::string linkRate{"10Gbps"};      //!< access and site links' rate
        Time accessDelay{MicroSeconds(100)}; //!< client -- ingress propagation delay
        Time siteDelay{MicroSeconds(50)};    //!< ingress -- site switch propagation delay
        Level level{Level::PACKET};          //!< packets, or DirectLinks (no packets)
        std::string wanText{"none"};         //!< --wan as given
        /// The WAN when wanText is not "none": its router, links, queue,
        /// transfers (rate, downloadSizes) and background (utilisation)
        SdwanScenario::Parameters wan;
        std::string gatewayText{"none"}; //!< --gateway as given
        /// Each site's gateway when gatewayText is not "none": its pipeline,
        /// sizes (n, m) and controller
        BatchyScenario::Parameters gateway;

        Parameters();
        /**
         * \brief Declare the scenario's options.
         * \param options where to declare them
         */
        void AddOptions(ScenarioOptions& options);
        /**
         * \brief Declare the WAN's options (--wan and those it uses).
         * \param options where to declare them
         */
        void AddWanOptions(ScenarioOptions& options);
        /**
         * \brief Check the parameters together.
         * \param error receives "invalid --OPTION=VALUE: reason" on failure
         * \return true if the scenario can run
         */
        bool Validate(std::string& error) const;
        /// \return the worker cores of all sites
        uint32_t GetWorkers() const;
        /// \return the request rate of all clients (requests/s)
        double GetRate() const;
        /**
         * \brief Declare the site gateways' options (--gateway and those it uses).
         * \param options where to declare them
         */
        void AddGatewayOptions(ScenarioOptions& options);
        /**
         * \brief A site's gateway pipeline (with --gateway).
         * \param site the site
         * \param graph receives the pipeline, its flows sharing the site's
         *        expected request rate (its share of the worker cores)
         * \param error receives "invalid --OPTION=VALUE: reason" on failure
         * \return true if the pipeline is valid
         */
        bool MakeGatewayGraph(uint32_t site, DataFlowGraph& graph, std::string& error) const;
        /// \return true if each site has a Batchy gateway
        bool HasGateway() const;
        /**
         * \brief Check the WAN's parameters (with --wan).
         * \param error receives "invalid --OPTION=VALUE: reason" on failure
         * \return true if the WAN can be built
         */
        bool ValidateWan(std::string& error) const;
        /// \return true if the clients reach the ingress over the WAN
        bool HasWan() const;
        /// \return the WAN's tunnels: the splitter's levels, else 2
        uint32_t GetTunnels() const;
    };

    /**
     * \param parameters the parameters (must validate)
     */
    explicit EndToEndScenario(const Parameters& parameters);
    ~EndToEndScenario() override;

    void Build() override;
    JsonSummary Summarize() const override;

    /// \return the ingress's semantic router
    Ptr<SemanticRouter> GetIngress() const;
    /// \return the sites' racks
    const std::vector<RackHelper>& GetRacks() const;

  protected:
    /**
     * \brief --fail's parts: server i (numbered across the sites, in site
     * order; its rack's dispatcher is told), switch s (site s's switch: the
     * requests it holds are lost; the ingress is told) and link s (site s's
     * link to the ingress, through its gateway if any; the ingress is told).
     * \param fault the fault
     * \param target receives its interfaces and the schedulers' reactions
     * \param error receives the parts there are, on failure
     * \return true if the scenario has that part
     */
    bool GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error) override;

  private:
    /// Build the WAN between the branch router and the ingress (--wan).
    void BuildWan();
    /// Queue level: a DirectLink beside every link; the clients', ingress's,
    /// switches' and servers' queue-level paths, their routes read from
    /// their IP routing (DirectLinkHelper).
    void InstallDirectLinks();
    /// \return the WAN's part of the summary (--wan)
    JsonSummary SummarizeWan() const;
    /**
     * \brief Put a Batchy gateway (--gateway) on a node in the wire between
     * the ingress and a site's switch.
     * \param site the site
     * \param node the gateway's node (two devices: the ingress's, the switch's)
     */
    void InstallGateway(uint32_t site, Ptr<Node> node);
    /**
     * \brief Count a request a gateway dropped.
     * \param p the packet (from its IPv4 header on)
     * \param reason why
     */
    void GatewayDrop(Ptr<const Packet> p, const std::string& reason);
    /**
     * \brief Count a request a gateway's worker dropped.
     * \param p the packet (from its IPv4 header on)
     * \param flow its flow in the pipeline
     * \param reason why
     */
    void GatewayWorkerDrop(Ptr<const Packet> p, uint32_t flow, const std::string& reason);
    /**
     * \brief Count a request the ingress dropped (its clients' only).
     * \param ip the packet's IP header
     * \param p the packet
     * \param reason why
     */
    void RouterDrop(const Ipv4Header& ip, Ptr<const Packet> p, const std::string& reason);
    /**
     * \brief Count a request a site's switch dropped.
     * \param p the IP payload
     * \param reason why
     */
    void SwitchDrop(Ptr<const Packet> p, const std::string& reason);
    /**
     * \brief Add a completed request, sent after the warm-up, to the time
     * breakdown: from its send time to the server's NIC, waiting there, and
     * its service.
     * \param request the request
     * \param sojourn its time at the server
     */
    void ServerComplete(const ServerRequest& request, Time sojourn);

    /**
     * \brief A packet reached the datacenter's border router from a
     * tunnel: if a request sent after the warm-up, add its time so far to
     * the breakdown's WAN part.
     * \param p the packet (IP payload)
     * \param header its IP header
     * \param tunnel its tunnel
     */
    void WanArrival(Ptr<const Packet> p, const Ipv4Header& header, uint32_t tunnel);
    /**
     * \brief A site's switch sent a request to a server: if sent after the
     * warm-up, add its time so far to the breakdown's way to the switch.
     * \param request the request
     * \param server the server's index in the rack
     */
    void Scheduled(const ServiceRequestHeader& request, uint32_t server);
    /**
     * \param t a file transfer over the WAN that completed
     */
    void TransferCompleted(const FileTransfer& t);

    /// Sums over the requests the breakdown counts (ServerComplete()).
    struct Breakdown
    {
        uint64_t requests{0};    //!< completed requests sent after the warm-up
        Time toServer;           //!< send time to the server's NIC
        Time waiting;            //!< at the server, not being served
        Time service;            //!< service demanded
        uint64_t wanRequests{0}; //!< requests sent after the warm-up across the WAN
        Time toDatacenter;       //!< their send time to the datacenter's border router
        uint64_t switched{0};    //!< requests sent after the warm-up that a switch scheduled
        Time toSwitch;           //!< their send time to the switch's decision
    };

    Parameters m_parameters;         //!< parameters
    Breakdown m_breakdown;           //!< where the completion time goes
    Ptr<Node> m_ingressNode;         //!< the ingress router
    Ptr<Node> m_branchNode;          //!< the branch router (--wan)
    NodeContainer m_clientNodes;     //!< client hosts
    NetDeviceContainer m_access;     //!< the clients' links to their first hop
    DirectLinkHelper m_direct;       //!< queue level: the links
    std::vector<RackHelper> m_racks; //!< one rack per site
    std::vector<NetDeviceContainer>
        m_uplinks;                       //!< each site's link to the ingress (switch's, ingress's)
    Ptr<Dispatcher> m_ingressDispatcher; //!< the ingress's choice of site
    SdwanTestbedHelper m_wan;            //!< the WAN (--wan)
    Ptr<FileTransferClient> m_transfers; //!< the branch's downloads (--wan)
    std::vector<Ptr<BatchySwitch>> m_gateways; //!< each site's gateway (--gateway)
    RequestStats m_transferTimes;              //!< their completion times, after the warm-up
};

} // namespace rsched
} // namespace ns3

#endif // END_TO_END_SCENARIO_H
