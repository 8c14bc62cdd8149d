/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-splitter.h"

#include "../requests/request-scheduling-compat.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <functional>
#include <sstream>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("FlowSplitter");

NS_OBJECT_ENSURE_REGISTERED(FlowSplitter);

namespace
{

/**
 * \param text comma-separated unsigned numbers
 * \param values receives them
 * \param error receives the reason on failure
 * \return false if a piece is not an unsigned 64-bit number
 */
bool
ParseList(const std::string& text, std::vector<uint64_t>& values, std::string& error)
{
    values.clear();
    std::istringstream in(text);
    std::string piece;
    while (std::getline(in, piece, ','))
    {
        char* end = nullptr;
        errno = 0;
        unsigned long long v = std::strtoull(piece.c_str(), &end, 10);
        // strtoull accepts leading blanks and a sign: a value starts with a digit.
        if (piece.empty() || !std::isdigit(static_cast<unsigned char>(piece[0])) || *end != '\0')
        {
            error = "'" + piece + "' is not a whole number";
            return false;
        }
        if (errno != 0)
        {
            error = "'" + piece + "' is above " + std::to_string(UINT64_MAX);
            return false;
        }
        values.push_back(v);
    }
    if (text.empty() || text.back() == ',')
    {
        error = "an empty value";
        return false;
    }
    return true;
}

/**
 * \brief The checker of a string attribute that only takes texts a parser
 * accepts.
 *
 * The setters of Thresholds and Marks abort on a text they cannot use;
 * with this checker ns-3's CreateValidValue, and so ObjectFactory, Config
 * and TypeAliases::Parse (the --mode option), refuse such a text first.
 */
class ParsedStringChecker : public StringChecker
{
  public:
    /**
     * \param valid whether a text is accepted
     * \param format what the texts look like, for messages
     */
    ParsedStringChecker(std::function<bool(const std::string&)> valid, std::string format)
        : m_valid(std::move(valid)),
          m_format(std::move(format))
    {
    }

    bool Check(const AttributeValue& value) const override
    {
        const auto* text = dynamic_cast<const StringValue*>(&value);
        return text != nullptr && m_valid(text->Get());
    }

    std::string GetValueTypeName() const override
    {
        return "ns3::StringValue";
    }

    bool HasUnderlyingTypeInformation() const override
    {
        return true;
    }

    std::string GetUnderlyingTypeInformation() const override
    {
        return m_format;
    }

    Ptr<AttributeValue> Create() const override
    {
        return ns3::Create<StringValue>();
    }

    bool Copy(const AttributeValue& source, AttributeValue& destination) const override
    {
        const auto* from = dynamic_cast<const StringValue*>(&source);
        auto* to = dynamic_cast<StringValue*>(&destination);
        if (from == nullptr || to == nullptr)
        {
            return false;
        }
        *to = *from;
        return true;
    }

  private:
    std::function<bool(const std::string&)> m_valid; //!< the parser
    std::string m_format;                            //!< what valid texts look like
};

} // namespace

TypeId
FlowSplitter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FlowSplitter")
            .SetParent<TunnelRouter>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<FlowSplitter>()
            .AddAttribute(
                "Thresholds",
                "Increasing packet counts, comma-separated: a flow whose count "
                "passes the i-th moves to tunnel i + 1 (one threshold: short and "
                "long tunnel).",
                StringValue("20"),
                MakeStringAccessor(&FlowSplitter::SetThresholds, &FlowSplitter::GetThresholdsText),
                Create<ParsedStringChecker>(
                    [](const std::string& text) {
                        std::vector<uint64_t> thresholds;
                        std::string error;
                        return ParseThresholds(text, thresholds, error);
                    },
                    "increasing packet counts >= 1, comma-separated"))
            .AddAttribute("Marks",
                          "DSCP code point of each level, comma-separated; empty: class "
                          "selectors CS1, CS2, ... (8, 16, ...).",
                          StringValue(""),
                          MakeStringAccessor(&FlowSplitter::SetMarks, &FlowSplitter::GetMarksText),
                          Create<ParsedStringChecker>(
                              [](const std::string& text) {
                                  std::vector<uint8_t> marks;
                                  std::string error;
                                  return ParseMarks(text, marks, error);
                              },
                              "DSCP code points 0-63, comma-separated, or empty"))
            .AddAttribute("FlowTimeout",
                          "A flow is forgotten this long after its last packet.",
                          TimeValue(Seconds(30)),
                          MakeTimeAccessor(&FlowSplitter::m_timeout),
                          MakeTimeChecker(Time(1)))
            .AddAttribute("Capacity",
                          "Flows the table holds at most.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&FlowSplitter::m_capacity),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("WhenFull",
                          "A new flow finding the table full is not tracked (Refuse, as an "
                          "eBPF hash map) or replaces the least recently seen flow "
                          "(EvictOldest, as an LRU map).",
                          EnumValue(FlowSplitter::REFUSE),
                          RS_MAKE_ENUM_ACCESSOR(FullPolicy, &FlowSplitter::m_whenFull),
                          MakeEnumChecker(FlowSplitter::REFUSE,
                                          "Refuse",
                                          FlowSplitter::EVICT_OLDEST,
                                          "EvictOldest"))
            .AddTraceSource("Reclassify",
                            "A flow moved to a higher level (a longer-flow tunnel).",
                            MakeTraceSourceAccessor(&FlowSplitter::m_reclassifyTrace),
                            "ns3::FlowSplitter::ReclassifyTracedCallback");
    return tid;
}

