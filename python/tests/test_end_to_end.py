"""The schedulers composed (end-to-end-scenario): all layers on beat the
all-baseline configuration, and the doc's ablation table is the committed
results'."""

from pathlib import Path

import request_scheduling as rs
from request_scheduling import end_to_end
from doc_text import chapter
from request_scheduling.stats import mean_ci

REPO = Path(__file__).resolve().parents[2]


def test_all_layers_on_beat_the_baseline_at_the_default_point():
    # The example's defaults but a shorter run; CIs over 4 seeds must not overlap.
    p99 = {}
    for label in ("baseline", "all on"):
        df = rs.sweep("end-to-end-scenario", {"load": [end_to_end.DEFAULT_LOAD]}, runs=4, jobs=2,
                      duration="100ms", warmup="10ms", progress=False, **end_to_end.CONFIGURATIONS[label])
        assert (df.sent == df.completed).all(), "every request answered"
        p99[label] = mean_ci(df.rct_p99_us)
    (on, on_ci), (base, base_ci) = p99["all on"], p99["baseline"]
    assert on + on_ci < base - base_ci, p99


def test_each_layer_is_what_its_option_says():
    s = rs.run("end-to-end-scenario", inter="round-robin", rack="jbsq", intra="afp", sites="3,1,2",
               duration="5ms")
    assert (s["ingress_dispatcher"], s["dispatcher"], s["intra"]) == ("round-robin", "jbsq", "afp")
    assert [v["servers"] for v in s["per_site"].values()] == [3, 1, 2]
    # Round robin over the sites: each gets a third of the requests.
    served = [v["served"] for v in s["per_site"].values()]
    assert sum(served) == s["completed"] == s["sent"]
    assert max(served) - min(served) <= 1, served


def test_doc_tables_are_the_committed_results():
    for table in (end_to_end.doc_table(REPO / "results" / "end-to-end"),
                  end_to_end.breakdown_table(REPO / "results" / "end-to-end"),
                  end_to_end.wan_table(REPO / "results" / "end-to-end"),
                  end_to_end.gateway_table(REPO / "results" / "end-to-end")):
        assert table in chapter(), ("the doc's ablation tables differ from results/end-to-end/: paste the "
                                    "output of python -m request_scheduling.end_to_end table")


def test_time_breakdown_adds_up():
    for options in (end_to_end.CONFIGURATIONS["baseline"], end_to_end.CONFIGURATIONS["all on"]):
        s = rs.run("end-to-end-scenario", duration="50ms", warmup="5ms", **options)
        b = s["time_breakdown_us"]
        assert 0 < b["requests"] <= s["recorded"] and s["in_flight"] == 0
        # The parts add up to the clients' mean; each way takes the links'
        # propagation (100 + 50 + 1 us) at least; the service is the demand's.
        assert abs(b["to_server"] + b["server_waiting"] + b["service"] + b["back_to_client"]
                   - s["rct_mean_us"]) < 1e-6 * s["rct_mean_us"]
        assert 151 < b["to_server"] < 160 and 151 < b["back_to_client"] < 160
        # Up to the switch's decision: all but the rack's 1 us link (and its
        # serialisation at 40 Gbit/s).
        assert 150 < b["to_switch"] and 1 < b["to_server"] - b["to_switch"] < 1.1
        assert b["server_waiting"] >= 0 and abs(b["service"] / s["service_mean_us"] - 1) < 0.1


def test_the_wan_steers_requests_as_its_router_says():
    # Requests alone on the WAN (no downloads, no background): the splitter
    # keeps every one on tunnel 0 (it counts TCP flows only), ECMP spreads
    # the clients' flows over both tunnels, and a request's way to the
    # datacenter takes the access link, the branch's LAN and the three WAN
    # links (100 + 5 + 3 x 250 us).
    quiet = dict(transfers=0, wan_utilisation=0, duration="20ms", warmup="2ms")
    split = rs.run("end-to-end-scenario", wan="splitter", **quiet)
    ecmp = rs.run("end-to-end-scenario", wan="ecmp", **quiet)
    for s in (split, ecmp):
        assert s["wan"] == s["wan_layer"]["router"] and s["sent"] == s["completed"]
        tunnels = s["wan_layer"]["per_tunnel"]
        # One packet per request up, one reply down.
        assert sum(t["packets_up"] for t in tunnels.values()) == s["sent"]
        assert sum(t["packets_down"] for t in tunnels.values()) == s["sent"]
        wan = s["time_breakdown_us"]["to_datacenter"]
        assert 855 < wan < 860, wan
        assert wan < s["time_breakdown_us"]["to_server"]
    assert split["wan_layer"]["per_tunnel"]["1"]["packets_up"] == 0
    shares = [t["packets_up"] / ecmp["sent"] for t in ecmp["wan_layer"]["per_tunnel"].values()]
    assert min(shares) > 0.3, shares


def test_only_requests_lost_on_the_wan_count_as_dropped_requests():
    # A WAN queue of 10 packets under downloads and background: TCP segments
    # and datagrams are lost there too, but only requests and replies count;
    # every request is answered or counted lost (none left in flight, which
    # a request drop the filter missed would be).
    s = rs.run("end-to-end-scenario", wan="ecmp", wan_queue="10p", transfers=200, transfer_sizes="const:1000",
               wan_utilisation=0.9, duration="50ms", warmup="5ms")
    lost = sum(t["bottleneck_drops_up"] + t["bottleneck_drops_down"] for t in s["wan_layer"]["per_tunnel"].values())
    assert s["dropped"] == s["dropped_by_reason"]["network: queue disc"] > 0
    assert s["in_flight"] == 0 and not s["warnings"] and s["sent"] == s["completed"] + s["dropped"]
    assert lost > 2 * s["dropped"], (lost, s["dropped"])
    # The branch's LAN at 100 Mbit/s under downloads: the device queues
    # overflow (PPP frames, parsed for their ports), and the same holds.
    s = rs.run("end-to-end-scenario", wan="ecmp", link_rate="100Mbps", transfers=500, transfer_sizes="const:200",
               duration="20ms", warmup="2ms")
    assert s["dropped"] == s["dropped_by_reason"]["network: device"] > 0
    assert s["in_flight"] == 0 and not s["warnings"] and s["sent"] == s["completed"] + s["dropped"]


def test_a_gateway_passes_requests_through_its_pipeline_and_replies_back():
    # Every request crosses its site's gateway, pipeline and all, on its way
    # to the switch; every reply crosses it back unscheduled. With no
    # buffering (null) a request spends the pipeline's processing there;
    # max batching holds it until its buffers fill or flush (1 ms idle).
    delay = {}
    for controller in ("null", "max"):
        s = rs.run("end-to-end-scenario", gateway="gw", gateway_controller=controller, duration="20ms",
                   warmup="2ms")
        assert s["gateway"] == "gw" and s["gateway_controller"] == controller
        assert s["sent"] == s["completed"]
        for site in s["per_site"].values():
            assert site["gateway_received"] == site["gateway_forwarded"] == site["switch_scheduled"]
            assert site["gateway_returned"] == site["served"] and site["gateway_dropped"] == 0
        delay[controller] = [site["gateway_delay_mean_us"] for site in s["per_site"].values()]
    assert all(0 < d < 2 for d in delay["null"]), delay
    assert all(d > 100 for d in delay["max"]), delay
