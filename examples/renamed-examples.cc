/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The examples' former names, kept working for a deprecation period: every
 * example is now named after its system (<system>-scenario), and this one
 * program is built under each former name. It runs the example with the
 * same arguments, with a warning (on stderr and in the summary's warnings,
 * once the options are valid) that says what the example is now called.
 *
 *   multicore-server  ->  microsecond-scenario
 *   sdwan-splitter    ->  sdwan-scenario
 *   batchy-pipeline   ->  batchy-scenario
 *
 * The former names go away in the first release after 2027-06-01.
 */

#include "ns3/request-scheduling-module.h"

#include <iostream>
#include <string>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/**
 * \param formerName the example's former name
 * \param scenario the scenario type that runs under it now
 */
template <typename Scenario>
int
RunRenamed(const char* formerName, int argc, char* argv[])
{
    return RunScenarioExample<Scenario>(
        argc,
        argv,
        std::string(formerName) + ": deprecated name, now " + Scenario::NAME +
            " (same options); the old name goes in the first release after 2027-06-01");
}

} // namespace

int
main(int argc, char* argv[])
{
    // An in-tree build names the program ns3.<version>-<name>-<profile>.
    const std::string self = argc > 0 ? argv[0] : "";
    const std::string program = self.substr(self.find_last_of('/') + 1);
    if (program.find("multicore-server") != std::string::npos)
    {
        return RunRenamed<MicrosecondScenario>("multicore-server", argc, argv);
    }
    if (program.find("sdwan-splitter") != std::string::npos)
    {
        return RunRenamed<SdwanScenario>("sdwan-splitter", argc, argv);
    }
    if (program.find("batchy-pipeline") != std::string::npos)
    {
        return RunRenamed<BatchyScenario>("batchy-pipeline", argc, argv);
    }
    std::cerr << program << ": not a former example name" << std::endl;
    return 1;
}
