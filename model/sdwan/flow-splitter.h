/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_SPLITTER_H
#define FLOW_SPLITTER_H

#include "tunnel-router.h"

#include "ns3/traced-value.h"

#include <list>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-sdwan
 * \brief The SD-WAN short/long flow splitter of a WAN border router ("Flow
 * Optimization at Inter-Datacenter Networks for Application Run-time
 * Acceleration"): counts the packets of every TCP flow it sends to the
 * remote site and moves a flow from the short tunnel to the long tunnel
 * once its count passes a threshold, so that short flows do not queue
 * behind long ones.
 *
 * A flow is a TCP 5-tuple in one direction. Its n-th packet is at level
 * L = the number of Thresholds below n (packet n is *long* once n > T with
 * one threshold T): with Thresholds "20", packets 1-20 of a flow take tunnel
 * 0 and packet 21 on take tunnel 1. Several increasing thresholds give as
 * many more tunnels (multi-level, as PIAS demotes flows in data centres);
 * the paper's case is one threshold and two tunnels. Every steered TCP
 * packet is marked with its level's DSCP code point (Marks) and leaves on
 * the tunnel of that level.
 *
 * Only the IP header and the TCP ports are read (the payload is
 * encrypted in the paper's setting). Packets that are not TCP, IP
 * fragments and truncated TCP headers are not counted and take tunnel 0
 * with their IP header untouched (counted by status, see
 * TunnelRouter::GetPackets).
 *
 * The flow table holds at most Capacity entries. An entry expires
 * FlowTimeout after its last packet (checked lazily, oldest first, so the
 * cost per packet is O(1)); a later packet of the same 5-tuple starts a new
 * flow at level 0. When the table is full, a new flow is either not tracked
 * (WhenFull=Refuse, what an eBPF hash map does: its packets take tunnel 0)
 * or replaces the least recently seen flow (EvictOldest, an LRU map);
 * both are counted.
 */
class FlowSplitter : public TunnelRouter
{
  public:
    /// What happens to a new flow when the table is full.
    enum FullPolicy
    {
        REFUSE,       //!< the new flow is not tracked (tunnel 0)
        EVICT_OLDEST, //!< the least recently seen flow is forgotten
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FlowSplitter();
    ~FlowSplitter() override;

    /**
     * \brief Set the thresholds.
     * \param text increasing packet counts >= 1, separated by commas ("20", "10,100")
     */
    void SetThresholds(const std::string& text);
    /// \return the thresholds, separated by commas
    std::string GetThresholdsText() const;
    /// \return the thresholds
    const std::vector<uint64_t>& GetThresholds() const;
    /**
     * \brief Set the DSCP code point of each level.
     * \param text one code point (0-63) per level, separated by commas;
     *        empty: class selectors CS1, CS2, ... (8, 16, ...)
     */
    void SetMarks(const std::string& text);
    /// \return the marks as set
    std::string GetMarksText() const;
    /**
     * \brief The thresholds' levels must each have a tunnel and, if Marks
     * is given, a mark.
     * \param tunnels the number of tunnels
     * \param error receives the reason on failure
     * \return true if the configuration is usable
     */
    bool CheckTunnels(uint32_t tunnels, std::string& error) const override;
    /**
     * \param level a level
     * \return its DSCP code point
     */
    uint8_t GetMark(uint32_t level) const;

    /**
     * \brief Check a thresholds text.
     * \param text the text
     * \param thresholds receives the thresholds
     * \param error receives the reason on failure
     * \return true if valid
     */
    static bool ParseThresholds(const std::string& text,
                                std::vector<uint64_t>& thresholds,
                                std::string& error);
    /**
     * \brief Check a marks text.
     * \param text the text
     * \param marks receives the code points
     * \param error receives the reason on failure
     * \return true if valid
     */
    static bool ParseMarks(const std::string& text,
                           std::vector<uint8_t>& marks,
                           std::string& error);

    /// \return flows in the table now
    uint32_t GetTableSize() const;
    /// \return the largest table size seen
    uint32_t GetTablePeak() const;
    /**
     * \return packets of new flows that found the table full (with Refuse,
     * every packet of an untracked flow; with EvictOldest, every eviction)
     */
    uint64_t GetTableFullEvents() const;
    /// \return flows forgotten to make room (EvictOldest)
    uint64_t GetEvictions() const;
    /// \return entries removed after FlowTimeout without a packet
    uint64_t GetExpired() const;
    /// \return flows tracked since the start
    uint64_t GetFlows() const;
    /**
     * \param level a level >= 1
     * \return flows that reached it
     */
    uint64_t GetPromotions(uint32_t level) const;
    /**
     * \param key a 5-tuple
     * \return packets counted for it (0 if not in the table)
     */
    uint64_t GetCount(const FlowKey& key) const;

    /**
     * \brief TracedCallback signature of Reclassify.
     * \param key the flow
     * \param level its new level
     */
    typedef void (*ReclassifyTracedCallback)(const FlowKey& key, uint32_t level);

  protected:
    void DoDispose() override;
    uint32_t SelectTunnel(Ptr<const Packet> p,
                          const FlowKey& key,
                          FlowKey::Status status,
                          Ipv4Header& header) override;

  private:
    /// Remove the entries idle for FlowTimeout or longer.
    void Expire();
    /**
     * \param count a flow's packet count
     * \return its level
     */
    uint32_t LevelOf(uint64_t count) const;

    /// A flow in recency order (oldest first).
    struct Recent
    {
        FlowKey key;   //!< the flow
        Time lastSeen; //!< its last packet
    };

    /// A flow's entry.
    struct Entry
    {
        uint64_t count{0};                  //!< packets so far
        std::list<Recent>::iterator recent; //!< its place in recency order
    };

    std::vector<uint64_t> m_thresholds{20};                     //!< increasing thresholds
    std::string m_marksText;                                    //!< marks as set
    std::vector<uint8_t> m_marks;                               //!< DSCP per level
    Time m_timeout;                                             //!< idle time to expiry
    uint32_t m_capacity;                                        //!< table capacity
    FullPolicy m_whenFull;                                      //!< full-table policy
    std::unordered_map<FlowKey, Entry, FlowKey::Hash> m_table;  //!< the flow table
    std::list<Recent> m_recent;                                 //!< recency order
    uint32_t m_peak{0};                                         //!< largest size
    uint64_t m_full{0};                                         //!< table-full events
    uint64_t m_evictions{0};                                    //!< evicted flows
    uint64_t m_expired{0};                                      //!< expired entries
    uint64_t m_flows{0};                                        //!< flows tracked
    std::vector<uint64_t> m_promotions;                         //!< flows reaching each level
    TracedCallback<const FlowKey&, uint32_t> m_reclassifyTrace; //!< Reclassify
};

} // namespace rsched
} // namespace ns3

#endif // FLOW_SPLITTER_H
