"""The schedulers composed (end-to-end-scenario): an ablation study.

    python -m request_scheduling.end_to_end --out results/end-to-end [--scale quick|paper]

Three layers schedule a request on its way: the ingress chooses a site
(CArDS against random), the site's switch a server (RackSched against
random), the server a core (Shinjuku against d-FCFS, the RackSched paper's
servers against RSS's per-core queues). The ablation runs the all-baseline
configuration, each layer's scheduler on alone, and all three on, over the
offered load, on the example's default topology: two sites of 4 and 2
servers of 4 worker cores, RackSched's bimodal90 workload; at queue level
(no WAN, no gateway: the same completion times as packets, request by
request, tested in test_levels.py).

A second study puts the clients at a branch behind the SD-WAN paper's WAN
(``wan``): the datacenter's layers all baseline or all on, behind ECMP or
the short/long flow splitter, under the paper's traffic and under bulk
downloads, at the default load (``wan-runs.csv``, ``wan-summary.csv``).

A third puts a Batchy gateway (the GW pipeline) in front of every site's
switch, the datacenter's layers all on, under each buffer controller
(``gateway``, ``gateway-runs.csv``, ``gateway-summary.csv``).

Writes the runs (``ablation-runs.csv``), the summary per configuration and
load with 95 % confidence half-widths over runs (``ablation-summary.csv``),
a gnuplot figure of the p99 completion time against the load
(``fig-ablation-p99.png``), and ``summary.json`` with the command, the
commit and the wall time that made it. ``table`` prints the doc's table
from a results folder's summary.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import pandas as pd

from . import plot, summarize, sweep
from .reproduce import pm, recorded, reproduce_main, rst_table
from .stats import mean_ci

BASELINE = dict(inter="random", rack="random", intra="dfcfs")
ON = dict(inter="cards", rack="racksched", intra="shinjuku")
CONFIGURATIONS = {
    "baseline": BASELINE,
    "ingress: cards": {**BASELINE, "inter": ON["inter"]},
    "switch: racksched": {**BASELINE, "rack": ON["rack"]},
    "servers: shinjuku": {**BASELINE, "intra": ON["intra"]},
    "all on": ON,
}
#: The clients at a branch (--wan): the datacenter's layers all baseline or
#: all on, behind an ECMP WAN or the short/long flow splitter.
WAN_CONFIGURATIONS = {
    "baseline, ecmp WAN": {**BASELINE, "wan": "ecmp"},
    "wan: splitter": {**BASELINE, "wan": "splitter"},
    "all on, ecmp WAN": {**ON, "wan": "ecmp"},
    "all on, splitter": {**ON, "wan": "splitter"},
}
#: What shares the WAN with the requests: the SD-WAN paper's traffic (the
#: example's defaults: 100 downloads/s of its NextCloud mix, background at
#: 0.4 of each tunnel), and the same background with bulk downloads of
#: 1 000 packets (1.5 MB) at 20/s, a quarter of a tunnel's capacity.
WAN_TRAFFIC = {
    "paper traffic": {},
    "bulk downloads": {"transfers": 20, "transfer_sizes": "const:1000"},
}
#: A Batchy gateway (the GW pipeline, 4 next hops) in front of every site's
#: switch, the datacenter's layers all on, under each buffer controller;
#: null (no fractional buffers, BESS's default) is the baseline.
GATEWAY_CONTROLLERS = ["null", "max", "onoff", "nfvnice", "full"]
GATEWAY_CONFIGURATIONS = {f"all on, gateway {c}": {**ON, "gateway": "gw", "gateway_controller": c}
                          for c in GATEWAY_CONTROLLERS}
#: The example's default point, where the doc's table compares the layers.
DEFAULT_LOAD = 0.5
SCALES = {
    "paper": {"duration": "1s", "warmup": "100ms", "runs": 10, "loads": [0.3, 0.5, 0.6, 0.7, 0.8, 0.9]},
    "quick": {"duration": "200ms", "warmup": "20ms", "runs": 5, "loads": [0.3, 0.5, 0.7, 0.9]},
}
#: Where the mean completion time goes (the example's time_breakdown_us).
BREAKDOWN = {"to_server": "to the server", "server_waiting": "waiting at the server", "service": "service",
             "back_to_client": "back to the client"}
METRICS = ["rct_p50_us", "rct_p99_us", "rct_p999_us", "rct_mean_us"] + [f"time_breakdown_us.{k}" for k in BREAKDOWN]


def ablation(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Every configuration over the loads, ``scale["runs"]`` seeds each (run
    *r* of every configuration has the same arrivals and demands), at
    queue level."""
    frames = []
    for label, options in CONFIGURATIONS.items():
        df = sweep("end-to-end-scenario", {"load": scale["loads"]}, runs=scale["runs"], jobs=jobs, level="queue",
                   duration=scale["duration"], warmup=scale["warmup"], progress=progress, **options)
        df["configuration"] = label
        frames.append(df)
    runs = pd.concat(frames, ignore_index=True)
    runs.to_csv(out / "ablation-runs.csv", index=False)
    s = summarize(runs, ["configuration", "load"], METRICS)
    s.to_csv(out / "ablation-summary.csv", index=False)
    plot.line_plot(s, "load", "rct_p99_us", "configuration", out / "fig-ablation-p99.png", ci="rct_p99_us_ci",
                   title="end-to-end-scenario: p99 completion time (95 % CI over runs)",
                   xlabel="offered load (share of all sites' worker cores)", ylabel="p99 completion time (us)",
                   logy=True)
    result = {}
    for label in CONFIGURATIONS:
        mine = runs[runs.configuration == label]
        result[label] = {f"{load:g}": {m: list(mean_ci(mine[mine.load == load][m])) for m in METRICS}
                         for load in scale["loads"]}
    # Run by run, the baseline's p99 over each configuration's (same seeds).
    base = runs[runs.configuration == "baseline"].set_index(["load", "run"])["rct_p99_us"]
    gains = {}
    for label in CONFIGURATIONS:
        if label != "baseline":
            mine = runs[runs.configuration == label].set_index(["load", "run"])["rct_p99_us"]
            ratio = (base / mine).reset_index()
            gains[label] = {f"{load:g}": list(mean_ci(ratio[ratio.load == load]["rct_p99_us"]))
                            for load in scale["loads"]}
    return {"ablation": result, "ablation_p99_gain": gains}


