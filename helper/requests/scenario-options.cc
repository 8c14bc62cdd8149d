/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scenario-options.h"

#include "ns3/command-line.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <sstream>

namespace ns3
{

bool
ScenarioOptions::ParseNumber(const std::string& text, double& value)
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
            if (!ParseNumber(text.substr(0, text.size() - n), v))
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
    if (!ParseNumber(text, v) || !(v > minExclusive) || !(v <= maxInclusive))
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
                                   std::string& error,
                                   DistributionSpec::Quantity quantity)
{
    std::string reason;
    if (!DistributionSpec::Parse(text, spec, reason, quantity))
    {
        error = "invalid --" + name + "=" + text + ": " + reason;
        return false;
    }
    return true;
}

void
ScenarioOptions::Add(const std::string& name,
                     const std::string& help,
                     const std::string& defaultText,
                     Converter convert)
{
    m_options.push_back(Option{name, help, Text{defaultText, false}, std::move(convert)});
}

void
ScenarioOptions::AddUnsigned(const std::string& name,
                             const std::string& help,
                             uint32_t& value,
                             uint32_t min,
                             uint32_t max)
{
    Add(name,
        help,
        std::to_string(value),
        [=, &value](const std::string& text, std::string& error) {
            uint64_t v = 0;
            if (!ParseUnsigned(name, text, min, max, v, error))
            {
                return false;
            }
            value = v;
            return true;
        });
}

void
ScenarioOptions::AddDouble(const std::string& name,
                           const std::string& help,
                           double& value,
                           double minExclusive,
                           double maxInclusive)
{
    std::ostringstream os;
    os << value;
    Add(name, help, os.str(), [=, &value](const std::string& text, std::string& error) {
        return ParseDouble(name, text, minExclusive, maxInclusive, value, error);
    });
}

void
ScenarioOptions::AddTime(const std::string& name,
                         const std::string& help,
                         Time& value,
                         bool allowZero)
{
    Add(name, help, FormatTime(value), [=, &value](const std::string& text, std::string& error) {
        return ParseTime(name, text, allowZero, value, error);
    });
}

void
ScenarioOptions::AddChoice(const std::string& name,
                           const std::string& help,
                           std::string& value,
                           const std::vector<std::string>& choices)
{
    std::string list;
    for (const auto& c : choices)
    {
        list += (list.empty() ? "" : "|") + c;
    }
    Add(name, help + ": " + list, value, [=, &value](const std::string& text, std::string& error) {
        if (!ParseChoice(name, text, choices, error))
        {
            return false;
        }
        value = text;
        return true;
    });
}

void
ScenarioOptions::AddBool(const std::string& name, const std::string& help, bool& value)
{
    Add(name,
        help + ": true|false",
        value ? "true" : "false",
        [=, &value](const std::string& text, std::string& error) {
            if (!ParseChoice(name, text, {"true", "false"}, error))
            {
                return false;
            }
            value = text == "true";
            return true;
        });
}

void
ScenarioOptions::AddString(const std::string& name, const std::string& help, std::string& value)
{
    Add(name, help, value, [&value](const std::string& text, std::string& /* error */) {
        value = text;
        return true;
    });
}

void
ScenarioOptions::AddDistribution(const std::string& name,
                                 const std::string& help,
                                 DistributionSpec& value,
                                 DistributionSpec::Quantity quantity)
{
    Add(name, help, value.text, [=, &value](const std::string& text, std::string& error) {
        return ParseDistribution(name, text, value, error, quantity);
    });
}

void
ScenarioOptions::AddTo(CommandLine& cmd)
{
    for (Option& o : m_options)
    {
        cmd.AddValue(o.name, o.help, o.text);
    }
}

bool
ScenarioOptions::Convert(std::string& error)
{
    for (Option& o : m_options)
    {
        if (o.text.given && !o.convert(o.text.value, error))
        {
            return false;
        }
    }
    return true;
}

bool
ScenarioOptions::IsGiven(const std::string& name) const
{
    for (const Option& o : m_options)
    {
        if (o.name == name)
        {
            return o.text.given;
        }
    }
    return false;
}

bool
ScenarioOptions::Set(const std::string& name, const std::string& text)
{
    for (Option& o : m_options)
    {
        if (o.name == name)
        {
            o.text.value = text;
            o.text.given = true;
            return true;
        }
    }
    return false;
}

std::string
ScenarioOptions::FormatTime(Time t)
{
    // The largest unit that shows the value exactly, as a user would write it.
    int64_t ns = t.GetNanoSeconds();
    for (const auto& [unit, scale] : {std::pair{"s", int64_t{1000000000}},
                                      std::pair{"ms", int64_t{1000000}},
                                      std::pair{"us", int64_t{1000}}})
    {
        if (ns != 0 && ns % scale == 0)
        {
            return std::to_string(ns / scale) + unit;
        }
    }
    return std::to_string(ns) + (ns == 0 ? "s" : "ns");
}

std::istream&
operator>>(std::istream& is, ScenarioOptions::Text& text)
{
    // The whole value, spaces included; an empty value is a value too.
    text.value.assign(std::istreambuf_iterator<char>(is), std::istreambuf_iterator<char>());
    text.given = true;
    return is;
}

std::ostream&
operator<<(std::ostream& os, const ScenarioOptions::Text& text)
{
    return os << text.value;
}

} // namespace ns3
