#!/usr/bin/env python3
"""The second tutorial's topology (examples/tutorial-end-to-end.cc) from Python, through cppyy.

Two client hosts reach a service through a CArDS ingress that spreads it
over two racks (4 and 2 Shinjuku servers of 4 worker cores) behind
RackSched switches: end-to-end-scenario's "all on" ablation point, with
RackSched's bimodal90 workload. Prints the clients' completion times.

    .venv/bin/python examples/tutorial-end-to-end.py --load=0.5 --duration=0.2 --run=1
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
import request_scheduling as rs  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--load", type=float, default=0.5, help="share of the 24 cores, in (0, 1)")
    parser.add_argument("--duration", type=float, default=0.2, help="seconds the clients send")
    parser.add_argument("--run", type=int, default=1, help="independent replication (RngRun), >= 1")
    args = parser.parse_args()
    if not 0 < args.load < 1:
        parser.error("invalid --load: must be in (0, 1)")
    if not args.duration > 0:
        parser.error("invalid --duration: must be > 0")
    if args.run < 1:
        parser.error("invalid --run: must be >= 1")

    ns = rs.load()
    rsched = ns.rsched
    ns.RngSeedManager.SetRun(args.run)

    # bimodal90: a mixture, whose component is the request class.
    service = ns.CreateObject[rsched.MixtureRandomVariable]()
    for weight, seconds in ((0.9, 50e-6), (0.1, 500e-6)):
        part = ns.CreateObject[ns.ConstantRandomVariable]()
        part.SetAttribute("Constant", ns.DoubleValue(seconds))
        service.AddComponent(weight, part)
    mean_service = 0.9 * 50e-6 + 0.1 * 500e-6

    # The ingress: a router whose CArDS dispatcher resolves the service.
    ingress = ns.CreateObject[ns.Node]()
    router_stack = ns.InternetStackHelper()
    router_stack.SetRoutingHelper(rsched.AheadOfStaticRouting(rsched.SemanticRouterHelper()))
    router_stack.Install(ingress)

    # Two client hosts, 100 us from the ingress, their default route through it.
    hosts = ns.NodeContainer(2)
    ns.InternetStackHelper().Install(hosts)
    access = ns.PointToPointHelper()
    access.SetDeviceAttribute("DataRate", ns.StringValue("10Gbps"))
    access.SetChannelAttribute("Delay", ns.TimeValue(ns.MicroSeconds(100)))
    for c in range(hosts.GetN()):
        link = access.Install(hosts.Get(c), ingress)
        addresses = ns.Ipv4AddressHelper(ns.Ipv4Address(0xAC100000 + 4 * c), ns.Ipv4Mask("255.255.255.252"))
        gateway = addresses.Assign(link).GetAddress(1)
        ip = hosts.Get(c).GetObject[ns.Ipv4]()
        ns.Ipv4StaticRoutingHelper().GetStaticRouting(ip).SetDefaultRoute(gateway, 1)

    # Site s: a rack at virtual address 10.255.s.1, 50 us from the ingress.
    racks, sites = [], rsched.ComputeVector()
    for s, servers in enumerate((4, 2)):
        rack = rsched.RackHelper()
        rack.SetServers([4] * servers)
        rack.SetClients(0)
        rack.SetAddressBase(ns.Ipv4Address((10 << 24) + ((1 + s) << 16)))
        rack.SetSwitchAttribute("VirtualAddress", ns.Ipv4AddressValue(ns.Ipv4Address((10 << 24) + (255 << 16)
                                                                                     + (s << 8) + 1)))
        policy = ns.ObjectFactory("ns3::ShinjukuCorePolicy")
        policy.Set("Quantum", ns.TimeValue(ns.MicroSeconds(250)))
        rack.SetServerPolicy(policy)
        dispatcher = ns.ObjectFactory("ns3::PowerOfKDispatcher")
        dispatcher.Set("K", ns.UintegerValue(2))
        dispatcher.Set("LoadTracker", ns.PointerValue(ns.CreateObject[rsched.ReportedLoadTracker]()))
        rack.SetDispatcher(dispatcher)
        rack.Install()
        rack.ConnectUplink(ingress, ns.Ipv4Address(0xC0A80000 + 4 * s), ns.DataRate("10Gbps"),
                           ns.MicroSeconds(50))
        target = rsched.ComputeTarget()
        target.address, target.computeUnits, target.rewrite, target.site = rack.GetVirtualAddress(), servers * 4, True, s
        sites.Add(target)
        racks.append(rack)
    cards = ns.CreateObject[rsched.CardsDispatcher]()
    cards.SetComputeVector(sites)
    service_address = ns.Ipv4Address("100.64.0.1")
    rsched.SemanticRouterHelper.Get(ingress).AddService(service_address, cards)

    # One client per host, Poisson arrivals to the service's address.
    rate = args.load * 24 / mean_service
    clients = rsched.RequestClientHelper(service_address, racks[0].GetPort())
    clients.SetAttribute("InterArrival",
                         ns.StringValue(f"ns3::ExponentialRandomVariable[Mean={hosts.GetN() / rate!r}]"))
    clients.SetAttribute("ServiceDemand", ns.PointerValue(service))
    clients.SetAttribute("Flows", ns.UintegerValue(64))
    duration = ns.Seconds(args.duration)
    clients.SetAttribute("WarmUp", ns.TimeValue(ns.Seconds(args.duration / 10)))
    apps = clients.Install(hosts)
    apps.Stop(duration)

    ns.Simulator.Stop(duration + ns.MilliSeconds(10))
    ns.Simulator.Run()

    all_ = rsched.RequestClientHelper.GetStats(apps, False).GetAll()
    print(f"sent {rsched.RequestClientHelper.GetSent(apps)}, recorded {all_.GetCount()}, "
          f"p50 {all_.GetQuantile(0.5).GetSeconds() * 1e6:.1f} us, "
          f"p99 {all_.GetQuantile(0.99).GetSeconds() * 1e6:.1f} us")
    ns.Simulator.Destroy()
    return 0


if __name__ == "__main__":
    sys.exit(main())
