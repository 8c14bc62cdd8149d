#!/usr/bin/env python3
"""Long-run stability of request-scheduling (a benchmark, not a timed test).

Runs every example at 1x, 2x, 5x and 10x a base simulated duration and
prints each run's peak memory (max RSS of the process), its requests and
its wall time. Statistics are streaming (histograms, not samples), so peak
memory must not grow with the run's length: the last column is the 10x
peak over the 1x peak.

Each example runs with its default options (Batchy: the benchmark's
VRF(4,8) at 1 Mpps). The base is the example's default --duration with
--scale=full; --scale=quick (the default) shortens the bases of CArDS
(10 s -> 1 s), RackSched (1 s -> 0.5 s) and SD-WAN (120 s -> 5 s, with a
1 s warm-up), whose 10x runs would take 20 minutes to an hour each on one
core.

    .venv/bin/python bench/soak.py [--scale quick|full] [--only NAME,...] [--out results/soak]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))

from request_scheduling import example_path  # noqa: E402

from bench import wait_peak_rss  # noqa: E402  (bench/ is the script's directory)

FACTORS = (1, 2, 5, 10)
# name: (example, options, default duration s, quick base s)
BASES = {
    "multicore": ("microsecond-scenario", dict(), 1.0, 1.0),
    "multicore-queue": ("microsecond-scenario", dict(level="queue"), 1.0, 1.0),
    "cards": ("cards-scenario", dict(), 10.0, 1.0),
    "racksched": ("racksched-scenario", dict(), 1.0, 0.5),
    "sdwan": ("sdwan-scenario", dict(warmup="1s"), 120.0, 5.0),
    "batchy": ("batchy-scenario", dict(pipeline="vrf", m=4, n=8, rate=1e6, controller="full"), 1.0, 1.0),
}


def run(example: str, options: dict, duration: float) -> dict:
    """Run one example; return its summary with its peak RSS (MiB) and wall time."""
    with tempfile.TemporaryDirectory(prefix="rs-soak-") as tmp:
        out = Path(tmp) / "summary.json"
        args = [str(example_path(example)), *(f"--{k.replace('_', '-')}={v}" for k, v in options.items()),
                f"--duration={duration}s", f"--json={out}"]
        start = time.monotonic()
        with tempfile.TemporaryFile() as err:
            proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err)
            rss = wait_peak_rss(proc)
            err.seek(0)
            if proc.returncode != 0:
                raise RuntimeError(f"{example} failed: {err.read().decode().strip()}")
        summary = json.loads(out.read_text())
        summary["peak_rss_mib"] = rss
        summary["soak_wall_s"] = time.monotonic() - start
        return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", choices=("quick", "full"), default="quick")
    parser.add_argument("--only", default="", help="comma-separated names of " + ", ".join(BASES))
    parser.add_argument("--out", default=None, help="also write the figures as JSON here")
    args = parser.parse_args()
    names = [n for n in args.only.split(",") if n] or list(BASES)
    unknown = [n for n in names if n not in BASES]
    if unknown:
        parser.error(f"unknown --only names: {', '.join(unknown)}")
    rows = []
    print(f"{'example':<16} {'x':>3} {'sim s':>7} {'requests':>11} {'wall s':>8} {'peak MiB':>9}")
    for name in names:
        example, options, default, quick = BASES[name]
        base = default if args.scale == "full" else quick
        first = None
        for factor in FACTORS:
            s = run(example, options, base * factor)
            first = first or s["peak_rss_mib"]
            rows.append(dict(name=name, factor=factor, duration_s=base * factor, sent=s["sent"],
                             wall_s=s["soak_wall_s"], peak_rss_mib=s["peak_rss_mib"],
                             conserved=s["sent"] == s["completed"] + s["in_flight"] + s["dropped"]))
            print(f"{name:<16} {factor:>3} {base * factor:>7g} {s['sent']:>11} {s['soak_wall_s']:>8.1f} "
                  f"{s['peak_rss_mib']:>9.1f}", flush=True)
        print(f"{name:<16} 10x / 1x peak memory: {rows[-1]['peak_rss_mib'] / first:.2f}", flush=True)
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        (Path(args.out) / "soak.json").write_text(json.dumps(rows, indent=1))
    return 0 if all(r["conserved"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
