"""``make bench`` and ``make soak`` at a tiny scale: bench.py's c-FCFS point
only (20 000 requests), with both bare event loops and the example at both
levels, and soak.py's shortest base; their reports are written and
consistent."""

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


def test_soak_keeps_memory_flat_at_queue_level(tmp_path):
    # make soak's shortest base (the c-FCFS server at queue level, 1 s to
    # 10 s simulated, 0.2 to 2 million requests): conserved, and the 10x
    # run's peak memory within 10 % of the 1x run's (streaming statistics).
    done = subprocess.run([sys.executable, str(REPO / "bench" / "soak.py"), "--only", "multicore-queue",
                           "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = json.loads((tmp_path / "soak.json").read_text())
    assert [r["factor"] for r in rows] == [1, 2, 5, 10]
    assert all(r["conserved"] for r in rows)
    assert rows[-1]["sent"] > 9 * rows[0]["sent"]
    assert rows[-1]["peak_rss_mib"] < 1.1 * rows[0]["peak_rss_mib"]
