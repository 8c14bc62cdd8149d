"""Reproduce RackSched's evaluation (Zhu et al., "RackSched: A
Microsecond-Scale Scheduler for Rack-Scale Computers", OSDI'20) with
racksched-scenario.

    python -m request_scheduling.racksched --out results/racksched [--scale quick|paper] \
        [--only policies-exp50,policies-bimodal90,policies-bimodal50,policies-trimodal,
                scaleout,getscan,tracking,heterogeneous,pertype,sampling]

Writes, per experiment, the runs (``*-runs.csv``), means with 95 %
confidence intervals (``*-summary.csv``), gnuplot figures (``fig-*.png``)
and the figures of merit (``summary.json``):

* policies-<workload> (Figs. 10, 14, 15): p99 latency against throughput
  for each of the four synthetic workloads (Exp(50), Bimodal(90-50, 10-500), Bimodal(50-50,
  50-500), Trimodal(50, 500, 5000)), RackSched against random, round robin,
  Shortest, client-based (Client(100)), R2P2's JBSQ(3) and per-server
  Shinjuku behind random;
* scaleout (Fig. 12): the throughput RackSched sustains within the p99 SLO
  with 1, 2, 4 and 8 servers (Bimodal(90-50, 10-500));
* getscan (Fig. 13): the GET/SCAN mixes (90/10 and 50/50, per-type queues
  for 50/50 as the authors' servers have), p99 per type;
* tracking (Fig. 16): INT1 (requests at the server, from replies), INT2
  (the least loaded server only, as the authors' P4 program keeps it), INT3
  (outstanding service time), waiting requests only, proactive tracking
  with the authors' rule (least loaded of all, 25 % random) and proactive
  counts over power-of-2, with CIs over at least 5 runs;
* heterogeneous (Fig. 11): half the servers with 4 worker cores instead of 8;
* pertype: RackSched with per-type loads (the authors' registers) against
  one load per server, on bimodal50 and trimodal;
* sampling: power-of-2's independent against distinct samples over 8
  single-core servers, against the exact Markov chain.

The throughput at the SLO is where the p99 latency crosses SLO_FACTOR (1.5)
times the p99 of the workload's service time itself (the p99 of an idle
rack; the paper does not give its SLO), interpolated linearly between the
two loads around the crossing (the last point within the SLO if none
crosses).
Each run lasts long enough for a target number of requests at 50 % load
(10 % of it warm-up): ``--scale quick`` 150 000 requests and two runs per
point, loads up to 1.0, ``--scale paper`` the paper's 10 s per point, its
loads and two runs. Every run is at queue level (LEVEL); the wall times of
both scales are in the doc. Throughputs at the SLO
are found run by run; a curve whose p99 stays within the SLO up to the
highest load gives a lower bound, and ``doc_table`` marks it (≥).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Optional

import numpy as np
import pandas as pd

from . import DirectoryCache, plot, summarize, sweep, theory
from .reproduce import pm, recorded, reproduce_main, rst_table
from .stats import failed_runs, mean_ci

# Mean service time (us) of each workload.
WORKLOADS = {"exp50": 50.0, "bimodal90": 95.0, "bimodal50": 275.0, "trimodal": 1850.0,
             "getscan90": 123.0, "getscan50": 415.0}
# The 99th percentile of each workload's service time itself (us): the p99
# latency of an idle rack, the floor of every policy's curve.
SERVICE_P99 = {"exp50": 230.3, "bimodal90": 500.0, "bimodal50": 500.0, "trimodal": 5000.0,
               "getscan90": 780.0, "getscan50": 780.0}
# The policies figure's workloads, one experiment each (policies-<workload>).
POLICY_WORKLOADS = ["exp50", "bimodal90", "bimodal50", "trimodal"]
POLICIES = ["racksched", "random", "rr", "shortest", "client", "jbsq", "shinjuku"]
SCALES = {
    "paper": {"requests": None, "seconds": 10.0, "runs": 2,
              "loads": [0.3, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99]},
    "quick": {"requests": 150000, "seconds": None, "runs": 2,
              "loads": [0.5, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 0.99, 1.0]},
}
# The p99 latency objective: this many times the service time's own p99.
SLO_FACTOR = 1.5
# The load at which p99s are compared.
HIGH_LOAD = 0.95
METRICS = ["throughput_rps", "p99_us", "p50_us", "mean_us"]
CORES = 64  # the default rack: 8 servers x 8 workers
# The tracking schemes compared, and the fewest runs per point for their CIs.
TRACKINGS = ["int1", "int2", "int3", "queue", "proactive", "proactive-k"]
TRACKING_RUNS = 5
# Runs of the sampling check.
SAMPLING_RUNS = 20
# Every run is at queue level: requests and replies cross DirectLinks of the
# links' rate and delay instead of packets, with the same completion times
# request by request as packet level at these points (test_levels.py), about
# ten times faster.
LEVEL = "queue"


def _sweep(out: Path, grid: dict, scale: dict, jobs: int, progress: Optional[bool], **fixed) -> pd.DataFrame:
    """racksched-scenario over a grid, ``scale["runs"]`` seeds, with the runs
    cached under ``out/.cache`` (a rerun with the same binary only runs what
    is missing). Every latency here is the clients' completion time: the
    JSON's ``rct_*`` keys (overall and per class) become the columns
    ``p99_us``, ``per_class.<type>.p99_us`` and so on, the names of this
    reproduction's tables and committed results."""
    runs = sweep("racksched-scenario", grid, runs=scale["runs"], jobs=jobs, progress=progress,
                 cache=DirectoryCache(out / ".cache"), level=LEVEL, **fixed)
    return runs.rename(columns=lambda c: re.sub(r"(^|\.)rct_", r"\1", c))


