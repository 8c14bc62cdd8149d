/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REQUEST_SCENARIO_H
#define REQUEST_SCENARIO_H

#include "distribution-spec.h"
#include "fault-spec.h"
#include "json-summary.h"
#include "request-client-helper.h"
#include "scenario-options.h"

#include "ns3/application-container.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-routing-table-entry.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/queue-item.h"
#include "ns3/request-stats.h"
#include "ns3/service-request-header.h"

#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

namespace ns3
{
namespace rsched
{

class MulticoreServer;

/**
 * \ingroup request-scheduling
 * \brief The results side every scenario shares: clients' counts and
 * statistics, requests dropped per layer and reason, the run that ends when
 * every request is accounted for, wall time and event counts, and the
 * common keys of the JSON summary.
 *
 * A scenario derives from it, builds its topology in Build(), hands its
 * clients through InstallClient() and its devices, IP stacks and servers to the
 * Watch...() functions, and adds its own keys in Summarize(). Requests are
 * conserved: sent = completed + in flight + dropped, with every drop
 * counted under "layer: reason" (network, ip, server, router).
 */
class RequestScenario
{
  public:
    /// Parameters every scenario has.
    struct Parameters
    {
        Time duration{Seconds(1)};     //!< clients send during [0, duration)
        Time warmUp;                   //!< requests sent before are not recorded
        Time drain{Seconds(10)};       //!< longest run after duration
        bool exactQuantiles{false};    //!< exact quantiles (memory O(requests))
        std::string recordsPath;       //!< per-request CSV (empty: none)
        std::vector<FaultSpec> faults; //!< parts that fail during the run
        Time faultDetection;           //!< until the control plane learns of a fault

        /**
         * \brief Declare the options of these fields.
         * \param options where to declare them
         */
        void AddOptions(ScenarioOptions& options);
        /**
         * \brief Check the common parameters: a positive duration, a warm-up
         * shorter than it, no negative drain or detection time. Each
         * scenario's Validate calls it.
         * \param error receives "invalid --OPTION: why" on failure
         * \return true if they are valid
         */
        bool Validate(std::string& error) const;
        /**
         * \brief The one wording of every invalid parameter.
         * \param error receives "invalid --OPTION: WHY"
         * \param option the option, with its value where it helps
         * \param why what is wrong with it
         * \return false
         */
        static bool Invalid(std::string& error, const std::string& option, const std::string& why);
        /**
         * \brief Declare the attributes InstallClient() and the servers take
         * from the options (ScenarioOptions::Owns): the clients' InterArrival,
         * ServiceDemand, Clients, RemotePort, WarmUp and ExactQuantiles, the
         * servers' Port, WarmUp and ExactQuantiles.
         * \param options where to declare them
         * \param arrivalOption the option that sets the request rate
         * \param serviceOption the option that sets the service demand
         * \param clientsOption the option that sets the logical clients of an
         *        application (empty: one each, which the rate assumes)
         */
        static void OwnClientAttributes(ScenarioOptions& options,
                                        const std::string& arrivalOption,
                                        const std::string& serviceOption,
                                        const std::string& clientsOption = "");
    };

    /// How requests travel: as packets over links, or straight into the
    /// server's queue (no links, many times faster).
    enum class Level
    {
        PACKET, //!< packets on links
        QUEUE,  //!< no packets: the client hands each request to the server
    };
    /// The words of --level.
    static const Choices<Level> LEVELS;

    /// The highest offered load (share of the servers' capacity) an example accepts.
    static constexpr double MAX_LOAD = 2;

    virtual ~RequestScenario();

    /// Create nodes, links, addresses and applications.
    virtual void Build() = 0;
    /**
     * \brief Find the parts of the faults the parameters name (after Build()).
     * Run() does it too, but aborts where this returns the message.
     * \param error receives "invalid --fail=...: reason" on failure
     * \return true if every fault names a part of the scenario
     */
    bool CheckFaults(std::string& error);
    /// Run until every request is answered or dropped, or the drain time ends.
    void Run();
    /// \return the run's summary: the common keys and the scenario's own
    virtual JsonSummary Summarize() const;
    /**
     * \brief Write the scenario's own output files, once the run is over
     * (ScenarioExample::Finish calls it; by default there are none).
     * \return false, with a one-line reason in \p error, if one cannot be written
     * \param error receives the reason
     */
    virtual bool WriteOutputs(std::string& error) const;

