"""sdwan-scenario through the Python API: summary keys, conservation of
connections, the paper's flows, invalid options, a sweep over the three
border-router modes, and the doc's SD-WAN table against the committed
results."""

import math
from pathlib import Path

import pandas as pd
import pytest

import request_scheduling as rs
from doc_text import chapter

SHORT = dict(duration="2s", warmup="500ms", rate=50, utilisation=0.1,
             sizes="mix:0.5:5:0.5:40", upload_share=0.1, upload_sizes="const:200")


def test_run_summary_and_conservation():
    s = rs.run("sdwan-scenario", mode="splitter", threshold=10, **SHORT)
    for key in ("short_fct_mean_us", "short_fct_p50_us", "short_fct_p99_us", "long_fct_mean_us",
                "long_fct_p99_us", "short_connection_p50_us", "long_connection_mean_us",
                "short_flows_syn_timeout", "short_flows_rto", "jitter_mean_us", "jitter_std_us", "jitter_by",
                "reclassified", "table_peak", "table_full_events", "per_tunnel", "wall_s", "events"):
        assert key in s, key
    f = s["connections"]
    assert f["started"] == f["completed"] + f["in_flight"] + f["failed"]
    assert f["started"] == s["sent"] > 50 and f["failed"] == 0
    # 40-packet downloads and 200-packet uploads pass the 10-packet threshold.
    assert s["reclassified"] > 0
    assert s["per_tunnel"]["1"]["packets_down"] > 0
    assert s["long_flows"] > 0 and s["long_fct_mean_us"] > s["short_fct_mean_us"]
    assert 0.05 < s["per_tunnel"]["0"]["utilisation_up"] < 0.2
    # Two flows per connection measured after the warm-up (one per direction).
    assert s["short_flows"] + s["long_flows"] == 2 * (s["short_connections"] + s["long_connections"])
    # A flow is one direction: shorter than its connection at the median.
    assert s["short_fct_p50_us"] < s["short_connection_p50_us"]
    by = s["jitter_by"]
    assert by["tunnel_change"]["packets"] > 0 and by["same_tunnel"]["packets"] > 0


def test_flows_and_jitter_files(tmp_path):
    flows, cdf = tmp_path / "flows.csv", tmp_path / "jitter.csv"
    s = rs.run("sdwan-scenario", mode="splitter", threshold=10, flows=str(flows), jitter_cdf=str(cdf), **SHORT)
    f = pd.read_csv(flows)
    assert list(f.columns) == ["connection", "direction", "packets", "class", "start_s", "fct_us",
                               "syn_timeouts", "rto"]
    assert len(f) == s["short_flows"] + s["long_flows"]
    assert set(f.direction) == {"up", "down"} and (f.fct_us > 0).all()
    assert ((f.packets <= 10) == (f["class"] == "short")).all()
    c = pd.read_csv(cdf)
    assert set(c.packets) == {"all", "same_tunnel", "tunnel_change"}
    for _, g in c.groupby("packets"):
        assert g.fraction.is_monotonic_increasing and abs(g.fraction.iloc[-1] - 1) < 1e-9


def test_records(tmp_path):
    # --records: one line per completed transfer, short (0) and long (1).
    records = tmp_path / "records.csv"
    s = rs.run("sdwan-scenario", mode="splitter", threshold=10, records=str(records), **SHORT)
    r = pd.read_csv(records)
    assert len(r) == s["connections"]["completed"]
    assert set(r["class"]) == {0, 1}
    assert (r.rct_us > 0).all()


def test_ecmp_modes_do_not_reclassify():
    df = rs.sweep("sdwan-scenario", {"mode": ["splitter", "ecmp", "ecmp-packet"]}, jobs=2, **SHORT)
    assert list(df["error"].isna()) == [True] * 3
    by_mode = df.set_index("mode")
    assert by_mode.loc["ecmp", "reclassified"] == 0
    assert by_mode.loc["ecmp-packet", "reclassified"] == 0
    # SACK in every mode, per-packet spraying included (SackSafeTcpSocket).
    assert list(by_mode["tcp_sack"]) == [True, True, True]
    # The same requests in every mode (same seeds).
    assert len(set(df["sent"])) == 1


@pytest.mark.parametrize("option, value", [
    ("threshold", 0), ("thresholds", "100,10"), ("utilisation", 1), ("utilisation", -0.1),
    ("mode", "spray"), ("splitter_delay", "const:-1us"), ("queue", "lots"), ("tcp", "Reno2"),
    ("sack", "maybe"), ("thresholds", "10, -5"), ("thresholds", " 5"),
])
def test_invalid_options_name_the_option(option, value):
    with pytest.raises(rs.ExampleError) as err:
        rs.run("sdwan-scenario", **{option: value})
    message = str(err.value)
    assert "--" + option.replace("_", "-") in message
    assert err.value.returncode == 1


