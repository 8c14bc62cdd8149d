"""Queue level (--level=queue) against packet level: the same requests, the
same per-request sojourns, and the queueing-theory values."""

import pandas as pd
import pytest

import request_scheduling as rs
from request_scheduling.stats import mean_ci
from request_scheduling.theory import mmc_mean_sojourn

# Packet level with nothing on the wire: zero delay, and a link so fast that
# a packet's serialisation rounds to 0 ns.
NO_WIRE = dict(link_delay="const:0s", link_rate="100000Gbps")


@pytest.mark.parametrize("policy, extra", [
    ("dfcfs", {}),
    ("cfcfs", {}),
    ("ps", {}),
    ("shinjuku", dict(quantum="2us")),
    ("psp", dict(reserved=1)),
    ("afp", dict(rss="random")),
])
def test_queue_level_equals_packet_level(tmp_path, policy, extra):
    options = dict(intra=policy, cores=4, load=0.7, workload="w1", duration="20ms", clients=2,
                   **extra)
    frames = {}
    # Queue level delivers a request within its send event when no other
    # event is due then (PeekableScheduler, the examples' default); with
    # ns-3's MapScheduler it always takes an event of its own.
    runs = {"packet": dict(level="packet", **NO_WIRE),
            "queue": dict(level="queue"),
            "queue, an event per delivery": dict(level="queue", SchedulerType="ns3::MapScheduler")}
    for name, run in runs.items():
        records = tmp_path / f"{len(frames)}.csv"
        s = rs.run("microsecond-scenario", records=str(records), **options, **run)
        assert s["level"] == run["level"]
        assert s["sent"] == s["completed"] and s["dropped"] == 0
        frames[name] = pd.read_csv(records).set_index(["client", "request"]).sort_index()
    packet = frames["packet"]
    assert len(packet) > 10000
    for name in ("queue", "queue, an event per delivery"):
        queue = frames[name]
        assert packet.index.equals(queue.index), name
        assert (packet.send_time_s == queue.send_time_s).all(), name
        # Every request's completion time, to the nanosecond (the CSV's resolution).
        assert (packet.rct_us - queue.rct_us).abs().max() < 1e-9, name


def test_queue_level_matches_erlang_c():
    s = rs.run("microsecond-scenario", level="queue", intra="cfcfs", cores=4, load=0.8,
               service="exp:10us", duration="1s")
    # A send, a completion and now and then a delivery that needs an event.
    assert s["events"] < 2.5 * s["sent"]
    # 3 * 10^5 requests: the mean sojourn within 3 % of Erlang C.
    assert s["sojourn_mean_us"] == pytest.approx(mmc_mean_sojourn(4, 0.8, 10.0), rel=0.03)


@pytest.mark.parametrize("link", [dict(link_delay="const:1us"), dict(link_rate="10Gbps")])
def test_queue_level_rejects_link_options(link):
    # There are no links at queue level: a link option would be ignored.
    name = "--" + next(iter(link)).replace("_", "-")
    with pytest.raises(rs.ExampleError, match=f"invalid {name}=.*: has no effect with --level=queue \\(no links\\)"):
        rs.run("microsecond-scenario", level="queue", duration="1ms", **link)
    # The same option at packet level is fine.
    assert rs.run("microsecond-scenario", level="packet", duration="1ms", **link)["level"] == "packet"


def test_flows_default_to_one_where_the_port_matters_to_nothing():
    # Hash RSS with NIC queues picks a queue by source port: 64 ports per
    # client. Random RSS, or a policy with one central queue: one socket,
    # and more are refused (test_bad_input).
    assert rs.run("microsecond-scenario", intra="dfcfs", duration="1ms")["flows"] == 64
    assert rs.run("microsecond-scenario", intra="afp", flows=7, duration="1ms")["flows"] == 7
    assert rs.run("microsecond-scenario", intra="afp", rss="random", duration="1ms")["flows"] == 1
    assert rs.run("microsecond-scenario", intra="cfcfs", duration="1ms")["flows"] == 1


# Batchy: packet level with a link so fast that a packet's serialisation
# rounds to 0 ns (the links have no delay).
BATCHY_NO_WIRE = dict(link_rate="100000Gbps")


