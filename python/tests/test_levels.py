"""Queue level (--level=queue) against packet level: the same requests, the
same per-request sojourns, and the queueing-theory values."""

import pandas as pd
import pytest

import request_scheduling as rs
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
    with pytest.raises(rs.ExampleError, match=f"invalid {name}: there are no links at --level=queue"):
        rs.run("microsecond-scenario", level="queue", duration="1ms", **link)
    # The same option at packet level is fine.
    assert rs.run("microsecond-scenario", level="packet", duration="1ms", **link)["level"] == "packet"


def test_flows_default_to_one_where_the_port_matters_to_nothing(tmp_path):
    # Hash RSS with NIC queues picks a queue by source port: 64 ports per
    # client. Random RSS, or a policy with one central queue: one socket,
    # and the same requests and completion times as with 64.
    assert rs.run("microsecond-scenario", intra="dfcfs", duration="1ms")["flows"] == 64
    assert rs.run("microsecond-scenario", intra="cfcfs", duration="1ms")["flows"] == 1
    frames = {}
    for flows in (0, 64):
        records = tmp_path / f"{flows}.csv"
        s = rs.run("microsecond-scenario", intra="afp", rss="random", workload="w1", cores=4, load=0.7,
                   duration="10ms", flows=flows, records=str(records))
        assert s["flows"] == (flows or 1)
        frames[flows] = pd.read_csv(records)
    assert len(frames[0]) > 5000
    pd.testing.assert_frame_equal(frames[0], frames[64])


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
    with pytest.raises(rs.ExampleError, match=f"invalid {name}: has no effect with --level=queue"):
        rs.run("batchy-scenario", level="queue", duration="1ms", **option)
