"""Flagship demo (``make run``): intra-server policies against queueing theory.

Sweeps the microsecond-scenario example over load for d-FCFS (RSS), c-FCFS and
processor sharing on a 4-core server with exponential 10 us requests, three
independent runs per point, and writes into ``<out>/microsecond/demo/``:

* ``runs.csv``: one row per run; ``summary.csv`` and ``summary.json``: mean
  and 95 % confidence interval per point;
* ``mean-sojourn.png``: mean sojourn vs load with two theory
  lines: M/M/4 (Erlang C; with exponential service, processor sharing over
  4 cores has the same mean) and 4 independent M/M/1 queues with even
  spreading (RSS spreads the 64 flows of the client only roughly evenly, so
  d-FCFS sits somewhat above it);
* ``p99-sojourn.png``: 99th percentile vs load;
* ``cdf.png``: completion-time CDF of one run at 80 % load.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from . import failed_runs, plot, run, summarize, sweep
from .theory import mmc_mean_sojourn

LOADS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
POLICIES = ["dfcfs", "cfcfs", "ps"]
CORES = 4
MEAN_US = 10.0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="results", help="output directory")
    parser.add_argument("--runs", type=int, default=3, help="independent runs per point")
    parser.add_argument("--duration", default="500ms", help="sending time of each run")
    parser.add_argument("--no-progress", dest="progress", action="store_const", const=False, default=None,
                        help="no progress bar (there is none anyway when stderr is not a terminal)")
    args = parser.parse_args(argv)

    out = Path(args.out) / "microsecond" / "demo"
    out.mkdir(parents=True, exist_ok=True)
    start = time.time()
    df = sweep(
        "microsecond-scenario",
        {"intra": POLICIES, "load": LOADS},
        runs=args.runs,
        cores=CORES,
        service=f"exp:{MEAN_US:g}us",
        duration=args.duration,
        progress=args.progress,
    )
    df.to_csv(out / "runs.csv", index=False)
    metrics = ["sojourn_mean_us", "sojourn_p99_us", "sojourn_p999_us", "rct_mean_us", "utilisation"]
    summary = summarize(df, ["intra", "load"], metrics)
    summary.to_csv(out / "summary.csv", index=False)
    (out / "summary.json").write_text(json.dumps(summary.to_dict(orient="records"), indent=2))

    theory_x = [i / 100 for i in range(5, 93)]
    plot.line_plot(
        summary,
        "load",
        "sojourn_mean_us",
        "intra",
        out / "mean-sojourn.png",
        ci="sojourn_mean_us_ci",
        title=f"Mean sojourn, {CORES} cores, exponential {MEAN_US:g} us requests (95 % CI over {args.runs} runs)",
        xlabel="load (utilisation of the worker cores)",
        ylabel="mean sojourn (us)",
        logy=True,
        extra_series=[
            ("theory: M/M/4 (Erlang C)", theory_x, [mmc_mean_sojourn(CORES, r, MEAN_US) for r in theory_x]),
            ("theory: M/M/1 per core, even spreading", theory_x, [MEAN_US / (1 - r) for r in theory_x]),
        ],
    )
    plot.line_plot(
        summary,
        "load",
        "sojourn_p99_us",
        "intra",
        out / "p99-sojourn.png",
        ci="sojourn_p99_us_ci",
        title="99th percentile sojourn",
        xlabel="load",
        ylabel="p99 sojourn (us)",
        logy=True,
    )
    cdf = out / "cdf"
    run("microsecond-scenario", intra="cfcfs", cores=CORES, load=0.8, service=f"exp:{MEAN_US:g}us",
        duration=args.duration, cdf_plot=str(cdf.resolve()))
    plot.render(cdf.with_suffix(".plt"))

    cfcfs = summary[summary.intra == "cfcfs"]
    worst = max(
        abs(row.sojourn_mean_us / mmc_mean_sojourn(CORES, row.load, MEAN_US) - 1) for row in cfcfs.itertuples()
    )
    bad = failed_runs(df)
    print(f"{len(df)} runs in {time.time() - start:.1f} s; results in {out}")
    if bad.any():
        print(f"{int(bad.sum())} runs failed, e.g. {df.error[bad].iloc[0]}")
    print(f"c-FCFS mean sojourn vs Erlang C: largest relative error {100 * worst:.2f} %")
    for row in summary.itertuples():
        print(f"  {row.intra:6s} load {row.load:.1f}: mean {row.sojourn_mean_us:8.2f} us  p99 {row.sojourn_p99_us:9.2f} us")
    return 0 if math.isfinite(worst) and not bad.any() else 1


if __name__ == "__main__":
    sys.exit(main())
