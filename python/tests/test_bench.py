"""``make bench`` at a tiny scale (the c-FCFS point only, 20 000 requests):
bench.py runs both bare event loops and the example at both levels, and
writes a report whose figures are positive and consistent."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from request_scheduling import build_dir

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not (build_dir() / "bench" / "event-loop-module").exists(),
                    reason="no bench/ in this build (the in-tree build has none)")
def test_bench_reports_the_core_point_and_both_loops(tmp_path):
    skip = ["--no-cards", "--no-afp", "--no-sdwan", "--no-racksched", "--no-batchy", "--no-sweep"]
    done = subprocess.run([sys.executable, str(REPO / "bench" / "bench.py"), "--requests", "20000", *skip,
                           "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads((tmp_path / "bench.json").read_text())
    assert 19000 < report["requests"] < 21000
    assert report["events_per_request"] == pytest.approx(report["events"] / report["requests"])
    assert report["baseline_events_per_wall_s"] > 0 and report["module_loop_events_per_wall_s"] > 0
    assert report["cfcfs_queue_level"]["events_per_request"] < report["events_per_request"]
    assert "the examples' own loop, no draws" in done.stdout
