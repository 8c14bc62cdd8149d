"""sweep(): failed runs as rows, the progress bar, the flattened summaries."""

import io
import math
import sys

import pandas as pd
import pytest

import request_scheduling as rs
from request_scheduling import runner

FAST = dict(intra="cfcfs", cores=1, service="exp:10us", duration="20ms")


def test_failed_run_is_a_row(tmp_path):
    cache = rs.DirectoryCache(tmp_path / "cache")
    with pytest.warns(rs.FailedRunsWarning, match="2 of 4 runs of microsecond-scenario failed"):
        df = rs.sweep("microsecond-scenario", {"load": [0.3, -1]}, runs=2, cache=cache, **FAST)
    assert len(df) == 4
    assert list(df.columns[:3]) == ["load", "run", "error"]
    bad = rs.failed_runs(df)
    assert bad.tolist() == [False, False, True, True]
    failed = df[bad]
    assert set(failed["load"]) == {-1} and set(failed["run"]) == {1, 2}
    # The example's one-line message, as ExampleError words it.
    assert failed["error"].str.startswith("microsecond-scenario exited with").all()
    assert failed["error"].str.contains("--load").all()
    assert not failed["error"].str.contains("\n").any()
    assert failed[["sojourn_mean_us", "sojourn_p999_us", "per_class.all.sojourn_p99_us"]].isna().all().all()
    ok = df[~bad]
    assert ok["error"].isna().all()
    assert (ok["sent"] > 0).all()
    # Only the successful runs were cached.
    assert len(list((tmp_path / "cache").glob("*.json"))) == 2

    with pytest.warns(rs.FailedRunsWarning, match="2 of 4 runs failed"):
        s = rs.summarize(df, ["load"], ["sojourn_mean_us"])
    assert s.set_index("load")[["runs", "failed"]].to_dict("index") == {-1: {"runs": 0, "failed": 2},
                                                                        0.3: {"runs": 2, "failed": 0}}
    bad_point = s[s.load == -1].iloc[0]
    assert math.isnan(bad_point.sojourn_mean_us) and math.isnan(bad_point.sojourn_mean_us_ci)
    assert s[s.load == 0.3].sojourn_mean_us.iloc[0] == pytest.approx(df[~bad].sojourn_mean_us.mean())


def test_all_runs_failed():
    with pytest.warns(rs.FailedRunsWarning):
        df = rs.sweep("microsecond-scenario", {"load": [-1, -2]}, **FAST)
    assert list(df.columns) == ["load", "run", "error"]
    assert rs.failed_runs(df).all()
    with pytest.warns(rs.FailedRunsWarning):
        s = rs.summarize(df, ["load"], ["sojourn_mean_us"])
    assert (s["runs"] == 0).all() and s["sojourn_mean_us"].isna().all()


def test_strict_sweep_raises():
    with pytest.raises(rs.ExampleError, match="--load"):
        rs.sweep("microsecond-scenario", {"load": [0.3, -1]}, strict=True, **FAST)


def test_timeout_is_a_failed_row():
    with pytest.warns(rs.FailedRunsWarning):
        df = rs.sweep("microsecond-scenario", {"load": [0.5]}, timeout=0.001, intra="cfcfs", duration="10s")
    assert df["error"].tolist() == ["microsecond-scenario timed out after 0.001 s"]


def test_progress_bar_off_when_stderr_is_not_a_terminal(capsys):
    # pytest's captured stderr is not a terminal.
    df = rs.sweep("microsecond-scenario", {"load": [0.3, 0.4]}, **FAST)
    assert len(df) == 2 and rs.failed_runs(df).sum() == 0
    assert capsys.readouterr().err == ""
    rs.sweep("microsecond-scenario", {"load": [0.3, 0.4]}, progress=True, **FAST)
    err = capsys.readouterr().err
    assert "microsecond-scenario" in err and "2/2" in err


def test_progress_default_follows_the_terminal(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stderr", Terminal())
    assert runner._show_progress(None)
    assert not runner._show_progress(False)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert not runner._show_progress(None)
    assert runner._show_progress(True)
    monkeypatch.setattr(sys, "stderr", None)
    assert not runner._show_progress(None)


def _flatten_by_hand(d, prefix=""):
    """runner._flatten before pandas.json_normalize took its place."""
    flat = {}
    for key, value in d.items():
        if isinstance(value, dict):
            flat.update(_flatten_by_hand(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _same(a, b):
    return (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)) or a == b


def test_flatten_unchanged():
    summaries = [
        rs.run("microsecond-scenario", service="bimodal:0.9:1us:20us", load=0.3, intra="dfcfs", cores=2,
               duration="20ms"),
        {"sent": 3, "per_class": {"short": {"p999_us": 1.5, "completed": 2}, "long": {}},
         "per_instance": [{"served": 1}, {"served": 2}], "wall_s": 0.25, "nested": {"a": {"b": {"c": None}}}},
        None,  # a failed run
    ]
    frame = runner._flatten(summaries)
    assert len(frame) == 3
    expected = [_flatten_by_hand(s) if s else {} for s in summaries]
    assert set(frame.columns) == set().union(*expected)
    assert "per_class.short.p999_us" in frame.columns and "nested.a.b.c" in frame.columns
    for i, row in enumerate(expected):
        for column in frame.columns:
            want = row.get(column, math.nan)
            got = frame[column].iloc[i]
            assert _same(got, want) or (want is None and pd.isna(got)), (i, column, got, want)


def test_sweep_columns_are_the_flattened_summary():
    df = rs.sweep("microsecond-scenario", {"load": [0.3]}, runs=1, service="bimodal:0.9:1us:20us", intra="dfcfs",
                  cores=2, duration="20ms")
    again = rs.run("microsecond-scenario", service="bimodal:0.9:1us:20us", intra="dfcfs", cores=2,
                   duration="20ms", load=0.3, run=1)
    flat = _flatten_by_hand(again)
    assert set(df.columns) == {"load", "run", "error"} | set(flat)
    for column, value in flat.items():
        if column not in ("load", "run") and "wall" not in column:  # wall-clock time differs
            assert _same(df[column].iloc[0], value), column


def test_per_run_option_takes_its_value_from_the_run_index():
    df = rs.sweep("microsecond-scenario", {"cores": [1, 2]}, runs=2, intra="cfcfs", service="exp:10us",
                  duration="20ms", load=rs.PerRun({1: 0.2, 2: 0.6}))
    assert list(zip(df.cores, df.run, df.load)) == [(1, 1, 0.2), (1, 2, 0.6), (2, 1, 0.2), (2, 2, 0.6)]
    with pytest.raises(ValueError, match=r"load=PerRun\(...\) has no value for run\(s\) \[2\]"):
        rs.sweep("microsecond-scenario", {"cores": [1]}, runs=2, load=rs.PerRun({1: 0.2}))


def test_runs_may_list_the_run_indices():
    # runs=[2] is the second run alone: the same as in a sweep of 2.
    options = dict(intra="cfcfs", service="exp:10us", duration="20ms", load=0.5, progress=False)
    both = rs.sweep("microsecond-scenario", {"cores": [1]}, runs=2, **options)
    second = rs.sweep("microsecond-scenario", {"cores": [1]}, runs=[2], **options)
    assert list(second.run) == [2]
    assert second.rct_mean_us.iloc[0] == both[both.run == 2].rct_mean_us.iloc[0]
    with pytest.raises(ValueError, match=r"PerRun\(...\) has no value for run\(s\) \[3\]"):
        rs.sweep("microsecond-scenario", {"cores": [1]}, runs=[3], load=rs.PerRun({1: 0.2}))
