"""Reproduce the AFP paper's evaluation (Berghetti, Carvalho, Ferreira) with microsecond-scenario.

    python -m request_scheduling.microsecond --out results/microsecond/quick [--scale quick|paper] [--only tails,psp,cfcfs]

Every point is a queue-level run (LEVEL): requests go straight to the
server, with no network, as in the authors' simulator; its RSS stage picks
a receive queue at random per request (as theirs does). Writes the runs
(``*-runs.csv``), means with 95 % confidence intervals over the runs
(``*-summary.csv``), gnuplot figures (``fig-*.png``) and the key figures
(``summary.json``):

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

``--scale paper`` runs 200 ms of arrivals per point and 10 runs;
``--scale quick`` 50 ms and 3 runs (the wall times are in the design
document, "Measured vs the AFP paper").

Side by side with the authors' own simulator (Python, time-stepped; not a
dependency of this package, nor of ``make test``), given a checkout of the
public repository AFP-Project/AFP-Simulator at /tmp/afp-sim::

    python -m request_scheduling.microsecond --compare-authors /tmp/afp-sim --out results/authors

Options and defaults: ``--duration 20ms --runs 1 --loads 0.1,0.5,0.9
--workloads w1,w2 --policies AFP-1,PSP-150,RSS --arrival exp``. It runs
every point (workload x policy x load x run) in both simulators, one
process at a time, and writes the runs (``authors-compare-runs.csv``), the
means side by side (``authors-compare.csv``) and a Markdown table of them
(``authors-compare.md``): short requests' p99.9 and p99 latency, requests
completed, wall time and requests per wall-second. Their side needs Python
>= 3.10 with numpy (``--authors-python`` picks the interpreter). Each of
their runs writes a config JSON (their ``configs/<policy>.json`` with the
edits of their ``run_common.sh``: load, arrival distribution, duration in
ns, workload service times and rate, AFP quantum and 580 ns interrupt,
Perséphone classifier cost and reserved cores) and runs it from their
checkout as ``sim/run_sim.py CONFIG 1 NAME`` does, run r with the seed
their ``run_sim.py`` gives its process r - 1 (run 1 is exactly that
command); latencies come from their ``results/sim_NAME/task_times.csv``
(arrival, time in system, service time, in ns; a request is short when its
service time is the short one), which is removed afterwards. Ours run with
exact quantiles. Their simulator handles about a thousand requests per
wall-second: 20 ms at 50 % load on W1 (47 000 requests) takes about a
minute.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Mapping, Optional

import pandas as pd

from . import ExampleError, FailedRunsWarning, failed_runs, plot, run, summarize, sweep
from .reproduce import local_jobs, recorded, reproduce_main, rst_table

# The authors' simulator has no network: a request reaches the server at
# its arrival time. The queue level is that (the packet level with zero
# link delay and instant serialisation, tested equal request by request).
LEVEL = "queue"
LOADS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
SCALES = {
    "paper": {"duration": "200ms", "runs": 10, "cfcfs_runs": 3},
    "quick": {"duration": "50ms", "runs": 3, "cfcfs_runs": 1},
}
# The workers and special cores of the paper's server (15 cores).
AFP = dict(intra="afp", cores=14, rss="random")
PSP = dict(intra="psp", cores=14, reserved=2)
RSS = dict(intra="dfcfs", cores=15, rss="random")
TAIL_POLICIES = {
    **{f"AFP-{q}": dict(AFP, quantum=f"{q}us") for q in (1, 2, 4, 8)},
    "PSP-150": dict(PSP, dispatch_overhead="150ns"),
    "PSP-150 (worker pull)": dict(PSP, dispatch_overhead="150ns", handout="worker"),
    # The hand-out rule of the authors' simulator (see the documentation).
    "PSP-150 (passes)": dict(PSP, dispatch_overhead="150ns", handout="passes"),
    "RSS": RSS,
}
PSP_POLICIES = {
    **{f"PSP-{o}": dict(PSP, dispatch_overhead=f"{o}ns") for o in (150, 300, 450, 600)},
    "PSP-150 (passes)": dict(PSP, dispatch_overhead="150ns", handout="passes"),
    "AFP-1": dict(AFP, quantum="1us"),
    "AFP-8": dict(AFP, quantum="8us"),
    "RSS": RSS,
}
SLOS_US = [5, 10, 20]
SHORT = "per_class.short.sojourn_p999_us"
METRICS = [SHORT, "sojourn_p999_us", "per_class.long.sojourn_p999_us", "rate_rps", "special_utilisation", "preemptions"]


def _policies(policies: dict, grid: dict, scale: dict, jobs: int, previous: Path, labels,
              progress: Optional[bool] = None, **fixed) -> pd.DataFrame:
    """Run every policy over the grid; with ``labels``, only those, keeping
    the other policies' runs from ``previous`` (an earlier runs CSV)."""
    frames = []
    if labels and previous.exists():
        old = pd.read_csv(previous).rename(columns={"policy": "intra"})  # runs before --intra
        frames.append(old[~old.label.isin(labels) & old.label.isin(list(policies))])
    for name, options in policies.items():
        if labels and name not in labels:
            continue
        df = sweep("microsecond-scenario", grid, runs=scale["runs"], jobs=jobs, duration=scale["duration"],
                   level=LEVEL, progress=progress, **options, **fixed)
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
    for metric, what in [(SHORT, "short"), ("sojourn_p999_us", "all")]:
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
                j = run("microsecond-scenario", level=LEVEL, intra="cfcfs", cores=CFCFS_WORKERS,
                        service="const:1us", arrival="exp", dispatch_overhead=f"{overhead_ns}ns", load=load,
                        duration=scale["duration"], run=r)
            except ExampleError as err:
                worst = math.inf
                rows.append({**row, "error": str(err), "p999_us": math.nan, "rate_rps": math.nan,
                             "special_utilisation": math.nan})
                continue
            worst = max(worst, j["sojourn_p999_us"])
            rows.append({**row, "p999_us": j["sojourn_p999_us"], "rate_rps": j["rate_rps"],
                         "special_utilisation": j["special_utilisation"]})
        if worst > CFCFS_SLO_US:
            break
    return rows


