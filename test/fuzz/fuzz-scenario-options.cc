/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: the command-line options of the five scenarios (multicore,
 * CArDS, SD-WAN, RackSched, Batchy) as their examples read them:
 * ScenarioOptions::Convert() then Parameters::Validate(), which reach the
 * parsers that live only there (Batchy's --slo-steps and --rate-steps,
 * RackSched's --placement, --heterogeneous, --priority and --weights,
 * the CArDS compute vector, the policies and dispatchers with their
 * attributes, every distribution and duration).
 *
 * Input: the first byte picks the scenario; the rest is lines
 * `NAME=VALUE`, each given as --NAME=VALUE (unknown names are ignored, as
 * they would be refused by the command line before conversion).
 * Batchy's --pipeline is kept to the built-in pipelines (anything else is a
 * file name) and its --n x --m to 256, RackSched's rack to 64 servers: the
 * fuzzer would otherwise spend its time (and memory: the graph keeps a next
 * hop per module and flow, 128 MB for VRF(64, 64)) in big but valid graphs
 * and racks. Batchy's --step-flows, a std::regex, is one of a few
 * fixed patterns picked by the value's length: a user's own pattern with
 * nested repetitions (".*****") can take exponential time in
 * std::regex_match, which is the library's behaviour, not the module's.
 *
 * Checked besides the absence of crashes, aborts and sanitizer reports: a
 * refused option or combination comes with an "invalid --..." message,
 * which is what the examples print before exiting with status 1.
 */

#include "fuzz-check.h"

#include "ns3/batchy-scenario.h"
#include "ns3/cards-scenario.h"
#include "ns3/microsecond-scenario.h"
#include "ns3/racksched-scenario.h"
#include "ns3/scenario-options.h"
#include "ns3/sdwan-scenario.h"

#include <algorithm>
#include <functional>
#include <sstream>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/**
 * \brief Give the options of the input, convert and validate.
 * \param text the NAME=VALUE lines
 * \param options the scenario's options
 * \param skip options the target does not give
 * \param validate Parameters::Validate (and what else the scenario checks)
 */
void
Run(const std::string& text,
    ScenarioOptions& options,
    const std::function<bool(const std::string&, const std::string&)>& skip,
    const std::function<bool(std::string&)>& validate)
{
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
    {
        size_t eq = line.find('=');
        if (eq == std::string::npos)
        {
            continue;
        }
        std::string name = line.substr(0, eq);
        std::string value = line.substr(eq + 1);
        if (!skip(name, value))
        {
            options.Set(name, value);
        }
        else if (name == "step-flows")
        {
            static const std::vector<std::string> patterns = {".*", "f.*", "l.*", "(", "[a-", ""};
            options.Set(name, patterns[value.size() % patterns.size()]);
        }
    }
    std::string error;
    if (!options.Convert(error) || !validate(error))
    {
        FUZZ_CHECK(error.rfind("invalid ", 0) == 0, "message: " << error);
    }
}

/// \return false: give every option
bool
GiveAll(const std::string&, const std::string&)
{
    return false;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
    {
        return 0;
    }
    std::string text = FuzzText(data + 1, size - 1);
    ScenarioOptions options;
    switch (data[0] % 5)
    {
    case 0: {
        MicrosecondScenario::Parameters p;
        p.AddOptions(options);
        Run(text, options, GiveAll, [&p](std::string& e) { return p.Validate(e); });
        break;
    }
    case 1: {
        CardsScenario::Parameters p;
        p.AddOptions(options);
        Run(text, options, GiveAll, [&p](std::string& e) { return p.Validate(e); });
        break;
    }
    case 2: {
        SdwanScenario::Parameters p;
        p.AddOptions(options);
        Run(text, options, GiveAll, [&p](std::string& e) { return p.Validate(e); });
        break;
    }
    case 3: {
        RackSchedScenario::Parameters p;
        p.AddOptions(options);
        Run(text, options, GiveAll, [&p](std::string& e) {
            if (p.servers > 64)
            {
                e = "invalid (fuzz target: rack too large)";
                return false;
            }
            return p.Validate(e);
        });
        break;
    }
    case 4: {
        BatchyScenario::Parameters p;
        p.AddOptions(options);
        auto skip = [](const std::string& name, const std::string& value) {
            static const std::vector<std::string> named = {"l2l3", "gw", "vrf", "mgw", "rc"};
            return name == "step-flows" ||
                   (name == "pipeline" &&
                    std::find(named.begin(), named.end(), value) == named.end());
        };
        Run(text, options, skip, [&p](std::string& e) {
            if (uint64_t{p.n} * p.m > 256)
            {
                e = "invalid (fuzz target: pipeline too large)";
                return false;
            }
            return p.Validate(e);
        });
        break;
    }
    }
    return 0;
}
