"""The C++ module loads into cppyy next to the ns3 wheel's bindings."""

import pytest

import request_scheduling as rs


@pytest.fixture(scope="module")
def ns():
    return rs.load()


def test_objects_and_attributes(ns):
    server = ns.CreateObject[ns.rsched.MulticoreServer]()
    server.SetAttribute("ComputeUnits", ns.UintegerValue(8))
    value = ns.UintegerValue()
    server.GetAttribute("ComputeUnits", value)
    assert value.Get() == 8
    assert server.GetWorkers() == 8
    tid = ns.TypeId.LookupByName("ns3::CfcfsCorePolicy")
    assert tid.GetParent().GetName() == "ns3::CorePolicy"


def test_header_round_trip(ns):
    h = ns.rsched.ServiceRequestHeader()
    h.SetRequestId(42)
    h.SetServiceDemand(ns.MicroSeconds(5))
    p = ns.Packet(0)
    p.AddHeader(h)
    out = ns.rsched.ServiceRequestHeader()
    assert ns.rsched.ServiceRequestHeader.Peek(p, out)
    assert out.GetRequestId() == 42
    assert out.GetServiceDemand().GetMicroSeconds() == 5


def test_scenario_from_python(ns):
    config = ns.rsched.MicrosecondScenario.Parameters()
    import cppyy

    error = cppyy.gbl.std.string()
    assert config.SetPolicy("cfcfs", error), str(error)
    config.cores = 2
    config.load = 0.5
    config.duration = ns.MilliSeconds(20)
    scenario = ns.rsched.MicrosecondScenario(config)
    scenario.Build()
    scenario.Run()
    assert scenario.GetSent() > 100
    assert scenario.GetCompleted() == scenario.GetSent()
    ns.Simulator.Destroy()


def test_load_leaves_out_only_clings_known_noise():
    """A fresh load() prints none of cling's harmless "Failed to materialize
    symbols" lines, and still passes on what else goes to stderr."""
    import os
    import subprocess
    import sys

    code = ("import sys, request_scheduling as rs\n"
            "ns = rs.load()\n"
            "assert ns.Seconds(1.5).GetNanoSeconds() == 1500000000\n"
            "print('after load', file=sys.stderr)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True, timeout=600)
    assert "Failed to materialize" not in out.stderr
    assert "after load" in out.stderr


def test_plot_helpers_are_rs_plot():
    assert rs.plot.line_plot is not None and rs.plot.render is not None
