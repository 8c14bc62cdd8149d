/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_SCENARIO_H
#define BATCHY_SCENARIO_H

#include "ns3/batchy-profiler.h"
#include "ns3/batchy-switch.h"
#include "ns3/batchy-traffic-source.h"
#include "ns3/data-flow-graph.h"
#include "ns3/json-summary.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/request-scenario.h"
#include "ns3/request-stats.h"
#include "ns3/scenario-options.h"

#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief A Batchy pipeline on a software-switch node between a traffic
 * source and a sink, each on its own link (SimpleNetDevice, --link-rate):
 * the scenario of the batchy-scenario example.
 *
 * The pipeline is one of the paper's use cases (BatchyPipelines) or a
 * graph read from a file (DataFlowGraph's text format). The source sends
 * the flows at --rate in total (equal shares, or the file's rates scaled
 * to it) with --burstiness; the switch's BatchyWorker runs the graph with
 * batches of at most --batch, under --controller. Each packet is a
 * "request": sent by the source, answered when it reaches the sink,
 * dropped at the switch's ingress queue or on a link (conservation as in
 * every scenario). Delays are the worker's (arrival at the switch to
 * departure from the graph); the p95 of each flow over each control period
 * is compared with its SLO. SLOs and rates can change during the run
 * (--slo-steps, --rate-steps, for the flows matching --step-flows), for
 * the paper's dynamics experiments. With --cores and --decompose the
 * controller moves the flows the first core cannot serve within their
 * SLOs onto the others (Batchy's pipeline decomposition).
 *
 * At --level=queue there are no links and no packets: the source hands
 * each packet's flow and sequence to the switch and the switch each
 * departure to the sink's statistics (BatchyTrafficSource::SetDirectSink,
 * BatchySwitch::SetDirectEgress), and every figure is packet level's with
 * an infinitely fast link.
 */
class BatchyScenario : public RequestScenario
{
  public:
    /// The example program that runs this scenario, and its name in the JSON.
    static constexpr const char* NAME = "batchy-scenario";

    /**
     * A period is "overdelayed" when a flow's p95 is above (1 + this) times
     * its SLO: the authors' controller treats a flow as over its bound only
     * then (OVERDELAY_BOUND = 1 + DEFAULT_TOLERANCE in their settings.py).
     * The summary reports it beside the strict slo_violation_periods.
     */
    static constexpr double OVERDELAY_TOLERANCE = 0.05;

    /// The words of --arrival.
    static const Choices<BatchyTrafficSource::Arrival> ARRIVALS;

    /// Parameters of the scenario.
    struct Parameters : public RequestScenario::Parameters
    {
        std::string pipeline{"l2l3"}; //!< l2l3, gw, vrf, mgw, rc or a file
        uint32_t n{4};                //!< size of the pipeline
        uint32_t m{2};                //!< second size (VRFs of vrf, bearers of mgw)
        ObjectFactory controller;     //!< BatchyController
        Time slo;                     //!< SLO of every flow (0: the pipeline's)
        double sloFactor{0};          //!< SLO as this times the max controller's mean delay (0: no)
        /// Each flow's (by name) mean delay under the max controller,
        /// measured by an earlier run, for sloFactor (empty: a first run
        /// measures them).
        std::map<std::string, Time> sloBasis;
        /// With sloFactor, also tally the SLO metrics against the
        /// pipeline's own SLOs (own_slo_* in the summary): a controller that
        /// never reads an SLO (null, max, NFVnice on one core) then serves
        /// both tables from one run.
        bool reportOwnSlos{false};
        /// Also tally the SLO metrics against this factor times each
        /// flow's mean delay in this run (factor_slo_* in the summary;
        /// 0: no): what a run with --slo=Fx and this run's means as
        /// --slo-basis reports, when the controller reads no SLO.
        double reportSloFactor{0};
        double rate{1e6};     //!< total offered rate (packets/s)
        double burstiness{1}; //!< mean burst of one flow
        BatchyTrafficSource::Arrival arrival{BatchyTrafficSource::POISSON}; //!< traffic
        uint32_t sourceBatch{1};         //!< packets per arrival instant
        uint32_t batch{32};              //!< B
        uint32_t bufferCapacity{64};     //!< packets a fractional buffer holds
        Time period{MilliSeconds(100)};  //!< control period
        uint32_t warmupPeriods{2};       //!< periods not measured
        uint32_t packetSize{64};         //!< bytes
        std::string linkRate{"100Gbps"}; //!< data rate of the links to and from the switch
        Level level{Level::PACKET};      //!< packets, or none and no links
        std::string tracePath;           //!< per-period CSV (empty: none)
        /// At each time, the SLO of the step flows that have one.
        std::vector<std::pair<Time, Time>> sloSteps;
        /// At each time, the total rate of the step flows (packets/s).
        std::vector<std::pair<Time, double>> rateSteps;
        std::string stepFlows{".*"}; //!< regular expression: the flows the steps change
        double costJitter{0};        //!< the worker's CostJitter
        /// The worker's BufferT0 (ns per batch offered to a buffer in use).
        double bufferT0{BatchyWorker::DEFAULT_BUFFER_T0_NS};
        /// The worker's BufferT1 (ns per packet offered to a buffer in use).
        double bufferT1{BatchyWorker::DEFAULT_BUFFER_T1_NS};
        double controlRate{0};    //!< rc: the control flow's rate (packets/s; 0: an equal share)
        bool backpressure{true};  //!< the worker's IngressBackpressure
        bool profile{false};      //!< profile every module first (BatchyProfiler)
        uint32_t cores{1};        //!< the worker's cores
        bool decompose{false};    //!< decompose the pipeline onto the other cores
        bool chainBuffers{false}; //!< buffer by costs alone (the authors' placement)

