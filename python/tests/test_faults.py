"""Faults during a run (--fail): requests caught by a failed part are
dropped with a named reason, requests stay conserved, and schedulers that
learn of the failure route around it."""

import pytest

import request_scheduling as rs
from test_determinism import runs

RACK = dict(servers=4, workers=2, service="exp:20us", load=0.6, duration="100ms", warmup="10ms")
CARDS = dict(scenario="2a", inter="cards", clients=200, duration="400ms")


def conserved(s):
    assert s["sent"] == s["completed"] + s["in_flight"] + s["dropped"]
    assert s["dropped"] == sum(s["dropped_by_reason"].values())
    assert s["in_flight"] == 0


def fault_drops(s, part):
    return s["dropped_by_reason"].get(f"fault: {part} down", 0)


def test_multicore_server_and_link_faults_drop_with_reasons():
    s = rs.run("microsecond-scenario", intra="cfcfs", cores=4, service="exp:10us", load=0.5,
               clients=2, duration="40ms", fail="server:0@10ms-20ms,link:1@25ms-30ms")
    conserved(s)
    # One server: nothing to route around; about a quarter of the requests are lost.
    assert 0.2 < fault_drops(s, "server 0") / s["sent"] < 0.3
    # Client 1's requests cannot leave its node while its link is down.
    assert s["dropped_by_reason"]["client: no route"] > 0
    assert set(s["faults"]) == {"server:0@10ms-20ms", "link:1@25ms-30ms"}
    # After both recoveries every request is answered again.
    assert s["completed"] > 0.6 * s["sent"]


@pytest.mark.parametrize("policy,tracking", [("racksched", "int1"), ("racksched", "proactive-k"),
                                             ("random", None), ("client", "int1"),
                                             ("jbsq", None)])
def test_racksched_routes_around_a_failed_server(policy, tracking):
    fail = "server:2@30ms-60ms"
    # A policy that tracks no load refuses --tracking.
    policy_options = dict(inter=policy) if tracking is None else dict(inter=policy, tracking=tracking)
    # Told at once, never told, told 5 ms late.
    known, blind, late = runs("racksched-scenario", [{}, dict(fail_detection="10s"), dict(fail_detection="5ms")],
                              **RACK, **policy_options, fail=fail)
    for s in (known, blind, late):
        conserved(s)
    # Told at once, the dispatchers send nothing more to the failed server
    # (a request already on the wire at that instant is lost).
    assert fault_drops(known, "server 2") <= 2
    # Never told, they keep sending to it; JBSQ stops once the server holds
    # its bound of requests; proactive counts stop every pair that includes
    # it, but two independent draws of it (1/N^2 of the requests, the P4
    # rule) still go there.
    lost_blind = fault_drops(blind, "server 2")
    if policy == "jbsq":
        assert lost_blind < 100
    elif tracking == "proactive-k":
        both_draws = blind["rate_rps"] * 0.030 / RACK["servers"] ** 2
        assert 0.5 * both_draws < lost_blind < 2 * both_draws
    else:
        assert lost_blind > 500
    # Told 5 ms late: the requests of those 5 ms at most.
    assert fault_drops(late, "server 2") <= lost_blind
    assert fault_drops(late, "server 2") < 0.2 * late["sent"]


def test_racksched_switch_and_client_link_faults():
    s = rs.run("racksched-scenario", **RACK, fail="switch:0@20ms-30ms,link:5@50ms-60ms")
    conserved(s)
    assert fault_drops(s, "switch 0") > 0
    assert s["dropped_by_reason"]["client: no route"] > 0
    # The server taken back after a recovery serves again: a rack without faults
    # afterwards answers everything sent after 60 ms.
    assert s["completed"] > 0.75 * s["sent"]


@pytest.mark.parametrize("deployment", ["ingress", "routed"])
def test_cards_orchestrator_routes_around_a_failed_instance(deployment):
    fail = "server:1@100ms-300ms"
    known = rs.run("cards-scenario", **CARDS, deployment=deployment, fail=fail)
    blind = rs.run("cards-scenario", **CARDS, deployment=deployment, fail=fail, fail_detection="10s")
    for s in (known, blind):
        conserved(s)
    # Told at once, only requests already on their way (ms-scale WAN) are lost.
    assert fault_drops(blind, "server 1") > 100
    assert fault_drops(known, "server 1") < fault_drops(blind, "server 1") / 20


def test_cards_router_fault_conserves():
    s = rs.run("cards-scenario", **CARDS, fail="switch:0@100ms-150ms")
    conserved(s)
    assert fault_drops(s, "switch 0") > 0


def test_sdwan_border_routers_steer_around_a_broken_tunnel():
    # Tunnel 0 (the short flows') loses its middle link for 2 s.
    opts = dict(duration="5s", warmup="500ms", rate=50, utilisation=0.2, fail="link:1@1s-3s")
    known = rs.run("sdwan-scenario", **opts)
    blind = rs.run("sdwan-scenario", **opts, fail_detection="100s")
    for s in (known, blind):
        assert s["sent"] == s["completed"] + s["in_flight"] + s["dropped"]
    assert known["rerouted_packets"] > 0 and blind["rerouted_packets"] == 0
    # Steered into tunnel 1 at once, transfers barely notice; left on the broken
    # tunnel, TCP retransmits with back-off until it is repaired.
    assert known["rct_p99_us"] < 0.2 * blind["rct_p99_us"]


BATCHY = dict(pipeline="mgw", m=2, n=16, controller="full", rate=1.5e6, duration="200ms",
              period="10ms", warmup_periods=5, cores=3, decompose="true")


