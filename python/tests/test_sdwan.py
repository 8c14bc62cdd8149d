"""sdwan-splitter through the Python API: summary keys, conservation of
flows, invalid options, and a sweep over the three border-router modes."""

import pandas as pd
import pytest

import request_scheduling as rs

SHORT = dict(duration="2s", warmup="500ms", rate=50, utilisation=0.1,
             sizes="mix:0.5:5:0.5:40", upload_share=0.1, upload_sizes="const:200")


def test_run_summary_and_conservation():
    s = rs.run("sdwan-splitter", mode="splitter", threshold=10, **SHORT)
    for key in ("short_fct_mean_us", "short_fct_p50_us", "short_fct_p99_us", "long_fct_mean_us",
                "long_fct_p99_us", "jitter_mean_us", "jitter_std_us", "reclassified", "table_peak",
                "table_full_events", "per_tunnel", "wall_s", "events"):
        assert key in s, key
    f = s["flows"]
    assert f["started"] == f["completed"] + f["in_flight"] + f["failed"]
    assert f["started"] == s["sent"] > 50 and f["failed"] == 0
    # 40-packet downloads and 200-packet uploads pass the 10-packet threshold.
    assert s["reclassified"] > 0
    assert s["per_tunnel"]["1"]["packets_down"] > 0
    assert s["long_flows"] > 0 and s["long_fct_mean_us"] > s["short_fct_mean_us"]
    assert 0.05 < s["per_tunnel"]["0"]["utilisation_up"] < 0.2


def test_records(tmp_path):
    # --records: one line per completed transfer, short (0) and long (1).
    records = tmp_path / "records.csv"
    s = rs.run("sdwan-splitter", mode="splitter", threshold=10, records=str(records), **SHORT)
    r = pd.read_csv(records)
    assert len(r) == s["flows"]["completed"]
    assert set(r["class"]) == {0, 1}
    assert (r.rct_us > 0).all()


def test_ecmp_modes_do_not_reclassify():
    df = rs.sweep("sdwan-splitter", {"mode": ["splitter", "ecmp", "ecmp-packet"]}, jobs=2, **SHORT)
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
        rs.run("sdwan-splitter", **{option: value})
    message = str(err.value)
    assert "--" + option.replace("_", "-") in message
    assert err.value.returncode == 1


def test_reproduction_experiments_on_a_tiny_scale(tmp_path):
    from request_scheduling import sdwan

    tiny = {"duration": "3s", "warmup": "1s", "long_duration": "3s", "runs": 1, "thresholds": [1, 20],
            "rates": [50], "utilisations": [0.1, 0.2]}
    result = {}
    for experiment in (sdwan.fig4a, sdwan.fig4b, sdwan.fig6, sdwan.tcp_reordering):
        result.update(experiment(tmp_path, tiny, jobs=2, progress=False))
    assert set(result["fig4a_speedup_by_threshold_at_50rps"]) == {"1", "20"}
    assert set(result["fig4b_speedup_over_ecmp"]) == {"10", "20"}
    assert set(result["fig4b_speedup_over_ecmp-packet"]) == {"10", "20"}
    values = [v for k, v in result.items() if "speedup" in k and isinstance(v, dict) for v in v.values()]
    values += [result["tcp_dupthresh3_short_speedup"], result["tcp_dupthresh30_short_speedup"]]
    assert all(0 < v < float("inf") for v in values), result
    assert (tmp_path / "fig4b-speedup-vs-utilisation.png").exists()