        Parameters();
        /**
         * \brief Declare the scenario's options.
         * \param options where to declare them
         */
        void AddOptions(ScenarioOptions& options);
        /// The options of the traffic: rate, burstiness, arrivals, source batches.
        /// \param options where to declare them
        void AddTrafficOptions(ScenarioOptions& options);
        /// The options of the switch: batches, buffers, periods, links, cores.
        /// \param options where to declare them
        void AddSwitchOptions(ScenarioOptions& options);
        /// The options of the dynamics: SLO and rate steps and the flows they change.
        /// \param options where to declare them
        void AddStepOptions(ScenarioOptions& options);
        /// The common options, the attributes the options own, and the options
        /// the pipeline or the level makes errors.
        /// \param options where to declare them
        void AddCommonAndChecks(ScenarioOptions& options);
        /**
         * \brief Check the parameters together (reads a pipeline file).
         * \param error receives a one-line reason on failure
         * \return true if the scenario can run
         */
        bool Validate(std::string& error) const;
        /**
         * \brief The pipeline's graph with the flows' rates and SLOs set.
         * \param graph receives it
         * \param error receives the reason on failure
         * \return true on success
         */
        bool MakeGraph(DataFlowGraph& graph, std::string& error) const;
    };

    /**
     * \param parameters the parameters (must validate)
     */
    explicit BatchyScenario(const Parameters& parameters);
    ~BatchyScenario() override;
    void Build() override;
    /**
     * \brief The common keys (packets as requests) plus throughput, batch
     * sizes, SLO violations, per flow and per module statistics.
     * \return the summary
     */
    JsonSummary Summarize() const override;
    uint64_t GetSent() const override;
    RequestStats GetClientStats() const override;
    /// \return the switch
    Ptr<BatchySwitch> GetSwitch() const;
    /**
     * \param flow a flow
     * \return its mean delay from send to sink (0 if none arrived)
     */
    Time GetMeanDelay(uint32_t flow) const;

