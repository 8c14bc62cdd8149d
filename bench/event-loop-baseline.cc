/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Bare ns-3 event loop: --pending independent event chains, each event
 * scheduling the next of its chain after an exponential delay, until
 * --events events have run. Prints events per wall-clock second as JSON:
 * the ceiling against which bench.py sets the module's own speed.
 *
 * Built twice: event-loop-baseline runs ns-3's own loop (its default
 * simulator and scheduler, the system allocator); event-loop-module the
 * loop the module's examples run on (LeanSimulatorImpl, PeekableScheduler
 * and the examples' allocator), the floor of what any model costs per
 * event there. Either takes --SimulatorImplementationType and
 * --SchedulerType.
 */

#include "ns3/core-module.h"

#include <chrono>
#include <iostream>

using namespace ns3;

namespace
{
uint64_t g_remaining = 0;             //!< events still to schedule
Ptr<ExponentialRandomVariable> g_gap; //!< delays, if g_draw
bool g_draw = true;                   //!< draw delays from g_gap, else hash them

/// \return the next delay: exponential, mean 1 us, from ns-3's generator;
/// or, without draws, the loop alone, spread over 1-2048 ns by a hash of the
/// events left (Fibonacci hashing), so the heap still sorts
Time
NextDelay()
{
    if (g_draw)
    {
        return NanoSeconds(1 + g_gap->GetInteger());
    }
    return NanoSeconds(1 + ((g_remaining * 11400714819323198485ULL) >> 53));
}

/// One event: schedule the next of this chain.
void
Tick()
{
    if (g_remaining > 0)
    {
        --g_remaining;
        Simulator::Schedule(NextDelay(), &Tick);
    }
}
} // namespace

int
main(int argc, char* argv[])
{
    uint64_t events = 5000000;
    uint32_t pending = 64;
#ifdef RS_MODULE_LOOP
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PeekableScheduler"));
    GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::LeanSimulatorImpl"));
#endif
    CommandLine cmd(__FILE__);
    cmd.AddValue("events", "events to execute", events);
    cmd.AddValue("pending", "events pending at any time", pending);
    cmd.AddValue("draw",
                 "draw each delay from ns-3's generator (exponential, mean 1 us); false: the "
                 "loop alone, delays from a hash",
                 g_draw);
    cmd.Parse(argc, argv);

    g_gap = CreateObject<ExponentialRandomVariable>();
    g_gap->SetAttribute("Mean", DoubleValue(1000));
    g_remaining = events > pending ? events - pending : 0;
    for (uint32_t i = 0; i < pending; ++i)
    {
        Simulator::Schedule(NextDelay(), &Tick);
    }
    auto start = std::chrono::steady_clock::now();
    Simulator::Run();
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    uint64_t executed = Simulator::GetEventCount();
    Simulator::Destroy();
    std::cout << "{\"events\": " << executed << ", \"pending\": " << pending
              << ", \"draw\": " << (g_draw ? "true" : "false") << ", \"wall_s\": " << wall
              << ", \"events_per_wall_s\": " << executed / wall << "}" << std::endl;
    return 0;
}