# One packet per arrival instant: a burst (--source-batch) arrives at once
# at queue level, one event apart over a link.
@pytest.mark.parametrize("options", [
    # Saturated, behind the ingress queue's backpressure.
    dict(pipeline="rc", n=16, controller="max", rate=1e8),
    dict(pipeline="vrf", m=2, n=4, controller="nfvnice", rate=1e8),
    # Two cores and pipeline decomposition; a core, the links and the switch failing.
    dict(pipeline="mgw", m=2, n=4, controller="full", rate=1e8, cores=2, decompose="true",
         fail="server:1@20ms-30ms"),
    dict(pipeline="l2l3", n=4, controller="onoff", rate=1e7, arrival="paced", backpressure="false",
         fail="link:0@20ms-30ms,link:1@50ms-60ms,switch:0@70ms-72ms"),
])
def test_batchy_queue_level_equals_packet_level(tmp_path, options):
    runs = {"packet": dict(level="packet", **BATCHY_NO_WIRE), "queue": dict(level="queue")}
    summaries, frames = {}, {}
    for name, run in runs.items():
        records = tmp_path / f"{name}.csv"
        summaries[name] = rs.run("batchy-scenario", duration="100ms", period="10ms", warmup_periods=2,
                                 records=str(records), **options, **run)
        assert summaries[name]["level"] == name
        frames[name] = pd.read_csv(records)
    assert len(frames["packet"]) > 50000
    # Every packet's flow, send and completion time.
    pd.testing.assert_frame_equal(frames["packet"], frames["queue"])
    # And every figure of the summary but the wall-clock ones.
    def same(s):
        return {k: v for k, v in s.items()
                if k not in ("level", "events", "controller_us_per_period") and "wall" not in k}
    assert same(summaries["packet"]) == same(summaries["queue"])
    # Without packets: at most a third of the events.
    assert summaries["queue"]["events"] < summaries["packet"]["events"] / 3


@pytest.mark.parametrize("option", [dict(link_rate="10Gbps"), dict(packet_size=128)])
def test_batchy_queue_level_rejects_packet_options(option):
    name = "--" + next(iter(option)).replace("_", "-")
    with pytest.raises(rs.ExampleError, match=f"invalid {name}=.*: has no effect with --level=queue"):
        rs.run("batchy-scenario", level="queue", duration="1ms", **option)


# RackSched: queue level keeps the links, as FIFOs of their rate and delay
# (DirectLink), so it is compared with the packet level as it is.
RACK = dict(load=0.9, duration="30ms", warmup="5ms")


def level_records(example, tmp_path, options):
    summaries, frames = {}, {}
    for level in ("packet", "queue"):
        records = tmp_path / f"{level}.csv"
        summaries[level] = rs.run(example, level=level, records=str(records), **options)
        assert summaries[level]["level"] == level
        s = summaries[level]
        assert s["sent"] == s["completed"] + s["in_flight"] + s["dropped"]
        frames[level] = pd.read_csv(records).set_index(["client", "request"]).sort_index()
    return summaries, frames


def assert_equal_levels(summaries, frames):
    packet, queue = frames["packet"], frames["queue"]
    assert len(packet) > 10000
    # Every request: the same server, sent at the same time, answered at the
    # same nanosecond (the CSV's resolution).
    assert packet.index.equals(queue.index)
    assert (packet.server == queue.server).all() and (packet.send_time_s == queue.send_time_s).all()
    assert (packet.rct_us - queue.rct_us).abs().max() < 1e-9
    # And every figure of the summary but the level's own and the wall-clock ones.
    def same(s):
        return {k: v for k, v in s.items()
                if k not in ("level", "events", "link_backlog_peak") and "wall" not in k}
    assert same(summaries["packet"]) == same(summaries["queue"])
    assert summaries["queue"]["events"] < summaries["packet"]["events"]


@pytest.mark.parametrize("options", [
    *[dict(inter=inter) for inter in ("racksched", "random", "rr", "shortest", "sampling", "jbsq", "shinjuku",
                                      "client")],
    dict(tracking="proactive"),
    dict(tracking="int2"),
    dict(per_type_load="on", placement="0:0-5;1:2-7", heterogeneous="4:4"),
    # Later packets follow the first through the affinity table.
    dict(packets_per_request=4, load=0.8),
    # Packets behind packets: 1 Gbit/s links hold up to 4 at once here.
    dict(link_rate="1Gbps"),
    dict(link_delay="0s", load=1.3),
])
def test_racksched_queue_level_equals_packet_level(tmp_path, options):
    summaries, frames = level_records("racksched-scenario", tmp_path, {**RACK, **options})
    assert_equal_levels(summaries, frames)
    assert summaries["queue"]["link_backlog_peak"] >= 1