FlowSplitter::FlowSplitter()
    : m_promotions(2, 0)
{
}

FlowSplitter::~FlowSplitter() = default;

void
FlowSplitter::DoDispose()
{
    m_table.clear();
    m_recent.clear();
    TunnelRouter::DoDispose();
}

bool
FlowSplitter::ParseThresholds(const std::string& text,
                              std::vector<uint64_t>& thresholds,
                              std::string& error)
{
    std::string why;
    if (!ParseList(text, thresholds, why))
    {
        error = why + " (expected packet counts, e.g. 20 or 10,100)";
        return false;
    }
    for (size_t i = 0; i < thresholds.size(); ++i)
    {
        if (thresholds[i] == 0)
        {
            error = "a threshold must be >= 1 packet";
            return false;
        }
        if (i > 0 && thresholds[i] <= thresholds[i - 1])
        {
            error = "thresholds must increase";
            return false;
        }
    }
    return true;
}

bool
FlowSplitter::ParseMarks(const std::string& text, std::vector<uint8_t>& marks, std::string& error)
{
    marks.clear();
    if (text.empty())
    {
        return true;
    }
    std::vector<uint64_t> values;
    std::string why;
    if (!ParseList(text, values, why) ||
        std::any_of(values.begin(), values.end(), [](uint64_t v) { return v > 63; }))
    {
        error = "expected DSCP code points 0-63 separated by commas";
        return false;
    }
    marks.assign(values.begin(), values.end());
    return true;
}

void
FlowSplitter::SetThresholds(const std::string& text)
{
    std::string error;
    std::vector<uint64_t> thresholds;
    NS_ABORT_MSG_UNLESS(ParseThresholds(text, thresholds, error),
                        "FlowSplitter Thresholds=" << text << ": " << error);
    m_thresholds = thresholds;
    m_promotions.assign(m_thresholds.size() + 1, 0);
}

std::string
FlowSplitter::GetThresholdsText() const
{
    std::string text;
    for (uint64_t t : m_thresholds)
    {
        if (!text.empty())
        {
            text += ',';
        }
        text += std::to_string(t);
    }
    return text;
}

const std::vector<uint64_t>&
FlowSplitter::GetThresholds() const
{
    return m_thresholds;
}

void
FlowSplitter::SetMarks(const std::string& text)
{
    std::string error;
    NS_ABORT_MSG_UNLESS(ParseMarks(text, m_marks, error),
                        "FlowSplitter Marks=" << text << ": " << error);
    m_marksText = text;
}

std::string
FlowSplitter::GetMarksText() const
{
    return m_marksText;
}

bool
FlowSplitter::CheckTunnels(uint32_t tunnels, std::string& error) const
{
    size_t levels = m_thresholds.size() + 1;
    if (tunnels < levels)
    {
        error = std::to_string(m_thresholds.size()) + " thresholds need " + std::to_string(levels) +
                " tunnels, there are " + std::to_string(tunnels);
        return false;
    }
    if (!m_marks.empty() && m_marks.size() < levels)
    {
        error = "Marks=" + m_marksText + " gives " + std::to_string(m_marks.size()) +
                " marks for " + std::to_string(levels) + " levels (thresholds + 1)";
        return false;
    }
    return TunnelRouter::CheckTunnels(tunnels, error);
}

