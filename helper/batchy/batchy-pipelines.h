/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_PIPELINES_H
#define BATCHY_PIPELINES_H

#include "ns3/data-flow-graph.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief The Batchy paper's use-case pipelines as data-flow graphs.
 *
 * Module chains follow the authors' configurations (hsnlab/batchy,
 * conf/l2l3.batchy and conf/rc-static.batchy); costs are the paper's
 * profiles where it gives them (IP lookup 68.5 + 27.5 ns, ACL 122.3 + 30.4
 * ns, NAT 43.5 + 21 ns per batch + per packet) and our assumptions for
 * the light header-rewriting modules (see each function). Every flow gets
 * an equal share of \p ratePps and the delay SLO of the authors' scripts
 * for that size when they have one (else \p slo).
 */
class BatchyPipelines
{
  public:
    /**
     * \brief L2L3(n): Ethernet type check, destination MAC match, IP lookup
     * with n next hops, then per next hop TTL update, MAC rewrite and IP
     * checksum; one flow per next hop.
     * \param n next hops (>= 1)
     * \param ratePps total offered rate
     * \param slo delay SLO of every flow (0: the authors' for n = 1, 4, 8, 16)
     * \return the graph (not validated)
     */
    static DataFlowGraph L2L3(uint32_t n, double ratePps, Time slo);
    /**
     * \brief GW(n): L2L3(n) with an ACL and a NAT on every next hop's branch.
     * \param n next hops (>= 1)
     * \param ratePps total offered rate
     * \param slo delay SLO (0: the authors' for n = 1, 8, 16, 64)
     * \return the graph
     */
    static DataFlowGraph Gateway(uint32_t n, double ratePps, Time slo);
    /**
     * \brief VRF(m, n): virtual routing: a VLAN splitter into m VRFs, each
     * popping its VLAN tag and doing its own IP lookup with n next hops,
     * each next hop's TTL, MAC and checksum rewrite and DMZ ACL, then one
     * merger for all; one flow per (VRF, next hop).
     * \param m VRFs (>= 1)
     * \param n next hops per VRF (>= 1)
     * \param ratePps total offered rate
     * \param slo delay SLO (0: the authors' for (1,1), (2,4), (16,4), (12,8))
     * \return the graph
     */
    static DataFlowGraph Vrf(uint32_t m, uint32_t n, double ratePps, Time slo);
    /**
     * \brief MGW(m, n): the 5G mobile gateway of the authors' mgwcomplex
     * configuration, m bearers for each of n users, both directions.
     *
     * Downlink: direction selector, bearer selector, per bearer a user
     * selector, per (user, bearer) the user's processing (800 ns per batch
     * + 40 per packet, the authors' Bypass cost) and GTP-like encapsulation
     * (metadata, VXLAN, IP and Ethernet headers). Uplink: decapsulation,
     * bearer and user selectors, per (user, bearer) processing and
     * metadata. Both directions merge into a TTL update and an IP lookup,
     * then per direction a MAC rewrite, a checksum and a demultiplexer into
     * one module per (user, bearer). The selectors are never buffered (as
     * the authors mark them). A flow per (user, bearer, direction) with
     * rate share min(b + 1, 4) for bearer b and 4 for the last; bearer b
     * < m - 1 has delay SLO (b + 1) D0, the last bearer is bulk (no SLO).
     * \param m bearers per user (>= 1)
     * \param n users (>= 1)
     * \param ratePps total offered rate
     * \param slo D0 (0: the authors' for 4 users and 1, 2, 4, 8, 16 bearers)
     * \return the graph
     */
    static DataFlowGraph Mgw(uint32_t m, uint32_t n, double ratePps, Time slo);
    /**
     * \brief RC(n): the robot-control pipeline: a random splitter into n
     * leaves; leaf 0 is the ultra-delay-sensitive control flow (0.4 ns per
     * batch and per packet, SLO 35 us), the n - 1 others bulk processing
     * (4 us per batch, SLO 100 ms).
     * \param n leaves (>= 2)
     * \param ratePps total offered rate
     * \return the graph
     */
    static DataFlowGraph RobotControl(uint32_t n, double ratePps);
    /// The most (m, n) pairs of vrf and mgw (VRFs x next hops, bearers x users).
    static constexpr uint64_t MAX_PAIRS = 1024;

    /**
     * \brief A pipeline by name.
     * \param name l2l3, gw, vrf, mgw or rc
     * \param n the size parameter
     * \param m the second size parameter (VRFs of vrf, bearers of mgw)
     * \param ratePps total offered rate
     * \param slo delay SLO (0: the pipeline's default)
     * \param graph receives the graph
     * \param error receives the reason on failure
     * \return false for an unknown name or a bad size
     */
    static bool Build(const std::string& name,
                      uint32_t n,
                      uint32_t m,
                      double ratePps,
                      Time slo,
                      DataFlowGraph& graph,
                      std::string& error);

    /// A named pipeline and what its options mean to it.
    struct Named
    {
        const char* name; //!< the --pipeline value
        bool usesM;       //!< --m is a size of it (vrf, mgw)
        bool ownSlos;     //!< its flows come with their own SLOs (rc)
        bool controlFlow; //!< it has a control flow, whose rate --control-rate sets (rc)
        uint32_t minN;    //!< the least --n it takes
        /// builds it from (m, n, rate, SLO)
        DataFlowGraph (*build)(uint32_t m, uint32_t n, double ratePps, Time slo);
    };

    /**
     * \param name a --pipeline value
     * \return the named pipeline, or null if \p name is none (a file)
     */
    static const Named* Find(const std::string& name);
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_PIPELINES_H
