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
                  end_to_end.breakdown_table(REPO / "results" / "end-to-end")):
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
        assert b["server_waiting"] >= 0 and abs(b["service"] / s["service_mean_us"] - 1) < 0.1
