"""The flagship demo (``make run``, the README's first command) at a small
scale: it exits 0, writes every file its docstring names, and c-FCFS's mean
sojourn follows Erlang C (M/M/4), the check the demo prints."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from request_scheduling import demo
from request_scheduling.theory import mmc_mean_sojourn


def test_demo_writes_its_results_and_follows_erlang_c(tmp_path, capsys):
    assert demo.main(["--out", str(tmp_path), "--runs", "2", "--duration", "50ms", "--no-progress"]) == 0
    out = tmp_path / "microsecond" / "demo"
    for name in ["runs.csv", "summary.csv", "summary.json", "mean-sojourn.png", "p99-sojourn.png", "cdf.png"]:
        assert (out / name).stat().st_size > 0, name
    runs = pd.read_csv(out / "runs.csv", keep_default_na=False, na_values=[""])
    assert len(runs) == len(demo.POLICIES) * len(demo.LOADS) * 2
    summary = pd.DataFrame(json.loads((out / "summary.json").read_text()))
    assert set(summary.intra) == set(demo.POLICIES)
    # 50 ms at 4 cores and 10 us requests: 8 000 (load 0.1) to 72 000
    # requests per run, so the mean is within a few per cent of the theory up
    # to 0.8 (a broken model or a unit slip is off by far more).
    cfcfs = summary[(summary.intra == "cfcfs") & (summary.load <= 0.8)]
    for row in cfcfs.itertuples():
        expected = mmc_mean_sojourn(demo.CORES, row.load, demo.MEAN_US)
        assert row.sojourn_mean_us == pytest.approx(expected, rel=0.08), row.load
    # Each policy queues at 90 % load (M/M/4: 2.9x the service time) and
    # hardly at 10 % (at low loads the means differ by noise only).
    for policy, g in summary.groupby("intra"):
        means = g.sort_values("load").sojourn_mean_us.tolist()
        assert means[-1] > 2 * means[0], policy
    assert "c-FCFS mean sojourn vs Erlang C" in capsys.readouterr().out
