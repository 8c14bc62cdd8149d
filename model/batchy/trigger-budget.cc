/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "trigger-budget.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace ns3
{
namespace rsched
{

TriggerBudget::TriggerBudget(std::vector<uint32_t> triggers,
                             const std::vector<std::vector<uint32_t>>& flowModules,
                             std::vector<double> budgets)
    : m_triggers(std::move(triggers)),
      m_fixed(m_triggers.size(), false),
      m_flowsThrough(m_triggers.size()),
      m_budgets(std::move(budgets)),
      m_recovering(m_budgets.size(), false)
{
    for (uint32_t f = 0; f < flowModules.size(); ++f)
    {
        for (uint32_t i : flowModules[f])
        {
            m_flowsThrough[i].push_back(f);
        }
    }
}

const std::vector<uint32_t>&
TriggerBudget::GetTriggers() const
{
    return m_triggers;
}

uint32_t
TriggerBudget::GetTrigger(uint32_t i) const
{
    return m_triggers[i];
}

bool
TriggerBudget::IsFixed(uint32_t i) const
{
    return m_fixed[i];
}

void
TriggerBudget::Set(uint32_t i, uint32_t trigger, double delayNs, bool fix)
{
    m_triggers[i] = trigger;
    m_fixed[i] = m_fixed[i] || fix;
    if (delayNs != 0)
    {
        for (uint32_t f : m_flowsThrough[i])
        {
            m_budgets[f] -= delayNs;
        }
    }
}

double
TriggerBudget::GetBudget(uint32_t f) const
{
    return m_budgets[f];
}

void
TriggerBudget::SetRecovering(uint32_t f)
{
    m_recovering[f] = true;
}

bool
TriggerBudget::IsRecovering(uint32_t f) const
{
    return m_recovering[f];
}

const std::vector<uint32_t>&
TriggerBudget::GetFlowsThrough(uint32_t i) const
{
    return m_flowsThrough[i];
}

void
TriggerBudget::Push(const std::vector<double>& inputBatch, double level)
{
    for (uint32_t i = 0; i < m_triggers.size(); ++i)
    {
        if (m_triggers[i] > 0 && inputBatch[i] >= level)
        {
            Set(i, 0, 0);
        }
    }
}

bool
TriggerBudget::Pull(uint32_t i, uint32_t trigger, double addedNs)
{
    double room = std::numeric_limits<double>::infinity();
    for (uint32_t f : m_flowsThrough[i])
    {
        if (m_recovering[f])
        {
            return false;
        }
        room = std::min(room, m_budgets[f]);
    }
    if (!(addedNs < room))
    {
        return false;
    }
    Set(i, trigger, addedNs);
    return true;
}

} // namespace rsched
} // namespace ns3