def test_racksched_queue_level_agrees_in_distribution_where_links_queue():
    # AFP's W1 in the rack: 8.5 million requests/s, each client's link
    # carries a reply every 236 ns on average, 19 ns each, so packets wait
    # behind packets and same-nanosecond ties between links decide their
    # order. The two levels then break some ties differently and diverge
    # request by request; over runs their means and tails agree.
    options = dict(intra="afp", workload="w1", load=0.5, duration="5ms", warmup="1ms")
    frames = rs.sweep("racksched-scenario", {"level": ["packet", "queue"]}, runs=5, jobs=2,
                      progress=False, **options)
    assert frames["error"].isna().all()
    by = {level: frames[frames.level == level] for level in ("packet", "queue")}
    assert (by["queue"]["link_backlog_peak"] >= 2).all()
    for metric in ("rct_mean_us", "rct_p99_us"):
        (p, p_half), (q, q_half) = (mean_ci(by[level][metric]) for level in ("packet", "queue"))
        assert abs(p - q) <= max(p_half, q_half), (metric, p, p_half, q, q_half)
    # The requests themselves are the same: same draws, same counts.
    assert list(by["packet"]["sent"]) == list(by["queue"]["sent"])


def test_racksched_queue_level_refuses_faults():
    with pytest.raises(rs.ExampleError, match="there are no links or nodes to fail at --level=queue"):
        rs.run("racksched-scenario", level="queue", duration="1ms", fail="server:0@0.5ms")


# CArDS: the links keep their per-packet random latency (DirectLink's
# DelayVariable, shared by a link's two directions as the channel is), so
# the queue level draws the same delays in the same order.
CARDS = dict(duration="200ms", drain="1s")


@pytest.mark.parametrize("options", [
    *[dict(inter=inter) for inter in ("cards", "central", "random", "site-random", "steam", "jbsq")],
    dict(inter="cards", deployment="routed"),
    dict(inter="jbsq", deployment="routed"),
    dict(scenario="2b", inter="steam", steam_batch=5),
    dict(scenario="2c", latency="const"),
    # Transactions: later requests go to the first reply's instance, past the ingress.
    dict(affinity=10, hold_until_affinity=True),
    dict(affinity="50ms", inter="site-random"),
    # Twice the paper's clients: 124 000 requests/s per ingress, packets wait behind packets.
    dict(clients=3100, inter="power-of-k"),
])
def test_cards_queue_level_equals_packet_level(tmp_path, options):
    summaries, frames = level_records("cards-scenario", tmp_path, {**CARDS, **options})
    assert_equal_levels(summaries, frames)


def test_cards_queue_level_refuses_faults():
    with pytest.raises(rs.ExampleError, match="there are no links or nodes to fail at --level=queue"):
        rs.run("cards-scenario", level="queue", duration="10ms", fail="server:0@5ms")


# End-to-end: the clients' access links, the ingress's links to the sites
# and each rack's links, all as DirectLinks; the ingress, the switches and
# the servers run their queue-level paths.
E2E = dict(duration="60ms", warmup="5ms", load=0.9)


@pytest.mark.parametrize("options", [
    *[dict(inter=inter, rack=rack) for inter in ("cards", "random", "round-robin")
      for rack in ("racksched", "random", "shortest", "jbsq")],
    dict(rack="sampling", intra="cfcfs"),
    dict(sites="4,2,2", workload="bimodal50", intra="psp", duration="150ms"),
    # 1 Gbit/s links: packets wait behind packets on the sites' links (the
    # larger site's carries a request every 7.4 us on average, 1.3 us each).
    dict(clients=50, link_rate="1Gbps", load=0.8),
])
def test_end_to_end_queue_level_equals_packet_level(tmp_path, options):
    summaries, frames = level_records("end-to-end-scenario", tmp_path, {**E2E, **options})
    assert_equal_levels(summaries, frames)
    if "link_rate" in options:
        assert summaries["queue"]["link_backlog_peak"] >= 2


@pytest.mark.parametrize("options, message", [
    (dict(wan="splitter"), "invalid --level=queue: the WAN's TCP transfers"),
    (dict(gateway="l2l3"), "invalid --level=queue: the gateways' Batchy switches"),
    (dict(fail="server:0@0.5ms"), "there are no links or nodes to fail at --level=queue"),
])
def test_end_to_end_queue_level_refuses_what_needs_packets(options, message):
    with pytest.raises(rs.ExampleError, match=message):
        rs.run("end-to-end-scenario", level="queue", duration="1ms", **options)
