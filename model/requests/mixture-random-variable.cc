/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "mixture-random-variable.h"

#include "ns3/abort.h"
#include "ns3/rng-stream.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(MixtureRandomVariable);

TypeId
MixtureRandomVariable::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MixtureRandomVariable")
                            .SetParent<RandomVariableStream>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<MixtureRandomVariable>();
    return tid;
}

MixtureRandomVariable::MixtureRandomVariable() = default;

void
MixtureRandomVariable::AddComponent(double weight, Ptr<RandomVariableStream> component)
{
    NS_ABORT_MSG_IF(!(weight > 0) || !std::isfinite(weight),
                    "mixture weight must be positive and finite, got " << weight);
    NS_ABORT_MSG_IF(!component, "mixture component is null");
    m_components.push_back(component);
    m_cumulative.push_back((m_cumulative.empty() ? 0.0 : m_cumulative.back()) + weight);
}

uint32_t
MixtureRandomVariable::GetComponentCount() const
{
    return m_components.size();
}

double
MixtureRandomVariable::GetProbability(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_components.size(), "no mixture component " << i);
    double lower = i == 0 ? 0.0 : m_cumulative[i - 1];
    return (m_cumulative[i] - lower) / m_cumulative.back();
}

uint32_t
MixtureRandomVariable::GetLastComponent() const
{
    return m_last;
}

int64_t
MixtureRandomVariable::AssignStreams(int64_t stream)
{
    SetStream(stream);
    int64_t used = 1;
    for (auto& c : m_components)
    {
        c->SetStream(stream + used);
        ++used;
    }
    return used;
}

double
MixtureRandomVariable::GetValue()
{
    NS_ABORT_MSG_IF(m_components.empty(), "MixtureRandomVariable has no components");
    double u = Peek()->RandU01();
    if (IsAntithetic())
    {
        u = 1 - u;
    }
    double target = u * m_cumulative.back();
    auto it = std::upper_bound(m_cumulative.begin(), m_cumulative.end(), target);
    m_last = std::min<uint32_t>(it - m_cumulative.begin(), m_components.size() - 1);
    return m_components[m_last]->GetValue();
}

uint32_t
MixtureRandomVariable::GetInteger()
{
    return static_cast<uint32_t>(GetValue());
}

} // namespace rsched
} // namespace ns3
