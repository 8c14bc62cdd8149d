/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDWAN_SCENARIO_H
#define SDWAN_SCENARIO_H

#include "sdwan-testbed-helper.h"

#include "ns3/distribution-spec.h"
#include "ns3/json-summary.h"
#include "ns3/object-factory.h"
#include "ns3/request-scenario.h"
#include "ns3/request-stats.h"
#include "ns3/scenario-options.h"
#include "ns3/wan-flow-monitor.h"

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

class BackgroundTrafficGenerator;
class FileTransferClient;
class WanFlowMonitor;
struct FileTransfer;

/**
 * \ingroup request-scheduling-sdwan
 * \brief The SD-WAN paper's experiment: a file-hosting client and server
 * over real ns-3 TCP across the testbed of SdwanTestbedHelper, with the
 * short/long flow splitter or ECMP on the border routers and Poisson UDP
 * background traffic on the tunnels; the scenario of the sdwan-scenario
 * example.
 *
 * A request is one TCP connection (a flow). Its completion time (FCT) is
 * measured at the border routers (WanFlowMonitor); flows are short or long
 * by their size: at most the (first) threshold is short, the class the
 * splitter gives a flow by its end, and the same classes in every mode
 * (ECMP runs take the threshold for that alone), so that the modes are
 * compared on the same flows; --short-size sets another limit. The
 * completion time seen by the client (connection opened to last byte)
 * is the module's common "rct" keys. Flows started before the warm-up are
 * not recorded. Flows are conserved: started = completed + in flight +
 * failed (with the TCP reason).
 */
class SdwanScenario : public RequestScenario
{
  public:
    /// The example program that runs this scenario, and its name in the JSON.
    static constexpr const char* NAME = "sdwan-scenario";

    /// Parameters of the scenario.
    struct Parameters : public RequestScenario::Parameters
    {
        ObjectFactory router;             //!< border routers' TunnelRouter
        std::string thresholds{"20"};     //!< splitter thresholds (packets)
        double utilisation{0.4};          //!< background share of the tunnels' capacity
        double rate{100};                 //!< requests per second
        DistributionSpec downloadSizes;   //!< packets
        DistributionSpec uploadSizes;     //!< packets
        double uploadShare{0.0005};       //!< share of requests that upload
        std::string queue{"1000p"};       //!< bottleneck queue size
        DistributionSpec splitterDelay;   //!< per-packet splitter cost
        Time wanDelay{MicroSeconds(250)}; //!< each WAN link
        Time lanDelay{MicroSeconds(5)};   //!< each LAN link
        std::string wanRate{"1Gbps"};     //!< WAN links
        std::string lanRate{"10Gbps"};    //!< LAN and generator links
        std::string tcp;                  //!< congestion control (empty: ns-3's default)
        bool sack{true};                  //!< TCP selective acknowledgements
        uint32_t shortSize{0};            //!< largest short flow (packets; 0: the first threshold)
        std::string flowsPath;            //!< per-flow CSV
        std::string jitterCdfPath;        //!< jitter CDFs (CSV)

        Parameters();

        /**
         * \brief Declare the scenario's options (see ScenarioOptions).
         * \param options where to declare them
         */
        void AddOptions(ScenarioOptions& options);
        /// The options of the traffic: file requests, their sizes, background load.
        /// \param options where to declare them
        void AddTrafficOptions(ScenarioOptions& options);
        /// The options of the network: queues, the splitter's delay, links, TCP.
        /// \param options where to declare them
        void AddNetworkOptions(ScenarioOptions& options);
        /**
         * \brief Check the parameters together.
         * \param error receives "invalid --OPTION=VALUE: reason" on failure
         * \return true if the scenario can run
         */
        bool Validate(std::string& error) const;
        /**
         * \param text a queue size as --queue takes it
         * \return true if it is a count of packets or bytes, e.g. 1000p or 1500000B
         */
        static bool IsQueueSize(const std::string& text);
        /**
         * \brief Declare the TCP socket attributes FileTransferApplication
         * sets from its own (ScenarioOptions::Owns).
         * \param options where to declare them
         */
        static void OwnTcpAttributes(ScenarioOptions& options);
        /// \return the number of tunnels (thresholds + 1)
        uint32_t GetTunnels() const;
        /// \return the border routers' type and attributes, thresholds included
        ObjectFactory GetRouter() const;
        /// \return the largest short flow in packets (shortSize, or the first threshold)
        uint64_t GetShortSize() const;
    };

    /**
     * \param parameters the parameters (must validate)
     */
    explicit SdwanScenario(const Parameters& parameters);
    ~SdwanScenario() override;

    void Build() override;
    /**
     * \brief The run's summary: the common keys, flows, FCT of short and
     * long flows, one-way delay and jitter, the splitter's table, and per
     * tunnel the bottleneck utilisation and drops.
     * \return the summary
     */
    JsonSummary Summarize() const override;
    /**
     * \brief Write the jitter CDFs (--jitter-cdf).
     * \param error receives the reason on failure
     * \return false if the file cannot be written
     */
    bool WriteOutputs(std::string& error) const override;
    uint64_t GetSent() const override;
    RequestStats GetClientStats() const override;

    /// \return the paper's FCT of flows (one direction of a connection), class 0 short and 1 long
    const RequestStats& GetFlowStats() const;
    /// \return connections' times at the border routers, class 0 short and 1 long (by file size)
    const RequestStats& GetConnectionStats() const;
    /// \return the testbed
    const SdwanTestbedHelper& GetTestbed() const;
    /// \return the flow monitor
    Ptr<WanFlowMonitor> GetMonitor() const;

  protected:
    void DoSendingStopped() override;
    /**
     * server:0 is the server host; switch:0 and 1 the border routers,
     * switch:2+2k and 3+2k tunnel k's two routers; link:3k to 3k+2 tunnel
     * k's three WAN links. Once the border routers learn that a tunnel is
     * broken (--fail-detection later), they steer its packets into the next
     * tunnel; TCP retransmits what was lost.
     */
    bool GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error) override;

  private:
    /// \param t a request that opened its connection
    void Started(const FileTransfer& t);
    /// \param t a request that completed
    void Completed(const FileTransfer& t);
    /**
     * \param t a request that failed
     * \param reason why
     */
    void Failed(const FileTransfer& t, const std::string& reason);
    /// \param flow a flow that completed
    void FlowCompleted(const WanFlow& flow);

    Parameters m_parameters;                                   //!< parameters
    SdwanTestbedHelper m_testbed;                              //!< the topology
    Ptr<FileTransferClient> m_client;                          //!< the client application
    Ptr<WanFlowMonitor> m_monitor;                             //!< border-router measurements
    std::vector<Ptr<BackgroundTrafficGenerator>> m_generators; //!< background traffic
    uint64_t m_shortSize{0};                                   //!< largest short flow (packets)
    RequestStats m_fct;                                        //!< flows' FCT
    RequestStats m_connection;                                 //!< connections' times
    uint64_t m_synTimeouts[2]{};          //!< flows (short, long) whose sender's SYN timed out
    uint64_t m_rtoTimeouts[2]{};          //!< flows whose sender had another retransmission timeout
    RequestStats m_app;                   //!< completion time at the client
    std::vector<uint64_t> m_sentBytes[2]; //!< bottleneck bytes per tunnel at duration
    std::unique_ptr<std::ofstream> m_flows; //!< per-flow CSV
};

} // namespace rsched
} // namespace ns3

#endif // SDWAN_SCENARIO_H
