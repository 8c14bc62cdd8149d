"""Reproduce the AFP paper's evaluation (Berghetti, Carvalho, Ferreira) with multicore-server.

    python -m request_scheduling.microsecond --out results/microsecond [--scale quick|paper] [--only tails,psp,cfcfs]

Every point is a packet-level run: requests arrive as UDP packets at the
server's NIC, whose RSS stage picks a receive queue at random per request
(as the authors' simulator does). Writes the runs (``*-runs.csv``), means
with 95 % confidence intervals over the runs (``*-summary.csv``), gnuplot
figures (``fig-*.png``) and the key figures (``summary.json``):

* tails (paper Figs. 3 and 4): p99.9 latency of short requests and of all
  requests vs load (10-90 %) for AFP with quanta of 1, 2, 4 and 8 us,
  Perséphone with a 150 ns classifier and RSS, on W1 (99.5 % 0.5 us +
  0.5 % 500 us) and W2 (99 % 1 us + 1 % 100 us), with exponential and
  lognormal (CV^2 = 3) inter-arrivals; then the highest load each policy
  sustains with the short requests' p99.9 within SLOs of 5, 10 and 20 us,
  and AFP's over Perséphone's;
* psp (Fig. 5): Perséphone's classifier at 150, 300, 450 and 600 ns
  against AFP-1 and AFP-8 and RSS, exponential arrivals;
* cfcfs (Fig. 1): the throughput c-FCFS sustains with p99.9 <= 100 us (100x
  the 1 us constant service time) on 14 workers as its dispatcher's
  per-request overhead grows, with the bound 1 / overhead.

Cores as in the paper: AFP and Perséphone have 14 workers plus a timer or
dispatcher core, RSS 15 workers; ``load`` is the utilisation of each
policy's own workers, so RSS receives 15/14 of their request rate.

``--scale paper`` runs 200 ms of arrivals per point and 10 runs (about
three hours on two cores); ``--scale quick`` 50 ms and 3 runs (about half
an hour).
"""

from __future__ import annotations

import math
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

import pandas as pd

from . import ExampleError, FailedRunsWarning, failed_runs, plot, run, summarize, sweep
from .reproduce import reproduce_main

LOADS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
SCALES = {
    "paper": {"duration": "200ms", "runs": 10, "cfcfs_runs": 3},
    "quick": {"duration": "50ms", "runs": 3, "cfcfs_runs": 1},
}
# The workers and special cores of the paper's server (15 cores).
AFP = dict(policy="afp", cores=14, rss="random")
PSP = dict(policy="psp", cores=14, reserved=2)
RSS = dict(policy="dfcfs", cores=15, rss="random")
TAIL_POLICIES = {
    **{f"AFP-{q}": dict(AFP, quantum=f"{q}us") for q in (1, 2, 4, 8)},
    "PSP-150": dict(PSP, dispatch_overhead="150ns"),
    "PSP-150 (worker pull)": dict(PSP, dispatch_overhead="150ns", handout="worker"),
    "RSS": RSS,
}
PSP_POLICIES = {
    **{f"PSP-{o}": dict(PSP, dispatch_overhead=f"{o}ns") for o in (150, 300, 450, 600)},
    "AFP-1": dict(AFP, quantum="1us"),
    "AFP-8": dict(AFP, quantum="8us"),
    "RSS": RSS,
}
SLOS_US = [5, 10, 20]
SHORT = "per_class.short.p999_us"
METRICS = [SHORT, "p999_us", "per_class.long.p999_us", "rate_rps", "special_utilisation", "preemptions"]


def _policies(policies: dict, grid: dict, scale: dict, jobs: int, previous: Path, labels,
              progress: Optional[bool] = None, **fixed) -> pd.DataFrame:
    """Run every policy over the grid; with ``labels``, only those, keeping
    the other policies' runs from ``previous`` (an earlier runs CSV)."""
    frames = []
    if labels and previous.exists():
        old = pd.read_csv(previous)
        frames.append(old[~old.label.isin(labels) & old.label.isin(list(policies))])
    for name, options in policies.items():
        if labels and name not in labels:
            continue
        df = sweep("multicore-server", grid, runs=scale["runs"], jobs=jobs, duration=scale["duration"],
                   progress=progress, **options, **fixed)
        df["label"] = name
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def max_load(points, metric: str, slo: float) -> float:
    """Highest load of an ascending scan whose ``metric`` is within ``slo``,
    stopping at the first load that misses it (0 if the first one does). A
    load whose runs all failed (NaN) counts as a miss."""
    best = 0.0
    for load, value in points.sort_values("load")[["load", metric]].values.tolist():
        if not value <= slo:
            break
        best = load
    return best


