/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "type-aliases.h"

#include "ns3/pointer.h"
#include "ns3/string.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>
#include <type_traits>

namespace ns3
{
namespace rsched
{

namespace
{

/// Short name -> TypeId name, one line per type. The family of each is
/// its TypeId's parent: a name is offered wherever its family is asked for.
const std::vector<std::pair<std::string, std::string>> kAliases = {
    // Core policies (ns3::CorePolicy), model/microsecond/
    {"dfcfs", "ns3::DfcfsCorePolicy"},
    {"cfcfs", "ns3::CfcfsCorePolicy"},
    {"ps", "ns3::PsCorePolicy"},
    {"shinjuku", "ns3::ShinjukuCorePolicy"},
    {"psp", "ns3::PspCorePolicy"},
    {"afp", "ns3::AfpCorePolicy"},
    {"lcfs", "ns3::LcfsCorePolicy"},
    // Dispatchers (ns3::Dispatcher), model/dispatch/ and the systems' folders
    {"random", "ns3::RandomDispatcher"},
    {"cards", "ns3::CardsDispatcher"},
    {"steam", "ns3::SteamDispatcher"},
    {"round-robin", "ns3::RoundRobinDispatcher"},
    {"power-of-k", "ns3::PowerOfKDispatcher"},
    {"jbsq", "ns3::JbsqDispatcher"},
    {"lowest-load", "ns3::LowestLoadDispatcher"},
    // Batchy controllers (ns3::BatchyController), model/batchy/
    {"null", "ns3::NullBatchyController"},
    {"max", "ns3::MaxBatchyController"},
    {"onoff", "ns3::OnOffBatchyController"},
    {"full", "ns3::FullBatchyController"},
    {"nfvnice", "ns3::NfvniceBatchyController"},
    // Load trackers (ns3::LoadTracker), model/dispatch/
    {"reported", "ns3::ReportedLoadTracker"},
    {"proactive", "ns3::ProactiveLoadTracker"},
    // SD-WAN border routers (ns3::TunnelRouter), model/sdwan/
    {"splitter", "ns3::FlowSplitter"},
    {"ecmp", "ns3::EcmpRouter"},
    {"ecmp-packet", "ns3::PacketSprayRouter"},
};

/**
 * \param text a string
 * \param sep separator
 * \return the pieces (an empty text gives one empty piece); a separator
 *         inside brackets (an object's own attributes) does not split
 */
std::vector<std::string>
SplitOutsideBrackets(const std::string& text, char sep)
{
    std::vector<std::string> parts(1);
    int depth = 0;
    for (char c : text)
    {
        depth += c == '[' ? 1 : c == ']' ? -1 : 0;
        if (c == sep && depth == 0)
        {
            parts.emplace_back();
        }
        else
        {
            parts.back() += c;
        }
    }
    return parts;
}

/**
 * \param text a value of a Time attribute
 * \return true if ns-3 can read it as a Time (a number with an optional
 *         unit); ns-3 aborts on anything else instead of rejecting it
 */
bool
IsTimeText(const std::string& text)
{
    // As ns-3's Time(std::string) splits it: the number is the leading run
    // of these characters, the rest must be a unit.
    size_t split = text.find_first_not_of("+-0123456789.eE");
    std::string number = text.substr(0, split);
    std::string unit = split == std::string::npos ? "" : text.substr(split);
    char* end = nullptr;
    errno = 0;
    double v = std::strtod(number.c_str(), &end);
    if (number.empty() || end != number.c_str() + number.size() || errno != 0 || !std::isfinite(v))
    {
        return false;
    }
    // Seconds per unit; at most 10^9 s in all (int64 nanoseconds end at
    // 9.2e9 s, and ns-3 aborts on an overflow).
    static const std::map<std::string, double> units{{"", 1},
                                                     {"y", 365 * 86400.0},
                                                     {"d", 86400},
                                                     {"h", 3600},
                                                     {"min", 60},
                                                     {"s", 1},
                                                     {"ms", 1e-3},
                                                     {"us", 1e-6},
                                                     {"ns", 1e-9},
                                                     {"ps", 1e-12},
                                                     {"fs", 1e-15}};
    auto it = units.find(unit);
    return it != units.end() && std::abs(v) * it->second <= 1e9;
}

/**
 * \brief The value of a pointer attribute given as TYPE[Attribute=Value|...]
 * in brackets: every copy holds an object of its own.
 *
 * ns-3 copies an attribute's value once into the factory and once more
 * into each object the factory creates; a PointerValue would hand every
 * object the same instance (one load tracker for every dispatcher), where
 * the text describes one per object.
 */
class FactoryPointerValue : public PointerValue
{
  public:
    /// \param factory the objects' type and attributes
    explicit FactoryPointerValue(const ObjectFactory& factory)
        : PointerValue(factory.Create<Object>()),
          m_factory(factory)
    {
    }

