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
namespace rsched
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

/// The fields of a distribution's text (KIND:A:B...), read one by one as
/// numbers or as values of the quantity, with the reason of a failure.
class Fields
{
  public:
    /**
     * \param text the distribution
     * \param quantity what its values are
     * \param error receives the reason on failure
     */
    Fields(const std::string& text, DistributionSpec::Quantity quantity, std::string& error)
        : parts(SplitText(text, ':')),
          v(parts.size()),
          m_quantity(quantity),
          m_error(error)
    {
    }

    /// \param i a field \return true if it is a value of the quantity (into v[i])
    bool Value(size_t i)
    {
        // Bounded so that means stay finite and draws become Times (int64 ns)
        // and packet counts (uint64) without overflow.
        if (m_quantity == DistributionSpec::Quantity::COUNT)
        {
            return Check(ScenarioOptions::ParseNumber(parts[i], v[i]) && v[i] >= 0 &&
                             v[i] <= DistributionSpec::MAX_COUNT,
                         "'" + parts[i] + "' is not a number in [0, 1e9]");
        }
        // A value that is not 0 but rounds to 0 would silently become 0.
        return Check(ScenarioOptions::ParseSeconds(parts[i], v[i]) && v[i] >= 0 &&
                         v[i] <= ScenarioOptions::MAX_SECONDS,
                     "'" + parts[i] +
                         "' is not a duration in [0, 1e6s] with a unit (s, ms, us, ns)") &&
               Check(v[i] == 0 || !Seconds(v[i]).IsZero(),
                     "'" + parts[i] + "' is shorter than the simulator's 1ns resolution");
    }

    /// \param i a field \return true if it is a number (into v[i])
    bool Number(size_t i)
    {
        return Check(ScenarioOptions::ParseNumber(parts[i], v[i]),
                     "'" + parts[i] + "' is not a number");
    }

    /// \param n fields expected \param form the expected text \return true if there are n
    bool Arity(size_t n, const char* form)
    {
        return Check(parts.size() == n, std::string("expected ") + form);
    }

    /// \param ok a condition \param why the reason if it fails \return ok
    bool Check(bool ok, const std::string& why)
    {
        if (!ok)
        {
            m_error = why;
        }
        return ok;
    }

    std::vector<std::string> parts; //!< the fields, the kind first
    std::vector<double> v;          //!< the values read

  private:
    DistributionSpec::Quantity m_quantity; //!< what the values are
    std::string& m_error;                  //!< where a failure's reason goes
};

/**
 * \brief The modes of a bimodal or mix distribution.
 * \param f its fields, the kind first
 * \param modes receives (probability, value) per mode
 * \param classNames receives the request class of each mode
 * \param error receives the reason on failure
 * \return true if the fields are valid
 */
