/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scenario-options.h"

#include "ns3/double.h"
#include "ns3/mixture-random-variable.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace ns3
{

namespace
{

/// \param text a string \param sep separator \return the pieces
std::vector<std::string>
Split(const std::string& text, char sep)
{
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, sep))
    {
        parts.push_back(part);
    }
    if (!text.empty() && text.back() == sep)
    {
        parts.emplace_back();
    }
    return parts;
}

/// \param text a string \param value receives a finite double \return true if all of text is one
bool
ToDouble(const std::string& text, double& value)
{
    if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    {
        return false;
    }
    char* end = nullptr;
    errno = 0;
    value = std::strtod(text.c_str(), &end);
    return errno == 0 && end == text.c_str() + text.size() && std::isfinite(value);
}

/// \param v a probability \return true if in (0, 1)
bool
IsProbability(double v)
{
    return v > 0 && v < 1;
}

/**
 * \param value seconds
 * \return a constant random variable
 */
Ptr<RandomVariableStream>
Constant(double value)
{
    auto c = CreateObject<ConstantRandomVariable>();
    c->SetAttribute("Constant", DoubleValue(value));
    return c;
}

} // namespace

bool
ScenarioOptions::ParseSeconds(const std::string& text, double& seconds)
{
    static const std::pair<const char*, double> units[] = {
        {"ns", 1e-9},
        {"us", 1e-6},
        {"ms", 1e-3},
        {"s", 1.0},
    };
    for (const auto& [unit, scale] : units)
    {
        size_t n = std::char_traits<char>::length(unit);
        if (text.size() > n && text.compare(text.size() - n, n, unit) == 0)
        {
            double v;
            if (!ToDouble(text.substr(0, text.size() - n), v))
            {
                return false;
            }
            seconds = v * scale;
            return true;
        }
    }
    return false;
}

bool
DistributionSpec::Parse(const std::string& text, DistributionSpec& spec, std::string& error)
{
    auto parts = Split(text, ':');
    if (parts.empty())
    {
        error = "empty distribution";
        return false;
    }
    const std::string& kind = parts[0];
    std::vector<double> v(parts.size());
    auto duration = [&](size_t i) {
        if (!ScenarioOptions::ParseSeconds(parts[i], v[i]) || v[i] < 0)
        {
            error = "'" + parts[i] + "' is not a duration >= 0 with a unit (s, ms, us, ns)";
            return false;
        }
        return true;
    };
    auto number = [&](size_t i) {
        if (!ToDouble(parts[i], v[i]))
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
        auto e = CreateObject<ExponentialRandomVariable>();
        e->SetAttribute("Mean", DoubleValue(v[1]));
        spec.stream = e;
        spec.mean = v[1];
        return true;
    }
    if (kind == "const")
    {
        if (!arity(2, "const:VALUE") || !duration(1))
        {
            return false;
        }
        spec.stream = Constant(v[1]);
        spec.mean = v[1];
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
        auto u = CreateObject<UniformRandomVariable>();
        u->SetAttribute("Min", DoubleValue(v[1]));
        u->SetAttribute("Max", DoubleValue(v[2]));
        spec.stream = u;
        spec.mean = (v[1] + v[2]) / 2;
        return true;
    }
    if (kind == "lognormal")
    {
        if (!arity(3, "lognormal:MEAN:CV2") || !duration(1) || !number(2))
        {
            return false;
        }
        if (v[1] <= 0 || v[2] <= 0)
        {
            error = "lognormal MEAN and CV2 must be > 0";
            return false;
        }
        // E[X] = exp(mu + s^2 / 2), CV^2 = exp(s^2) - 1.
        double s2 = std::log(1 + v[2]);
        auto l = CreateObject<LogNormalRandomVariable>();
        l->SetAttribute("Mu", DoubleValue(std::log(v[1]) - s2 / 2));
        l->SetAttribute("Sigma", DoubleValue(std::sqrt(s2)));
        spec.stream = l;
        spec.mean = v[1];
        return true;
    }
    if (kind == "bimodal" || kind == "mix")
    {
        std::vector<std::pair<double, double>> modes; // (probability, value)
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
        auto mix = CreateObject<MixtureRandomVariable>();
        for (const auto& [p, value] : modes)
        {
            mix->AddComponent(p, Constant(value));
            spec.mean += p * value;
        }
        spec.stream = mix;
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
    if (!(mean > 0) || !std::isfinite(mean))
    {
        error = "mean inter-arrival time must be > 0";
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

bool
ScenarioOptions::ParseUnsigned(const std::string& name,
                               const std::string& text,
                               uint64_t min,
                               uint64_t max,
                               uint64_t& value,
                               std::string& error)
{
    bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    errno = 0;
    unsigned long long v = digits ? std::strtoull(text.c_str(), nullptr, 10) : 0;
    if (!digits || errno != 0 || v < min || v > max)
    {
        error = "invalid --" + name + "=" + text + ": expected an integer in [" +
                std::to_string(min) + ", " + std::to_string(max) + "]";
        return false;
    }
    value = v;
    return true;
}

bool
ScenarioOptions::ParseDouble(const std::string& name,
                             const std::string& text,
                             double minExclusive,
                             double maxInclusive,
                             double& value,
                             std::string& error)
{
    double v;
    if (!ToDouble(text, v) || !(v > minExclusive) || !(v <= maxInclusive))
    {
        std::ostringstream os;
        os << "invalid --" << name << "=" << text << ": expected a number in (" << minExclusive
           << ", " << maxInclusive << "]";
        error = os.str();
        return false;
    }
    value = v;
    return true;
}

bool
ScenarioOptions::ParseTime(const std::string& name,
                           const std::string& text,
                           bool allowZero,
                           Time& value,
                           std::string& error)
{
    double s;
    if (!ParseSeconds(text, s) || s < 0 || (!allowZero && s == 0) || s > 1e6)
    {
        error = "invalid --" + name + "=" + text + ": expected a duration " +
                (allowZero ? ">= 0" : "> 0") + " with a unit (s, ms, us, ns), e.g. 2s";
        return false;
    }
    value = Seconds(s);
    return true;
}

bool
ScenarioOptions::ParseChoice(const std::string& name,
                             const std::string& text,
                             const std::vector<std::string>& choices,
                             std::string& error)
{
    for (const auto& c : choices)
    {
        if (text == c)
        {
            return true;
        }
    }
    std::string list;
    for (const auto& c : choices)
    {
        list += (list.empty() ? "" : "|") + c;
    }
    error = "invalid --" + name + "=" + text + ": expected one of " + list;
    return false;
}

bool
ScenarioOptions::ParseDistribution(const std::string& name,
                                   const std::string& text,
                                   DistributionSpec& spec,
                                   std::string& error)
{
    std::string reason;
    if (!DistributionSpec::Parse(text, spec, reason))
    {
        error = "invalid --" + name + "=" + text + ": " + reason;
        return false;
    }
    return true;
}

} // namespace ns3
