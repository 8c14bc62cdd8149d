/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DATA_FLOW_GRAPH_H
#define DATA_FLOW_GRAPH_H

#include "ns3/nstime.h"

#include <cstdint>
#include <istream>
#include <limits>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief A packet-processing pipeline as Batchy sees it (Lévai et al.,
 * NSDI'20): a directed acyclic graph of modules, each a network function
 * whose batch of b packets costs T0 + T1 b of CPU time, and the flows that
 * traverse it, each along a path with a rate and a delay objective (SLO).
 *
 * A module with several successors is a splitter: it sends each packet to
 * the successor on its flow's path (a match table on the flow), so a batch
 * is fragmented into one batch per successor. A module with several
 * predecessors is a merger. Flows leave the graph after the last module of
 * their path.
 *
 * A module is *controllable* (worth a fractional buffer) when its
 * batchiness T1 / (T0 + T1) is at most 0.5, the authors' bound, unless
 * it is marked never to be buffered (Module::bufferable, as the authors'
 * configurations mark their light classifiers), or it sits in a chain
 * below such a module: its only predecessor has no other successor, so it
 * only ever receives that module's whole batches. A buffer there can only
 * re-cut them: with the upstream trigger it passes each batch on at once,
 * with any other it holds a remainder for a whole upstream batch interval,
 * a delay the paper's model (additive per buffer) does not see. Nor is a
 * merger of branches that a buffer above it batches, nor anything below
 * such a merger: its input is the bursts of whole batches that several
 * buffers emit, so a buffer there fills with the other branches' bursts,
 * not at its packet rate as the model assumes. The authors' code buffers
 * by costs alone; SetChainBuffers(true) does so.
 *
 * Text format (read by Parse), one item per line, '#' starts a comment:
 *
 *     module NAME T0 T1 [SUCCESSOR,SUCCESSOR...] [unbuffered]  # costs in ns (0 .. 1e9)
 *     flow NAME MODULE>MODULE>... RATE SLO          # RATE in packets/s, SLO a duration (<= 1e6 s)
 *
 * ``unbuffered`` marks a module never to be buffered (Module::bufferable),
 * as the authors' configurations do with a task's ingress module.
 *
 * Modules may be named before they are declared as successors; every
 * flow's path must follow edges of the graph, start at a module without
 * predecessors and end at one the flow leaves from.
 */
class DataFlowGraph
{
  public:
    /// The next module of a flow that leaves the graph (GetNext).
    static constexpr uint32_t EGRESS = std::numeric_limits<uint32_t>::max();
    /// Returned for "no such module" (FindModule) and used as "none" in lists of modules.
    static constexpr uint32_t NO_MODULE = std::numeric_limits<uint32_t>::max() - 1;
    /// The text format's last word of a module never to be buffered.
    static constexpr const char* UNBUFFERED = "unbuffered";
    /// The largest T0 or T1 (ns): a second per batch or per packet.
    static constexpr double MAX_COST_NS = 1e9;
    /// The most entries of the routing table, flows x modules (Validate):
    /// 2^26, half a gigabyte with the gates.
    static constexpr uint64_t MAX_ROUTES = uint64_t(1) << 26;

    /// A module.
    struct Module
    {
        std::string name;                   //!< name
        double t0Ns{0};                     //!< per-batch cost (ns)
        double t1Ns{0};                     //!< per-packet cost (ns)
        std::vector<uint32_t> successors;   //!< out-edges (gates), in order
        std::vector<uint32_t> predecessors; //!< in-edges
        bool controllable{false};           //!< worth a fractional buffer (set by Validate)
        bool bufferable{true};              //!< false: never buffered, whatever its costs
    };

    /// A flow.
    struct Flow
    {
        std::string name;           //!< name
        std::vector<uint32_t> path; //!< modules, root first
        double ratePps{0};          //!< offered rate (packets/s)
        Time slo;                   //!< delay objective (0: none)
    };

