/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "distribution-spec.h"

#include "scenario-options.h"

#include "ns3/double.h"
#include "ns3/mixture-random-variable.h"
#include "ns3/split-text.h"

#include <cmath>
#include <sstream>

namespace ns3
{

namespace
{

constexpr double MAX_LOGNORMAL_CV2 = 100; //!< largest squared coefficient of variation

/// \param v a probability \return true if in (0, 1)
bool
IsProbability(double v)
{
    return v > 0 && v < 1;
}

} // namespace

Ptr<RandomVariableStream>
DistributionSpec::Create() const
{
    if (m_modes.empty())
    {
        return m_factory.IsTypeIdSet() ? m_factory.Create<RandomVariableStream>() : nullptr;
    }
    auto mix = CreateObject<MixtureRandomVariable>();
    for (const auto& [p, value] : m_modes)
    {
        mix->AddComponent(
            p,
            CreateObjectWithAttributes<ConstantRandomVariable>("Constant", DoubleValue(value)));
    }
    return mix;
}

bool
DistributionSpec::Parse(const std::string& text,
                        DistributionSpec& spec,
                        std::string& error,
                        Quantity quantity)
{
    auto parts = SplitText(text, ':');
    if (text.empty())
    {
        error = "empty distribution";
        return false;
    }
    const std::string& kind = parts[0];
    std::vector<double> v(parts.size());
    // A value of the distribution: a duration, or a plain number for counts.
    // Bounded so that means stay finite and draws become Times (int64 ns)
    // and packet counts (uint64) without overflow.
    auto duration = [&](size_t i) {
        if (quantity == Quantity::COUNT)
        {
            if (!ScenarioOptions::ParseNumber(parts[i], v[i]) || v[i] < 0 || v[i] > MAX_COUNT)
            {
                error = "'" + parts[i] + "' is not a number in [0, 1e9]";
                return false;
            }
            return true;
        }
        if (!ScenarioOptions::ParseSeconds(parts[i], v[i]) || v[i] < 0 ||
            v[i] > ScenarioOptions::MAX_SECONDS)
        {
            error = "'" + parts[i] + "' is not a duration in [0, 1e6s] with a unit (s, ms, us, ns)";
            return false;
        }
        return true;
    };
    auto number = [&](size_t i) {
        if (!ScenarioOptions::ParseNumber(parts[i], v[i]))
        {
            error = "'" + parts[i] + "' is not a number";
            return false;
        }
        return true;
    };
    auto arity = [&](size_t n, const char* form) {
        if (parts.size() != n)
        {
            error = std::string("expected ") + form;
            return false;
        }
        return true;
    };

    spec = DistributionSpec();
    spec.text = text;
    spec.classNames = {"all"};
    if (kind == "exp")
    {
        if (!arity(2, "exp:MEAN") || !duration(1))
        {
            return false;
        }
        if (v[1] <= 0)
        {
            error = "exp mean must be > 0";
            return false;
        }
        spec.m_factory.SetTypeId("ns3::ExponentialRandomVariable");
        spec.m_factory.Set("Mean", DoubleValue(v[1]));
        spec.mean = v[1];
        spec.stream = spec.Create();
        return true;
    }
    if (kind == "const")
    {
        if (!arity(2, "const:VALUE") || !duration(1))
        {
            return false;
        }
        spec.m_factory.SetTypeId("ns3::ConstantRandomVariable");
        spec.m_factory.Set("Constant", DoubleValue(v[1]));
        spec.mean = v[1];
        spec.stream = spec.Create();
        return true;
    }
    if (kind == "uniform")
    {
        if (!arity(3, "uniform:MIN:MAX") || !duration(1) || !duration(2))
        {
            return false;
        }
        if (v[1] > v[2])
        {
            error = "uniform MIN must be <= MAX";
            return false;
        }
        spec.m_factory.SetTypeId("ns3::UniformRandomVariable");
        spec.m_factory.Set("Min", DoubleValue(v[1]));
        spec.m_factory.Set("Max", DoubleValue(v[2]));
        spec.mean = (v[1] + v[2]) / 2;
        spec.stream = spec.Create();
        return true;
    }
    if (kind == "lognormal")
    {
        if (!arity(3, "lognormal:MEAN:CV2") || !duration(1) || !number(2))
        {
            return false;
        }
        // A larger CV2 draws values many orders of magnitude above the mean.
        if (v[1] <= 0 || v[2] <= 0 || v[2] > MAX_LOGNORMAL_CV2)
        {
            error = "lognormal MEAN must be > 0 and CV2 in (0, 100]";
            return false;
        }
        // E[X] = exp(mu + s^2 / 2), CV^2 = exp(s^2) - 1.
        double s2 = std::log(1 + v[2]);
        spec.m_factory.SetTypeId("ns3::LogNormalRandomVariable");
        spec.m_factory.Set("Mu", DoubleValue(std::log(v[1]) - s2 / 2));
        spec.m_factory.Set("Sigma", DoubleValue(std::sqrt(s2)));
        spec.mean = v[1];
        spec.stream = spec.Create();
        return true;
    }
    if (kind == "bimodal" || kind == "mix")
    {
        std::vector<std::pair<double, double>>& modes = spec.m_modes;
        if (kind == "bimodal")
        {
            if (!arity(4, "bimodal:P:A:B") || !number(1) || !duration(2) || !duration(3))
            {
                return false;
            }
            if (!IsProbability(v[1]))
            {
                error = "bimodal P must be in (0, 1)";
                return false;
            }
            modes = {{v[1], v[2]}, {1 - v[1], v[3]}};
            spec.classNames = v[2] <= v[3] ? std::vector<std::string>{"short", "long"}
                                           : std::vector<std::string>{"long", "short"};
        }
        else
        {
            if (parts.size() < 5 || parts.size() % 2 == 0)
            {
                error = "expected mix:P1:V1:P2:V2[:P3:V3...]";
                return false;
            }
            if (parts.size() / 2 > 256)
            {
                // The request class travels in one byte of the header.
                error = "mix has more than 256 modes";
                return false;
            }
            spec.classNames.clear();
            double total = 0;
            for (size_t i = 1; i < parts.size(); i += 2)
            {
                if (!number(i) || !duration(i + 1))
                {
                    return false;
                }
                if (!IsProbability(v[i]))
                {
                    error = "mix probabilities must be in (0, 1)";
                    return false;
                }
                total += v[i];
                modes.emplace_back(v[i], v[i + 1]);
                spec.classNames.push_back("c" + std::to_string(modes.size() - 1));
            }
            if (std::abs(total - 1) > 1e-6)
            {
                error = "mix probabilities must sum to 1";
                return false;
            }
        }
        for (const auto& [p, value] : modes)
        {
            spec.mean += p * value;
        }
        spec.stream = spec.Create();
        return true;
    }
    error = "unknown distribution '" + kind + "' (exp, const, uniform, lognormal, bimodal, mix)";
    return false;
}

bool
DistributionSpec::Arrival(const std::string& kind,
                          double mean,
                          DistributionSpec& spec,
                          std::string& error)
{
    if (!(mean > 0) || !(mean <= ScenarioOptions::MAX_SECONDS))
    {
        error = "mean inter-arrival time must be in (0, 1e6s]";
        return false;
    }
    std::ostringstream m;
    m.precision(17);
    m << mean << "s";
    if (kind == "exp")
    {
        return Parse("exp:" + m.str(), spec, error);
    }
    if (kind == "lognormal")
    {
        return Parse("lognormal:" + m.str() + ":3", spec, error);
    }
    if (kind == "constant")
    {
        return Parse("const:" + m.str(), spec, error);
    }
    if (kind == "uniform")
    {
        std::ostringstream hi;
        hi.precision(17);
        hi << 2 * mean << "s";
        return Parse("uniform:0s:" + hi.str(), spec, error);
    }
    error = "unknown arrival process '" + kind + "' (exp, lognormal, uniform, constant)";
    return false;
}

} // namespace ns3
