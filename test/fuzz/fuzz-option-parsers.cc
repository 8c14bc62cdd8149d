/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: the module's small text parsers of option and attribute
 * values, multiplexed by the first input byte (the rest is the text):
 *
 * | byte % 10 | parser                                   | checked when accepted            |
 * |-----------|------------------------------------------|----------------------------------|
 * | 0         | ScenarioOptions::ParseNumber             | finite; printed back, same value |
 * | 1         | ScenarioOptions::ParseSeconds            | finite                           |
 * | 2         | ScenarioOptions::ParseTime               | in [0, 1e6 s]; FormatTime() reads back
 * to the same Time | | 3         | ScenarioOptions::ParseUnsigned [1, 4096] | in range; printed
 * back, same     | | 4         | ScenarioOptions::ParseDouble (0, 1e9]    | in range | | 5 |
 * FlowSplitter::ParseThresholds            | >= 1, increasing; joined back, same | | 6         |
 * FlowSplitter::ParseMarks                 | DSCP code points <= 63           | | 7         |
 * ComputeVector::ParseSites                | sites and units non-empty, >= 1  | | 8         |
 * ShinjukuCorePolicy ClassWeights          | CheckConfig answers (no abort)   | | 9         |
 * TypeAliases::Parse (base by next byte)   | the factory creates the object   |
 *
 * Besides the absence of crashes and sanitizer reports, every parser must
 * either accept with a value the module can use, or refuse with a message
 * (the examples print it and exit 1): an ns-3 fatal error or abort on a
 * user's typo is a bug.
 */

#include "fuzz-check.h"

#include "ns3/batchy-controller.h"
#include "ns3/compute-vector.h"
#include "ns3/core-policy.h"
#include "ns3/enum.h"
#include "ns3/flow-splitter.h"
#include "ns3/load-tracker.h"
#include "ns3/request-dispatcher.h"
#include "ns3/scenario-options.h"
#include "ns3/shinjuku-core-policy.h"
#include "ns3/string.h"
#include "ns3/tunnel-router.h"
#include "ns3/type-aliases.h"

#include <cmath>
#include <sstream>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// \param values numbers \return them joined by commas
std::string
Join(const std::vector<uint64_t>& values)
{
    std::string text;
    for (uint64_t v : values)
    {
        text += (text.empty() ? "" : ",") + std::to_string(v);
    }
    return text;
}

/// \param text ClassWeights \param mode ClassScheduling
void
CheckWeights(const std::string& text, uint8_t mode)
{
    static const char* modes[] = {"RoundRobin", "Priority", "WeightedFair"};
    auto policy = CreateObject<ShinjukuCorePolicy>();
    policy->SetAttribute("ClassScheduling", StringValue(modes[mode % 3]));
    policy->SetAttribute("ClassWeights", StringValue(text));
    std::string error;
    if (!policy->CheckConfig(4, error))
    {
        FUZZ_CHECK(!error.empty(), text);
    }
}

/// \param text a type with attributes \param which picks the family
void
CheckTypeAlias(const std::string& text, uint8_t which)
{
    static const TypeId bases[] = {CorePolicy::GetTypeId(),
                                   Dispatcher::GetTypeId(),
                                   BatchyController::GetTypeId(),
                                   LoadTracker::GetTypeId(),
                                   TunnelRouter::GetTypeId()};
    TypeId base = bases[which % 5];
    ObjectFactory factory;
    std::string error;
    if (!TypeAliases::Parse("fuzz", text, base, factory, error))
    {
        FUZZ_CHECK(error.rfind("invalid --fuzz=", 0) == 0, error);
        return;
    }
    FUZZ_CHECK(factory.GetTypeId().IsChildOf(base), text);
    Ptr<Object> object = factory.Create<Object>();
    FUZZ_CHECK(object, text);
    object->Dispose();
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 2)
    {
        return 0;
    }
    uint8_t which = data[0] % 10;
    uint8_t extra = data[1];
    std::string text = FuzzText(data + 1, size - 1);
    std::string error;
    switch (which)
    {
    case 0: {
        double v;
        if (ScenarioOptions::ParseNumber(text, v))
        {
            FUZZ_CHECK(std::isfinite(v), text);
            std::ostringstream os;
            os.precision(17);
            os << v;
            double back;
            FUZZ_CHECK(ScenarioOptions::ParseNumber(os.str(), back) && back == v, text);
        }
        break;
    }
    case 1: {
        double s;
        if (ScenarioOptions::ParseSeconds(text, s))
        {
            FUZZ_CHECK(std::isfinite(s), text);
        }
        break;
    }
    case 2: {
        Time t;
        if (ScenarioOptions::ParseTime("fuzz", text, true, t, error))
        {
            FUZZ_CHECK(!t.IsStrictlyNegative() && t <= Seconds(1e6), text);
            Time back;
            std::string formatted = ScenarioOptions::FormatTime(t);
            FUZZ_CHECK(ScenarioOptions::ParseTime("fuzz", formatted, true, back, error) &&
                           back == t,
                       text << " -> " << formatted);
        }
        else
        {
            FUZZ_CHECK(!error.empty(), text);
        }
        break;
    }
    case 3: {
        uint64_t v;
        if (ScenarioOptions::ParseUnsigned("fuzz", text, 1, 4096, v, error))
        {
            FUZZ_CHECK(v >= 1 && v <= 4096, text);
            uint64_t back;
            FUZZ_CHECK(
                ScenarioOptions::ParseUnsigned("fuzz", std::to_string(v), 1, 4096, back, error) &&
                    back == v,
                text);
        }
        break;
    }
    case 4: {
        double v;
        if (ScenarioOptions::ParseDouble("fuzz", text, 0, 1e9, v, error))
        {
            FUZZ_CHECK(v > 0 && v <= 1e9, text);
        }
        break;
    }
    case 5: {
        std::vector<uint64_t> t;
        if (FlowSplitter::ParseThresholds(text, t, error))
        {
            FUZZ_CHECK(!t.empty() && t[0] >= 1, text);
            for (size_t i = 1; i < t.size(); ++i)
            {
                FUZZ_CHECK(t[i] > t[i - 1], text);
            }
            std::vector<uint64_t> back;
            FUZZ_CHECK(FlowSplitter::ParseThresholds(Join(t), back, error) && back == t, text);
        }
        break;
    }
    case 6: {
        std::vector<uint8_t> marks;
        if (FlowSplitter::ParseMarks(text, marks, error))
        {
            for (uint8_t m : marks)
            {
                FUZZ_CHECK(m <= 63, text);
            }
        }
        break;
    }
    case 7: {
        std::vector<std::vector<uint32_t>> sites;
        if (ComputeVector::ParseSites(text, sites, error))
        {
            FUZZ_CHECK(!sites.empty(), text);
            for (const auto& site : sites)
            {
                FUZZ_CHECK(!site.empty(), text);
                for (uint32_t u : site)
                {
                    FUZZ_CHECK(u >= 1, text);
                }
            }
        }
        break;
    }
    case 8:
        CheckWeights(FuzzText(data + 2, size - 2), extra);
        break;
    case 9:
        CheckTypeAlias(FuzzText(data + 2, size - 2), extra);
        break;
    }
    return 0;
}