def _tail_plots(g: pd.DataFrame, out: Path, stem: str, title: str) -> None:
    """p99.9 of short and of all requests vs load, one line per policy."""
    g = g.assign(load_pct=100 * g["load"])
    for metric, what in [(SHORT, "short"), ("p999_us", "all")]:
        plot.line_plot(g, "load_pct", metric, "label", out / f"fig-{stem}-{what}.png", ci=f"{metric}_ci", logy=True,
                       title=f"{title}: p99.9 latency of {what} requests (95 % CI over {int(g.runs.max())} runs)",
                       xlabel="load (% of the policy's workers)", ylabel="p99.9 latency (us)")


def _slo_loads(g: pd.DataFrame, key: str) -> dict:
    """Per SLO, the highest load each line sustains, and the best AFP's over each Perséphone's."""
    result = {}
    for slo in SLOS_US:
        sustained = {label: max_load(lines, SHORT, slo) for label, lines in g.groupby("label")}
        best_afp = max(v for k, v in sustained.items() if k.startswith("AFP"))
        result[f"{key}_max_load_short_p999_le_{slo}us"] = sustained
        for label, psp in sustained.items():
            if label.startswith("PSP"):
                result[f"{key}_afp_over_{label}_at_{slo}us"] = best_afp / psp if psp else None
    return result


def _at(g: pd.DataFrame, label: str, load: float, metric: str = SHORT) -> float:
    return float(g[(g.label == label) & (g.load == load)][metric].iloc[0])


def tails(out: Path, scale: dict, jobs: int, labels=None, progress: Optional[bool] = None) -> dict:
    """Figs. 3 and 4: p99.9 vs load; the load each policy sustains under µs SLOs."""
    runs = _policies(TAIL_POLICIES, {"workload": ["w1", "w2"], "arrival": ["exp", "lognormal"], "load": LOADS},
                     scale, jobs, out / "tails-runs.csv", labels, progress)
    runs.to_csv(out / "tails-runs.csv", index=False)
    return tails_figures(out, summarize(runs, ["workload", "arrival", "label", "load"], METRICS))


def tails_figures(out: Path, s: pd.DataFrame) -> dict:
    """Figures and key figures of the tails experiment from its summary."""
    s.to_csv(out / "tails-summary.csv", index=False)
    result = {}
    for (workload, arrival), g in s.groupby(["workload", "arrival"]):
        _tail_plots(g, out, f"{workload}-{arrival}", f"{workload.upper()}, {arrival} arrivals")
        key = f"{workload}_{arrival}"
        for label in g.label.unique():
            result[f"{key}_short_p999_us_at_10pct_{label}"] = _at(g, label, 0.1)
            result[f"{key}_short_p999_us_at_90pct_{label}"] = _at(g, label, 0.9)
        result.update(_slo_loads(g, key))
    return result


def psp_overhead(out: Path, scale: dict, jobs: int, labels=None, progress: Optional[bool] = None) -> dict:
    """Fig. 5: Perséphone's classifier cost against AFP-1 and AFP-8."""
    runs = _policies(PSP_POLICIES, {"workload": ["w1", "w2"], "load": LOADS}, scale, jobs, out / "psp-runs.csv",
                     labels, progress, arrival="exp")
    runs.to_csv(out / "psp-runs.csv", index=False)
    return psp_figures(out, summarize(runs, ["workload", "label", "load"], METRICS))


def psp_figures(out: Path, s: pd.DataFrame) -> dict:
    """Figures and key figures of the Perséphone-overhead experiment from its summary."""
    s.to_csv(out / "psp-summary.csv", index=False)
    result = {}
    for workload, g in s.groupby("workload"):
        _tail_plots(g, out, f"psp-{workload}",
                    f"{workload.upper()}, exponential arrivals, Perséphone's classifier cost")
        psp = [label for label in g.label.unique() if label.startswith("PSP")]
        for label in psp:
            result[f"{workload}_special_utilisation_at_90pct_{label}"] = _at(g, label, 0.9,
                                                                              "special_utilisation")
        result.update(_slo_loads(g, workload))
        # Where Perséphone's tail gets worse than RSS's.
        for label in psp:
            worse = [ld for ld in LOADS if _at(g, label, ld) > _at(g, "RSS", ld)]
            result[f"{workload}_{label}_short_worse_than_rss_from_load"] = min(worse) if worse else None
    return result