def wan_study(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """The WAN configurations under each traffic at the default load,
    ``scale["runs"]`` seeds each, and the baseline's p99 over each
    configuration's, run by run, per traffic."""
    frames = []
    for traffic, extra in WAN_TRAFFIC.items():
        for label, options in WAN_CONFIGURATIONS.items():
            df = sweep("end-to-end-scenario", {"load": [DEFAULT_LOAD]}, runs=scale["runs"], jobs=jobs,
                       duration=scale["duration"], warmup=scale["warmup"], progress=progress, **options, **extra)
            df["traffic"], df["configuration"] = traffic, label
            frames.append(df)
    runs = pd.concat(frames, ignore_index=True)
    runs.to_csv(out / "wan-runs.csv", index=False)
    metrics = METRICS + ["time_breakdown_us.to_datacenter"]
    summarize(runs, ["traffic", "configuration"], metrics).to_csv(out / "wan-summary.csv", index=False)
    result, gains = {}, {}
    for traffic in WAN_TRAFFIC:
        mine = runs[runs.traffic == traffic]
        base = mine[mine.configuration == "baseline, ecmp WAN"].set_index("run")["rct_p99_us"]
        result[traffic] = {label: {m: list(mean_ci(mine[mine.configuration == label][m])) for m in metrics}
                           for label in WAN_CONFIGURATIONS}
        gains[traffic] = {label: list(mean_ci(base / mine[mine.configuration == label].set_index("run")["rct_p99_us"]))
                          for label in WAN_CONFIGURATIONS if label != "baseline, ecmp WAN"}
    return {"wan": result, "wan_p99_gain": gains}


def gateway_study(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Every gateway controller at the default load, ``scale["runs"]``
    seeds each, and the null controller's p99 over each one's, run by run."""
    frames = []
    for label, options in GATEWAY_CONFIGURATIONS.items():
        df = sweep("end-to-end-scenario", {"load": [DEFAULT_LOAD]}, runs=scale["runs"], jobs=jobs,
                   duration=scale["duration"], warmup=scale["warmup"], progress=progress, **options)
        df["configuration"] = label
        frames.append(df)
    runs = pd.concat(frames, ignore_index=True)
    runs.to_csv(out / "gateway-runs.csv", index=False)
    metrics = METRICS + ["per_site.0.gateway_delay_mean_us", "per_site.1.gateway_delay_mean_us"]
    summarize(runs, ["configuration"], metrics).to_csv(out / "gateway-summary.csv", index=False)
    base = runs[runs.configuration == "all on, gateway null"].set_index("run")["rct_p99_us"]
    return {
        "gateway": {label: {m: list(mean_ci(runs[runs.configuration == label][m])) for m in metrics}
                    for label in GATEWAY_CONFIGURATIONS},
        "gateway_p99_gain": {label: list(mean_ci(base / runs[runs.configuration == label].set_index("run")["rct_p99_us"]))
                             for label in GATEWAY_CONFIGURATIONS if label != "all on, gateway null"},
    }


def gateway_table(root: Path | str = "results/end-to-end") -> str:
    """The doc's table of the gateway study, from the committed quick-scale
    summary: p99 and median completion time, the mean time to the server
    and each site's mean delay in its gateway (mean ± 95 % CI half-width
    over runs), and the null controller's p99 over the configuration's."""
    summary = json.loads((Path(root) / "quick" / "summary.json").read_text())
    rows = [(f"Configuration (load {DEFAULT_LOAD:g})", "p99 (us)", "median (us)", "to the server (us)",
             "gateway 0 (us)", "gateway 1 (us)", "null p99 / this p99")]
    for label in GATEWAY_CONFIGURATIONS:
        point = summary["gateway"][label]
        gain = "1" if label == "all on, gateway null" else pm(summary["gateway_p99_gain"][label])
        rows.append((label, pm(point["rct_p99_us"], 1), pm(point["rct_p50_us"], 1),
                     pm(point["time_breakdown_us.to_server"], 1), pm(point["per_site.0.gateway_delay_mean_us"], 1),
                     pm(point["per_site.1.gateway_delay_mean_us"], 1), gain))
    return rst_table(rows)


def wan_table(root: Path | str = "results/end-to-end") -> str:
    """The doc's table of the WAN study, from the committed quick-scale
    summary: p99 and median completion time and the mean time back to the
    client (mean ± 95 % CI half-width over runs), and the WAN baseline's
    p99 over the configuration's, run by run."""
    summary = json.loads((Path(root) / "quick" / "summary.json").read_text())
    rows = [(f"Traffic, configuration (load {DEFAULT_LOAD:g})", "p99 (us)", "median (us)", "back to the client (us)",
             "baseline p99 / this p99")]
    for traffic in WAN_TRAFFIC:
        for label in WAN_CONFIGURATIONS:
            point = summary["wan"][traffic][label]
            gain = "1" if label == "baseline, ecmp WAN" else pm(summary["wan_p99_gain"][traffic][label])
            rows.append((f"{traffic}, {label}", pm(point["rct_p99_us"], 1), pm(point["rct_p50_us"], 1),
                         pm(point["time_breakdown_us.back_to_client"], 1), gain))
    return rst_table(rows)


def doc_table(root: Path | str = "results/end-to-end") -> str:
    """The doc's ablation table at the default load, from the committed
    quick-scale summary: p99 and median completion time (mean ± 95 % CI
    half-width over runs) and the baseline's p99 over the configuration's,
    run by run."""
    summary = json.loads((Path(root) / "quick" / "summary.json").read_text())
    at = f"{DEFAULT_LOAD:g}"
    rows = [("Configuration (load " + at + ")", "p99 (us)", "median (us)", "baseline p99 / this p99")]
    for label in CONFIGURATIONS:
        point = summary["ablation"][label][at]
        gain = "1" if label == "baseline" else pm(summary["ablation_p99_gain"][label][at])
        rows.append((label, pm(point["rct_p99_us"], 1), pm(point["rct_p50_us"], 1), gain))
    return rst_table(rows)


def breakdown_table(root: Path | str = "results/end-to-end") -> str:
    """The doc's table of where the mean completion time goes, per
    configuration at the default load (means over runs ± 95 % CI)."""
    summary = json.loads((Path(root) / "quick" / "summary.json").read_text())
    at = f"{DEFAULT_LOAD:g}"
    rows = [("Configuration (load " + at + "), us", "mean", *BREAKDOWN.values())]
    for label in CONFIGURATIONS:
        point = summary["ablation"][label][at]
        rows.append((label, pm(point["rct_mean_us"], 1),
                     *(pm(point[f"time_breakdown_us.{k}"], 1) for k in BREAKDOWN)))
    return rst_table(rows)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["table"]:
        root = argv[1] if len(argv) > 1 else "results/end-to-end"
        print("\n".join(t(root) for t in (doc_table, breakdown_table, wan_table, gateway_table)), end="")
        return 0
    return reproduce_main(
        "end-to-end", "The end-to-end ablation", "results/end-to-end", SCALES,
        {"ablation": recorded("end_to_end", "ablation", ablation, argv),
         "wan": recorded("end_to_end", "wan", wan_study, argv),
         "gateway": recorded("end_to_end", "gateway", gateway_study, argv)},
        argv)


if __name__ == "__main__":
    sys.exit(main())
