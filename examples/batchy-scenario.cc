/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Batchy (Lévai et al., NSDI'20): a data-flow-graph pipeline on a software
// switch run to completion by one worker, with fractional buffers set by a
// controller.
//
//   ./batchy-scenario --pipeline=l2l3 --n=4 --controller=max --rate=2e6
//   ./batchy-scenario --pipeline=my-graph.txt --controller=null --json=out.json
//   ./batchy-scenario --help
//
// Prints (or writes with --json) a JSON summary: throughput, mean batch,
// the share of control periods with an SLO violation, per flow and per
// module statistics, and the conservation counts.

#include "ns3/batchy-scenario.h"

using namespace ns3;
using namespace ns3::rsched;

int
main(int argc, char* argv[])
{
    return RunScenarioExample<BatchyScenario>(argc, argv);
}
