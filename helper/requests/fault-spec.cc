/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fault-spec.h"

#include "scenario-options.h"

#include "ns3/split-text.h"

#include <algorithm>
#include <iterator>

namespace ns3
{
namespace rsched
{

std::string
FaultSpec::GetName() const
{
    return GetKindName() + " " + std::to_string(index);
}

namespace
{
/// The kinds' names, in the order of FaultSpec::Kind.
const char* const kKindNames[] = {"server", "link", "switch"};
} // namespace

std::string
FaultSpec::GetKindName() const
{
    return kKindNames[static_cast<int>(kind)];
}

bool
FaultSpec::Parse(const std::string& name,
                 const std::string& text,
                 std::vector<FaultSpec>& faults,
                 std::string& error)
{
    auto fail = [&](const std::string& item, const std::string& why) {
        error =
            "invalid --" + name + "=" + text + ": " + (item.empty() ? "" : "'" + item + "' ") + why;
        return false;
    };
    std::vector<FaultSpec> parsed;
    for (const std::string& item : SplitText(text, ','))
    {
        size_t colon = item.find(':');
        size_t at = item.find('@');
        if (colon == std::string::npos || at == std::string::npos || at < colon)
        {
            return fail(item, "expected KIND:INDEX@DOWN[-UP], e.g. server:3@1s-2s");
        }
        FaultSpec f;
        f.text = item;
        const char* const* named =
            std::find(std::begin(kKindNames), std::end(kKindNames), item.substr(0, colon));
        if (named == std::end(kKindNames))
        {
            return fail(item, "the kind must be server, link or switch");
        }
        f.kind = static_cast<Kind>(named - std::begin(kKindNames));
        uint64_t index;
        std::string ignored;
        if (!ScenarioOptions::ParseUnsigned(name,
                                            item.substr(colon + 1, at - colon - 1),
                                            0,
                                            UINT32_MAX,
                                            index,
                                            ignored))
        {
            return fail(item, "the index must be a whole number >= 0");
        }
        f.index = static_cast<uint32_t>(index);
        std::string times = item.substr(at + 1);
        size_t dash = times.find('-');
        if (!ScenarioOptions::ParseTime(name, times.substr(0, dash), true, f.down, ignored) ||
            (dash != std::string::npos &&
             !ScenarioOptions::ParseTime(name, times.substr(dash + 1), false, f.up, ignored)))
        {
            return fail(item, "times are durations with a unit (s, ms, us, ns): DOWN or DOWN-UP");
        }
        if (f.up <= f.down)
        {
            return fail(item, "it must recover after it fails");
        }
        for (const auto& g : parsed)
        {
            if (g.kind == f.kind && g.index == f.index && f.down < g.up && g.down < f.up)
            {
                return fail(item, "overlaps another fault of " + f.GetName());
            }
        }
        parsed.push_back(f);
    }
    if (parsed.empty())
    {
        return fail("", "expected KIND:INDEX@DOWN[-UP], e.g. server:3@1s-2s");
    }
    faults = std::move(parsed);
    return true;
}

} // namespace rsched
} // namespace ns3