    /// \return the client applications
    ApplicationContainer GetClients() const;
    /// \return requests sent by all clients (a scenario with its own kind of client overrides it)
    virtual uint64_t GetSent() const;
    /// \return replies received by all clients
    uint64_t GetCompleted() const;
    /// \return requests dropped, all layers
    uint64_t GetDropped() const;
    /// \return requests dropped per "layer: reason"
    const std::map<std::string, uint64_t>& GetDrops() const;
    /// \return requests lost in the network (devices, queue discs, IP)
    uint64_t GetNetworkDrops() const;
    /// \return wall-clock seconds of Run()
    double GetWallSeconds() const;
    /// \return the warnings of the run so far (also "warnings" in the summary)
    const std::vector<std::string>& GetWarnings() const;
    /**
     * \brief Report a condition that makes the results mean less than they
     * seem (a saturated system, a policy with nothing to act on, a former
     * option name): one line on stderr now, and an entry of "warnings" in
     * the summary.
     * \param text the condition and its consequence, one line
     */
    void Warn(const std::string& text);
    /// \return completion-time statistics of all clients (per class)
    virtual RequestStats GetClientStats() const;

  protected:
    /**
     * \param parameters the common parameters (the derived scenario keeps its own copy)
     * \param name the example's name, written as "example" in the summary
     */
    RequestScenario(const Parameters& parameters, const std::string& name);

    /**
     * \brief Install one client application that sends during [0, duration)
     * with its own copies of the distributions and fixed random streams,
     * and take it into the accounting (Complete trace, records).
     * \param helper the client helper (address, port and other attributes set)
     * \param node where to install it
     * \param interArrival time between its requests
     * \param service service demand of its requests
     * \param stream first random stream; advanced past those the client uses
     */
    void InstallClient(RequestClientHelper& helper,
                       Ptr<Node> node,
                       const DistributionSpec& interArrival,
                       const DistributionSpec& service,
                       int64_t& stream);
    /**
     * \brief Count every packet lost on these devices (device queue,
     * receive errors, queue disc) as a lost request: requests and replies
     * are single packets.
     * \param devices point-to-point devices
     */
    void WatchDevices(const NetDeviceContainer& devices);
    /**
     * \brief A core policy's parameters as it ran, for "intra_attributes":
     * every attribute as ns-3 writes its value (those not set have the
     * policy's defaults).
     * \param policy the policy
     * \return one key per attribute
     */
    static JsonSummary PolicyAttributes(Ptr<const Object> policy);
    /**
     * \brief Count packets the IP layer of these nodes drops.
     * \param nodes nodes with an Ipv4L3Protocol
     * \param countNoRoute false for routers whose routing protocol counts
     *        the requests it cannot route itself (the IP layer reports them again)
     */
    void WatchIp(const NodeContainer& nodes, bool countNoRoute = true);
    /**
     * \brief Count requests of the scenario's clients that servers drop
     * (packets that are not requests are not counted), and measure their
     * cores' busy time in the window the statistics cover (GetMeasuredBusyTime()).
     * \param servers MulticoreServer applications
     */
    void WatchServers(const ApplicationContainer& servers);
    /**
     * \brief The watched network carries other traffic too (TCP transfers,
     * background datagrams): count only the drops of UDP packets from or to
     * \p port as lost requests.
     * \param port the servers' port (0, the default: every dropped packet is
     *        a request or a reply)
     */
    void SetRequestPort(uint16_t port);
    /**
     * \param protocol a dropped packet's IP protocol
     * \param p the packet
     * \param transport where its transport header starts
     * \return true if it is a request or a reply (see SetRequestPort())
     */
    bool IsRequestTraffic(uint8_t protocol, Ptr<const Packet> p, uint32_t transport) const;

    /// Busy time of a server's cores.
    struct BusyTime
    {
        Time workers; //!< its worker cores'
        Time special; //!< its special cores' (dispatcher, classifier, timer)
    };