uint8_t
FlowSplitter::GetMark(uint32_t level) const
{
    // Scenarios check it first (CheckTunnels()); a program of one's own gets
    // this message rather than a read past the marks.
    NS_ABORT_MSG_IF(!m_marks.empty() && level >= m_marks.size(),
                    "FlowSplitter: no mark for level " << level << " (Marks=" << m_marksText
                                                       << "): see CheckTunnels()");
    return m_marks.empty() ? static_cast<uint8_t>(std::min<uint32_t>(8 * (level + 1), 56)) // CS1..
                           : m_marks[level];
}

uint32_t
FlowSplitter::GetTableSize() const
{
    return m_table.size();
}

uint32_t
FlowSplitter::GetTablePeak() const
{
    return m_peak;
}

uint64_t
FlowSplitter::GetTableFullEvents() const
{
    return m_full;
}

uint64_t
FlowSplitter::GetEvictions() const
{
    return m_evictions;
}

uint64_t
FlowSplitter::GetExpired() const
{
    return m_expired;
}

uint64_t
FlowSplitter::GetFlows() const
{
    return m_flows;
}

uint64_t
FlowSplitter::GetPromotions(uint32_t level) const
{
    return level < m_promotions.size() ? m_promotions[level] : 0;
}

uint64_t
FlowSplitter::GetCount(const FlowKey& key) const
{
    auto it = m_table.find(key);
    return it == m_table.end() ? 0 : it->second.count;
}

uint32_t
FlowSplitter::LevelOf(uint64_t count) const
{
    // Thresholds are few (usually one): a linear scan is the fastest.
    uint32_t level = 0;
    while (level < m_thresholds.size() && count > m_thresholds[level])
    {
        ++level;
    }
    return level;
}

void
FlowSplitter::Expire()
{
    Time now = Simulator::Now();
    while (!m_recent.empty() && now - m_recent.front().lastSeen >= m_timeout)
    {
        m_table.erase(m_recent.front().key);
        m_recent.pop_front();
        ++m_expired;
    }
}

uint32_t
FlowSplitter::SelectTunnel(Ptr<const Packet> /* p */,
                           const FlowKey& key,
                           FlowKey::Status status,
                           Ipv4Header& header)
{
    NS_ABORT_MSG_IF(GetTunnelCount() < m_thresholds.size() + 1,
                    "FlowSplitter: " << m_thresholds.size() << " thresholds need "
                                     << m_thresholds.size() + 1 << " tunnels, " << GetTunnelCount()
                                     << " declared: see CheckTunnels()");
    if (status != FlowKey::TCP)
    {
        return 0; // not counted, not marked
    }
    Expire();
    auto it = m_table.find(key);
    if (it == m_table.end())
    {
        if (m_table.size() >= m_capacity)
        {
            ++m_full;
            if (m_whenFull == REFUSE)
            {
                header.SetDscp(static_cast<Ipv4Header::DscpType>(GetMark(0)));
                return 0;
            }
            m_table.erase(m_recent.front().key);
            m_recent.pop_front();
            ++m_evictions;
        }
        it = m_table.emplace(key, Entry{}).first;
        it->second.recent = m_recent.insert(m_recent.end(), Recent{key, Simulator::Now()});
        ++m_flows;
        m_peak = std::max<uint32_t>(m_peak, m_table.size());
    }
    else
    {
        it->second.recent->lastSeen = Simulator::Now();
        m_recent.splice(m_recent.end(), m_recent, it->second.recent);
    }
    Entry& entry = it->second;
    uint32_t before = LevelOf(entry.count);
    uint32_t level = LevelOf(++entry.count);
    if (level != before)
    {
        ++m_promotions[level];
        NS_LOG_LOGIC("flow " << Ipv4Address(key.source) << ":" << key.sourcePort << " -> "
                             << Ipv4Address(key.destination) << ":" << key.destPort << " level "
                             << level << " at packet " << entry.count);
        m_reclassifyTrace(key, level);
    }
    header.SetDscp(static_cast<Ipv4Header::DscpType>(GetMark(level)));
    return level;
}

} // namespace rsched
} // namespace ns3
