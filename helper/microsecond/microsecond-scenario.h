/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MICROSECOND_SCENARIO_H
#define MICROSECOND_SCENARIO_H

#include "ns3/distribution-spec.h"
#include "ns3/json-summary.h"
#include "ns3/multicore-server.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/request-scenario.h"
#include "ns3/scenario-options.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief Clients sending requests to one multi-core server over
 * point-to-point links: the scenario of the microsecond-scenario example, also
 * used by the tests and the benchmark.
 *
 * Each client node has its own link to the server node (DataRate
 * LinkRate, propagation delay drawn per packet from LinkDelay). The
 * aggregate request rate is load x workers x speed / E[service demand],
 * split evenly over the clients. Clients send during [0, Duration); the
 * simulation then runs until every request is answered, or Drain more.
 *
 * Level: at packet level (the default) requests and replies are UDP
 * packets over the links; at queue level (--level=queue) each client hands
 * its requests straight to the server and the server its replies straight
 * back (RequestClient::SetDirectSink, MulticoreServer::Deliver), with the
 * same draws, flows and RSS queues, so each request's server sojourn is
 * what packet level gives with zero link delay and an infinitely fast
 * link; the link options do not apply.
 *
 * The server's core policy is any ns3::CorePolicy, chosen by an
 * ObjectFactory (--intra=afp, --intra=ns3::AfpCorePolicy[Quantum=2us]);
 * the friendly options (--quantum, --reserved, ...) set the attribute of
 * that name on whichever policy has it.
 */
class MicrosecondScenario : public RequestScenario
{
  public:
    /// The example program that runs this scenario, and its name in the JSON.
    static constexpr const char* NAME = "microsecond-scenario";

    /// Parameters of the scenario.
    struct Parameters : public RequestScenario::Parameters
    {
        ObjectFactory policy; //!< the core policy (default d-FCFS)
        uint32_t cores{4};    //!< worker cores (compute units) of the server
        MulticoreServer::Scaling scaling{MulticoreServer::PARALLEL}; //!< cores or one faster core
        double load{0.5}; //!< utilisation of the worker cores
        DistributionSpec::Process arrival{DistributionSpec::Process::EXPONENTIAL}; //!< --arrival
        DistributionSpec service;        //!< service demand
        std::string workload;            //!< --workload's name (empty: the service is --service's)
        DistributionSpec linkDelay;      //!< per-packet propagation delay of each link
        std::string linkRate{"100Gbps"}; //!< link data rate
        MulticoreServer::RssMode rss{MulticoreServer::RSS_HASH}; //!< how the NIC picks a queue
        uint32_t clients{1};                                     //!< client nodes
        uint32_t flows{0};          //!< source ports per client (0: GetFlows() decides)
        Level level{Level::PACKET}; //!< packets, or none (RequestClient::SetDirectSink)

        Parameters();

        /**
         * \brief Choose the core policy.
         * \param text a short name or TypeId name, optionally with
         *        [Attribute=Value|...] (see TypeAliases)
         * \param error receives the reason on failure
         * \return false if \p text names no core policy or a bad attribute
         */
        bool SetPolicy(const std::string& text, std::string& error);
        /**
         * \brief Declare the scenario's options (see ScenarioOptions).
         * \param options where to declare them
         */
        void AddOptions(ScenarioOptions& options);
        /**
         * \brief Check the parameters together, the policy's own
         * constraints included (CorePolicy::CheckConfig).
         * \param error receives "invalid --OPTION=VALUE: reason" on failure
         * \return true if the scenario can run
         */
        bool Validate(std::string& error) const;
        /// \return the number of worker cores the server runs
        uint32_t GetWorkers() const;
        /// \return aggregate request rate (requests/s): --load x cores / E[S]
        double GetRate() const;
        /**
         * \return flows, or if 0: 64 when the source port picks the NIC
         * queue (hash RSS, a policy with NIC queues), else 1, as the port
         * then matters to nothing and each socket of a node lengthens
         * every packet's demultiplexing
         */
        uint32_t GetFlows() const;
        /**
         * \return "" if the policy reads NIC queues (RSS and the flows matter),
         *         else why they do nothing, for an error message
         */
        std::string NoNicQueue() const;
    };

    /**
     * \param parameters the parameters (must validate)
     */
    explicit MicrosecondScenario(const Parameters& parameters);
    ~MicrosecondScenario() override;

    void Build() override;
    /**
     * \brief The run's summary: the common keys, server sojourn per class,
     * utilisation of the workers and of the policy's special cores, the
     * policy and its attributes as it ran.
     * \return the summary
     */
    JsonSummary Summarize() const override;

    /// \return aggregate request rate (requests/s)
    double GetRate() const;
    /// \return share of the workers' time they were busy in [--warmup, --duration)
    double GetUtilisation() const;
    /// \return the server
    Ptr<MulticoreServer> GetServer() const;

  protected:
    /**
     * Also warns when the workers were busy at least SATURATED of the
     * time, and when the policy tells request classes apart
     * (CorePolicy::DistinguishesClasses) but only one class arrived.
     */
    void CheckResults() override;
    /// server:0 is the server; link:i the link of client i (packet level only).
    bool GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error) override;

  private:
    /// Worker utilisation from which a run is reported as saturated: its
    /// queues grow for as long as it lasts.
    static constexpr double SATURATED = 0.98;

    Parameters m_parameters;       //!< parameters
    NodeContainer m_clientNodes;   //!< client nodes
    Ptr<Node> m_serverNode;        //!< server node
    Ptr<MulticoreServer> m_server; //!< the server
    NetDeviceContainer m_devices;  //!< link i: devices 2i (client) and 2i + 1 (server)
};

} // namespace rsched
} // namespace ns3

#endif // MICROSECOND_SCENARIO_H
