/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * CArDS (Khandaker et al.): clients send service requests to a service
 * identifier; semantic routers at the ingress resolve them to service
 * instances at 5 sites by compute-aware weighted round robin, or by one of
 * the baselines (central scheduler, random, site-random load balancer,
 * STEAM). Writes a JSON summary: counts, completion time (RCT), requests
 * served and utilisation per instance, simulation speed.
 *
 *   cards-scenario --scenario=2b --inter=cards --clients=930 --json=out.json
 *   cards-scenario --inter=steam --steam-batch=20 --clients=930
 *   cards-scenario --inter='ns3::CardsDispatcher[RandomOffset=false]'
 *
 * The options are declared by CardsScenario::Parameters::AddOptions();
 * --help lists them.
 */

#include "ns3/request-scheduling-module.h"

using namespace ns3;
using namespace ns3::rsched;

int
main(int argc, char* argv[])
{
    return RunScenarioExample<CardsScenario>(argc, argv);
}