def cfcfs(out: Path, scale: dict, jobs: int) -> dict:
    """Fig. 1: c-FCFS throughput within the SLO vs dispatcher overhead."""
    with ThreadPoolExecutor(max_workers=local_jobs(jobs)) as pool:
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


# ---- Side by side with the authors' simulator (AFP-Project/AFP-Simulator) ----

# Their names for our workloads and arrival processes: short and long
# service times (ns) and short requests per thousand.
AUTHORS_WORKLOADS = {"w1": (500, 500_000, 995), "w2": (1_000, 100_000, 990)}
AUTHORS_ARRIVALS = {"exp": "exp", "lognormal": "lognorm"}
# Our policy -> their config file (configs/<name>.json).
AUTHORS_CONFIGS = {"afp": "afp", "psp": "psp", "dfcfs": "rss"}
AUTHORS_INTERRUPT_NS = 580
COMPARE_METRICS = ["short_p999_us", "short_p99_us", "completed", "wall_s", "requests_per_wall_s"]

# Run with cwd = their checkout: argv = config, run name, seed index. Their
# run_sim.py gives its i-th process the i-th of its seeds.
_AUTHORS_LAUNCHER = """
import json, sys
sys.path.insert(0, "sim")
import run_sim
from sim_config import SimConfig
from simulation import Simulation
config, name, index = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(config) as f:
    cfg = json.load(f, object_hook=SimConfig.decode_object)
cfg.name, cfg.description, cfg.progress_bar = name, "", False
cfg.seed = run_sim.seeds[index % len(run_sim.seeds)]
sim = Simulation(cfg, ".")
sim.run()
sim.save_stats()
"""