CFCFS_OVERHEADS_NS = [0, 25, 50, 75, 100, 125, 150, 200, 250, 300, 400, 500, 750, 1000]
CFCFS_WORKERS = 14
CFCFS_SLO_US = 100.0


def _cfcfs_scan(overhead_ns: int, scale: dict) -> list[dict]:
    """Loads in steps of 2.5 % until the first one that misses the SLO in any
    run; a failed run (its message in ``error``, NaN metrics) is a miss."""
    rows = []
    for step in range(1, 41):
        load = step / 40
        worst = 0.0
        for r in range(1, scale["cfcfs_runs"] + 1):
            row = {"overhead_ns": overhead_ns, "load": load, "run": r, "error": None}
            try:
                j = run("multicore-server", policy="cfcfs", cores=CFCFS_WORKERS, service="const:1us",
                        arrival="exp", dispatch_overhead=f"{overhead_ns}ns", load=load, duration=scale["duration"],
                        run=r)
            except ExampleError as err:
                worst = math.inf
                rows.append({**row, "error": str(err), "p999_us": math.nan, "rate_rps": math.nan,
                             "special_utilisation": math.nan})
                continue
            worst = max(worst, j["p999_us"])
            rows.append({**row, "p999_us": j["p999_us"], "rate_rps": j["rate_rps"],
                         "special_utilisation": j["special_utilisation"]})
        if worst > CFCFS_SLO_US:
            break
    return rows


def cfcfs(out: Path, scale: dict, jobs: int) -> dict:
    """Fig. 1: c-FCFS throughput within the SLO vs dispatcher overhead."""
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        rows = [row for scan in pool.map(lambda o: _cfcfs_scan(o, scale), CFCFS_OVERHEADS_NS) for row in scan]
    runs = pd.DataFrame(rows)
    runs.to_csv(out / "cfcfs-runs.csv", index=False)
    bad = failed_runs(runs)
    if bad.any():
        warnings.warn(f"cfcfs: {int(bad.sum())} of {len(runs)} runs failed, each counted as missing the SLO "
                      f"(first: {runs.error[bad].iloc[0]})", FailedRunsWarning, stacklevel=2)
    worst = (runs.assign(p999_us=runs.p999_us.where(~bad, math.inf))
             .groupby(["overhead_ns", "load"], as_index=False)["p999_us"].max())
    points = []
    for o, g in worst.groupby("overhead_ns"):
        load = max_load(g, "p999_us", CFCFS_SLO_US)
        points.append({"overhead_ns": o, "load": load, "throughput_mrps": load * CFCFS_WORKERS / 1.0,
                       "policy": "c-FCFS"})
    s = pd.DataFrame(points)
    s.to_csv(out / "cfcfs-summary.csv", index=False)
    bound = [min(CFCFS_WORKERS, 1e3 / o) if o else CFCFS_WORKERS for o in CFCFS_OVERHEADS_NS]
    plot.line_plot(s, "overhead_ns", "throughput_mrps", "policy", out / "fig-cfcfs-overhead.png",
                   title=f"c-FCFS, {CFCFS_WORKERS} workers, 1 us requests: throughput within p99.9 <= 100 us",
                   xlabel="dispatcher overhead per request (ns)", ylabel="throughput (Mrps)",
                   extra_series=[("min(workers, 1 / overhead)", CFCFS_OVERHEADS_NS, bound)])
    return {"cfcfs_throughput_mrps": {str(int(r.overhead_ns)): r.throughput_mrps for r in s.itertuples()}}


def main(argv=None) -> int:
    def lines(args):
        return [x for x in args.labels.split(",") if x]

    def add_arguments(parser):
        parser.add_argument("--labels", default="",
                            help="comma-separated policy lines (e.g. 'PSP-150,PSP-300') to run again; the "
                                 "other lines are read from the earlier *-runs.csv in --out")

    return reproduce_main(
        "microsecond", "Reproduce the AFP paper's evaluation", "results/microsecond", SCALES,
        {"tails": lambda out, scale, args: tails(out, scale, args.jobs, lines(args), args.progress),
         "psp": lambda out, scale, args: psp_overhead(out, scale, args.jobs, lines(args), args.progress),
         "cfcfs": lambda out, scale, args: cfcfs(out, scale, args.jobs)},
        argv, add_arguments)


if __name__ == "__main__":
    sys.exit(main())
