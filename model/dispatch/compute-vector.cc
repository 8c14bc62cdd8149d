/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "compute-vector.h"

#include "ns3/abort.h"

#include <sstream>

namespace ns3
{
namespace rsched
{

void
ComputeVector::Add(const ComputeTarget& target)
{
    NS_ABORT_MSG_IF(target.computeUnits == 0,
                    "compute vector entry " << target.address << " has zero compute units");
    m_targets.push_back(target);
    m_total += target.computeUnits;
}

uint32_t
ComputeVector::GetN() const
{
    return m_targets.size();
}

const ComputeTarget&
ComputeVector::Get(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_targets.size(), "no compute vector entry " << i);
    return m_targets[i];
}

uint32_t
ComputeVector::GetTotalComputeUnits() const
{
    return m_total;
}

bool
ComputeVector::IsEmpty() const
{
    return m_targets.empty();
}

uint32_t
ComputeVector::Find(Ipv4Address address) const
{
    for (uint32_t i = 0; i < m_targets.size(); ++i)
    {
        if (m_targets[i].address == address)
        {
            return i;
        }
    }
    return m_targets.size();
}

bool
ComputeVector::ParseSites(const std::string& text,
                          std::vector<std::vector<uint32_t>>& sites,
                          std::string& error)
{
    sites.clear();
    std::istringstream siteStream(text);
    std::string site;
    while (std::getline(siteStream, site, ';'))
    {
        std::vector<uint32_t> units;
        std::istringstream unitStream(site);
        std::string unit;
        while (std::getline(unitStream, unit, ','))
        {
            bool digits = !unit.empty() && unit.size() <= 6 &&
                          unit.find_first_not_of("0123456789") == std::string::npos;
            if (!digits || std::stoul(unit) == 0)
            {
                error = "compute units must be integers >= 1, got '" + unit + "'";
                return false;
            }
            units.push_back(std::stoul(unit));
        }
        if (units.empty())
        {
            error = "a site has no service instance";
            return false;
        }
        sites.push_back(units);
    }
    if (sites.empty() || (!text.empty() && text.back() == ';'))
    {
        error = "empty compute vector";
        return false;
    }
    return true;
}

} // namespace rsched
} // namespace ns3
