/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The tutorial's program ("A rack of your own" in the doc): two client
 * hosts send requests to four AFP servers of four worker cores each behind
 * a RackSched top-of-rack switch, all built from the module's public
 * helpers. The workload is a mixture, the AFP paper's W1: 99.5 % short
 * requests of 0.5 us (class 0), 0.5 % long ones of 500 us (class 1). The
 * program runs until the replies are in and prints the completion times the
 * clients measured, overall and per class.
 *
 *   tutorial-rack --load=0.7 --duration=200ms
 */

#include "ns3/core-module.h"
#include "ns3/request-scheduling-module.h"

#include <iostream>
#include <sstream>

using namespace ns3;
using namespace ns3::rsched;

int
main(int argc, char* argv[])
{
    double load = 0.7;
    Time duration = MilliSeconds(200);
    CommandLine cmd(__FILE__);
    cmd.AddValue("load", "offered load: share of the 16 worker cores' capacity, in (0, 1)", load);
    cmd.AddValue("duration", "how long the clients send", duration);
    cmd.Parse(argc, argv);
    if (!(load > 0 && load < 1) || !duration.IsStrictlyPositive())
    {
        std::cerr << "tutorial-rack: invalid --" << (load > 0 && load < 1 ? "duration" : "load")
                  << std::endl;
        return 1;
    }

    // The service demand: a mixture, whose component is the request class.
    auto service = CreateObject<MixtureRandomVariable>();
    service->AddComponent(
        0.995,
        CreateObjectWithAttributes<ConstantRandomVariable>("Constant", DoubleValue(0.5e-6)));
    service->AddComponent(
        0.005,
        CreateObjectWithAttributes<ConstantRandomVariable>("Constant", DoubleValue(500e-6)));
    const double meanService = 0.995 * 0.5e-6 + 0.005 * 500e-6; // 3 us

    // The rack: servers, client hosts and the switch, on 40 Gbit/s links.
    // The switch sends each request to the less loaded of two servers
    // sampled at random, from the load the servers report on their replies.
    RackHelper rack;
    rack.SetServers({4, 4, 4, 4});
    rack.SetClients(2);
    rack.SetServerPolicy("ns3::AfpCorePolicy", "Quantum", TimeValue(MicroSeconds(5)));
    rack.SetDispatcher("ns3::PowerOfKDispatcher",
                       "K",
                       UintegerValue(2),
                       "LoadTracker",
                       PointerValue(CreateObject<ReportedLoadTracker>()));
    rack.Install();

    // One client per host, sending Poisson arrivals to the rack's address.
    const double rate = load * 16 / meanService; // requests per second, all clients
    std::ostringstream gap;                      // each client's mean gap, in seconds
    gap.precision(17);
    gap << "ns3::ExponentialRandomVariable[Mean=" << 2 / rate << "]";
    RequestClientHelper clients(rack.GetVirtualAddress(), rack.GetPort());
    clients.SetAttribute("InterArrival", StringValue(gap.str())); // one variable per client
    clients.SetAttribute("ServiceDemand", PointerValue(service));
    clients.SetAttribute("Flows", UintegerValue(16));
    ApplicationContainer apps = clients.Install(rack.GetClientNodes());
    apps.Stop(duration);

    // Bound the run: the clients stop at `duration`, the 10 ms after it let
    // the last replies in (an overloaded rack would not drain in time).
    Simulator::Stop(duration + MilliSeconds(10));
    Simulator::Run();

    RequestStats stats = RequestClientHelper::GetStats(apps, false);
    std::cout << "sent " << RequestClientHelper::GetSent(apps) << ", answered "
              << stats.GetAll().GetCount() << std::endl;
    const char* names[] = {"all", "short", "long"};
    for (int c = -1; c < 2; ++c)
    {
        const LatencySummary& s = c < 0 ? stats.GetAll() : stats.GetClass(c);
        std::cout << names[c + 1] << ": " << s.GetCount() << " requests, mean "
                  << s.GetMean().GetMicroSeconds() << " us, p99 "
                  << s.GetQuantile(0.99).GetMicroSeconds() << " us" << std::endl;
    }
    Simulator::Destroy();
    return 0;
}
