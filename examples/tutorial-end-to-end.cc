/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The second tutorial's program ("Schedulers composed: a topology of your
 * own" in the doc): two client hosts reach a service through a CArDS
 * ingress, which spreads its requests over two sites by their compute
 * units; each site is a rack of Shinjuku servers (4 and 2 servers of 4
 * worker cores) behind a RackSched switch. It is the "all on" point of
 * end-to-end-scenario's ablation, built from the public helpers only, with
 * RackSched's bimodal90 workload (90 % of 50 us, 10 % of 500 us). It prints
 * the clients' completion times.
 *
 *   tutorial-end-to-end --load=0.5 --duration=200ms --run=1
 */

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/request-scheduling-module.h"

#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;
using namespace ns3::rsched;

int
main(int argc, char* argv[])
{
    double load = 0.5;
    Time duration = MilliSeconds(200);
    uint32_t run = 1;
    CommandLine cmd(__FILE__);
    cmd.AddValue("load", "offered load: share of the 24 worker cores' capacity, in (0, 1)", load);
    cmd.AddValue("duration", "how long the clients send (the first 10 % not recorded)", duration);
    cmd.AddValue("run", "index of the independent replication (RngRun), >= 1", run);
    cmd.Parse(argc, argv);
    if (!(load > 0 && load < 1) || !duration.IsStrictlyPositive() || run < 1)
    {
        std::cerr << "tutorial-end-to-end: invalid --"
                  << (!(load > 0 && load < 1) ? "load"
                      : run < 1               ? "run"
                                              : "duration")
                  << std::endl;
        return 1;
    }
    RngSeedManager::SetRun(run);

    // bimodal90: a mixture, whose component is the request class.
    auto service = CreateObject<MixtureRandomVariable>();
    for (auto [weight, seconds] : {std::pair{0.9, 50e-6}, std::pair{0.1, 500e-6}})
    {
        service->AddComponent(
            weight,
            CreateObjectWithAttributes<ConstantRandomVariable>("Constant", DoubleValue(seconds)));
    }
    const double meanService = 0.9 * 50e-6 + 0.1 * 500e-6; // 95 us

    // The ingress: a router whose CArDS dispatcher resolves the service.
    Ptr<Node> ingress = CreateObject<Node>();
    InternetStackHelper routerStack;
    routerStack.SetRoutingHelper(AheadOfStaticRouting(SemanticRouterHelper()));
    routerStack.Install(ingress);

    // Two client hosts, 100 us from the ingress, their default route through it.
    NodeContainer hosts(2);
    InternetStackHelper().Install(hosts);
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
    access.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    for (uint32_t c = 0; c < hosts.GetN(); ++c)
    {
        NetDeviceContainer link = access.Install(hosts.Get(c), ingress);
        Ipv4AddressHelper addresses(Ipv4Address(0xac100000 + 4 * c), "255.255.255.252");
        Ipv4Address gateway = addresses.Assign(link).GetAddress(1);
        Ptr<Ipv4> ip = hosts.Get(c)->GetObject<Ipv4>();
        Ipv4StaticRoutingHelper().GetStaticRouting(ip)->SetDefaultRoute(gateway, 1);
    }

    // Site s: a rack on 10.(1 + s).0.0 at virtual address 10.255.s.1, its
    // switch 50 us from the ingress; a compute-vector entry for CArDS.
    const uint32_t servers[] = {4, 2};
    RackHelper racks[2];
    ComputeVector sites;
    for (uint32_t s = 0; s < 2; ++s)
    {
        RackHelper& rack = racks[s];
        rack.SetServers(std::vector<uint32_t>(servers[s], 4));
        rack.SetClients(0);
        rack.SetAddressBase(Ipv4Address((10u << 24) + ((1 + s) << 16)));
        rack.SetSwitchAttribute(
            "VirtualAddress",
            Ipv4AddressValue(Ipv4Address((10u << 24) + (255u << 16) + (s << 8) + 1)));
        rack.SetServerPolicy("ns3::ShinjukuCorePolicy", "Quantum", TimeValue(MicroSeconds(250)));
        rack.SetDispatcher("ns3::PowerOfKDispatcher",
                           "K",
                           UintegerValue(2),
                           "LoadTracker",
                           PointerValue(CreateObject<ReportedLoadTracker>()));
        rack.Install();
        rack.ConnectUplink(ingress,
                           Ipv4Address(0xc0a80000 + 4 * s),
                           DataRate("10Gbps"),
                           MicroSeconds(50));
        sites.Add(ComputeTarget{rack.GetVirtualAddress(), servers[s] * 4, true, s});
    }
    Ptr<Dispatcher> cards = CreateObject<CardsDispatcher>();
    cards->SetComputeVector(sites);
    const Ipv4Address serviceAddress("100.64.0.1");
    SemanticRouterHelper::Get(ingress)->AddService(serviceAddress, cards);

    // One client per host, Poisson arrivals to the service's address.
    const double rate = load * 24 / meanService; // requests per second, all clients
    std::ostringstream gap;                      // each client's mean gap, in seconds
    gap.precision(17);
    gap << "ns3::ExponentialRandomVariable[Mean=" << hosts.GetN() / rate << "]";
    RequestClientHelper clients(serviceAddress, racks[0].GetPort());
    clients.SetAttribute("InterArrival", StringValue(gap.str()));
    clients.SetAttribute("ServiceDemand", PointerValue(service));
    clients.SetAttribute("Flows", UintegerValue(64));
    clients.SetAttribute("WarmUp", TimeValue(duration / 10));
    ApplicationContainer apps = clients.Install(hosts);
    apps.Stop(duration);

    Simulator::Stop(duration + MilliSeconds(10));
    Simulator::Run();

    RequestStats stats = RequestClientHelper::GetStats(apps, false);
    const LatencySummary& all = stats.GetAll();
    std::cout << std::fixed << std::setprecision(1) << "sent " << RequestClientHelper::GetSent(apps)
              << ", recorded " << all.GetCount() << ", p50 "
              << all.GetQuantile(0.5).GetSeconds() * 1e6 << " us, p99 "
              << all.GetQuantile(0.99).GetSeconds() * 1e6 << " us" << std::endl;
    Simulator::Destroy();
    return 0;
}
