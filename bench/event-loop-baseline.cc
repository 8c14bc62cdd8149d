/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Bare ns-3 event loop: --pending independent event chains, each event
 * scheduling the next of its chain after an exponential delay, until
 * --events events have run. Prints events per wall-clock second as JSON:
 * the ceiling against which bench.py sets the module's own speed.
 */

#include "ns3/core-module.h"

#include <chrono>
#include <iostream>

using namespace ns3;

namespace
{
uint64_t g_remaining = 0;             //!< events still to schedule
Ptr<ExponentialRandomVariable> g_gap; //!< delays

/// One event: schedule the next of this chain.
void
Tick()
{
    if (g_remaining > 0)
    {
        --g_remaining;
        Simulator::Schedule(NanoSeconds(1 + g_gap->GetInteger()), &Tick);
    }
}
} // namespace

int
main(int argc, char* argv[])
{
    uint64_t events = 5000000;
    uint32_t pending = 64;
    CommandLine cmd(__FILE__);
    cmd.AddValue("events", "events to execute", events);
    cmd.AddValue("pending", "events pending at any time", pending);
    cmd.Parse(argc, argv);

    g_gap = CreateObject<ExponentialRandomVariable>();
    g_gap->SetAttribute("Mean", DoubleValue(1000));
    g_remaining = events > pending ? events - pending : 0;
    for (uint32_t i = 0; i < pending; ++i)
    {
        Simulator::Schedule(NanoSeconds(1 + g_gap->GetInteger()), &Tick);
    }
    auto start = std::chrono::steady_clock::now();
    Simulator::Run();
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    uint64_t executed = Simulator::GetEventCount();
    Simulator::Destroy();
    std::cout << "{\"events\": " << executed << ", \"pending\": " << pending
              << ", \"wall_s\": " << wall << ", \"events_per_wall_s\": " << executed / wall << "}"
              << std::endl;
    return 0;
}
