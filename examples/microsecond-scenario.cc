/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Clients send requests over point-to-point links to one multi-core server
 * that schedules them on its worker cores with an intra-server policy
 * (d-FCFS behind RSS, c-FCFS, processor sharing, Shinjuku, Perséphone,
 * AFP). Prints or writes a JSON
 * summary: counts, server sojourn and client completion-time statistics
 * overall and per request class, utilisation, simulation speed.
 *
 *   microsecond-scenario --intra=cfcfs --cores=4 --load=0.8 --service=exp:10us \
 *                    --duration=2s --json=out.json
 *   microsecond-scenario --intra=afp --cores=14 --workload=w1 --quantum=1us \
 *                    --load=0.9 --rss=random --duration=200ms
 *   microsecond-scenario --intra='ns3::ShinjukuCorePolicy[Quantum=2us|QueuePerClass=true]'
 *   microsecond-scenario --intra=afp --ns3::AfpCorePolicy::Thresh=100
 *
 * The options are declared by MicrosecondScenario::Parameters::AddOptions();
 * --help lists them.
 */

#include "ns3/request-scheduling-module.h"

using namespace ns3;
using namespace ns3::rsched;

int
main(int argc, char* argv[])
{
    return RunScenarioExample<MicrosecondScenario>(argc, argv);
}