def test_batchy_fails_a_core_over_to_another():
    # Core 1 runs flows the decomposition moved off core 0; it fails for 60 ms.
    fail = "server:1@80ms-140ms"
    known = rs.run("batchy-scenario", **BATCHY, fail=fail)
    late = rs.run("batchy-scenario", **BATCHY, fail=fail, fail_detection="5ms")
    blind = rs.run("batchy-scenario", **BATCHY, fail=fail, fail_detection="10s")
    for s in (known, late, blind):
        conserved(s)
    # Told at once, its modules (queues and buffers with them) move to another
    # core and back: nothing is lost to the fault.
    assert known["failover_moves"] > 0 and blind["failover_moves"] == 0
    assert fault_drops(known, "server 1") == 0
    # Never told, its queues fill and turn packets away until it recovers.
    assert fault_drops(blind, "server 1") > 0.05 * blind["sent"]
    assert 0 < fault_drops(late, "server 1") < fault_drops(blind, "server 1") / 5
    # The same modules on the same cores once it is back.
    assert ({m: v["core"] for m, v in known["per_module"].items()}
            == {m: v["core"] for m, v in blind["per_module"].items()})


def test_batchy_ingress_core_fails_over():
    # Everything on core 0 of two; core 0 fails: the ingress moves too.
    opts = dict(pipeline="vrf", m=2, n=4, rate=1e6, duration="100ms", period="10ms", cores=2,
                fail="server:0@30ms-60ms")
    known = rs.run("batchy-scenario", **opts)
    blind = rs.run("batchy-scenario", **opts, fail_detection="10s")
    blind_unpaced = rs.run("batchy-scenario", **opts, fail_detection="10s", backpressure="false")
    for s in (known, blind, blind_unpaced):
        conserved(s)
    assert known["dropped"] == 0 and known["core_utilisation"]["1"] > 0.1
    # Never told: the ingress queue fills; with backpressure the source is
    # paused until the core is back (30 % of the run unsent, none lost),
    # without it the queue turns the packets away.
    assert blind["dropped"] == 0 and blind["source_pauses"] >= 1
    assert 0.65 < blind["sent"] / known["sent"] < 0.75
    assert 0.25 < fault_drops(blind_unpaced, "server 0") / blind_unpaced["sent"] < 0.35


def test_batchy_link_and_switch_faults():
    s = rs.run("batchy-scenario", pipeline="l2l3", n=4, rate=1e6, duration="100ms", period="10ms",
               fail="link:0@10ms-20ms,link:1@30ms-40ms,switch:0@60ms-70ms")
    conserved(s)
    for part in ("link 0", "link 1", "switch 0"):
        assert 0.07 < fault_drops(s, part) / s["sent"] < 0.13, part
    assert s["completed"] > 0.65 * s["sent"]


@pytest.mark.parametrize("gateway", ["none", "gw"])
def test_end_to_end_routes_around_failed_servers_switches_and_site_links(gateway):
    base = dict(duration="60ms", warmup="5ms", gateway=gateway)
    clean = rs.run("end-to-end-scenario", **base)
    # Site 1's second server (server 5) fails for good: its switch leaves it
    # out, its site serves as much as before.
    s = rs.run("end-to-end-scenario", **base, fail="server:5@20ms")
    conserved(s)
    assert s["dropped"] <= 5 and s["per_site"]["1"]["served"] == clean["per_site"]["1"]["served"]
    # Site 1's switch, then site 0's link, down for 10 ms each: the ingress
    # sends the site's share (a third, two thirds of 1 263 requests) to the
    # other site meanwhile.
    for fail, site, other in (("switch:1@20ms-30ms", "1", "0"), ("link:0@20ms-30ms", "0", "1")):
        s = rs.run("end-to-end-scenario", **base, fail=fail)
        conserved(s)
        assert 0 < s["dropped"] <= 20, s["dropped_by_reason"]
        assert s["per_site"][site]["served"] < clean["per_site"][site]["served"] - 300
        assert s["per_site"][other]["served"] > clean["per_site"][other]["served"] + 300


@pytest.mark.parametrize("example,options,fail,message", [
    ("microsecond-scenario", {}, "server:1@1s", "invalid --fail=server:1@1s: server 1: "),
    ("microsecond-scenario", {"level": "queue"}, "server:0@1s", "at --level=queue"),
    ("microsecond-scenario", {}, "server:0@2s-1s", "it must recover after it fails"),
    ("microsecond-scenario", {}, "disk:0@1s", "the kind must be server, link or switch"),
    ("microsecond-scenario", {}, "server:x@1s", "the index must be a whole number"),
    ("microsecond-scenario", {}, "server:0@1", "times are durations with a unit"),
    ("microsecond-scenario", {}, "server:0@1s-3s,server:0@2s", "overlaps another fault of server 0"),
    ("racksched-scenario", RACK, "server:4@1s", "the rack has servers 0-3"),
    ("cards-scenario", CARDS, "switch:99@1s", "routers 0-"),
    ("sdwan-scenario", {}, "link:6@1s", "the testbed has server 0, switches 0-1"),
    ("batchy-scenario", {"cores": 2}, "server:2@1s", "the pipeline has servers (cores) 0-1"),
    ("batchy-scenario", {}, "link:2@1s", "links 0 (source to switch) and 1 (switch to sink)"),
    ("end-to-end-scenario", {"sites": "4,2"}, "server:6@1ms", "the sites have servers 0-5"),
    ("end-to-end-scenario", {}, "link:2@1ms", "links 0-1 (each site's link to the ingress)"),
])
def test_bad_fail_options_exit_with_one_line(example, options, fail, message):
    with pytest.raises(rs.ExampleError) as e:
        rs.run(example, **options, fail=fail)
    assert e.value.returncode == 1
    assert len(e.value.stderr.splitlines()) == 1
    assert message in e.value.stderr and "--fail=" in e.value.stderr