def test_reproduction_experiments_on_a_tiny_scale(tmp_path):
    from request_scheduling import sdwan

    tiny = {"duration": "3s", "warmup": "1s", "runs": 2, "thresholds": [3, 20], "rates": [50],
            "utilisations": [0.1, 0.2], "fig4b_modes": ["splitter", "ecmp", "ecmp-packet"]}
    result = {}
    for experiment in (sdwan.fig4a, sdwan.fig4b, sdwan.fig5, sdwan.fig6):
        result.update(experiment(tmp_path, tiny, jobs=2, progress=False))
    assert set(result["fig4a_50rps"]) == {"3", "20"}
    assert set(result["fig4b_over_ecmp"]) == {"10", "20"}
    assert set(result["fig4b_over_ecmp-packet"]) == {"10", "20"}
    for point in [*result["fig4a_50rps"].values(), *result["fig4b_over_ecmp"].values()]:
        for name in sdwan.GAINS:
            value, half_width = point[name]
            assert 0 < value < float("inf") and half_width >= 0, (name, point)
    assert result["fig5_20pct_splitter"]["tunnel_change_share"][0] > 0
    assert result["fig5_20pct_ecmp"]["tunnel_change_share"][0] == 0
    # Half the short flows are requests (up), half files (down).
    assert 0.3 < result["fig5_20pct_splitter"]["up_share"][0] < 0.7
    assert set(result["fig5_20pct_gain"]) == {f"{d}_{q}" for d in ("all", "up", "down") for q in ("p50", "p99")}
    for name in ("fig4b-gain-vs-utilisation.png", "fig5-jitter-pdf-20.png", "fig5-fct-pdf-10.png"):
        assert (tmp_path / name).exists(), name
    pdf = pd.read_csv(tmp_path / "fig5-jitter-pdf.csv")
    assert (pdf.pdf >= 0).all()


def test_gains_pair_runs():
    from request_scheduling import sdwan

    # Run 1 of both modes is one workload, run 2 another: the gain is taken
    # run by run, so a slow run of ECMP is compared with its own splitter run.
    def frame(mode, p50s):
        return pd.DataFrame({"run": [1, 2], **{f"{c}_fct_{q}_us": p50s for c in ("short", "long")
                                               for q in sdwan.STATS}})
    g = sdwan.gains(frame("splitter", [1.0, 10.0]), frame("ecmp", [2.0, 20.0]), [])
    assert g.gain_p50.iloc[0] == pytest.approx(2.0) and g.gain_p50_ci.iloc[0] == pytest.approx(0.0)
    assert g.long_ratio_mean.iloc[0] == pytest.approx(0.5)


def test_doc_table_is_the_committed_results():
    # Every number of the doc's SD-WAN table comes from results/sdwan/
    # (summary.json files with the command and commit that made them).
    from request_scheduling import sdwan

    root = Path(__file__).resolve().parents[2]
    table = sdwan.doc_table(root / "results" / "sdwan")
    doc = chapter()
    assert table in doc, ("the doc's SD-WAN table differs from results/sdwan/: paste the output of "
                          "python -m request_scheduling.sdwan table")


def test_timeouts_are_counted_per_flow():
    # The server down for the first second: the SYNs sent then time out.
    s = rs.run("sdwan-scenario", duration="2s", warmup="0s", rate=50, fail="server:0@0s-1s")
    assert s["short_flows_syn_timeout"] + s["long_flows_syn_timeout"] > 25
    # A tunnel link down under long transfers: their senders' data times out.
    s = rs.run("sdwan-scenario", duration="3s", warmup="0s", sizes="const:2000", rate=20, upload_share=0,
               fail="link:4@1s-1200ms", fail_detection="10s")
    assert s["long_flows_rto"] > 0 and s["long_flows_syn_timeout"] == 0


def test_exact_quantiles(tmp_path):
    """--exact reaches SD-WAN's own statistics: the median completion time is
    the recorded requests' exact median (nearest rank), not a histogram bin's."""
    records = tmp_path / "records.csv"
    s = rs.run("sdwan-scenario", duration="2s", warmup="500ms", exact="true", records=str(records))
    assert s["exact_quantiles"] is True
    r = pd.read_csv(records)
    rct = sorted(r[r.send_time_s >= 0.5].rct_us)
    assert len(rct) == s["recorded"] > 20
    median = rct[math.ceil(0.5 * len(rct)) - 1]
    assert s["rct_p50_us"] == pytest.approx(median, abs=1e-3)
