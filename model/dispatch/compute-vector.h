/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COMPUTE_VECTOR_H
#define COMPUTE_VECTOR_H

#include "ns3/ipv4-address.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief One entry of a compute vector: a place to send requests of a
 * service and the compute units (CU) behind it.
 *
 * At an ingress semantic router the entries are service instances (their
 * locators; the router rewrites the destination). In the routed deployment
 * an entry may be a next-hop semantic router whose CU is the sum of the
 * instances reached through it (the router forwards the packet unchanged).
 */
struct ComputeTarget
{
    Ipv4Address address;      //!< instance locator or next-hop router address
    uint32_t computeUnits{1}; //!< compute units behind this entry (>= 1)
    bool rewrite{true};       //!< rewrite the destination to address (false: forward to it)
    uint32_t site{0};         //!< site of the entry (for reports)
};

/**
 * \ingroup request-scheduling-dispatch
 * \brief The compute vector of a service at a scheduling point: the
 * entries it can send requests to, with their compute units.
 */
class ComputeVector
{
  public:
    /**
     * \brief Add an entry.
     * \param target the entry (computeUnits >= 1)
     */
    void Add(const ComputeTarget& target);
    /// \return the number of entries
    uint32_t GetN() const;
    /**
     * \param i entry index
     * \return the entry
     */
    const ComputeTarget& Get(uint32_t i) const;
    /// \return the sum of the entries' compute units
    uint32_t GetTotalComputeUnits() const;
    /// \return true if there is no entry
    bool IsEmpty() const;
    /**
     * \param address an entry address
     * \return its index, or GetN() if absent
     */
    uint32_t Find(Ipv4Address address) const;

    /**
     * \brief Parse per-site compute-unit lists: sites separated by ';', the
     * units of the site's instances by ','. Example: "1,2,2,3;1,2,2,4".
     * \param text the lists
     * \param sites receives one vector of units per site
     * \param error receives the reason on failure
     * \return true if every unit is an integer >= 1 and no list is empty
     */
    static bool ParseSites(const std::string& text,
                           std::vector<std::vector<uint32_t>>& sites,
                           std::string& error);

  private:
    std::vector<ComputeTarget> m_targets; //!< entries
    uint32_t m_total{0};                  //!< sum of compute units
};

} // namespace rsched
} // namespace ns3

#endif // COMPUTE_VECTOR_H
