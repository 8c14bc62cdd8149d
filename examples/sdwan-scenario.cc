/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The SD-WAN short/long flow splitter against ECMP: a file-hosting client
 * and server over TCP, between two border routers joined by two tunnels
 * of two routers each (1 Gbit/s), with Poisson UDP background traffic on
 * the tunnels. Prints or writes a JSON summary: flows, flow completion
 * times of short and long flows measured at the border routers, one-way
 * delay and jitter, the splitter's table, per-tunnel utilisation and
 * drops, simulation speed.
 *
 *   sdwan-scenario --mode=splitter --threshold=20 --utilisation=0.4 --json=out.json
 *   sdwan-scenario --mode=ecmp --utilisation=0.4 --duration=30s --flows=flows.csv
 *   sdwan-scenario --mode=splitter --thresholds=10,1000 --splitter-delay=generic
 *   sdwan-scenario --mode='splitter[Capacity=1000|WhenFull=EvictOldest]'
 *
 * The options are declared by SdwanScenario::Parameters::AddOptions();
 * --help lists them.
 */

#include "ns3/request-scheduling-module.h"

using namespace ns3;
using namespace ns3::rsched;

int
main(int argc, char* argv[])
{
    return RunScenarioExample<SdwanScenario>(argc, argv);
}
