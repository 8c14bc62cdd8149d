/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scenario-options.h"

#include "type-aliases.h"

#include "ns3/abort.h"
#include "ns3/command-line.h"
#include "ns3/global-value.h"
#include "ns3/scheduler.h"
#include "ns3/simulator-impl.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <tuple>
#include <unistd.h>
#include <utility>

namespace ns3
{
namespace rsched
{

bool
ScenarioOptions::ParseNumber(const std::string& text, double& value)
{
    // Decimal notation only: strtod also reads hexadecimal ("0x10"),
    // "infinity" and leading spaces.
    if (text.empty() || text.find_first_not_of("0123456789+-.eE") != std::string::npos)
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
    if (!ParseSeconds(text, s) || s < 0 || (!allowZero && s == 0) || s > MAX_SECONDS)
    {
        error = "invalid --" + name + "=" + text + ": expected a duration " +
                (allowZero ? ">= 0" : "> 0") + " with a unit (s, ms, us, ns), e.g. 2s";
        return false;
    }
    // A duration that is not 0 but rounds to 0 would silently become 0 (or
    // an attribute's abort for a zero period).
    if (s > 0 && Seconds(s).IsZero())
    {
        error = "invalid --" + name + "=" + text + ": shorter than the simulator's 1ns resolution";
        return false;
    }
    // Nor may it be rounded to a whole nanosecond without a word (1.5ns).
    double ns = s * 1e9;
    if (std::abs(ns - std::round(ns)) > std::max(1e-3, 1e-15 * ns))
    {
        error = "invalid --" + name + "=" + text +
                ": not a whole number of nanoseconds, the simulator's resolution";
        return false;
    }
    value = Seconds(s);
    return true;
}

bool
ScenarioOptions::ParseDataRate(const std::string& name,
                               const std::string& text,
                               DataRate& rate,
                               std::string& error)
{
    // ns-3 converts the number to an integer without a range check: take
    // the number and ns-3's value of one unit apart, and bound their product.
    size_t unitAt = text.find_first_not_of("0123456789.");
    std::string unit = unitAt == std::string::npos ? "" : text.substr(unitAt);
    double number = 0;
    DataRateValue one;
    bool ok = ParseNumber(text.substr(0, unitAt), number) &&
              (unit.empty() || one.DeserializeFromString("1" + unit, MakeDataRateChecker()));
    double bps = number * (unit.empty() ? 1.0 : one.Get().GetBitRate());
    if (!ok || !(bps >= 1) || bps > 1e15)
    {
        error = "invalid --" + name + "=" + text +
                ": expected a data rate from 1bps to 1000000Gbps, e.g. 100Gbps";
        return false;
    }
    rate = DataRate(static_cast<uint64_t>(bps));
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
ScenarioOptions::AddShare(const std::string& name,
                          const std::string& help,
                          double& value,
                          bool oneAllowed)
{
    std::ostringstream os;
    os << value;
    Add(name, help, os.str(), [=, &value](const std::string& text, std::string& error) {
        double v;
        if (!ParseNumber(text, v) || v < 0 || v > 1 || (v == 1 && !oneAllowed))
        {
            error = "invalid --" + name + "=" + text + ": expected a number in [0, " +
                    (oneAllowed ? "1]" : "1)");
            return false;
        }
        value = v;
        return true;
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

std::string
ScenarioOptions::JoinWords(const std::vector<std::string>& words)
{
    std::string list;
    for (const auto& w : words)
    {
        list += (list.empty() ? "" : "|") + w;
    }
    return list;
}

void
ScenarioOptions::AddChoice(const std::string& name,
                           const std::string& help,
                           std::string& value,
                           const std::vector<std::string>& choices)
{
    Add(name,
        help + ": " + JoinWords(choices),
        value,
        [=, &value](const std::string& text, std::string& error) {
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
ScenarioOptions::AddOutputFile(const std::string& name,
                               const std::string& help,
                               std::string& value,
                               const std::string& suffix)
{
    Add(name,
        help,
        value,
        [this, name, suffix, &value](const std::string& text, std::string& error) {
            if (!text.empty())
            {
                // Two outputs in one file (not a device: /dev/null) would leave
                // only the one written last.
                std::string file = text + suffix;
                std::error_code ec;
                std::filesystem::path absolute = std::filesystem::absolute(file, ec);
                std::string path = (ec ? std::filesystem::path(file) : absolute).lexically_normal();
                bool device = std::filesystem::exists(file, ec) &&
                              !std::filesystem::is_regular_file(file, ec);
                for (const auto& [other, otherPath] : m_outputs)
                {
                    if (otherPath == path && !device)
                    {
                        error = "invalid --" + name + "=" + text + ": --" + other + " writes " +
                                file + " too";
                        return false;
                    }
                }
                m_outputs.emplace_back(name, path);
                // Open for appending: an existing file is left as it is, and
                // one made only for the check is removed again.
                bool existed = access(file.c_str(), F_OK) == 0;
                if (!std::ofstream(file, std::ios::app))
                {
                    error = "invalid --" + name + "=" + text + ": cannot write " + file;
                    return false;
                }
                if (!existed)
                {
                    std::remove(file.c_str());
                }
            }
            value = text;
            return true;
        });
}

void
ScenarioOptions::AddDataRate(const std::string& name, const std::string& help, std::string& value)
{
    Add(name, help, value, [=, &value](const std::string& text, std::string& error) {
        DataRate rate;
        if (!ParseDataRate(name, text, rate, error))
        {
            return false;
        }
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
    if (m_workload)
    {
        m_workload = false;
        const std::string& workload = FindOption("workload").text.value;
        ContextualDefault("service", workload.empty() ? "" : "that of --workload");
        ContextualDefault("workload");
    }
    for (Option& o : m_options)
    {
        cmd.AddValue(o.name, o.help, o.text);
    }
}

void
ScenarioOptions::AddWorkload(DistributionSpec& service, std::string& workload)
{
    m_workload = true;
    Add("workload",
        "a workload of the papers, instead of a service demand: " +
            DistributionSpec::ListWorkloads(),
        workload,
        [this, &service, &workload](const std::string& text, std::string& error) {
            if (IsGiven("service"))
            {
                error = "invalid --workload=" + text + ": give --workload or --service, not both";
                return false;
            }
            if (!DistributionSpec::ParseWorkload(text, service, error))
            {
                error = "invalid --workload=" + text + ": " + error;
                return false;
            }
            workload = text;
            return true;
        });
}

ScenarioOptions::Option&
ScenarioOptions::FindOption(const std::string& name)
{
    auto o = std::find_if(m_options.begin(), m_options.end(), [&name](const Option& o) {
        return o.name == name;
    });
    NS_ABORT_MSG_IF(o == m_options.end(), "no option --" << name << " declared");
    return *o;
}

void
ScenarioOptions::ContextualDefault(const std::string& name, const std::string& what)
{
    Option* o = &FindOption(name);
    std::string shown = what.empty() ? o->text.value : what;
    if (!shown.empty())
    {
        o->help += " (default " + shown + ")";
    }
    o->text.value.clear();
    o->hasDefault = false;
}

void
ScenarioOptions::AddFormerName(const std::string& former, const std::string& name)
{
    NS_ABORT_MSG_UNLESS(std::any_of(m_options.begin(),
                                    m_options.end(),
                                    [&name](const Option& o) { return o.name == name; }),
                        "AddFormerName: no option --" << name);
    m_options.push_back(Option{former,
                               "former name of --" + name + " (until " + FORMER_NAMES_UNTIL + ")",
                               Text{},
                               nullptr,
                               name});
}

const std::vector<std::string>&
ScenarioOptions::GetDeprecations() const
{
    return m_deprecations;
}

bool
ScenarioOptions::Convert(std::string& error)
{
    m_deprecations.clear();
    m_outputs.clear();
    for (Option& o : m_options)
    {
        o.text.given &= o.hasDefault || !o.text.value.empty();
    }
    for (const Option& former : m_options)
    {
        if (former.renamedTo.empty() || !former.text.given)
        {
            continue;
        }
        Option& target =
            *std::find_if(m_options.begin(), m_options.end(), [&former](const Option& o) {
                return o.name == former.renamedTo;
            });
        if (target.text.given && target.givenAs != former.name)
        {
            error = "invalid --" + former.name + "=" + former.text.value + ": --" + former.name +
                    " is the former name of --" + former.renamedTo + ", given as well";
            return false;
        }
        target.text = former.text;
        target.givenAs = former.name;
        m_deprecations.push_back("--" + former.name + " is now --" + former.renamedTo +
                                 "; the former name goes in " + FORMER_NAMES_UNTIL);
    }
    for (Option& o : m_options)
    {
        if (o.text.given && o.convert && !o.convert(o.text.value, error))
        {
            // Name the option as the user gave it.
            std::string as = "--" + o.name + "=";
            size_t at = error.find(as);
            if (!o.givenAs.empty() && at != std::string::npos)
            {
                error.replace(at, as.size(), "--" + o.givenAs + "=");
            }
            return false;
        }
    }
    if (!CheckOwned(error))
    {
        return false;
    }
    for (const auto& check : m_checks)
    {
        if (!check(error))
        {
            return false;
        }
    }
    return true;
}

bool
ScenarioOptions::GivesDefault(const std::string& attribute) const
{
    for (const auto& [name, value] : m_ns3Arguments)
    {
        if (name == attribute)
        {
            return true;
        }
    }
    return false;
}

void
ScenarioOptions::AddCheck(std::function<bool(std::string& error)> check)
{
    m_checks.push_back(std::move(check));
}

void
ScenarioOptions::RefuseUnused(const std::vector<std::string>& names,
                              std::function<std::string(const std::string& name)> reason)
{
    for (const std::string& name : names)
    {
        if (FindOption(name).hasDefault)
        {
            ContextualDefault(name);
        }
    }
    AddCheck([this, names, reason = std::move(reason)](std::string& error) {
        for (const std::string& name : names)
        {
            if (!IsGiven(name))
            {
                continue;
            }
            std::string why = reason(name);
            if (!why.empty())
            {
                error = "invalid --" + name + "=" + FindOption(name).text.value +
                        ": has no effect " + why;
                return false;
            }
        }
        return true;
    });
}

void
ScenarioOptions::Owns(const std::string& attribute, const std::string& option, bool always)
{
    size_t colons = attribute.rfind("::");
    if (colons == std::string::npos)
    {
        m_owned.push_back(Owned{"", attribute, option, always});
    }
    else
    {
        m_owned.push_back(
            Owned{attribute.substr(0, colons), attribute.substr(colons + 2), option, always});
    }
}

const ScenarioOptions::Owned*
ScenarioOptions::FindOwner(TypeId type,
                           const std::string& attribute,
                           const std::string& except,
                           bool defaults) const
{
    for (const Owned& o : m_owned)
    {
        if (o.attribute != attribute || (!except.empty() && o.option == except) ||
            (!o.always && !IsGiven(o.option)))
        {
            continue;
        }
        TypeId owner;
        if (o.type.empty())
        {
            if (type == TypeId())
            {
                return &o;
            }
            continue;
        }
        // An ns-3 default on a base type (--ns3::TunnelRouter::X) reaches its subclasses.
        if (type != TypeId() && TypeId::LookupByNameFailSafe(o.type, &owner) &&
            (type == owner || type.IsChildOf(owner) || (defaults && owner.IsChildOf(type))))
        {
            return &o;
        }
    }
    return nullptr;
}

bool
ScenarioOptions::CheckOwned(std::string& error) const
{
    auto conflict =
        [&error](const std::string& given, const std::string& attribute, const Owned& owner) {
            error = "invalid --" + given + ": ";
            if (owner.option.empty())
            {
                error += "the scenario sets " + attribute + " itself (no option changes it)";
            }
            else if (owner.always)
            {
                error += "the scenario sets " + attribute + " from --" + owner.option +
                         "; give --" + owner.option + " instead";
            }
            else
            {
                error += "--" + owner.option + " sets " + attribute + " too; give one of them";
            }
            return false;
        };
    for (const auto& [name, value] : m_ns3Arguments)
    {
        size_t colons = name.rfind("::");
        TypeId type;
        if (colons != std::string::npos &&
            !TypeId::LookupByNameFailSafe(name.substr(0, colons), &type))
        {
            continue;
        }
        std::string attribute = colons == std::string::npos ? name : name.substr(colons + 2);
        const Owned* owner = FindOwner(type, attribute, "", true);
        if (!owner)
        {
            continue;
        }
        // --RngRun=3 beside --run=3 says the same thing twice: a SEM
        // campaign passes both.
        auto option = std::find_if(m_options.begin(), m_options.end(), [owner](const Option& o) {
            return o.name == owner->option;
        });
        if (owner->always && option != m_options.end() && option->text.given)
        {
            if (option->text.value == value)
            {
                continue;
            }
            error = "invalid --" + name + "=" + value + ": --" + option->name + "=" +
                    option->text.value + " sets " + attribute + " to another value";
            return false;
        }
        return conflict(name + "=" + value, attribute, *owner);
    }
    for (const Option& o : m_options)
    {
        size_t open = o.text.value.find('[');
        if (!o.text.given || open == std::string::npos)
        {
            continue;
        }
        // An object option, NAME[Attribute=Value|...], converted already.
        std::string name = o.text.value.substr(0, open);
        std::string typeName = TypeAliases::Lookup(name);
        TypeId type;
        if (!TypeId::LookupByNameFailSafe(typeName.empty() ? name : typeName, &type))
        {
            continue;
        }
        for (const std::string& attribute : TypeAliases::AttributeNames(o.text.value))
        {
            if (const Owned* owner = FindOwner(type, attribute, o.name, false))
            {
                return conflict(o.name + "=" + o.text.value, attribute, *owner);
            }
            // The same attribute as an ns-3 default of the type or a base:
            // the brackets would replace it.
            for (const auto& [arg, value] : m_ns3Arguments)
            {
                size_t colons = arg.rfind("::");
                TypeId base;
                if (colons != std::string::npos && arg.substr(colons + 2) == attribute &&
                    TypeId::LookupByNameFailSafe(arg.substr(0, colons), &base) &&
                    (type == base || type.IsChildOf(base)))
                {
                    error = "invalid --" + arg + "=" + value + ": --" + o.name + "=" +
                            o.text.value + " sets " + attribute + " too; give one of them";
                    return false;
                }
            }
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
ScenarioOptions::CheckArguments(int argc, char* argv[], std::string& error)
{
    m_ns3Arguments.clear();
    // "--NAME=VALUE" or "-NAME=VALUE" as CommandLine splits it (no dash: 0).
    auto split = [](const std::string& arg) {
        size_t dashes = arg.rfind("--", 0) == 0 ? 2 : arg.rfind('-', 0) == 0 ? 1 : 0;
        size_t eq = arg.find('=');
        return std::tuple{dashes,
                          arg.substr(dashes, eq == std::string::npos ? eq : eq - dashes),
                          eq == std::string::npos ? std::string() : arg.substr(eq + 1)};
    };
    // ns-3's own options (CommandLine::HandleHardOptions) print and exit
    // before anything else is read.
    static const std::set<std::string> ns3Options{"help",
                                                  "PrintHelp",
                                                  "PrintVersion",
                                                  "PrintGlobals",
                                                  "PrintGroups",
                                                  "PrintGroup",
                                                  "PrintTypeIds",
                                                  "PrintAttributes"};
    for (int i = 1; i < argc; ++i)
    {
        auto [dashes, name, value] = split(argv[i]);
        // CommandLine takes them in order, and aborts on a type it cannot find.
        TypeId tid;
        if (dashes > 0 && name == "PrintAttributes" && !TypeId::LookupByNameFailSafe(value, &tid))
        {
            error = "invalid --PrintAttributes=" + value +
                    ": no such TypeId (--PrintTypeIds lists them)";
            return false;
        }
        if (dashes > 0 && ns3Options.count(name) == 1)
        {
            return true;
        }
    }
    for (int i = 1; i < argc; ++i)
    {
        auto [dashes, name, value] = split(argv[i]);
        if (dashes == 0)
        {
            error = "unexpected argument '" + std::string(argv[i]) + "': options are --NAME=VALUE";
            return false;
        }
        bool known = false;
        for (const Option& o : m_options)
        {
            known |= o.name == name;
        }
        if (known)
        {
            continue;
        }
        // An ns-3 global value (--RngRun=2) or attribute default
        // (--ns3::AfpCorePolicy::Thresh=100), as CommandLine tries them.
        Ptr<const AttributeChecker> checker;
        for (auto g = GlobalValue::Begin(); g != GlobalValue::End(); ++g)
        {
            checker = (*g)->GetName() == name ? (*g)->GetChecker() : checker;
        }
        size_t colons = name.rfind("::");
        TypeId tid;
        if (!checker && colons != std::string::npos && colons > 0 &&
            TypeId::LookupByNameFailSafe(name.substr(0, colons), &tid))
        {
            for (uint32_t a = 0; a < tid.GetAttributeN(); ++a)
            {
                TypeId::AttributeInformation info = tid.GetAttribute(a);
                checker = info.name == name.substr(colons + 2) ? info.checker : checker;
            }
        }
        if (!checker)
        {
            error = "unknown option --" + name + " (--PrintHelp lists the options)";
            return false;
        }
        if (!TypeAliases::ReadValue(checker, value))
        {
            error = "invalid --" + name + "=" + value + ": not a valid value (" +
                    checker->GetUnderlyingTypeInformation() + ")";
            return false;
        }
        // The simulator's parts are named by type: one of the right kind.
        for (const auto& [global, base] :
             {std::pair{"SchedulerType", Scheduler::GetTypeId()},
              {"SimulatorImplementationType", SimulatorImpl::GetTypeId()}})
        {
            TypeId part;
            if (name == global &&
                !(TypeId::LookupByNameFailSafe(value, &part) && part.IsChildOf(base)))
            {
                error = "invalid --" + name + "=" + value + ": not a subclass of " + base.GetName();
                return false;
            }
        }
        m_ns3Arguments.emplace_back(name, value);
    }
    return true;
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

} // namespace rsched
} // namespace ns3
