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
 *   multicore-server --policy=cfcfs --cores=4 --load=0.8 --service=exp:10us \
 *                    --duration=2s --json=out.json
 *   multicore-server --policy=afp --cores=14 --workload=w1 --quantum=1us \
 *                    --load=0.9 --rss=random --duration=200ms
 *   multicore-server --policy='ns3::ShinjukuCorePolicy[Quantum=2us|QueuePerClass=true]'
 *   multicore-server --policy=afp --ns3::AfpCorePolicy::Thresh=100
 *
 * The options are declared by MulticoreScenario::Parameters::AddOptions();
 * --help lists them.
 */

#include "ns3/request-scheduling-module.h"

using namespace ns3;
using namespace ns3::rsched;

int
main(int argc, char* argv[])
{
    return RunScenarioExample<MulticoreScenario>("multicore-server", argc, argv);
}
