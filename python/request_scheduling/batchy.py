"""Reproduce Batchy's evaluation (Lévai et al., "Batchy: Batch-scheduling
Data Flow Graphs with Service-level Objectives", NSDI'20) with
batchy-pipeline, as far as the module has it.

    python -m request_scheduling.batchy --out results/batchy [--scale quick|paper] [--only static]

* static (Table 2): throughput, mean batch and the share of control periods
  with an SLO violation of each controller (null, max, on-off) on the use
  cases (L2L3(16), GW(16), VRF(4,8), RC(16)), with the worker saturated
  (the source offers 20 Mpps; the ingress queue drops the excess) and, as
  in the paper, each flow's SLO at 0.8x its mean delay under the max
  controller.

Writes ``static-runs.csv``, ``static-summary.csv`` (mean and 95 % CI per
point), ``fig-static-throughput.png`` and the speed-ups over the null
controller in ``summary.json``. The Batchy/full controller, NFVnice, the
contours, the dynamics and the overhead table come with them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

from . import DirectoryCache, plot, summarize, sweep
from .reproduce import reproduce_main

PIPELINES = {"l2l3-16": dict(pipeline="l2l3", n=16), "gw-16": dict(pipeline="gw", n=16),
             "vrf-4x8": dict(pipeline="vrf", m=4, n=8), "rc-16": dict(pipeline="rc", n=16)}
CONTROLLERS = ["null", "max", "onoff"]
SCALES = {
    "paper": {"duration": "22s", "period": "100ms", "warmup_periods": 20, "runs": 3},
    "quick": {"duration": "300ms", "period": "30ms", "warmup_periods": 2, "runs": 1},
}
METRICS = ["throughput_pps", "mean_batch", "slo_violation_periods"]


def static(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Every controller on every use case, worker saturated."""
    frames = []
    for name, options in PIPELINES.items():
        runs = sweep("batchy-pipeline", {"controller": CONTROLLERS}, runs=scale["runs"], jobs=jobs,
                     progress=progress, cache=DirectoryCache(out / ".cache"), rate=2e7, slo="0.8x",
                     duration=scale["duration"], period=scale["period"],
                     warmup_periods=scale["warmup_periods"], **options)
        frames.append(runs.assign(use_case=name))
    import pandas as pd

    runs = pd.concat(frames, ignore_index=True)
    runs.to_csv(out / "static-runs.csv", index=False)
    s = summarize(runs, ["use_case", "controller"], METRICS)
    s.to_csv(out / "static-summary.csv", index=False)
    order = {name: i for i, name in enumerate(PIPELINES)}
    s = s.assign(case=[order[c] for c in s.use_case], mpps=s.throughput_pps / 1e6)
    plot.line_plot(s, "case", "mpps", "controller", out / "fig-static-throughput.png",
                   title="saturated throughput (" + ", ".join(f"{i}: {n}" for n, i in order.items()) + ")",
                   xlabel="use case", ylabel="Mpps")
    t = s.set_index(["use_case", "controller"])
    result = {}
    for name in PIPELINES:
        null = float(t.loc[(name, "null"), "throughput_pps"])
        for c in CONTROLLERS:
            row = t.loc[(name, c)]
            result[f"{name}_{c}_mpps"] = float(row.throughput_pps) / 1e6
            result[f"{name}_{c}_mean_batch"] = float(row.mean_batch)
            result[f"{name}_{c}_slo_violation_periods"] = float(row.slo_violation_periods)
            result[f"{name}_{c}_speedup_over_null"] = float(row.throughput_pps) / null
    return result


def main(argv=None) -> int:
    return reproduce_main(
        "batchy", "Reproduce the Batchy evaluation (the parts the module has)", "results/batchy", SCALES,
        {"static": lambda out, scale, args: static(out, scale, args.jobs, args.progress)},
        argv)


if __name__ == "__main__":
    sys.exit(main())
