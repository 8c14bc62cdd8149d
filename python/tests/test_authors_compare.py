"""The side-by-side with the authors' simulator, without it: their config,
their CSV and the tables, on fabricated inputs."""

import json

import numpy as np
import pandas as pd
import pytest

from request_scheduling import microsecond
from request_scheduling.microsecond import PSP_POLICIES, authors_config, read_authors_tasks

BASE = {"avg_system_load": 0.3, "regular_arrivals": "lognorm", "sim_duration": 200_000_000, "num_threads": 15,
        "bimodal_service_time": False, "PERSEPHONE_OVERHEAD": 600, "persephone_total_reserved_cores": 1,
        "PREEMPTION_QUANTUM": 8000, "PREEMPTION_OVERHEAD": 100, "SHORT_REQUEST_RATE": 990}


def test_config_edits_follow_our_options():
    psp = authors_config(BASE, PSP_POLICIES["PSP-150"], "w1", "exp", 0.7, "20ms")
    assert psp == {**BASE, "avg_system_load": 0.7, "regular_arrivals": "exp", "sim_duration": 20_000_000,
                   "bimodal_service_time": True, "constant_service_time": False,
                   "SHORT_REQUEST_SERVICE_TIME": 500, "LONG_REQUEST_SERVICE_TIME": 500_000,
                   "SHORT_REQUEST_RATE": 995, "PERSEPHONE_OVERHEAD": 150, "persephone_total_reserved_cores": 2}
    afp = authors_config(BASE, PSP_POLICIES["AFP-1"], "w2", "lognormal", 0.5, "1.5ms")
    assert (afp["PREEMPTION_QUANTUM"], afp["PREEMPTION_OVERHEAD"], afp["afp_rr"]) == (1000, 580, False)
    assert (afp["SHORT_REQUEST_SERVICE_TIME"], afp["LONG_REQUEST_SERVICE_TIME"]) == (1000, 100_000)
    assert (afp["regular_arrivals"], afp["sim_duration"], afp["PERSEPHONE_OVERHEAD"]) == ("lognorm", 1_500_000, 600)
    rss = authors_config(BASE, PSP_POLICIES["RSS"], "w1", "exp", 0.1, "2s")
    assert rss["PREEMPTION_QUANTUM"] == 8000 and rss["sim_duration"] == 2_000_000_000
    assert BASE["avg_system_load"] == 0.3  # the base is not modified


def test_their_csv_in_our_metrics(tmp_path):
    sojourn_ns = [500 + 10 * i for i in range(100)]
    rows = [(i * 1000, s, 500) for i, s in enumerate(sojourn_ns)] + [(5, 600_000, 500_000)]
    path = tmp_path / "task_times.csv"
    path.write_text("Arrival Time,Time in System,Request Service Time\n"
                    + "".join(f"{a},{s},{st}\n" for a, s, st in rows))
    m = read_authors_tasks(path, 500)
    assert (m["completed"], m["short_completed"]) == (101, 100)
    assert m["short_p999_us"] == pytest.approx(np.percentile(sojourn_ns, 99.9) / 1e3)
    assert m["short_p99_us"] == pytest.approx(np.percentile(sojourn_ns, 99) / 1e3)


def test_compare_writes_side_by_side_tables(tmp_path, monkeypatch):
    checkout = tmp_path / "their-sim"
    (checkout / "configs").mkdir(parents=True)
    for name in ("afp", "psp", "rss"):
        (checkout / "configs" / f"{name}.json").write_text(json.dumps(BASE))
    seen = []

    def fake_ours(options, workload, arrival, load, duration, run_index):
        return {"completed": 1000, "short_completed": 990, "short_p999_us": 2.0 * run_index,
                "short_p99_us": 1.0, "wall_s": 0.5}

    def fake_theirs(path, config, run_index, python):
        seen.append((config["PERSEPHONE_OVERHEAD"], config["avg_system_load"], run_index))
        return {"completed": 1000, "short_completed": 990, "short_p999_us": 8.0, "short_p99_us": 3.0,
                "wall_s": 10.0}

    monkeypatch.setattr(microsecond, "run_ours", fake_ours)
    monkeypatch.setattr(microsecond, "run_authors", fake_theirs)
    out = tmp_path / "out"
    s = microsecond.compare_authors(checkout, out, workloads=["w1"], policies=["PSP-150"], loads=[0.5], runs=2)
    assert seen == [(150, 0.5, 1), (150, 0.5, 2)]
    assert len(pd.read_csv(out / "authors-compare-runs.csv")) == 4
    row = pd.read_csv(out / "authors-compare.csv").iloc[0]
    assert (row.short_p999_us_ours, row.short_p999_us_theirs) == (3.0, 8.0)
    assert (row.requests_per_wall_s_ours, row.requests_per_wall_s_theirs) == (2000.0, 100.0)
    assert len(s) == 1
    table = (out / "authors-compare.md").read_text()
    assert "| w1 | PSP-150 | 0.5 | 3 / 8 | 1 / 3 | 1000 / 1000 | 0.5 / 10 | 2000 / 100 |" in table
    with pytest.raises(ValueError, match="no counterpart"):
        microsecond.compare_authors(checkout, out, policies=["c-FCFS"])
