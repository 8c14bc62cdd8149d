/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RACKSCHED_SCENARIO_H
#define RACKSCHED_SCENARIO_H

#include "rack-helper.h"

#include "ns3/distribution-spec.h"
#include "ns3/json-summary.h"
#include "ns3/object-factory.h"
#include "ns3/power-of-k-dispatcher.h"
#include "ns3/request-scenario.h"
#include "ns3/scenario-options.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-racksched
 * \brief The RackSched paper's rack (Zhu et al., OSDI'20): clients behind
 * a top-of-rack switch that schedules requests over multi-core servers,
 * with RackSched's power-of-k and its baselines; the scenario of the
 * racksched-scenario example, the tests and the benchmark.
 *
 * The inter-server policy (--inter) is a dispatcher on the switch
 * (racksched, random, rr, shortest, sampling, jbsq, shinjuku) or on each
 * client (client: Client(N) with N independent clients, each with its own
 * view of the servers' load). The intra-server policy (--intra) is any
 * core policy, Shinjuku by default, set as the authors' servers for the
 * workload (MakeServerPolicy()). Requests arrive as a Poisson process at
 * --rate, or at --load times the rack's capacity (worker cores / mean
 * service time), spread evenly over the clients. The latency is the
 * clients' request completion time (sent to reply received); throughput
 * counts the replies received while the clients send, after the warm-up.
 *
 * Level: at packet level (the default) requests and replies are UDP
 * packets on point-to-point links; at queue level (--level=queue) they
 * travel without packets on DirectLinks of the same rate and delay
 * (RackHelper::InstallDirectLinks), which keep each link's serialisation
 * and FIFO queueing: the same requests reach the same servers at the same
 * times, several times faster.
 */
class RackSchedScenario : public RequestScenario
{
  public:
    /// The example program that runs this scenario, and its name in the JSON.
    static constexpr const char* NAME = "racksched-scenario";

    /// On, off, or as the authors' setup for the workload.
    enum class Switch
    {
        AUTO, //!< as the authors
        ON,   //!< on
        OFF,  //!< off
    };
    /// The words of --per-type-load.
    static const Choices<Switch> SWITCHES;
    /**
     * \param switchOnly leave out the policies whose clients choose
     * \return the inter-server policies' words (--inter), e.g. "racksched"
     */
    static std::vector<std::string> GetPolicyNames(bool switchOnly);
    /// The words of --sampling (PowerOfKDispatcher::Sampling).
    static const Choices<PowerOfKDispatcher::Sampling> SAMPLINGS;

    /// Parameters of the scenario.
    struct Parameters : public RequestScenario::Parameters
    {
        std::string policy{"racksched"}; //!< inter-server policy
        uint32_t k{2};                   //!< samples of power-of-k (sampling: 4 unless given)
        std::string tracking{"int1"};    //!< load tracking
        PowerOfKDispatcher::Sampling sampling{PowerOfKDispatcher::INDEPENDENT}; //!< how k are drawn
        double randomShare{0.25};            //!< share sent at random (shortest, proactive, int2)
        Switch perTypeLoad{Switch::AUTO};    //!< load per (server, type)
        uint32_t servers{8};                 //!< servers
        uint32_t workers{8};                 //!< worker cores per server
        std::string heterogeneous;           //!< "N:W": the last N servers have W workers
        ObjectFactory intra;                 //!< core policy of the servers
        std::string workload{"bimodal90"};   //!< named workload ("custom" with --service)
        DistributionSpec service;            //!< service demand
        double load{0.5};                    //!< utilisation of the rack's workers
        double rate{0};                      //!< request rate (0: from load)
        uint32_t packetsPerRequest{1};       //!< packets per request
        std::string priority;                //!< per-class priorities
        std::string weights;                 //!< per-class weights
        std::string placement;               //!< "CLASS:SERVERS;..."
        uint32_t clients{2};                 //!< client hosts
        uint32_t clientCount{100};           //!< independent clients of the client policy
        uint32_t jbsqBound{3};               //!< JBSQ(n) per worker core
        std::string linkRate{"40Gbps"};      //!< link data rate
        Time linkDelay{MicroSeconds(1)};     //!< link propagation delay
        uint32_t flows{64};                  //!< source ports per client application
        Level level{Level::PACKET};          //!< packets, or DirectLinks (no packets)
        bool kGiven{false};                  //!< --k was given
        bool intraGiven{false};              //!< --intra was given
        std::vector<std::string> intraNamed; //!< attributes --intra's brackets name
        std::set<std::string> shinjukuDefaults; //!< Shinjuku attributes given as ns-3 defaults