def _timing(scale: dict, workload: str, cores: int = CORES) -> dict:
    """--duration and --warmup of a workload's runs."""
    if scale["seconds"]:
        seconds = scale["seconds"]
    else:
        rate = 0.5 * cores / (WORKLOADS[workload] * 1e-6)
        seconds = scale["requests"] / rate
    return {"duration": f"{seconds * 1e3:.3f}ms", "warmup": f"{seconds * 100:.3f}ms"}


def throughput_at_slo(rows: pd.DataFrame, slo_us: float) -> float:
    """Throughput where p99 crosses ``slo_us`` (rows of one curve, any order)."""
    rows = rows.sort_values("load")
    t, p = rows["throughput_rps"].to_numpy(), rows["p99_us"].to_numpy()
    ok = np.flatnonzero(p <= slo_us)
    if len(ok) == 0:
        return 0.0
    i = ok[-1]
    if i + 1 < len(p) and p[i + 1] > slo_us:
        return float(t[i] + (t[i + 1] - t[i]) * (slo_us - p[i]) / (p[i + 1] - p[i]))
    return float(t[i])


def _curves(out: Path, name: str, runs: pd.DataFrame, by: list[str], series: str, title: str) -> pd.DataFrame:
    """Summarize a load sweep, write its CSVs and its p99-vs-throughput figure.
    ``short_p99_us`` is the p99 of the shortest request type (the
    workload's first class), where head-of-line blocking shows."""
    first = next((c for c in ("per_class.short.p99_us", "per_class.c0.p99_us") if c in runs), "p99_us")
    runs = runs.assign(short_p99_us=runs[first])
    runs.to_csv(out / f"{name}-runs.csv", index=False)
    s = summarize(runs, by + ["load"], METRICS + ["short_p99_us"])
    s.to_csv(out / f"{name}-summary.csv", index=False)
    s = s.assign(throughput_krps=s.throughput_rps / 1e3)
    plot.line_plot(s, "throughput_krps", "p99_us", series, out / f"fig-{name}.png", title=title,
                   xlabel="throughput (KRPS)", ylabel="p99 latency (us)", logy=True)
    return s