def _ns(text: str) -> int:
    """A time such as '150ns', '1us', '20ms' or '2s' in nanoseconds."""
    for unit, scale in (("ns", 1), ("us", 1e3), ("ms", 1e6), ("s", 1e9)):
        if text.endswith(unit):
            return round(float(text[: -len(unit)]) * scale)
    raise ValueError(f"not a time: {text!r}")


def authors_config(base: Mapping[str, Any], options: Mapping[str, Any], workload: str, arrival: str,
                   load: float, duration: str) -> dict:
    """Their config for one point: ``base`` (their configs/<policy>.json)
    with the edits their run scripts make, from our policy ``options``."""
    short, long_, per_mille = AUTHORS_WORKLOADS[workload]
    cfg = {**base, "avg_system_load": load, "regular_arrivals": AUTHORS_ARRIVALS[arrival],
           "sim_duration": _ns(duration), "bimodal_service_time": True, "constant_service_time": False,
           "SHORT_REQUEST_SERVICE_TIME": short, "LONG_REQUEST_SERVICE_TIME": long_, "SHORT_REQUEST_RATE": per_mille}
    if options["intra"] == "afp":
        cfg.update(PREEMPTION_QUANTUM=_ns(options["quantum"]), PREEMPTION_OVERHEAD=AUTHORS_INTERRUPT_NS,
                   AFP_STARVATION_COUNTER_THRESHOLD=1000, afp_rr=False)
    elif options["intra"] == "psp":
        cfg.update(PERSEPHONE_OVERHEAD=_ns(options["dispatch_overhead"]),
                   persephone_total_reserved_cores=options["reserved"])
    return cfg


def read_authors_tasks(path: Path, short_ns: int) -> dict:
    """Our metrics from their task_times.csv (ns: arrival, time in system,
    service time); quantiles interpolate linearly, as their plots' numpy."""
    tasks = pd.read_csv(path)
    sojourn_us = tasks["Time in System"] / 1e3
    short = sojourn_us[tasks["Request Service Time"] == short_ns]
    return {"completed": len(tasks), "short_completed": len(short),
            "short_p999_us": float(short.quantile(0.999)), "short_p99_us": float(short.quantile(0.99))}