    Ptr<AttributeValue> Copy() const override
    {
        return Create<FactoryPointerValue>(m_factory);
    }

  private:
    ObjectFactory m_factory; //!< makes each copy's object
};

} // namespace

Ptr<AttributeValue>
TypeAliases::ReadValue(Ptr<const AttributeChecker> checker, const std::string& text)
{
    const std::string type = checker->GetValueTypeName();
    bool readable = false;
    if (type == "ns3::UintegerValue" || type == "ns3::IntegerValue")
    {
        size_t digits = type == "ns3::IntegerValue" && text.rfind('-', 0) == 0 ? 1 : 0;
        readable = text.size() > digits &&
                   text.find_first_not_of("0123456789", digits) == std::string::npos;
    }
    else if (type == "ns3::DoubleValue")
    {
        // Only what both strtod and >> read the same way (no nan, inf or hex).
        char* end = nullptr;
        errno = 0;
        double v = std::strtod(text.c_str(), &end);
        readable = !text.empty() &&
                   text.find_first_not_of("0123456789+-.eE") == std::string::npos &&
                   end == text.c_str() + text.size() && errno == 0 && std::isfinite(v);
    }
    else if (type == "ns3::TimeValue")
    {
        readable = IsTimeText(text);
    }
    else if (type.rfind("ns3::EnumValue", 0) == 0)
    {
        // ns-3 ends the program on a name it does not know.
        for (const std::string& name :
             SplitOutsideBrackets(checker->GetUnderlyingTypeInformation(), '|'))
        {
            readable |= name == text;
        }
    }
    else
    {
        // A string its checker refuses would be read again by ns-3, which
        // aborts on a blank in it; other types read one word with >>.
        readable = type == "ns3::StringValue" ? checker->Check(StringValue(text))
                                              : text.find_first_of(" \t\n") == std::string::npos;
    }
    return readable ? checker->CreateValidValue(StringValue(text)) : nullptr;
}

std::vector<std::string>
TypeAliases::AttributeNames(const std::string& text)
{
    std::vector<std::string> names;
    size_t open = text.find('[');
    if (open == std::string::npos || text.back() != ']')
    {
        return names;
    }
    for (const std::string& assignment :
         SplitOutsideBrackets(text.substr(open + 1, text.size() - open - 2), '|'))
    {
        size_t eq = assignment.find('=');
        if (eq != std::string::npos && eq > 0)
        {
            names.push_back(assignment.substr(0, eq));
        }
    }
    return names;
}

std::string
TypeAliases::Lookup(const std::string& name)
{
    auto it = std::find_if(kAliases.begin(), kAliases.end(), [&name](const auto& a) {
        return a.first == name;
    });
    return it == kAliases.end() ? std::string() : it->second;
}

std::string
TypeAliases::Name(TypeId tid)
{
    auto it = std::find_if(kAliases.begin(), kAliases.end(), [&tid](const auto& a) {
        return a.second == tid.GetName();
    });
    return it == kAliases.end() ? tid.GetName() : it->first;
}

std::string
TypeAliases::List(TypeId base)
{
    std::string list;
    for (const auto& [name, type] : kAliases)
    {
        TypeId tid;
        if (TypeId::LookupByNameFailSafe(type, &tid) && tid != base && tid.IsChildOf(base))
        {
            list += (list.empty() ? "" : "|") + name;
        }
    }
    return list;
}

bool
TypeAliases::Parse(const std::string& option,
                   const std::string& text,
                   TypeId base,
                   ObjectFactory& factory,
                   std::string& error)
{
    auto fail = [&](const std::string& why) {
        error = "invalid --" + option + "=" + text + ": " + why;
        return false;
    };
    std::string name = text;
    std::string attributes;
    size_t open = text.find('[');
    if (open != std::string::npos)
    {
        if (text.back() != ']')
        {
            return fail("expected NAME or NAME[Attribute=Value|...]");
        }
        name = text.substr(0, open);
        attributes = text.substr(open + 1, text.size() - open - 2);
    }
    std::string typeName = Lookup(name);
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(typeName.empty() ? name : typeName, &tid) || tid == base ||
        !tid.IsChildOf(base) || !tid.HasConstructor())
    {
        return fail("expected one of " + List(base) + ", or the TypeId name of a subclass of " +
                    base.GetName());
    }
    factory = ObjectFactory();
    factory.SetTypeId(tid);
    if (attributes.empty())
    {
        return true;
    }
    for (const std::string& assignment : SplitOutsideBrackets(attributes, '|'))
    {
        size_t eq = assignment.find('=');
        if (eq == std::string::npos || eq == 0)
        {
            return fail("'" + assignment + "' is not Attribute=Value");
        }
        std::string attribute = assignment.substr(0, eq);
        std::string value = assignment.substr(eq + 1);
        TypeId::AttributeInformation info;
        if (!tid.LookupAttributeByName(attribute, &info))
        {
            return fail(tid.GetName() + " has no attribute " + attribute);
        }
        if (auto pointer = DynamicCast<const PointerChecker>(info.checker))
        {
            // An object, as TYPE[Attribute=Value|...]: read here like the
            // option itself (ns-3's own reader ends the program on an unknown
            // type or a bad value).
            ObjectFactory object;
            std::string why;
            if (!Parse(option, value, pointer->GetPointeeTypeId(), object, why))
            {
                return fail("'" + value + "' is not a valid " + attribute + " (a subclass of " +
                            pointer->GetPointeeTypeId().GetName() + ", with its attributes)");
            }
            factory.Set(attribute, FactoryPointerValue(object));
            continue;
        }
        Ptr<AttributeValue> valid = ReadValue(info.checker, value);
        if (!valid)
        {
            return fail("'" + value + "' is not a valid " + attribute + " (" +
                        info.checker->GetUnderlyingTypeInformation() + ")");
        }
        factory.Set(attribute, *valid);
    }
    return true;
}

std::vector<std::pair<std::string, std::string>>
TypeAliases::Attributes(Ptr<const Object> object)
{
    std::vector<std::pair<std::string, std::string>> attributes;
    for (TypeId tid = object->GetInstanceTypeId(); tid != Object::GetTypeId();
         tid = tid.GetParent())
    {
        for (uint32_t i = 0; i < tid.GetAttributeN(); ++i)
        {
            TypeId::AttributeInformation info = tid.GetAttribute(i);
            if (!(info.flags & TypeId::ATTR_GET) || !info.accessor->HasGetter())
            {
                continue;
            }
            Ptr<AttributeValue> value = info.checker->Create();
            if (info.accessor->Get(PeekPointer(object), *value))
            {
                attributes.emplace_back(info.name, value->SerializeToString(info.checker));
            }
        }
    }
    return attributes;
}

} // namespace rsched
} // namespace ns3