        Parameters();
        /**
         * \brief Declare the scenario's options.
         * \param options where to declare them
         */
        void AddOptions(ScenarioOptions& options);
        /// The options of the servers: the rack, the intra-server policy, the workload.
        /// \param options where to declare them
        void AddServerOptions(ScenarioOptions& options);
        /// The options of each server: --intra (Shinjuku with the authors'
        /// quantum by default) and --workload, as racks elsewhere use them.
        /// \param options where to declare them
        void AddIntraOptions(ScenarioOptions& options);
        /// The options of the traffic, the clients and the links.
        /// \param options where to declare them
        void AddTrafficOptions(ScenarioOptions& options);
        /// The common options, the attributes the options own, and the options
        /// the policy makes errors.
        /// \param options where to declare them
        void AddCommonAndChecks(ScenarioOptions& options);
        /**
         * \brief Check the parameters together.
         * \param error receives "invalid --OPTION=VALUE: reason" on failure
         * \return true if the scenario can run
         */
        bool Validate(std::string& error) const;
        /// \return worker cores of each server
        std::vector<uint32_t> GetWorkers() const;
        /// \return samples per decision of a power-of-k policy (0 for the others)
        uint32_t GetSamples() const;
        /// \return true if some requests go to a random server (--random-share applies)
        bool UsesRandomShare() const;
        /// \return true if loads are kept per (server, request type)
        bool PerTypeLoad() const;
        /// \return the request rate (requests/s)
        double GetRate() const;
        /**
         * \brief Parse --placement.
         * \param placement receives the allowed servers per class index
         * \param error receives the reason on failure
         * \return true on success
         */
        bool ParsePlacement(std::map<uint32_t, std::vector<uint32_t>>& placement,
                            std::string& error) const;
        /**
         * \brief The switch's (or each client's) dispatcher, without its
         * tracker (MakeTracker: each dispatcher needs one of its own).
         * \param factory receives the dispatcher's type and attributes
         * \param error receives the reason on failure
         * \return true on success
         */
        bool MakeDispatcher(ObjectFactory& factory, std::string& error) const;
        /**
         * \brief The load tracker of each dispatcher of a tracked policy.
         * \param factory receives the tracker's type and attributes
         * \return false if the policy tracks no load through a LoadTracker
         */
        bool MakeTracker(ObjectFactory& factory) const;
        /**
         * \brief The servers' core policy, with the authors' settings for
         * the workload (quantum; per-type queues, their rule and
         * preempted requests at the head) unless the user names them, and
         * per-class queues set from --priority and --weights.
         * \param factory receives the policy
         * \param error receives the reason on failure
         * \return true on success
         */
        bool MakeServerPolicy(ObjectFactory& factory, std::string& error) const;
    };

    /**
     * \param parameters the parameters (must validate)
     */
    explicit RackSchedScenario(const Parameters& parameters);
    ~RackSchedScenario() override;
    void Build() override;
    /**
     * \brief The common keys plus rate and throughput, latency per class,
     * per-server requests and utilisation, the switch's counters.
     * \return the summary
     */
    JsonSummary Summarize() const override;
    /// \return the rack
    const RackHelper& GetRack() const;

  protected:
    /**
     * server:S is server S; switch:0 the ToR; link:H the link of host H,
     * servers first (0 to servers - 1), then clients. The dispatchers (the
     * switch's, or each client's) stop choosing a failed server, or one cut
     * off by its link, when their control plane learns of it
     * (--fail-detection later), and take it back afresh when it recovers.
     */
    bool GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error) override;

  private:
    /// \return the dispatchers: the switch's, or each client's
    std::vector<Ptr<Dispatcher>> GetDispatchers() const;

    /**
     * \param header a reply
     * \param rct its completion time
     */
    void Completed(const ServiceRequestHeader& header, Time rct);
    /**
     * \param p a packet the switch dropped
     * \param reason why
     */
    void SwitchDrop(Ptr<const Packet> p, const std::string& reason);

    Parameters m_parameters;         //!< parameters
    RackHelper m_rack;               //!< the rack
    uint64_t m_completedInWindow{0}; //!< replies during [warm-up, duration)
};

} // namespace rsched
} // namespace ns3

#endif // RACKSCHED_SCENARIO_H
