"""Reproduce the SD-WAN splitter paper's evaluation ("Flow Optimization at
Inter-Datacenter Networks for Application Run-time Acceleration") with
sdwan-splitter.

    python -m request_scheduling.sdwan --out results/sdwan [--scale quick|paper] [--only fig4a,fig4b,fig5,fig6,tcp]

Writes, per experiment, the runs (``*-runs.csv``), means with 95 %
confidence intervals (``*-summary.csv``), gnuplot figures (``fig-*.png``)
and the ratios the paper reports (``summary.json``):

* fig4a: short-flow mean FCT speed-up of the splitter over ECMP (per-flow
  hash) against the threshold, 1 .. 100 packets, at several request rates;
  and at the highest rate for one fixed class (flows of at most 40 packets);
* fig4b: the speed-up against the background utilisation, 10 .. 40 %,
  over ECMP per flow and ECMP per packet;
* fig5: FCT distributions (PDF) of short flows, splitter vs ECMP, and the
  jitter of both;
* fig6: short-flow FCT with no, native-XDP and generic-XDP splitter delay;
* tcp: both ratios with ns-3's duplicate-ACK threshold and with one that
  tolerates the reordering of a flow's switch to the long tunnel, in the
  paper's 2-minute runs at both scales (long flows are rare).

The speed-up is ECMP's mean short-flow FCT over the splitter's, both on the
same flows (same seeds): short flows are those of at most the threshold's
packets (the splitter's class at the flow's end), in ECMP runs too. The
long-flow FCT ratio (splitter / ECMP) is reported with each point: the
paper requires that it does not degrade much.

``--scale paper`` runs the paper's 2-minute runs (first 5 s discarded) with
5 runs per point: many hours on two cores. ``--scale quick`` runs 20 s (5 s
discarded), 2 runs per point and fewer points.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Optional

import numpy as np
import pandas as pd

from . import plot, run, summarize, sweep
from .reproduce import reproduce_main

SCALES = {
    "paper": {"duration": "120s", "warmup": "5s", "runs": 5,
              "thresholds": [1, 2, 5, 10, 20, 40, 70, 100], "rates": [50, 100, 200],
              "utilisations": [0.1, 0.2, 0.3, 0.4], "long_duration": "120s"},
    "quick": {"duration": "20s", "warmup": "5s", "runs": 2,
              "thresholds": [1, 5, 20, 100], "rates": [50, 100],
              "utilisations": [0.1, 0.4], "long_duration": "120s"},
}
# Flows of at most this many packets are short in fig4a's fixed-class series.
FIXED_SHORT_SIZE = 40
METRICS = ["short_fct_mean_us", "short_fct_p99_us", "long_fct_mean_us", "jitter_mean_us"]


def fig4a(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Speed-up vs threshold at several request rates (40 % background)."""
    common = dict(duration=scale["duration"], warmup=scale["warmup"], utilisation=0.4, progress=progress)
    split = sweep("sdwan-splitter", {"rate": scale["rates"], "threshold": scale["thresholds"]},
                  runs=scale["runs"], jobs=jobs, mode="splitter", **common)
    # ECMP ignores the threshold, but short and long flows are classed by it.
    ecmp = sweep("sdwan-splitter", {"rate": scale["rates"], "threshold": scale["thresholds"]},
                 runs=scale["runs"], jobs=jobs, mode="ecmp", **common)
    runs = pd.concat([split, ecmp], ignore_index=True)
    runs.to_csv(out / "fig4a-runs.csv", index=False)
    s = summarize(split, ["rate", "threshold"], METRICS)
    e = summarize(ecmp, ["rate", "threshold"], METRICS).set_index(["rate", "threshold"])
    s["speedup"] = [e.loc[(r, t), "short_fct_mean_us"] / v for r, t, v in zip(s.rate, s.threshold,
                                                                                 s.short_fct_mean_us)]
    s["long_ratio"] = [v / e.loc[(r, t), "long_fct_mean_us"] for r, t, v in zip(s.rate, s.threshold,
                                                                                  s.long_fct_mean_us)]
    s["series"] = [f"{r:g} requests/s" for r in s.rate]
    s.to_csv(out / "fig4a-summary.csv", index=False)
    plot.line_plot(s, "threshold", "speedup", "series", out / "fig4a-speedup-vs-threshold.png",
                   title="Short-flow FCT speed-up over ECMP (40 % background)",
                   xlabel="threshold (packets)", ylabel="ECMP FCT / splitter FCT")
    result = {}
    for rate, g in s.groupby("rate"):
        g = g.sort_values("threshold")
        result[f"fig4a_speedup_by_threshold_at_{rate:g}rps"] = dict(zip(g.threshold.astype(int).astype(str),
                                                                       g.speedup.round(3)))
        result[f"fig4a_long_ratio_by_threshold_at_{rate:g}rps"] = dict(zip(g.threshold.astype(int).astype(str),
                                                                          g.long_ratio.round(3)))
        result[f"fig4a_lower_threshold_larger_gain_at_{rate:g}rps"] = bool(
            g.speedup.iloc[0] >= g.speedup.iloc[-1])
    # The same flows for every threshold: those of at most 40 packets (the
    # paper's critical range), so that only the splitter's choice varies.
    rate = max(scale["rates"])
    fixed = dict(common, rate=rate, short_size=FIXED_SHORT_SIZE)
    split = sweep("sdwan-splitter", {"threshold": scale["thresholds"]}, runs=scale["runs"], jobs=jobs,
                  mode="splitter", **fixed)
    ecmp = sweep("sdwan-splitter", {"threshold": [scale["thresholds"][0]]}, runs=scale["runs"], jobs=jobs,
                 mode="ecmp", **fixed)
    pd.concat([split, ecmp], ignore_index=True).to_csv(out / "fig4a-fixed-class-runs.csv", index=False)
    s = summarize(split, ["threshold"], METRICS)
    e = summarize(ecmp, ["threshold"], METRICS).iloc[0]
    s["speedup"] = e["short_fct_mean_us"] / s.short_fct_mean_us
    s["long_ratio"] = s.long_fct_mean_us / e["long_fct_mean_us"]
    s.to_csv(out / "fig4a-fixed-class-summary.csv", index=False)
    result[f"fig4a_fixed_class_speedup_by_threshold_at_{rate:g}rps"] = dict(
        zip(s.threshold.astype(int).astype(str), s.speedup.round(3)))
    result[f"fig4a_fixed_class_lower_threshold_larger_gain_at_{rate:g}rps"] = bool(
        s.sort_values("threshold").speedup.iloc[0] >= s.sort_values("threshold").speedup.iloc[-1])
    return result