def at_slo(runs: pd.DataFrame, by: str, slo_us: float) -> pd.DataFrame:
    """The throughput at the SLO (kRPS) of each curve of a sweep, run by
    run (``by`` value, ``run``), and whether its p99 crossed the SLO within
    the load grid (if not, the throughput is a lower bound)."""
    rows = [{by: key, "run": run, "krps": throughput_at_slo(g, slo_us) / 1e3,
             "crossed": bool((g["p99_us"] > slo_us).any())}
            for (key, run), g in runs[~failed_runs(runs)].groupby([by, "run"])]
    return pd.DataFrame(rows)


def _bound(a_crossed: bool, b_crossed: bool) -> str:
    """How a ratio a / b of throughputs at the SLO stands: "=" if both
    curves crossed the SLO, ">=" if only b did (a's throughput is a lower
    bound), "<=" if only a did, "?" if neither."""
    return {(True, True): "=", (False, True): ">=", (True, False): "<=", (False, False): "?"}[(a_crossed, b_crossed)]


def ratio_at_slo(at: pd.DataFrame, by: str, a, b: list) -> list:
    """[mean, 95 % CI half-width, bound] of a's throughput at the SLO over
    the best of ``b``'s, run by run (the curves of a run share its seed)."""
    wide = at.pivot(index="run", columns=by, values="krps")
    crossed = at.groupby(by)["crossed"].all()
    mean, ci = mean_ci(wide[a] / wide[b].max(axis=1))
    return [round(mean, 3), round(ci, 3), _bound(bool(crossed[a]), bool(crossed[b].all()))]


def _at_slo_summary(at: pd.DataFrame, by: str) -> dict:
    """{curve: [mean kRPS, CI half-width, whether every run crossed the SLO]}."""
    return {str(k): [round(m, 1), round(c, 1), bool(g["crossed"].all())]
            for k, g in at.groupby(by) for m, c in [mean_ci(g["krps"])]}


def _at_load(s: pd.DataFrame, by: str, metric: str) -> dict:
    """{curve: [mean, CI half-width]} of a metric at HIGH_LOAD."""
    top = s[np.isclose(s.load, HIGH_LOAD)].set_index(by)
    return {str(k): [round(top.loc[k, metric], 1), round(top.loc[k, f"{metric}_ci"], 1)] for k in top.index}