    /**
     * \param server index among the watched servers, in the order watched
     * \return its cores' busy time in [--warmup, --duration), the window
     *         every windowed key (rct_*, throughput, utilisation) covers;
     *         valid once the clients stopped sending
     */
    BusyTime GetMeasuredBusyTime(uint32_t server) const;
    /// \return the measured window's length, --duration - --warmup (s)
    double GetMeasuredSeconds() const;
    /**
     * \brief Count one dropped request and end the run if it was the last.
     * \param reason "layer: reason"
     */
    void RequestDropped(const std::string& reason);
    /**
     * \brief Count the request a dropped packet belongs to, once: a request
     * of several packets (RequestClient's PacketsPerRequest) is lost with
     * its first lost packet, whatever becomes of the others.
     * \param p the packet
     * \param offset bytes of lower-layer headers before the request header
     * \param reason "layer: reason"
     */
    void PacketDropped(Ptr<const Packet> p, uint32_t offset, const std::string& reason);
    /**
     * \brief Count one answered request, write its line of the --records
     * CSV and end the run if it was the last (for clients other than
     * RequestClient, whose requests InstallClient counts).
     * \param client client index
     * \param request request index of the client
     * \param requestClass class (flow, size class) of the request
     * \param sent when it was sent
     * \param rct its completion time
     * \param server the address of the instance that served it (Any: none
     *        to name; the CSV's server column is then empty)
     */
    void RequestAnswered(uint32_t client,
                         uint64_t request,
                         uint32_t requestClass,
                         Time sent,
                         Time rct,
                         Ipv4Address server = Ipv4Address::GetAny());

    /// Called when the clients stop sending (at duration): take utilisation snapshots.
    virtual void DoSendingStopped();

    /**
     * \brief Look at the finished run and Warn() of what makes its numbers
     * mislead (Run() calls it last). The default warns of requests still in
     * flight when --drain ended the run and of a warm-up that leaves out
     * more than half of the answered requests; a scenario adds its own and
     * calls this.
     */
    virtual void CheckResults();

    /**
     * \brief What a fault takes down: IP interfaces (a server or a switch:
     * all of its node's; a link: the two ends') or other parts (apply),
     * and what the system's scheduler does once its control plane learns
     * of the failure or the recovery (--fail-detection later).
     */
    struct FaultTarget
    {
        /// (IP stack, interface) pairs the fault takes down
        std::vector<std::pair<Ptr<Ipv4>, uint32_t>> interfaces;
        /// Called with false when the scheduler learns of the failure, true of the recovery
        std::function<void(bool)> notify;
        /// Called with false when the part fails, true when it recovers, for
        /// parts that are not IP interfaces (a software switch's core or port)
        std::function<void(bool)> apply;

        /**
         * \brief Add every interface of a node but the loopback.
         * \param node a node with an IP stack
         */
        void AddNode(Ptr<Node> node);
        /**
         * \brief Add the interface of a device.
         * \param device a device with an IP interface
         */
        void AddDevice(Ptr<NetDevice> device);
    };

    /**
     * \brief Resolve one fault of --fail into the parts it takes down.
     * The default knows no parts.
     * \param fault the fault
     * \param target receives its interfaces and the scheduler's reaction
     * \param error receives the reason (e.g. "the rack has 8 servers") on failure
     * \return true if the scenario has that part
     */
    virtual bool GetFaultTarget(const FaultSpec& fault, FaultTarget& target, std::string& error);

  private:
    /// Count one answered request and end the run if it was the last.
    void RequestAnswered();
    /// \param p the dropped packet
    void DeviceDrop(Ptr<const Packet> p);
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
     * \param header a request a client could not send
     * \param reason why
     */
    void ClientDrop(const ServiceRequestHeader& header, const std::string& reason);
    /**
     * \brief IpDrop() but for DROP_ROUTE_ERROR (the routing protocol's own drops).
     * \param header IP header
     * \param p packet
     * \param reason why
     * \param ipv4 the protocol
     * \param interface interface index
     */
    void IpDropRouted(const Ipv4Header& header,
                      Ptr<const Packet> p,
                      Ipv4L3Protocol::DropReason reason,
                      Ptr<Ipv4> ipv4,
                      uint32_t interface);
    /**
     * \param p a packet a server dropped
     * \param reason why
     */
    void ServerDrop(Ptr<const Packet> p, const std::string& reason);
    /**
     * \param header the reply
     * \param rct completion time
     */
    void Completed(const ServiceRequestHeader& header, Time rct);
    /// Stop the simulation if the clients have stopped and every request is accounted for.
    void CheckDrained();
    /**
     * \brief Take a fault's interfaces down or up.
     * \param fault index into m_common.faults
     * \param down true to fail, false to recover
     */
    void SetFault(size_t fault, bool down);