def fig4b(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Speed-up vs background utilisation (default threshold), over ECMP per
    flow and per packet (all with TCP SACK)."""
    runs = sweep("sdwan-splitter", {"utilisation": scale["utilisations"],
                                    "mode": ["splitter", "ecmp", "ecmp-packet"]},
                 runs=scale["runs"], jobs=jobs, duration=scale["duration"], warmup=scale["warmup"],
                 progress=progress)
    runs.to_csv(out / "fig4b-runs.csv", index=False)
    s = summarize(runs, ["mode", "utilisation"], METRICS)
    s.to_csv(out / "fig4b-summary.csv", index=False)
    rows = []
    sp = s[s["mode"] == "splitter"].set_index("utilisation")
    for baseline in ["ecmp", "ecmp-packet"]:
        b = s[s["mode"] == baseline].set_index("utilisation")
        for u in sp.index:
            rows.append({"baseline": baseline, "utilisation_pct": 100 * u,
                         "speedup": b.loc[u, "short_fct_mean_us"] / sp.loc[u, "short_fct_mean_us"],
                         "long_ratio": sp.loc[u, "long_fct_mean_us"] / b.loc[u, "long_fct_mean_us"]})
    ratios = pd.DataFrame(rows)
    ratios.to_csv(out / "fig4b-speedup.csv", index=False)
    plot.line_plot(ratios, "utilisation_pct", "speedup", "baseline", out / "fig4b-speedup-vs-utilisation.png",
                   title="Short-flow FCT speed-up of the splitter", xlabel="background utilisation (%)",
                   ylabel="baseline FCT / splitter FCT")
    result = {}
    for baseline, g in ratios.groupby("baseline"):
        g = g.sort_values("utilisation_pct")
        result[f"fig4b_speedup_over_{baseline}"] = dict(zip(g.utilisation_pct.round().astype(int).astype(str),
                                                            g.speedup.round(3)))
        result[f"fig4b_long_ratio_vs_{baseline}"] = dict(zip(g.utilisation_pct.round().astype(int).astype(str),
                                                             g.long_ratio.round(3)))
        result[f"fig4b_gain_grows_with_utilisation_over_{baseline}"] = bool(g.speedup.iloc[-1] >= g.speedup.iloc[0])
    return result


def fig5(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """FCT PDFs of short flows and jitter, splitter vs ECMP (40 % background)."""
    frames, result = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode in ["splitter", "ecmp"]:
            path = Path(tmp) / f"{mode}.csv"
            j = run("sdwan-splitter", mode=mode, duration=scale["duration"], warmup=scale["warmup"],
                    flows=str(path))
            f = pd.read_csv(path)
            f["mode"] = mode
            frames.append(f)
            result[f"fig5_jitter_mean_us_{mode}"] = j["jitter_mean_us"]
            result[f"fig5_jitter_std_us_{mode}"] = j["jitter_std_us"]
    flows = pd.concat(frames, ignore_index=True)
    flows.to_csv(out / "fig5-flows.csv", index=False)
    short = flows[(flows["class"] == "short") & (flows.fct_us >= 0)]
    edges = np.linspace(0, short.fct_us.quantile(0.99) / 1e3, 41)
    rows = []
    for mode, g in short.groupby("mode"):
        density, _ = np.histogram(g.fct_us / 1e3, bins=edges, density=True)
        rows += [{"mode": mode, "fct_ms": (a + b) / 2, "pdf": d} for a, b, d in zip(edges, edges[1:], density)]
    pdf = pd.DataFrame(rows)
    pdf.to_csv(out / "fig5-fct-pdf.csv", index=False)
    plot.line_plot(pdf, "fct_ms", "pdf", "mode", out / "fig5-fct-pdf.png",
                   title="Short-flow FCT distribution (40 % background)", xlabel="FCT (ms)", ylabel="PDF")
    return result


def fig6(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Short-flow FCT with no, native and generic splitter delay."""
    runs = sweep("sdwan-splitter", {"splitter_delay": ["none", "native", "generic"]}, runs=scale["runs"],
                 jobs=jobs, duration=scale["duration"], warmup=scale["warmup"], progress=progress)
    runs.to_csv(out / "fig6-runs.csv", index=False)
    s = summarize(runs, ["splitter_delay"], METRICS)
    s.to_csv(out / "fig6-summary.csv", index=False)
    base = float(s.set_index("splitter_delay").loc["none", "short_fct_mean_us"])
    return {f"fig6_short_fct_mean_us_{d}": float(v) for d, v in zip(s.splitter_delay, s.short_fct_mean_us)} | {
        f"fig6_short_fct_increase_pct_{d}": 100 * (float(v) / base - 1)
        for d, v in zip(s.splitter_delay, s.short_fct_mean_us)}


def tcp_reordering(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Splitter and ECMP with ns-3's duplicate-ACK threshold (3) and with one
    that tolerates the reordering of a tunnel switch (30), at 40 %: ns-3's
    TCP has no RACK and no undo of spurious retransmissions, Linux has.
    Long flows are the bulk transfers (above FIXED_SHORT_SIZE packets), and
    runs last ``long_duration`` (the paper's 2 minutes at both scales): a
    20 s run has about four of them, too few for their mean FCT."""
    runs = sweep("sdwan-splitter", {"mode": ["splitter", "ecmp"], "ns3::TcpSocketBase::ReTxThreshold": [3, 30]},
                 runs=scale["runs"], jobs=jobs, duration=scale["long_duration"], warmup=scale["warmup"],
                 short_size=FIXED_SHORT_SIZE, progress=progress)
    runs = runs.rename(columns={"ns3::TcpSocketBase::ReTxThreshold": "dupthresh"})
    runs.to_csv(out / "tcp-runs.csv", index=False)
    s = summarize(runs, ["mode", "dupthresh"], METRICS)
    s.to_csv(out / "tcp-summary.csv", index=False)
    m = s.set_index(["mode", "dupthresh"])
    result = {}
    for d in (3, 30):
        result[f"tcp_dupthresh{d}_short_speedup"] = float(m.loc[("ecmp", d), "short_fct_mean_us"]
                                                          / m.loc[("splitter", d), "short_fct_mean_us"])
        result[f"tcp_dupthresh{d}_long_ratio"] = float(m.loc[("splitter", d), "long_fct_mean_us"]
                                                       / m.loc[("ecmp", d), "long_fct_mean_us"])
    return result


def main(argv=None) -> int:
    return reproduce_main(
        "sdwan", "Reproduce the SD-WAN splitter evaluation", "results/sdwan", SCALES,
        {"fig4a": lambda out, scale, args: fig4a(out, scale, args.jobs, args.progress),
         "fig4b": lambda out, scale, args: fig4b(out, scale, args.jobs, args.progress),
         "fig5": lambda out, scale, args: fig5(out, scale, args.jobs, args.progress),
         "fig6": lambda out, scale, args: fig6(out, scale, args.jobs, args.progress),
         "tcp": lambda out, scale, args: tcp_reordering(out, scale, args.jobs, args.progress)},
        argv)


if __name__ == "__main__":
    sys.exit(main())