bool
ParseModes(Fields& f,
           std::vector<std::pair<double, double>>& modes,
           std::vector<std::string>& classNames,
           std::string& error)
{
    const std::vector<double>& v = f.v;
    const std::string& kind = f.parts[0];
    if (kind == "bimodal")
    {
        if (!f.Arity(4, "bimodal:P:A:B") || !f.Number(1) || !f.Value(2) || !f.Value(3))
        {
            return false;
        }
        if (!IsProbability(v[1]))
        {
            error = "bimodal P must be in (0, 1)";
            return false;
        }
        modes = {{v[1], v[2]}, {1 - v[1], v[3]}};
        classNames = v[2] <= v[3] ? std::vector<std::string>{"short", "long"}
                                  : std::vector<std::string>{"long", "short"};
    }
    else
    {
        if (f.parts.size() < 5 || f.parts.size() % 2 == 0)
        {
            error = "expected mix:P1:V1:P2:V2[:P3:V3...]";
            return false;
        }
        if (f.parts.size() / 2 > 256)
        {
            // The request class travels in one byte of the header.
            error = "mix has more than 256 modes";
            return false;
        }
        classNames.clear();
        double total = 0;
        for (size_t i = 1; i < f.parts.size(); i += 2)
        {
            if (!f.Number(i) || !f.Value(i + 1))
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
            classNames.push_back("c" + std::to_string(modes.size() - 1));
        }
        if (std::abs(total - 1) > 1e-6)
        {
            error = "mix probabilities must sum to 1";
            return false;
        }
    }
    return true;
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
    if (text.empty())
    {
        error = "empty distribution";
        return false;
    }
    Fields f(text, quantity, error);
    const std::string& kind = f.parts[0];
    std::vector<double>& v = f.v;
    spec = DistributionSpec();
    spec.text = text;
    spec.classNames = {"all"};
    if (kind == "exp")
    {
        if (!f.Arity(2, "exp:MEAN") || !f.Value(1))
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
        if (!f.Arity(2, "const:VALUE") || !f.Value(1))
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
        if (!f.Arity(3, "uniform:MIN:MAX") || !f.Value(1) || !f.Value(2))
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
        if (!f.Arity(3, "lognormal:MEAN:CV2") || !f.Value(1) || !f.Number(2))
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
        if (!ParseModes(f, modes, spec.classNames, error))
        {
            return false;
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

// The papers' workloads, as they give them: AFP's (its W1 and W2) and
// RackSched's (Fig. 10, 13), constant service times per class but exp50.
// RackSched's GET and SCAN take the nominal times the authors' client uses
// for them (50 us and 780 us).
const std::vector<DistributionSpec::Workload> DistributionSpec::WORKLOADS = {
    {"w1", "bimodal:0.995:500ns:500us", "AFP: 99.5% 0.5us, 0.5% 500us", "", ""},
    {"w2", "bimodal:0.99:1us:100us", "AFP: 99% 1us, 1% 100us", "", ""},
    {"exp50", "exp:50us", "RackSched: exponential, mean 50us", "", ""},
    {"bimodal90", "bimodal:0.9:50us:500us", "RackSched: 90% 50us, 10% 500us", "", ""},
    {"bimodal50", "bimodal:0.5:50us:500us", "RackSched: 50% 50us, 50% 500us", "", ""},
    {"trimodal",
     "mix:0.3333333333333333:50us:0.3333333333333333:500us:0.3333333333333334:5000us",
     "RackSched: 50us, 500us, 5ms, a third each",
     "",
     ""},
    {"getscan90",
     "bimodal:0.9:50us:780us",
     "RackSched: 90% GET 50us, 10% SCAN 780us",
     "get",
     "scan"},
    {"getscan50",
     "bimodal:0.5:50us:780us",
     "RackSched: 50% GET 50us, 50% SCAN 780us",
     "get",
     "scan"},
};

bool
DistributionSpec::ParseWorkload(const std::string& name, DistributionSpec& spec, std::string& error)
{
    for (const Workload& w : WORKLOADS)
    {
        if (name == w.name)
        {
            if (!Parse(w.service, spec, error))
            {
                return false;
            }
            if (*w.first)
            {
                spec.classNames = {w.first, w.second};
            }
            return true;
        }
    }
    std::vector<std::string> names;
    for (const Workload& w : WORKLOADS)
    {
        names.emplace_back(w.name);
    }
    error = "expected one of " + ScenarioOptions::JoinWords(names);
    return false;
}

std::string
DistributionSpec::WorkloadOf(const std::string& workload, const DistributionSpec& service)
{
    for (const Workload& w : WORKLOADS)
    {
        if (workload == w.name && service.text == w.service)
        {
            return workload;
        }
    }
    return "custom";
}

std::string
DistributionSpec::ListWorkloads()
{
    std::string list;
    for (const Workload& w : WORKLOADS)
    {
        list += std::string(list.empty() ? "" : " | ") + w.name + " (" + w.about + ")";
    }
    return list;
}

const std::vector<std::pair<std::string, DistributionSpec::Process>> DistributionSpec::PROCESSES = {
    {"exp", Process::EXPONENTIAL},
    {"lognormal", Process::LOGNORMAL},
    {"uniform", Process::UNIFORM},
    {"constant", Process::CONSTANT}};

bool
DistributionSpec::Arrival(Process process, double mean, DistributionSpec& spec, std::string& error)
{
    // Shorter gaps would mostly round to 0 at the simulator's resolution.
    if (!(mean >= 1e-9) || !(mean <= ScenarioOptions::MAX_SECONDS))
    {
        error = "mean inter-arrival time must be in [1ns, 1e6s]";
        return false;
    }
    std::ostringstream m;
    m.precision(17);
    m << mean << "s";
    switch (process)
    {
    case Process::EXPONENTIAL:
        return Parse("exp:" + m.str(), spec, error);
    case Process::LOGNORMAL:
        return Parse("lognormal:" + m.str() + ":3", spec, error);
    case Process::CONSTANT:
        return Parse("const:" + m.str(), spec, error);
    case Process::UNIFORM: {
        std::ostringstream hi;
        hi.precision(17);
        hi << 2 * mean << "s";
        return Parse("uniform:0s:" + hi.str(), spec, error);
    }
    }
    NS_ABORT_MSG("unknown arrival process");
    return false;
}

} // namespace rsched
} // namespace ns3
