/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef POWER_OF_K_DISPATCHER_H
#define POWER_OF_K_DISPATCHER_H

#include "load-tracker.h"
#include "request-dispatcher.h"

#include "ns3/random-variable-stream.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Power-of-k-choices (RackSched's inter-server policy): sample K
 * entries uniformly at random and send the request to the least loaded of
 * them, as the LoadTracker sees the loads; ties go to the first sample.
 *
 * Sampling says whether the K samples are drawn independently (with
 * replacement: two may be the same entry) or are K distinct entries. The
 * first is what RackSched's switch does: its P4 program (po2.p4) draws two
 * random indices and keeps the lesser load of the two, the same entry if
 * both draws agree; over N entries that happens with probability 1/N, so the
 * rules differ most in small racks.
 *
 * K = 2 is RackSched. A K at least the number of entries samples them all:
 * exact join-the-shortest-queue on the tracked load ("Shortest" in the
 * paper), with ties broken at random by the sampling order. With stale
 * loads JSQ herds: every request between two replies goes to the same
 * server. Sampling-4 is K = 4. Placement constraints are honoured by
 * sampling among the allowed entries only.
 */
class PowerOfKDispatcher : public Dispatcher
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    PowerOfKDispatcher();

    /// How the K samples are drawn.
    enum Sampling
    {
        INDEPENDENT, //!< K independent uniform draws (RackSched's P4 program)
        DISTINCT,    //!< K distinct entries, uniformly
    };

    int64_t AssignStreams(int64_t stream) override;
    bool SupportsCandidates() const override;
    /// \return true: replies carry the load reports and end proactive counts
    bool WantsReplies() const override;
    void NotifyReply(uint32_t target, const ServiceRequestHeader& reply) override;
    /// \return the load tracker
    Ptr<LoadTracker> GetLoadTracker() const;
    /**
     * \brief Compare the loads this tracker sees (reset to the entries).
     * \param tracker the tracker (null: a ProactiveLoadTracker)
     */
    void SetLoadTracker(Ptr<LoadTracker> tracker);

  protected:
    void DoDispose() override;
    uint32_t DoChoose(Ptr<const Packet> packet, const Ipv4Header& header) override;
    uint32_t DoChooseAmong(Ptr<const Packet> packet,
                           const Ipv4Header& header,
                           const std::vector<uint32_t>& candidates) override;
    void DoDispatched(uint32_t target) override;
    void DoComputeVectorChanged() override;
    void DoAvailabilityChanged(uint32_t target, bool available) override;

  private:
    /**
     * \brief The least loaded of K distinct samples of a pool of entries,
     * which it shuffles in part (a partial Fisher-Yates shuffle of any
     * permutation gives uniform samples, so the pool is not restored).
     * \param pool the entries to sample from
     * \return the chosen entry
     */
    uint32_t Sample(std::vector<uint32_t>& pool);
    /**
     * \brief The least loaded of K independent samples of a pool.
     * \param pool the entries to sample from
     * \return the chosen entry
     */
    uint32_t SampleIndependent(const std::vector<uint32_t>& pool);
    /**
     * \brief Keep a sample if it is the first or less loaded than the best.
     * \param i the sample's rank in the draw
     * \param entry the sampled entry
     * \param best the best entry so far
     * \param bestLoad its load
     */
    void Consider(uint32_t i, uint32_t entry, uint32_t& best, int64_t& bestLoad) const;
    /**
     * \param pool the entries to sample from
     * \return true if its entries are drawn independently (Sampling, and
     * fewer samples than entries: K of all is always every entry)
     */
    bool Independent(const std::vector<uint32_t>& pool) const;

    uint32_t m_k;                      //!< samples per decision
    Sampling m_sampling{DISTINCT};     //!< how they are drawn
    Ptr<LoadTracker> m_tracker;        //!< loads of the entries
    Ptr<UniformRandomVariable> m_pick; //!< draws the samples
    std::vector<uint32_t> m_all;       //!< every entry, in the order the last draw left
    std::vector<uint32_t> m_pool;      //!< scratch: the candidates of one request
};

} // namespace ns3

#endif // POWER_OF_K_DISPATCHER_H