  protected:
    /**
     * \brief server:K is core K of the switch's worker (the controller
     * fails its modules over to another core when told); link:0 is the
     * source's link to the switch, link:1 the switch's to the sink;
     * switch:0 is the switch, its two ports and every core.
     * \param fault the fault
     * \param target receives what it takes down
     * \param error receives the reason on failure
     * \return true if the scenario has that part
     */
    bool GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error) override;

  private:
    /**
     * \param device the sink's device
     * \param packet a packet that left the pipeline
     * \param protocol protocol
     * \param from sender
     * \param to receiver
     * \param type type
     */
    void SinkReceive(Ptr<NetDevice> device,
                     Ptr<const Packet> packet,
                     uint16_t protocol,
                     const Address& from,
                     const Address& to,
                     NetDevice::PacketType type);
    /// Packet level: the links from the source and to the sink, and the sink.
    void BuildLinks();
    /// The paper's relative SLOs: a first run under the max controller on
    /// one core measures each flow's mean delay; its SLO is --slo times that.
    void CalibrateSlos();
    /**
     * \brief Schedule the SLO and rate steps of the step flows.
     * \param worker the switch's worker (its flows' SLOs change)
     * \param rates the flows' initial rates (the step flows share a new
     *        total in their proportions)
     */
    void ScheduleSteps(Ptr<BatchyWorker> worker, const std::vector<double>& rates);
    /**
     * \brief A packet reached the sink (queue level: left the switch).
     * \param flow its flow
     * \param sequence its sequence number
     * \param sent its send time
     */
    void Departed(uint32_t flow, uint64_t sequence, Time sent);
    /**
     * \param index a control period that ends
     */
    void PeriodEnd(uint32_t index);
    /// \param p a packet a device dropped
    void DeviceDrop(Ptr<const Packet> p);
    /**
     * \param p a packet the worker dropped
     * \param flow its flow
     * \param reason why
     */
    void WorkerDrop(Ptr<const Packet> p, uint32_t flow, const std::string& reason);
    /**
     * \param p a packet the switch dropped
     * \param reason why
     */
    void SwitchDrop(Ptr<const Packet> p, const std::string& reason);
    /**
     * \param module a module the decomposition moved
     * \param core its new core
     */
    void Moved(uint32_t module, uint32_t core);
    /**
     * \param module a module a failover moved
     * \param core its new core
     */
    void FailedOver(uint32_t module, uint32_t core);
    /**
     * \brief Count a drop, under the fault's reason or as the switch's.
     * \param reason the switch's or worker's reason
     */
    void SwitchDropped(const std::string& reason);

    Parameters m_parameters;           //!< parameters
    DataFlowGraph m_graph;             //!< the pipeline
    NodeContainer m_nodes;             //!< source, switch, sink
    Ptr<BatchyTrafficSource> m_source; //!< traffic
    Ptr<BatchySwitch> m_switch;        //!< the software switch
    RequestStats m_endToEnd;           //!< send to sink, per flow

    /// The measured periods' SLO metrics against one set of SLOs.
    struct SloTally
    {
        uint32_t violations{0};  //!< periods with a flow over its SLO
        uint32_t overdelayed{0}; //!< periods with a flow over (1 + OVERDELAY_TOLERANCE) SLO
        double overshootSum{0};  //!< the largest p95 / SLO - 1 (0 if none over), summed
        double overshootMax{0};  //!< the largest of those
    };

    /**
     * \brief The worst p95 / SLO of a period's flows.
     * \param delays per flow, the delay that meets its SLO or not (0: none)
     * \param slos per flow, its SLO (0: none)
     * \return the largest delay / SLO of the flows with both (0 if none)
     */
    static double WorstRatio(const std::vector<Time>& delays, const std::vector<Time>& slos);
    /**
     * \brief Tally a measured period.
     * \param tally the tally
     * \param worst the period's WorstRatio
     */
    static void Tally(SloTally& tally, double worst);
    /**
     * \param json the summary
     * \param prefix the keys' prefix
     * \param tally the metrics to write, over m_periods
     */
    void WriteTally(JsonSummary& json, const std::string& prefix, const SloTally& tally) const;
    /**
     * \param mean a flow's mean delay
     * \return the basis --slo-basis carries from this run's summary: its
     * per_flow mean_us as the JSON writes it, in whole ns (rounded half to
     * even, as Python's round() in the reproduction)
     */
    static Time SloBasisOf(Time mean);
    /**
     * \param mean a flow's mean delay under the max controller
     * \param factor the SLO factor (0.8 for --slo=0.8x)
     * \return the flow's SLO, as CalibrateSlos sets it and the factor
     * report takes it
     */
    static Time FactorSlo(Time mean, double factor);

    uint32_t m_periods{0};       //!< measured control periods
    SloTally m_tally;            //!< against the flows' SLOs
    SloTally m_ownTally;         //!< against the pipeline's own (reportOwnSlos)
    std::vector<Time> m_ownSlos; //!< the pipeline's own, per flow (reportOwnSlos)
    /// Per measured period, each flow's delay held to its SLO (reportSloFactor)
    std::vector<std::vector<Time>> m_periodDelays;
    std::vector<BatchyProfiler::Fit> m_profile; //!< per module, when profiled
    /// Packets of each flow in the switch when the current period began
    std::vector<uint64_t> m_insideAtPeriodStart;
    uint64_t m_departedMeasured{0};             //!< packets out of the graph after warm-up
    std::vector<uint64_t> m_executionsAtWarmUp; //!< per module
    std::vector<uint64_t> m_packetsAtWarmUp;    //!< per module
    std::unique_ptr<std::ofstream> m_trace;     //!< per-period CSV
    uint32_t m_moved{0};                        //!< modules the decomposition moved
    uint32_t m_failedOver{0};                   //!< module moves of failovers (and back)
    Time m_firstMove{-1};                       //!< when it first moved one (-1: never)
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_SCENARIO_H
