#!/usr/bin/env python3
"""The tutorial's rack (examples/tutorial-rack.cc) from Python, through cppyy.

Two client hosts, four AFP servers of four worker cores behind a RackSched
switch, the AFP paper's W1 mixture; prints the clients' completion times.

    .venv/bin/python examples/tutorial-rack.py --load=0.7 --duration=0.2
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
import request_scheduling as rs  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--load", type=float, default=0.7, help="share of the 16 cores, in (0, 1)")
    parser.add_argument("--duration", type=float, default=0.2, help="seconds the clients send")
    args = parser.parse_args()
    if not 0 < args.load < 1:
        parser.error("invalid --load: must be in (0, 1)")
    if not args.duration > 0:
        parser.error("invalid --duration: must be > 0")

    ns = rs.load()
    rsched = ns.rsched

    # The service demand: a mixture, whose component is the request class.
    service = ns.CreateObject[rsched.MixtureRandomVariable]()
    for weight, seconds in ((0.995, 0.5e-6), (0.005, 500e-6)):
        part = ns.CreateObject[ns.ConstantRandomVariable]()
        part.SetAttribute("Constant", ns.DoubleValue(seconds))
        service.AddComponent(weight, part)
    mean_service = 0.995 * 0.5e-6 + 0.005 * 500e-6

    # The rack; the switch picks the less loaded of two sampled servers.
    rack = rsched.RackHelper()
    rack.SetServers([4, 4, 4, 4])
    rack.SetClients(2)
    policy = ns.ObjectFactory("ns3::AfpCorePolicy")
    policy.Set("Quantum", ns.TimeValue(ns.MicroSeconds(5)))
    rack.SetServerPolicy(policy)
    dispatcher = ns.ObjectFactory("ns3::PowerOfKDispatcher")
    dispatcher.Set("K", ns.UintegerValue(2))
    dispatcher.Set("LoadTracker", ns.PointerValue(ns.CreateObject[rsched.ReportedLoadTracker]()))
    rack.SetDispatcher(dispatcher)
    rack.Install()

    rate = args.load * 16 / mean_service
    clients = rsched.RequestClientHelper(rack.GetVirtualAddress(), rack.GetPort())
    clients.SetAttribute("InterArrival",
                         ns.StringValue(f"ns3::ExponentialRandomVariable[Mean={2 / rate!r}]"))
    clients.SetAttribute("ServiceDemand", ns.PointerValue(service))
    clients.SetAttribute("Flows", ns.UintegerValue(16))
    apps = clients.Install(rack.GetClientNodes())
    apps.Stop(ns.Seconds(args.duration))

    ns.Simulator.Stop(ns.Seconds(args.duration) + ns.MilliSeconds(10))
    ns.Simulator.Run()

    stats = rsched.RequestClientHelper.GetStats(apps, False)
    print(f"sent {rsched.RequestClientHelper.GetSent(apps)}, answered {stats.GetAll().GetCount()}")
    for name, s in (("all", stats.GetAll()), ("short", stats.GetClass(0)), ("long", stats.GetClass(1))):
        print(f"{name}: {s.GetCount()} requests, mean {s.GetMean().GetMicroSeconds()} us, "
              f"p99 {s.GetQuantile(0.99).GetMicroSeconds()} us")
    ns.Simulator.Destroy()
    return 0


if __name__ == "__main__":
    sys.exit(main())