    Parameters m_common;                     //!< common parameters
    std::string m_name;                      //!< the example's name
    ApplicationContainer m_clients;          //!< client applications
    uint64_t m_answered{0};                  //!< replies received
    uint64_t m_dropped{0};                   //!< requests dropped, all layers
    uint16_t m_requestPort{0};               //!< SetRequestPort()
    std::map<std::string, uint64_t> m_drops; //!< requests dropped per reason
    /// Multi-packet requests counted as dropped: (client, request)
    std::set<std::pair<uint32_t, uint64_t>> m_lostMultiPacket;
    double m_wallSeconds{0};                            //!< wall-clock time of Run()
    std::vector<std::string> m_warnings;                //!< Warn()
    uint64_t m_events{0};                               //!< simulator events of Run()
    Time m_simulated;                                   //!< simulated time at the end of Run()
    std::unique_ptr<std::ofstream> m_records;           //!< per-request CSV
    std::vector<FaultTarget> m_faultTargets;            //!< resolved --fail parts
    bool m_faultsChecked{false};                        //!< CheckFaults() has run
    std::vector<Ptr<MulticoreServer>> m_watchedServers; //!< WatchServers()
    std::vector<BusyTime> m_busyAtWarmUp;               //!< their busy times at --warmup
    std::vector<BusyTime> m_busyAtDuration;             //!< and at --duration

    /// \return the watched servers' busy times now
    std::vector<BusyTime> BusyTimes() const;

    /// An interface some fault has taken down.
    struct DownInterface
    {
        uint32_t holders{0}; //!< faults holding it down
        std::string fault;   //!< the latest one's name, for drop reasons
        /// static routes through it before it went down, with their metrics
        std::vector<std::pair<Ipv4RoutingTableEntry, uint32_t>> routes;
    };

    /// Interfaces faults have taken down, by (IP stack, interface)
    std::map<std::pair<Ipv4*, uint32_t>, DownInterface> m_downInterfaces;
};

/**
 * \ingroup request-scheduling
 * \brief The main() of the module's examples: declare the scenario's and
 * the common options (--run, --seed, --json, --cdf, --cdf-plot), parse and
 * validate them (one line naming the option on error, exit 1), seed, build,
 * run and write the summary and the completion-time CDF.
 *
 * \tparam Scenario a RequestScenario with its program's name in NAME (for
 *         messages) and a nested Parameters that has
 *         AddOptions(ScenarioOptions&) and Validate(std::string&)
 * \param argc argument count
 * \param argv arguments
 * \param warning a warning of the program's own, given once the options are
 *        valid (a former program name), so that an error stays one line
 * \return the exit status
 */
template <typename Scenario>
int RunScenarioExample(int argc, char* argv[], const std::string& warning = "");

/// Common part of RunScenarioExample (not a template): options of the run itself.
class ScenarioExample
{
  public:
    /**
     * \param program the program's name
     */
    explicit ScenarioExample(const std::string& program);
    /**
     * \brief Declare --run, --seed, --json, --cdf and --cdf-plot, add all
     * options to a CommandLine and parse it, if ScenarioOptions::CheckArguments()
     * accepts the arguments.
     * \param options the scenario's options
     * \param argc argument count
     * \param argv arguments
     * \param error receives the reason if the arguments are not accepted
     * \return true if the command line was parsed
     */
    bool Parse(ScenarioOptions& options, int argc, char* argv[], std::string& error);
    /**
     * \brief Report an error, or seed the run.
     * \param error the message of an earlier failure, or empty
     * \return 0, or 1 after printing the message
     */
    int Prepare(std::string error);
    /**
     * \brief Write the summary and the CDF outputs.
     * \param scenario the scenario after Run()
     * \return the exit status
     */
    int Finish(const RequestScenario& scenario);

  private:
    std::string m_program; //!< program name
    uint32_t m_run{1};     //!< RngRun
    uint32_t m_seed{1};    //!< RngSeed
    std::string m_json;    //!< summary path (empty: standard output)
    std::string m_cdf;     //!< CDF CSV path
    std::string m_cdfPlot; //!< gnuplot CDF prefix
};

template <typename Scenario>
int
RunScenarioExample(int argc, char* argv[], const std::string& warning)
{
    typename Scenario::Parameters parameters;
    ScenarioOptions options;
    parameters.AddOptions(options);
    ScenarioExample example(Scenario::NAME);
    std::string error;
    if (example.Parse(options, argc, argv, error) && options.Convert(error))
    {
        parameters.Validate(error);
    }
    if (int status = example.Prepare(error))
    {
        return status;
    }
    Scenario scenario(parameters);
    if (!warning.empty())
    {
        scenario.Warn(warning);
    }
    for (const std::string& deprecation : options.GetDeprecations())
    {
        scenario.Warn(deprecation);
    }
    scenario.Build();
    if (!scenario.CheckFaults(error))
    {
        return example.Prepare(error);
    }
    scenario.Run();
    return example.Finish(scenario);
}

} // namespace rsched
} // namespace ns3

#endif // REQUEST_SCENARIO_H
