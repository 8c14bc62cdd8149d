/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RackSched (Zhu et al., OSDI'20): clients behind a top-of-rack switch that
// schedules requests over multi-core servers by power-of-k choices over the
// load it tracks from the replies; or one of the paper's baselines.
//
//   ./racksched-scenario --inter=racksched --workload=bimodal90 --load=0.8
//   ./racksched-scenario --inter=client --client-count=100 --json=out.json
//   ./racksched-scenario --help
//
// Prints (or writes with --json) a JSON summary: rate and throughput,
// client latency (mean, p50, p99, p99.9) overall and per request type,
// per-server requests and utilisation, the switch's counters, and the
// conservation counts (sent = completed + in flight + dropped).

#include "ns3/racksched-scenario.h"

using namespace ns3;
using namespace ns3::rsched;

int
main(int argc, char* argv[])
{
    return RunScenarioExample<RackSchedScenario>(argc, argv);
}
