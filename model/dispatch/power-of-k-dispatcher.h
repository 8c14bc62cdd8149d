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
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief Power-of-k-choices (RackSched's inter-server policy): sample K
 * entries uniformly at random and send the request to the least loaded of
 * them, as the LoadTracker sees the loads; ties go to the first sample.
 *
 * Sampling says whether the K samples are drawn independently (with
 * replacement: two may be the same entry), as RackSched's switch does
 * (po2.p4 draws two random indices and keeps the lesser load of the two,
 * the same entry if both draws agree; over N entries that happens with
 * probability 1/N, so the rules differ most in small racks), or are K
 * distinct entries.
 *
 * K = 2 is RackSched. A K at least the number of entries compares them
 * all: join-the-shortest-queue on the tracked load ("Shortest", and the
 * authors' proactive program), found as their P4 code finds it, by a
 * tournament (the lesser of each pair, then of each pair of pairs, ...)
 * in which equal loads are settled by a coin flip. With stale loads JSQ
 * herds: every request between two replies goes to the same server, which
 * is why the authors send a RandomShare (25 %) of the requests to a
 * uniformly random entry instead. Sampling-4 is K = 4. Placement
 * constraints are honoured by sampling among the allowed entries only.
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
    uint32_t DoChoose(const ServiceRequestHeader& request, const Ipv4Header& header) override;
    uint32_t DoChooseAmong(const ServiceRequestHeader& request,
                           const Ipv4Header& header,
                           const std::vector<uint32_t>& candidates) override;
    void DoDispatched(const ServiceRequestHeader& request, uint32_t target) override;
    void DoComputeVectorChanged() override;
    void DoAvailabilityChanged(uint32_t target, bool available) override;

  private:
    /**
     * \brief Choose without changing the pool: a random entry (RandomShare),
     * the tournament (K covers the pool) or independent samples.
     * \param pool the entries allowed
     * \param requestClass the request's class (its loads are compared)
     * \param chosen receives the entry
     * \return false if the rule is distinct samples (SampleDistinct's)
     */
    bool Decide(const std::vector<uint32_t>& pool, uint8_t requestClass, uint32_t& chosen);
    /**
     * \brief The least loaded of K distinct samples of a pool of entries,
     * which it shuffles in part (a partial Fisher-Yates shuffle of any
     * permutation gives uniform samples, so the pool is not restored).
     * \param pool the entries to sample from
     * \param requestClass the class whose loads are compared
     * \return the chosen entry
     */
    uint32_t SampleDistinct(std::vector<uint32_t>& pool, uint8_t requestClass);
    /**
     * \brief The least loaded of K independent samples of a pool.
     * \param pool the entries to sample from
     * \param requestClass the class whose loads are compared
     * \return the chosen entry
     */
    uint32_t SampleIndependent(const std::vector<uint32_t>& pool, uint8_t requestClass);
    /**
     * \brief Keep a sample if it is the first or less loaded than the best.
     * \param i the sample's rank in the draw
     * \param entry the sampled entry
     * \param requestClass the class whose loads are compared
     * \param best the best entry so far
     * \param bestLoad its load
     */
    void Consider(uint32_t i,
                  uint32_t entry,
                  uint8_t requestClass,
                  uint32_t& best,
                  int64_t& bestLoad) const;
    /**
     * \brief The least loaded entry of a pool, by a tournament with coin
     * flips between equal loads (the P4 programs' minimum over all).
     * \param pool the entries
     * \param requestClass the class whose loads are compared
     * \return the chosen entry
     */
    uint32_t Tournament(const std::vector<uint32_t>& pool, uint8_t requestClass);

    uint32_t m_k;                      //!< samples per decision
    Sampling m_sampling{INDEPENDENT};  //!< how they are drawn
    double m_randomShare{0};           //!< share of requests sent to a random entry
    Ptr<LoadTracker> m_tracker;        //!< loads of the entries
    Ptr<UniformRandomVariable> m_pick; //!< draws the samples
    std::vector<uint32_t> m_all;       //!< every entry, in the order the last draw left
    std::vector<uint32_t> m_scratch;   //!< the candidates to shuffle; a tournament's rounds
    std::vector<int64_t> m_loads;      //!< a tournament's loads
};

} // namespace rsched
} // namespace ns3

#endif // POWER_OF_K_DISPATCHER_H