    /**
     * \brief Add a module.
     * \param name a name not used yet
     * \param t0Ns per-batch cost (ns, 0 .. MAX_COST_NS; checked by Validate)
     * \param t1Ns per-packet cost (ns, 0 .. MAX_COST_NS)
     * \return its index
     */
    uint32_t AddModule(const std::string& name, double t0Ns, double t1Ns);
    /**
     * \brief Add an edge.
     * \param from a module
     * \param to a module
     */
    void Connect(uint32_t from, uint32_t to);
    /**
     * \brief Add a flow.
     * \param name its name
     * \param path its modules, root first
     * \param ratePps offered rate
     * \param slo delay objective (0: none)
     * \return its index
     */
    uint32_t AddFlow(const std::string& name,
                     const std::vector<uint32_t>& path,
                     double ratePps,
                     Time slo);
    /**
     * \param flow a flow
     * \param ratePps its offered rate (>= 0)
     */
    void SetFlowRate(uint32_t flow, double ratePps);
    /**
     * \param flow a flow
     * \param slo its delay objective (0: none)
     */
    void SetFlowSlo(uint32_t flow, Time slo);
    /**
     * \param name a module name
     * \return its index, or NO_MODULE
     */
    uint32_t FindModule(const std::string& name) const;

    /**
     * \return the modules of a cycle in the order of its edges (the first
     *         one's successor is the second ...), or nothing if the graph is acyclic
     */
    std::vector<uint32_t> FindCycle() const;
    /**
     * \brief Check the graph: acyclic, costs in [0, MAX_COST_NS], every flow's path along
     * edges from a root, and compute the next hops and controllability.
     * \param error receives a one-line reason on failure
     * \return true if the graph can run
     */
    bool Validate(std::string& error);

    /**
     * \brief Whether modules inside a chain below a controllable module, and
     * mergers below one and what is below them, are controllable too (the
     * authors' placement: by costs alone); takes effect at Validate.
     * \param on true: buffer them by their costs alone (default false)
     */
    void SetChainBuffers(bool on);

    /**
     * \brief Read a graph in the text format.
     * \param in the text
     * \param source the file name, for messages
     * \param graph receives the graph (validated)
     * \param error receives "SOURCE:LINE: reason" on failure
     * \return true on success
     */
    static bool Parse(std::istream& in,
                      const std::string& source,
                      DataFlowGraph& graph,
                      std::string& error);

    /// \return number of modules
    uint32_t GetNModules() const;
    /// \return number of flows
    uint32_t GetNFlows() const;
    /**
     * \param i a module index
     * \return the module
     */
    const Module& GetModule(uint32_t i) const;
    /**
     * \param i a module index
     * \return the module, to change its costs or controllability
     */
    Module& GetModule(uint32_t i);
    /**
     * \param f a flow index
     * \return the flow
     */
    const Flow& GetFlow(uint32_t f) const;

    /**
     * \param module a module on the flow's path
     * \param flow a flow
     * \return the next module of the flow after \p module, or EGRESS
     *         (valid after Validate)
     */
    uint32_t NextHop(uint32_t module, uint32_t flow) const
    {
        return m_next[module * m_flows.size() + flow];
    }

    /**
     * \param module a module
     * \param flow a flow
     * \return the index of the successor gate of \p module the flow leaves
     *         by, or the number of successors for the egress (after Validate)
     */
    uint32_t GateOf(uint32_t module, uint32_t flow) const
    {
        return m_gate[module * m_flows.size() + flow];
    }

    /**
     * \brief What a controllable module's execution reaches before the next
     * buffers: the uncontrollable modules below it (their executions follow
     * its own in the same run) and the first controllable ones (after Validate).
     * \param module a module
     * \param chain receives the uncontrollable modules below it, each once
     * \param next receives the first controllable modules below it, each once
     */
    void GetChain(uint32_t module, std::vector<uint32_t>& chain, std::vector<uint32_t>& next) const;

  private:
    std::vector<Module> m_modules; //!< modules
    std::vector<Flow> m_flows;     //!< flows
    bool m_chainBuffers{false};    //!< every module controllable by its costs
    std::vector<uint32_t> m_next;  //!< next hop per (module, flow)
    std::vector<uint32_t> m_gate;  //!< output gate per (module, flow)
};

} // namespace rsched
} // namespace ns3

#endif // DATA_FLOW_GRAPH_H
