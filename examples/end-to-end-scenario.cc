/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The schedulers composed: clients reach a service through a CArDS ingress,
// which spreads the requests over sites; each site is a rack behind a
// RackSched switch whose servers run a core policy (AFP, Shinjuku,
// Perséphone, d-FCFS, ...). Every layer is chosen by option.
//
//   ./end-to-end-scenario --inter=cards --rack=racksched --intra=afp --workload=w1
//   ./end-to-end-scenario --inter=random --rack=random --intra=dfcfs --json=out.json
//   ./end-to-end-scenario --help
//
// Prints (or writes with --json) a JSON summary: the clients' completion
// time (mean, p50, p99, p99.9) overall and per request class, the servers'
// sojourn and the time outside them, per site its servers' load and
// counters, and the conservation counts (sent = completed + in flight +
// dropped).

#include "ns3/end-to-end-scenario.h"

using namespace ns3;
using namespace ns3::rsched;

int
main(int argc, char* argv[])
{
    return RunScenarioExample<EndToEndScenario>(argc, argv);
}