def policies(workload: str):
    """The experiment of one synthetic workload of the policies figure: p99
    vs throughput of every policy; the throughput at the SLO with its CI,
    and RackSched's over the talk's baseline (Shinjuku servers behind random
    dispatch), over client-based and over the best of random, RR and client,
    run by run."""
    def experiment(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
        runs = _sweep(out, {"inter": POLICIES, "load": scale["loads"]}, scale, jobs, progress,
                      workload=workload, **_timing(scale, workload))
        s = _curves(out, f"policies-{workload}", runs, ["inter"], "inter", f"{workload}: p99 vs throughput")
        slo = SLO_FACTOR * SERVICE_P99[workload]
        at = at_slo(runs, "inter", slo)
        return {"policies": {workload: {
            "slo_us": slo,
            "krps_at_slo": _at_slo_summary(at, "inter"),
            "racksched_over": {"shinjuku": ratio_at_slo(at, "inter", "racksched", ["shinjuku"]),
                               "client": ratio_at_slo(at, "inter", "racksched", ["client"]),
                               "best_of_random_rr_client": ratio_at_slo(at, "inter", "racksched",
                                                                        ["random", "rr", "client"])},
            "p99_us_at_high_load": _at_load(s, "inter", "p99_us"),
            "short_p99_us_at_high_load": _at_load(s, "inter", "short_p99_us"),
        }}, "high_load": HIGH_LOAD}
    return experiment


def scaleout(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Throughput within the SLO against the number of servers."""
    frames = []
    for servers in [1, 2, 4, 8]:
        # The default rack's curve is the policies figure's RackSched one:
        # given with the same options, its runs come from the cache.
        rack = {"inter": "racksched"} if servers * 8 == CORES else {"servers": servers}
        frames.append(_sweep(out, {"load": scale["loads"]}, scale, jobs, progress, **rack,
                             workload="bimodal90", **_timing(scale, "bimodal90", servers * 8))
                      .assign(servers=servers))
    runs = pd.concat(frames, ignore_index=True)
    _curves(out, "scaleout", runs, ["servers"], "servers", "RackSched scale-out (bimodal90)")
    slo = SLO_FACTOR * SERVICE_P99["bimodal90"]
    at = at_slo(runs, "servers", slo)
    summary = _at_slo_summary(at, "servers")
    rows = pd.DataFrame({"servers": [int(n) for n in summary], "krps_at_slo": [v[0] for v in summary.values()],
                         "krps_at_slo_ci": [v[1] for v in summary.values()]})
    rows.to_csv(out / "scaleout-at-slo.csv", index=False)
    one = rows.krps_at_slo.iloc[0]
    plot.line_plot(rows.assign(curve="racksched"), "servers", "krps_at_slo", "curve",
                   out / "fig-scaleout-at-slo.png", title=f"throughput at p99 <= {slo:g} us",
                   xlabel="servers", ylabel="KRPS",
                   extra_series=[("linear", list(rows.servers), [one * n for n in rows.servers])])
    return {"scaleout": {"krps_at_slo": summary, "8_over_1": ratio_at_slo(at, "servers", 8, [1])}}


def getscan(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """GET/SCAN mixes: p99 of each type, RackSched against random and client-based."""
    result = {}
    for workload in ["getscan90", "getscan50"]:
        runs = _sweep(out, {"inter": ["racksched", "random", "client"], "load": scale["loads"]}, scale, jobs,
                      progress, workload=workload, **_timing(scale, workload))
        runs = runs.rename(columns={"per_class.get.p99_us": "get_p99_us", "per_class.scan.p99_us": "scan_p99_us"})
        runs.to_csv(out / f"getscan-{workload}-runs.csv", index=False)
        s = summarize(runs, ["inter", "load"], METRICS + ["get_p99_us", "scan_p99_us"])
        s.to_csv(out / f"getscan-{workload}-summary.csv", index=False)
        s = s.assign(throughput_krps=s.throughput_rps / 1e3)
        for kind in ("get", "scan"):
            plot.line_plot(s, "throughput_krps", f"{kind}_p99_us", "inter", out / f"fig-{workload}-{kind}.png",
                           title=f"{workload}: {kind.upper()} p99", xlabel="throughput (KRPS)",
                           ylabel="p99 latency (us)", logy=True)
        result[workload] = {f"{kind}_p99_us_at_high_load": _at_load(s, "inter", f"{kind}_p99_us")
                            for kind in ("get", "scan")}
    return {"getscan": result}


def tracking(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Each load-tracking scheme with the rule of the authors' program for
    it (proactive: the least loaded of all plus a random share; int2: the
    registered minimum plus a random share; int1, int3: power-of-2), and
    proactive counts over power-of-2 (proactive-k). At least
    TRACKING_RUNS runs per point: the throughput at the SLO is found run
    by run and given with its 95 % CI."""
    scale = scale | {"runs": max(scale["runs"], TRACKING_RUNS)}
    fixed = dict(inter="racksched", workload="bimodal90", **_timing(scale, "bimodal90"))
    # int1, the default, without --tracking: the options of the policies
    # figure's RackSched curve, whose runs come from the cache.
    others = {"tracking": [t for t in TRACKINGS if t != "int1"], "load": scale["loads"]}
    runs = pd.concat([_sweep(out, {"load": scale["loads"]}, scale, jobs, progress, **fixed),
                      _sweep(out, others, scale, jobs, progress, **fixed)], ignore_index=True)
    s = _curves(out, "tracking", runs, ["tracking"], "tracking", "load tracking (bimodal90)")
    slo = SLO_FACTOR * SERVICE_P99["bimodal90"]
    return {"tracking": {"runs": scale["runs"],
                         "krps_at_slo": _at_slo_summary(at_slo(runs, "tracking", slo), "tracking"),
                         "p99_us_at_high_load": _at_load(s, "tracking", "p99_us")}}


def pertype(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """RackSched with one load per (server, request type), as the authors'
    registers for the workloads whose types have their own ports, against
    one load per server, on those workloads."""
    result = {}
    for workload in ["bimodal50", "trimodal"]:
        fixed = dict(inter="racksched", workload=workload, **_timing(scale, workload))
        # "on" is these workloads' default (auto): without --per-type-load,
        # the policies figure's RackSched runs, from the cache.
        runs = pd.concat([_sweep(out, {"load": scale["loads"]}, scale, jobs, progress, **fixed)
                          .assign(per_type_load="on"),
                          _sweep(out, {"per_type_load": ["off"], "load": scale["loads"]}, scale, jobs, progress,
                                 **fixed)], ignore_index=True)
        s = _curves(out, f"pertype-{workload}", runs, ["per_type_load"], "per_type_load",
                    f"{workload}: per-type loads on and off")
        at = at_slo(runs, "per_type_load", SLO_FACTOR * SERVICE_P99[workload])
        result[workload] = {"krps_at_slo": _at_slo_summary(at, "per_type_load"),
                            "on_over_off": ratio_at_slo(at, "per_type_load", "on", ["off"]),
                            "p99_us_at_high_load": _at_load(s, "per_type_load", "p99_us")}
    return {"pertype": result}


def sampling(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Independent against distinct samples for power-of-2 over 8
    single-core servers at 0.9 load, Exp(50) service, with proactive counts
    (the switch knows each queue up to the packets in flight): the mean
    latency's difference run by run (same seeds: same arrivals and service
    times), against a reference of the same queueing system written apart
    from the module (theory.power_of_d_simulated: the Markov chain, no
    network, 2 000 replicas)."""
    grid = {"sampling": ["independent", "distinct"]}
    runs = sweep("racksched-scenario", grid, runs=SAMPLING_RUNS, jobs=jobs, progress=progress,
                 cache=DirectoryCache(out / ".cache"), level=LEVEL, workload="exp50", servers=8, workers=1,
                 load=0.9,
                 tracking="proactive-k", intra="cfcfs", duration="2s", warmup="200ms")
    runs.to_csv(out / "sampling-runs.csv", index=False)
    by = runs[~failed_runs(runs)].pivot(index="run", columns="sampling", values="rct_mean_us")
    service = WORKLOADS["exp50"]
    ref = {r: service * v for r, v in theory.power_of_d_simulated(8, 0.9, grid["sampling"]).items()}

    def pair(values):
        return [round(v, 2) for v in mean_ci(values)]

    return {"sampling_runs": int(len(by)),
            "sampling_mean_us": {r: pair(by[r]) for r in grid["sampling"]},
            "sampling_independent_minus_distinct_us": pair(by["independent"] - by["distinct"]),
            "sampling_reference_sojourn_us": {r: pair(v) for r, v in ref.items()},
            "sampling_reference_independent_minus_distinct_us": pair(ref["independent"] - ref["distinct"])}


def heterogeneous(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Four of the eight servers with 4 worker cores."""
    runs = _sweep(out, {"inter": ["racksched", "random", "rr", "client"], "load": scale["loads"]}, scale, jobs,
                  progress, workload="bimodal90", heterogeneous="4:4", **_timing(scale, "bimodal90", 48))
    _curves(out, "heterogeneous", runs, ["inter"], "inter", "heterogeneous rack (4 x 8 + 4 x 4 cores)")
    slo = SLO_FACTOR * SERVICE_P99["bimodal90"]
    return {"heterogeneous": {"krps_at_slo": _at_slo_summary(at_slo(runs, "inter", slo), "inter")}}


BOUND_SIGN = {"=": "", ">=": "≥ ", "<=": "≤ ", "?": "? "}


def _ratio(r) -> str:
    """A ratio [mean, CI, bound]: "≥ " when RackSched never crossed the SLO."""
    return BOUND_SIGN[r[2]] + pm(r)


def _krps(v) -> str:
    """A throughput at the SLO [mean, CI, crossed]: "≥ " if it never crossed."""
    return ("" if v[2] else "≥ ") + pm(v, 0)


def _verdict(values: dict) -> str:
    """The curve whose CI lies above every other's, or that no such winner exists."""
    best = max(values, key=lambda k: values[k][0])
    others = [values[k][0] + values[k][1] for k in values if k != best]
    return f"{best} best" if values[best][0] - values[best][1] > max(others) else "CIs overlap: no winner"


def doc_table(root: Path | str = "results/racksched") -> str:
    """The doc's RackSched table, made from the committed summaries
    (``<root>/quick/summary.json``, ``<root>/paper/summary.json``). Values
    are means over runs ± 95 % CI half-widths; a throughput at the SLO
    marked ≥ is a lower bound (the p99 stayed within the SLO up to the
    highest load run), and so is a ratio over it."""
    import json

    root = Path(root)
    quick = json.loads((root / "quick" / "summary.json").read_text())
    paper_path = root / "paper" / "summary.json"
    paper = json.loads(paper_path.read_text()) if paper_path.exists() else {}
    # Each workload's policies from paper scale where it has been run.
    pol = quick["policies"] | paper.get("policies", {})
    label = {w: w + (" (paper scale)" if w in paper.get("policies", {}) else "") for w in POLICY_WORKLOADS}
    names = POLICY_WORKLOADS
    high = f"{quick['high_load'] * 100:g} %"
    rows = [("Result", "Paper (talk)", f"Measured ({quick['scale']} scale unless said)")]
    rows.append(("RackSched over Shinjuku servers behind random dispatch, throughput at the SLO: "
                 + " / ".join(label[w] for w in names), "up to 1.44x",
                 " / ".join(_ratio(pol[w]["racksched_over"]["shinjuku"]) for w in names)))
    rows.append(("RackSched over client-based (Client(100)), same", "higher",
                 " / ".join(_ratio(pol[w]["racksched_over"]["client"]) for w in names)))
    rows.append(("RackSched over the best of random, RR and client, same", "higher",
                 " / ".join(_ratio(pol[w]["racksched_over"]["best_of_random_rr_client"]) for w in names)))
    rows.append(("RackSched's throughput at the SLO (kRPS): " + " / ".join(label[w] for w in names), "(testbed)",
                 " / ".join(_krps(pol[w]["krps_at_slo"]["racksched"]) for w in names)))
    p99 = pol["bimodal90"]["p99_us_at_high_load"]
    order = ["racksched", "client", "rr", "random", "shortest", "jbsq"]
    rows.append((f"p99 at {high} load, {label['bimodal90']} (us): " + "; ".join(order), "RackSched lower",
                 "; ".join(pm(p99[p], 0) for p in order)))
    short = pol["trimodal"]["short_p99_us_at_high_load"]
    rows.append((f"50 us requests' p99 at {high}, {label['trimodal']} (us): RackSched; JBSQ(3)",
                 "JBSQ blocks short requests", f"{pm(short['racksched'], 0)}; {pm(short['jbsq'], 0)}"))
    def pick(key):
        """An experiment's entry from paper scale where it has been run, and its label."""
        return (paper[key], " (paper scale)") if key in paper else (quick[key], "")

    out, at = pick("scaleout")
    rows.append((f"Scale-out, throughput at the SLO (kRPS), 1 / 2 / 4 / 8 servers{at}", "near-linear",
                 " / ".join(_krps(out["krps_at_slo"][n]) for n in ("1", "2", "4", "8"))
                 + f"; 8 over 1: {_ratio(out['8_over_1'])}"))
    tr, at = pick("tracking")
    kinds = ["int1", "int2", "int3", "queue", "proactive", "proactive-k"]
    rows.append((f"Tracking, throughput at the SLO (kRPS, bimodal90, {tr['runs']} runs){at}: " + " / ".join(kinds),
                 "(compared; no winner named)",
                 " / ".join(_krps(tr["krps_at_slo"][k]) for k in kinds) + "; " + _verdict(tr["krps_at_slo"])))
    rows.append((f"Tracking, p99 at {high}{at} (us): " + " / ".join(kinds), "",
                 " / ".join(pm(tr["p99_us_at_high_load"][k], 0) for k in kinds) + "; "
                 + _verdict({k: [-v[0], v[1]] for k, v in tr["p99_us_at_high_load"].items()})
                 .replace(" best", " lowest")))
    het, at = pick("heterogeneous")
    het = het["krps_at_slo"]
    rows.append((f"Heterogeneous rack (4 x 8 + 4 x 4 workers){at}, kRPS at the SLO: RackSched; client; RR; random",
                 "RackSched adapts", "; ".join(_krps(het[p]) for p in ("racksched", "client", "rr", "random"))))
    getscan, at = pick("getscan")
    for w, label in (("getscan90", "90/10"), ("getscan50", "50/50")):
        g = getscan[w]
        rows.append((f"GET/SCAN {label}{at}, p99 at {high} (us), GET; SCAN: RackSched | random | client",
                     "no type sacrificed", " | ".join(f"{pm(g['get_p99_us_at_high_load'][p], 0)}; "
                                                      f"{pm(g['scan_p99_us_at_high_load'][p], 0)}"
                                                      for p in ("racksched", "random", "client"))))
    pertype, at = pick("pertype")
    for w in ("bimodal50", "trimodal"):
        pt = pertype[w]
        rows.append((f"RackSched, per-type loads on; off, {w}{at}: kRPS at the SLO; p99 at {high} (us)",
                     "(authors: on)", f"{_krps(pt['krps_at_slo']['on'])}; {_krps(pt['krps_at_slo']['off'])}; "
                     f"{pm(pt['p99_us_at_high_load']['on'], 0)}; {pm(pt['p99_us_at_high_load']['off'], 0)}"))
    sampling, at = (paper, " (paper scale)") if "sampling_runs" in paper else (quick, "")
    rows.append((f"Power-of-2, independent minus distinct samples, 8 single-core servers, 0.9{at}, mean latency (us)",
                 "(P4: independent)", f"{pm(sampling['sampling_independent_minus_distinct_us'])} over "
                 f"{sampling['sampling_runs']} runs; reference chain "
                 f"{pm(sampling['sampling_reference_independent_minus_distinct_us'])}"))
    return rst_table(rows)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["table"]:
        print(doc_table(argv[1] if len(argv) > 1 else "results/racksched"), end="")
        return 0
    return reproduce_main(
        "racksched", "Reproduce the RackSched evaluation", "results/racksched", SCALES,
        {name: recorded("racksched", name, f, argv) for name, f in
         {**{f"policies-{w}": policies(w) for w in POLICY_WORKLOADS}, "scaleout": scaleout, "getscan": getscan, "tracking": tracking,
          "heterogeneous": heterogeneous, "pertype": pertype, "sampling": sampling}.items()},
        argv)


if __name__ == "__main__":
    sys.exit(main())
