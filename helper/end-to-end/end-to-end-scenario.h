/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef END_TO_END_SCENARIO_H
#define END_TO_END_SCENARIO_H

#include "ns3/ipv4-header.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/rack-helper.h"
#include "ns3/racksched-scenario.h"
#include "ns3/request-scenario.h"
#include "ns3/server-request.h"

#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

class Dispatcher;
class SemanticRouter;

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
 * Topology: client host c on its own access link to the ingress
 * (--access-delay); site s's switch on its own link to the ingress
 * (--site-delay); the rack's links as RackHelper's (40 Gbit/s, 1 us).
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

        Parameters();
        /**
         * \brief Declare the scenario's options.
         * \param options where to declare them
         */
        void AddOptions(ScenarioOptions& options);
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

  private:
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

    /// Sums over the requests the breakdown counts (ServerComplete()).
    struct Breakdown
    {
        uint64_t requests{0}; //!< completed requests sent after the warm-up
        Time toServer;        //!< send time to the server's NIC
        Time waiting;         //!< at the server, not being served
        Time service;         //!< service demanded
    };

    Parameters m_parameters;         //!< parameters
    Breakdown m_breakdown;           //!< where the completion time goes
    Ptr<Node> m_ingressNode;         //!< the ingress router
    NodeContainer m_clientNodes;     //!< client hosts
    std::vector<RackHelper> m_racks; //!< one rack per site
};

} // namespace rsched
} // namespace ns3

#endif // END_TO_END_SCENARIO_H