def run_authors(path: Path, config: Mapping[str, Any], run_index: int, python: str = sys.executable) -> dict:
    """One run of their simulator (checked out at ``path``): our metrics and
    the process's wall time; their result directory is removed."""
    name = f"rs-compare-{uuid.uuid4().hex[:12]}"
    results = Path(path) / "results" / f"sim_{name}"
    with tempfile.TemporaryDirectory(prefix="rs-authors-") as tmp:
        cfg = Path(tmp) / "config.json"
        cfg.write_text(json.dumps(config, indent=1))
        start = time.perf_counter()
        proc = subprocess.run([python, "-c", _AUTHORS_LAUNCHER, str(cfg), name, str(run_index - 1)], cwd=path,
                              capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
    try:
        if proc.returncode != 0:
            last = proc.stderr.strip().splitlines()[-1:] or ["no message"]
            raise RuntimeError(f"the authors' simulator exited with {proc.returncode}: {last[0]}")
        return {**read_authors_tasks(results / "task_times.csv", config["SHORT_REQUEST_SERVICE_TIME"]),
                "wall_s": wall}
    finally:
        shutil.rmtree(results, ignore_errors=True)


def run_ours(options: Mapping[str, Any], workload: str, arrival: str, load: float, duration: str,
             run_index: int) -> dict:
    """One microsecond-scenario run: the same metrics and the process's wall time."""
    start = time.perf_counter()
    j = run("microsecond-scenario", **options, workload=workload, arrival=arrival, load=load, duration=duration,
            run=run_index, exact=True)
    short = j["per_class"]["short"]
    return {"completed": j["completed"], "short_completed": short["recorded"], "short_p999_us": short["sojourn_p999_us"],
            "short_p99_us": short["sojourn_p99_us"], "wall_s": time.perf_counter() - start}


def _markdown(s: pd.DataFrame) -> str:
    """The side-by-side means as a Markdown table, 'ours / theirs' per metric."""
    heads = {"short_p999_us": "short p99.9 (us)", "short_p99_us": "short p99 (us)", "completed": "completed",
             "wall_s": "wall (s)", "requests_per_wall_s": "requests / wall-s"}
    lines = ["| workload | policy | load | " + " | ".join(f"{h} ours / theirs" for h in heads.values()) + " |",
             "|" + "---|" * (3 + len(heads))]
    for r in s.itertuples(index=False):
        r = r._asdict()
        cells = [f"{r[f'{m}_ours']:.4g} / {r[f'{m}_theirs']:.4g}" for m in heads]
        lines.append(f"| {r['workload']} | {r['label']} | {r['load']:g} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def compare_authors(path: Path, out: Path, *, workloads=("w1", "w2"), policies=("AFP-1", "PSP-150", "RSS"),
                    loads=(0.1, 0.5, 0.9), duration: str = "20ms", runs: int = 1, arrival: str = "exp",
                    python: str = sys.executable) -> pd.DataFrame:
    """Every point in both simulators, one process at a time; writes
    authors-compare-runs.csv, authors-compare.csv (means, 95 % CI over the
    runs) and authors-compare.md to ``out``; returns the means."""
    known = {**TAIL_POLICIES, **PSP_POLICIES}
    for label in policies:
        if known.get(label, {}).get("intra") not in AUTHORS_CONFIGS:
            raise ValueError(f"no counterpart in the authors' simulator for {label!r}")
    path, out = Path(path), Path(out)
    out.mkdir(parents=True, exist_ok=True)
    bases = {p: json.loads((path / "configs" / f"{p}.json").read_text()) for p in set(AUTHORS_CONFIGS.values())}
    rows = []
    for workload, label, load, r in itertools.product(workloads, policies, loads, range(1, runs + 1)):
        options = known[label]
        point = {"workload": workload, "label": label, "load": load, "run": r}
        config = authors_config(bases[AUTHORS_CONFIGS[options["intra"]]], options, workload, arrival, load, duration)
        for simulator in ("ours", "theirs"):
            result = (run_ours(options, workload, arrival, load, duration, r) if simulator == "ours"
                      else run_authors(path, config, r, python))
            row = {**point, "simulator": simulator, **result}
            row["requests_per_wall_s"] = row["completed"] / row["wall_s"]
            rows.append(row)
            print(f"compare-authors: {workload} {label} load {load:g} run {r} {simulator}: short p99.9 "
                  f"{row['short_p999_us']:.4g} us, {row['completed']} requests in {row['wall_s']:.1f} s",
                  file=sys.stderr, flush=True)
    df = pd.DataFrame(rows)
    df.to_csv(out / "authors-compare-runs.csv", index=False)
    s = summarize(df, ["workload", "label", "load", "simulator"], COMPARE_METRICS)
    s = s.set_index(["workload", "label", "load", "simulator"]).drop(columns="runs").unstack("simulator")
    s.columns = [f"{metric}_{simulator}" for metric, simulator in s.columns]
    s = s.reset_index()
    s.to_csv(out / "authors-compare.csv", index=False)
    (out / "authors-compare.md").write_text(_markdown(s))
    return s


def compare_main(argv) -> int:
    """The --compare-authors command line."""
    parser = argparse.ArgumentParser(prog="python -m request_scheduling.microsecond",
                                     description="Run AFP, Perséphone and RSS points side by side in this "
                                                 "module and in the authors' simulator")
    parser.add_argument("--compare-authors", metavar="PATH", type=Path, required=True,
                        help="a checkout of github.com/AFP-Project/AFP-Simulator")
    parser.add_argument("--out", type=Path, default=Path("results/microsecond/authors"),
                        help="[results/microsecond/authors]")
    parser.add_argument("--duration", default="20ms", help="arrivals per run [20ms]")
    parser.add_argument("--runs", type=int, default=1, help="runs per point [1]")
    parser.add_argument("--loads", default="0.1,0.5,0.9", help="comma-separated [0.1,0.5,0.9]")
    parser.add_argument("--workloads", default="w1,w2", help="comma-separated [w1,w2]")
    parser.add_argument("--policies", default="AFP-1,PSP-150,RSS",
                        help="comma-separated lines of the tails and psp experiments with an AFP, Perséphone or "
                             "RSS counterpart [AFP-1,PSP-150,RSS]")
    parser.add_argument("--arrival", choices=sorted(AUTHORS_ARRIVALS), default="exp", help="[exp]")
    parser.add_argument("--authors-python", default=sys.executable,
                        help="interpreter for their simulator (Python >= 3.10 with numpy)")
    args = parser.parse_args(argv)
    s = compare_authors(args.compare_authors, args.out, workloads=args.workloads.split(","),
                        policies=args.policies.split(","), loads=[float(x) for x in args.loads.split(",")],
                        duration=args.duration, runs=args.runs, arrival=args.arrival, python=args.authors_python)
    print(_markdown(s), end="")
    return 0


def _number(x: float) -> str:
    """Three significant digits, whole numbers from 100 up."""
    return f"{x:.0f}" if abs(x) >= 100 else f"{x:.3g}"


def doc_table(root: Path | str = "results/microsecond", scale: str = "paper") -> str:
    """The doc's "Measured vs the AFP paper" table, from a results folder's
    summary.json and summaries at ``scale``: short requests' p99.9 (mean ±
    95 % CI half-width over runs), the loads sustained under the SLOs and
    c-FCFS's throughput."""
    folder = Path(root) / scale
    summary = json.loads((folder / "summary.json").read_text())
    tails_s, psp_s = pd.read_csv(folder / "tails-summary.csv"), pd.read_csv(folder / "psp-summary.csv")

    def p999(s, label, load, **where):
        row = s[(s.label == label) & (s.load == load)]
        for k, v in where.items():
            row = row[row[k] == v]
        mean, ci = row[SHORT].iloc[0], row[f"{SHORT}_ci"].iloc[0]
        return _number(mean) + (f" ± {_number(ci)}" if ci > 1e-9 * abs(mean) else "")  # not rounding noise

    def over_loads(label, workload, arrival, loads):
        return ", ".join(f"{p999(tails_s, label, ld, workload=workload, arrival=arrival)} ({ld:.0%})"
                         for ld in loads)

    def sustained(key, slo):
        loads = summary[f"{key}_max_load_short_p999_le_{slo}us"]
        afp = max(v for k, v in loads.items() if k.startswith("AFP"))
        parts = [f"AFP {afp:.0%}"]
        for label, load in loads.items():
            if label.startswith("PSP"):
                parts.append(f"{label} {load:.0%}" + (f" ({afp / load:.2g}x)" if load else ""))
        return "; ".join(parts)

    def worse(workload):
        return ", ".join(f"{label} {summary[f'{workload}_{label}_short_worse_than_rss_from_load']:.0%}"
                         if summary.get(f"{workload}_{label}_short_worse_than_rss_from_load") is not None
                         else f"{label} never" for label in ("PSP-450", "PSP-600"))

    rows = [("Result (short requests' p99.9, us)", "Paper", f"Measured ({scale})")]
    for workload, arrival in (("w1", "exp"), ("w1", "lognormal"), ("w2", "exp"), ("w2", "lognormal")):
        rows.append((f"AFP-1, 10 % → 90 % load ({workload.upper()}, {arrival})", "flat",
                     f"{p999(tails_s, 'AFP-1', 0.1, workload=workload, arrival=arrival)} → "
                     f"{p999(tails_s, 'AFP-1', 0.9, workload=workload, arrival=arrival)}"))
    rows.append(("AFP-8, 10 % → 90 % load (W1, exp)", "flat, higher",
                 f"{p999(tails_s, 'AFP-8', 0.1, workload='w1', arrival='exp')} → "
                 f"{p999(tails_s, 'AFP-8', 0.9, workload='w1', arrival='exp')}"))
    for label in ("PSP-150", "PSP-150 (worker pull)", "PSP-150 (passes)"):
        for arrival, paper in (("exp", "degrades from ≈ 50 %"), ("lognormal", "degrades from ≈ 40 %")):
            if label != "PSP-150" and arrival == "lognormal":
                continue
            rows.append((f"{label} (W1, {arrival})", paper if label == "PSP-150" else "",
                         over_loads(label, "w1", arrival, [0.4, 0.5, 0.6, 0.7, 0.8, 0.9])))
    rows.append(("RSS at 10 % load", "≈ 753 (W1), ≈ 115 (W2)",
                 f"{p999(tails_s, 'RSS', 0.1, workload='w1', arrival='exp')} (W1), "
                 f"{p999(tails_s, 'RSS', 0.1, workload='w2', arrival='exp')} (W2)"))
    rows.append(("Max load with p99.9 ≤ 5 us (W1, exp)", "AFP up to 4.5x PSP", sustained("w1", 5)))
    rows.append(("Max load with p99.9 ≤ 5 us (W1, lognormal)", "(same claim)", sustained("w1_lognormal", 5)))
    rows.append(("Max load with p99.9 ≤ 10 us (W2, exp)", "(same claim)", sustained("w2", 10)))
    rows.append(("PSP-450, PSP-600 above RSS from", "50 % (W1)", f"W1: {worse('w1')}; W2: {worse('w2')}"))
    mrps = summary["cfcfs_throughput_mrps"]
    rows.append(("c-FCFS throughput, p99.9 ≤ 100 us, 14 x 1 us requests, Mrps by dispatch overhead",
                 "collapses with overhead",
                 ", ".join(f"{_number(float(v))} ({k} ns)" for k, v in mrps.items() if k in
                           ("0", "50", "100", "200", "500", "1000"))))
    return rst_table(rows)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["table"]:
        print(doc_table(*argv[1:3]), end="")
        return 0
    if any(a.split("=", 1)[0] == "--compare-authors" for a in argv):
        return compare_main(argv)

    def lines(args):
        return [x for x in args.labels.split(",") if x]

    def add_arguments(parser):
        parser.add_argument("--labels", default="",
                            help="comma-separated policy lines (e.g. 'PSP-150,PSP-300') to run again; the "
                                 "other lines are read from the earlier *-runs.csv in --out")
        parser.add_argument("--compare-authors", metavar="PATH",
                            help="instead, run points side by side with the authors' simulator checked out at "
                                 "PATH (its options: --compare-authors PATH --help)")

    def with_lines(name, experiment):
        """The experiment with --labels, its record (command, commit, wall
        time) kept with its results."""
        def run(out, scale, args):
            def inner(o, s, jobs, progress):
                return experiment(o, s, jobs, lines(args), progress)
            return recorded("microsecond", name, inner, argv)(out, scale, args)
        return run

    return reproduce_main(
        "microsecond", "Reproduce the AFP paper's evaluation", "results/microsecond/quick", SCALES,
        {"tails": with_lines("tails", tails),
         "psp": with_lines("psp", psp_overhead),
         "cfcfs": recorded("microsecond", "cfcfs", lambda out, scale, jobs, progress: cfcfs(out, scale, jobs),
                           argv)},
        argv, add_arguments)


if __name__ == "__main__":
    sys.exit(main())
