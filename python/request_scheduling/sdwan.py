"""Reproduce the SD-WAN splitter paper's evaluation ("Flow Optimization at
Inter-Datacenter Networks for Application Run-time Acceleration") with
sdwan-scenario.

    python -m request_scheduling.sdwan --out results/sdwan [--scale quick|paper] [--only fig4a,fig4b,fig5,fig6]

The metric is the paper's flow completion time: a flow is one direction of
a TCP connection (what the splitter counts), from its first packet leaving
the source border router to its last data or FIN arriving at the other.
Short flows are those of at most the threshold's packets (the splitter's
class at the flow's end), in ECMP runs too, so both modes are measured on
the same flows (same seeds). A gain is ECMP's statistic over the
splitter's, computed run by run (run *r* of both modes has the same
workload) and reported as the mean over runs with its 95 % confidence
half-width, for the median, the 99th percentile and the mean of short-flow
FCT. The long-flow ratio (splitter / ECMP) comes with each point: the paper
requires that it does not degrade much. Each point also gives the share of
flows whose sender had a SYN timeout or another retransmission timeout.

Writes, per experiment, the runs (``*-runs.csv``), the summaries
(``*-summary.csv``), gnuplot figures (``fig-*.png``), and merges the
headline figures into ``summary.json`` with the command, the commit and the
wall time that made them:

* fig4a: gain against the threshold (3 .. 100 packets) at two request rates
  (no flow here has fewer than 3 packets: a one-packet download is its
  SYN-ACK, the data and its FIN);
* fig4b: gain against the background utilisation (the paper's 10 .. 40 %),
  over ECMP per flow (and per packet at quick scale);
* fig5: PDFs of short-flow FCT and of packet jitter, splitter vs ECMP, at
  the lowest and highest utilisation, with jitter apart for the packets that
  arrive on another tunnel than their flow's previous packet;
* fig6: short-flow FCT with no, native-XDP and generic-XDP splitter delay.

``--scale paper`` runs fig4b as the paper does (2-minute runs, first 5 s
discarded, 5 runs per point); ``--scale quick`` runs 20 s (5 s discarded),
3 runs per point.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Optional

import numpy as np
import pandas as pd

from . import plot, run, summarize, sweep
from .reproduce import local_jobs, pm, recorded, reproduce_main, rst_table
from .stats import failed_runs, mean_ci

SCALES = {
    "paper": {"duration": "120s", "warmup": "5s", "runs": 5,
              "thresholds": [3, 5, 10, 20, 40, 70, 100], "rates": [50, 100, 200],
              "utilisations": [0.1, 0.2, 0.3, 0.4], "fig4b_modes": ["splitter", "ecmp"]},
    "quick": {"duration": "20s", "warmup": "5s", "runs": 3,
              "thresholds": [3, 5, 20, 100], "rates": [50, 100],
              "utilisations": [0.1, 0.4], "fig4b_modes": ["splitter", "ecmp", "ecmp-packet"]},
}
STATS = ["p50", "p99", "mean"]
METRICS = ([f"short_fct_{q}_us" for q in STATS] + [f"long_fct_{q}_us" for q in STATS]
           + ["jitter_mean_us", "jitter_std_us", "syn_timeout_share", "rto_share"])
GAINS = [f"gain_{q}" for q in STATS] + ["long_ratio_p50", "long_ratio_mean"]


def _with_shares(runs: pd.DataFrame) -> pd.DataFrame:
    """Per run, the share of flows (short and long) whose sender had a SYN
    timeout, and another retransmission timeout."""
    runs = runs.copy()
    flows = runs.short_flows + runs.long_flows
    runs["syn_timeout_share"] = (runs.short_flows_syn_timeout + runs.long_flows_syn_timeout) / flows
    runs["rto_share"] = (runs.short_flows_rto + runs.long_flows_rto) / flows
    return runs


def gains(split: pd.DataFrame, baseline: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Gains of the splitter over a baseline, run by run (the same ``run``
    is the same workload in both), then their mean and 95 % CI over runs:
    ``gain_p50``, ``gain_p99``, ``gain_mean`` (baseline / splitter,
    short-flow FCT) and ``long_ratio_p50``, ``long_ratio_mean`` (splitter /
    baseline, long flows)."""
    # A failed run of either mode leaves its pair out (summarize would not
    # see the failure once merged).
    split, baseline = split[~failed_runs(split)], baseline[~failed_runs(baseline)]
    m = split.merge(baseline, on=by + ["run"], suffixes=("_s", "_b"))
    for q in STATS:
        m[f"gain_{q}"] = m[f"short_fct_{q}_us_b"] / m[f"short_fct_{q}_us_s"]
    for q in ("p50", "mean"):
        m[f"long_ratio_{q}"] = m[f"long_fct_{q}_us_s"] / m[f"long_fct_{q}_us_b"]
    return summarize(m, by, GAINS) if by else summarize(m.assign(all=0), ["all"], GAINS).drop(columns="all")


def _ci_dict(row, names) -> dict:
    return {n: [round(float(row[n]), 3), round(float(row[f"{n}_ci"]), 3)] for n in names}


def fig4a(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Gain vs threshold at several request rates (40 % background)."""
    common = dict(duration=scale["duration"], warmup=scale["warmup"], utilisation=0.4, progress=progress,
                  runs=scale["runs"], jobs=jobs)
    grid = {"rate": scale["rates"], "threshold": scale["thresholds"]}
    # ECMP ignores the threshold, but short and long flows are classed by it.
    split = _with_shares(sweep("sdwan-scenario", grid, mode="splitter", **common))
    ecmp = _with_shares(sweep("sdwan-scenario", grid, mode="ecmp", **common))
    pd.concat([split, ecmp], ignore_index=True).to_csv(out / "fig4a-runs.csv", index=False)
    g = gains(split, ecmp, ["rate", "threshold"])
    g["series"] = [f"{r:g} requests/s" for r in g.rate]
    g.to_csv(out / "fig4a-summary.csv", index=False)
    plot.line_plot(g, "threshold", "gain_p50", "series", out / "fig4a-gain-vs-threshold.png", ci="gain_p50_ci",
                   title="Median short-flow FCT, ECMP / splitter (40 % background)",
                   xlabel="threshold (packets)", ylabel="gain (median)")
    result = {}
    for rate, rows in g.groupby("rate"):
        result[f"fig4a_{rate:g}rps"] = {str(int(r["threshold"])): _ci_dict(r, GAINS) for _, r in rows.iterrows()}
        # The paper speaks of packet rates: the application's packets per
        # second through the border routers (both directions).
        r = split[split.rate == rate]
        result[f"fig4a_{rate:g}rps_packets_per_s"] = round(float((r.wan_packets / r.sim_time_s).mean()))
    return result


def fig4b(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Gain vs background utilisation (threshold 20), over ECMP per flow
    (and per packet at quick scale)."""
    runs = _with_shares(sweep("sdwan-scenario", {"utilisation": scale["utilisations"],
                                                 "mode": scale["fig4b_modes"]},
                              runs=scale["runs"], jobs=jobs, duration=scale["duration"],
                              warmup=scale["warmup"], progress=progress))
    runs.to_csv(out / "fig4b-runs.csv", index=False)
    s = summarize(runs, ["mode", "utilisation"], METRICS)
    s.to_csv(out / "fig4b-summary.csv", index=False)
    split = runs[runs["mode"] == "splitter"]
    rows = []
    for baseline in scale["fig4b_modes"][1:]:
        g = gains(split, runs[runs["mode"] == baseline], ["utilisation"])
        g.insert(0, "baseline", baseline)
        rows.append(g)
    g = pd.concat(rows, ignore_index=True)
    g["utilisation_pct"] = (100 * g.utilisation).round().astype(int)
    g.to_csv(out / "fig4b-gains.csv", index=False)
    plot.line_plot(g, "utilisation_pct", "gain_p50", "baseline", out / "fig4b-gain-vs-utilisation.png",
                   ci="gain_p50_ci", title="Median short-flow FCT, baseline / splitter",
                   xlabel="background utilisation (%)", ylabel="gain (median)")
    result = {}
    for _, r in g.iterrows():
        result.setdefault(f"fig4b_over_{r['baseline']}", {})[str(r["utilisation_pct"])] = _ci_dict(r, GAINS)
    for r in s.itertuples():
        result.setdefault("fig4b_timeouts", {}).setdefault(r.mode, {})[str(round(100 * r.utilisation))] = {
            "syn_timeout_share": [float(r.syn_timeout_share), float(r.syn_timeout_share_ci)],
            "rto_share": [float(r.rto_share), float(r.rto_share_ci)]}
    return result


def _pdf_from_cdf(values: np.ndarray, fractions: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Density on ``edges`` (from 0) from a CDF given at ``values`` (the
    histogram's bucket values, from 0: its first point is the share of
    zeros): the CDF interpolated at the edges, differenced, so that the
    zeros fall in the first bin."""
    cdf = np.interp(edges, values, fractions, left=0.0)
    cdf[0] = 0.0
    return np.diff(cdf) / np.diff(edges)


def _direction_stats(flows: pd.DataFrame) -> dict:
    """Median and p99 of short-flow FCT per direction (``up``: the request's,
    client to server; ``down``: the file's for a download) and pooled."""
    short = flows[flows["class"] == "short"]
    out = {}
    for name, g in [("all", short), *short.groupby("direction")]:
        out[f"{name}_p50_us"] = float(g.fct_us.median())
        out[f"{name}_p99_us"] = float(g.fct_us.quantile(0.99))
        out[f"{name}_share"] = len(g) / len(short)
    return out


def fig5(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """PDFs of short-flow FCT and of packet jitter, splitter vs ECMP, at the
    lowest and highest utilisation, from every flow of ``runs`` runs per
    mode; and per run the short flows' median and p99 per direction (exact,
    from the flow records), whose gains come with their CIs."""
    from concurrent.futures import ThreadPoolExecutor

    points = [(u, mode, r) for u in (scale["utilisations"][0], scale["utilisations"][-1])
              for mode in ["splitter", "ecmp"] for r in range(1, scale["runs"] + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        def one(point):
            u, mode, r = point
            flows, cdf = Path(tmp) / f"flows-{u}-{mode}-{r}.csv", Path(tmp) / f"jitter-{u}-{mode}-{r}.csv"
            j = run("sdwan-scenario", mode=mode, utilisation=u, duration=scale["duration"], warmup=scale["warmup"],
                    run=r, flows=str(flows), jitter_cdf=str(cdf))
            return (j, pd.read_csv(flows).assign(mode=mode, utilisation=u, run=r),
                    pd.read_csv(cdf).assign(mode=mode, utilisation=u, run=r))
        with ThreadPoolExecutor(local_jobs(jobs)) as pool:
            done = list(pool.map(one, points))
    rows, fct_rows, jitter_all = [], [], []
    for (u, mode, r), (j, f, c) in zip(points, done):
        by = j["jitter_by"]
        change = by["tunnel_change"]["packets"] / max(1, by["tunnel_change"]["packets"] + by["same_tunnel"]["packets"])
        rows.append({"utilisation": u, "mode": mode, "run": r, "jitter_mean_us": j["jitter_mean_us"],
                     "jitter_std_us": j["jitter_std_us"], "jitter_p99_us": j["jitter_p99_us"],
                     "tunnel_change_share": change, "tunnel_change_mean_us": by["tunnel_change"]["mean_us"],
                     "same_tunnel_mean_us": by["same_tunnel"]["mean_us"],
                     "same_tunnel_std_us": by["same_tunnel"]["std_us"], **_direction_stats(f)})
        fct_rows.append(f)
        if r == 1:
            jitter_all.append(c)
    per_run = pd.DataFrame(rows)
    per_run.to_csv(out / "fig5-runs.csv", index=False)
    result = {}
    for u, g in per_run.groupby("utilisation"):
        pct = round(100 * u)
        for mode, m in g.groupby("mode"):
            result[f"fig5_{pct}pct_{mode}"] = {
                k: [round(v, 5) for v in mean_ci(m[k])]
                for k in ["jitter_mean_us", "jitter_std_us", "jitter_p99_us", "tunnel_change_share",
                          "tunnel_change_mean_us", "same_tunnel_mean_us", "same_tunnel_std_us",
                          "all_p50_us", "up_p50_us", "down_p50_us", "all_p99_us", "up_p99_us", "down_p99_us",
                          "up_share"]}
        pair = g[g["mode"] == "splitter"].merge(g[g["mode"] == "ecmp"], on="run", suffixes=("_s", "_e"))
        result[f"fig5_{pct}pct_gain"] = {
            f"{d}_{q}": [round(v, 3) for v in mean_ci(pair[f"{d}_{q}_us_e"] / pair[f"{d}_{q}_us_s"])]
            for d in ("all", "up", "down") for q in ("p50", "p99")}
    flows = pd.concat(fct_rows, ignore_index=True)
    flows[flows.run == 1].drop(columns="run").to_csv(out / "fig5-flows.csv.gz", index=False)
    cdfs = pd.concat(jitter_all, ignore_index=True).drop(columns="run")
    cdfs.to_csv(out / "fig5-jitter-cdf.csv", index=False)
    pdf_rows = []
    for u, g in flows[flows["class"] == "short"].groupby("utilisation"):
        edges = np.linspace(0, g.fct_us.quantile(0.99) / 1e3, 41)
        for mode, m in g.groupby("mode"):
            # A density of all the mode's flows, not rescaled to those below the cut.
            counts, _ = np.histogram(m.fct_us / 1e3, bins=edges)
            density = counts / (len(m) * np.diff(edges))
            pdf_rows += [{"utilisation": u, "mode": mode, "fct_ms": (a + b) / 2, "pdf": d}
                         for a, b, d in zip(edges, edges[1:], density)]
    fct_pdf = pd.DataFrame(pdf_rows)
    fct_pdf.to_csv(out / "fig5-fct-pdf.csv", index=False)
    jitter_pdf = []
    for (u, kind), g in cdfs.groupby(["utilisation", "packets"]):
        top = cdfs[(cdfs.utilisation == u) & (cdfs.packets == "all") & (cdfs.fraction <= 0.99)].jitter_us.max()
        edges = np.linspace(0, top if top > 0 else 1.0, 41)
        for mode, m in g.groupby("mode"):
            d = _pdf_from_cdf(m.jitter_us.to_numpy(), m.fraction.to_numpy(), edges)
            jitter_pdf += [{"utilisation": u, "packets": kind, "mode": mode, "jitter_us": (a + b) / 2, "pdf": v}
                           for a, b, v in zip(edges, edges[1:], d)]
    jitter_pdf = pd.DataFrame(jitter_pdf)
    jitter_pdf.to_csv(out / "fig5-jitter-pdf.csv", index=False)
    for u in sorted(flows.utilisation.unique()):
        pct = round(100 * u)
        plot.line_plot(fct_pdf[fct_pdf.utilisation == u], "fct_ms", "pdf", "mode", out / f"fig5-fct-pdf-{pct}.png",
                       title=f"Short-flow FCT ({pct} % background)", xlabel="FCT (ms)", ylabel="PDF")
        jp = jitter_pdf[(jitter_pdf.utilisation == u) & (jitter_pdf.packets == "all")]
        plot.line_plot(jp, "jitter_us", "pdf", "mode", out / f"fig5-jitter-pdf-{pct}.png", logy=True,
                       title=f"Packet jitter ({pct} % background)", xlabel="jitter (us)", ylabel="PDF")
    return result


def fig6(out: Path, scale: dict, jobs: int, progress: Optional[bool] = None) -> dict:
    """Short-flow FCT with no, native and generic splitter delay."""
    runs = _with_shares(sweep("sdwan-scenario", {"splitter_delay": ["none", "native", "generic"]},
                              runs=scale["runs"], jobs=jobs, duration=scale["duration"],
                              warmup=scale["warmup"], progress=progress))
    runs.to_csv(out / "fig6-runs.csv", index=False)
    s = summarize(runs, ["splitter_delay"], METRICS)
    s.to_csv(out / "fig6-summary.csv", index=False)
    none = runs[runs.splitter_delay == "none"]
    result = {}
    for d in ("native", "generic"):
        m = runs[runs.splitter_delay == d].merge(none, on="run", suffixes=("", "_none"))
        for q in ("p50", "mean"):
            pct = 100 * (m[f"short_fct_{q}_us"] / m[f"short_fct_{q}_us_none"] - 1)
            mean, ci = mean_ci(pct)
            result.setdefault("fig6_short_fct_increase_pct", {}).setdefault(d, {})[q] = [round(mean, 3),
                                                                                         round(ci, 3)]
    return result


def doc_table(root: Path | str = "results/sdwan") -> str:
    """The doc's SD-WAN table, made from the committed summaries
    (``<root>/paper/summary.json``: fig4b at paper scale;
    ``<root>/quick/summary.json``: the rest). Gains are mean ± 95 % CI
    half-width over runs of the run-by-run ratios."""
    import json

    root = Path(root)
    paper = json.loads((root / "paper" / "summary.json").read_text())
    quick = json.loads((root / "quick" / "summary.json").read_text())
    over = paper["fig4b_over_ecmp"]
    utils = sorted(over, key=int)
    top = over[utils[-1]]
    rows = [("Result", "Paper", "Measured")]
    rows.append((f"Short-flow FCT, ECMP / splitter, {utils[-1]} %, 2-min runs: median; p99; mean",
                 "1.5-2x", f"{pm(top['gain_p50'])}; {pm(top['gain_p99'])}; {pm(top['gain_mean'])}"))
    rows.append((f"Gain vs utilisation (Fig. 4b), {' / '.join(utils)} %, median", "grows",
                 " / ".join(pm(over[u]["gain_p50"]) for u in utils)))
    rows.append((f"Gain vs utilisation (Fig. 4b), {' / '.join(utils)} %, p99", "grows",
                 " / ".join(pm(over[u]["gain_p99"]) for u in utils)))
    for rate in sorted((k for k in quick if k.startswith("fig4a_") and k.endswith("rps")),
                       key=lambda k: -float(k[6:-3])):
        t = quick[rate]
        ts = sorted(t, key=int)
        rows.append((f"Gain vs threshold {' / '.join(ts)} (Fig. 4a), {rate[6:-3]} requests/s, median",
                     "lower threshold, larger gain", " / ".join(pm(t[x]["gain_p50"]) for x in ts)))
    rates = sorted(float(k[6:-3]) for k in quick if k.startswith("fig4a_") and k.endswith("rps"))
    at = "20" if all("20" in quick[f"fig4a_{r:g}rps"] for r in rates) else None
    if at:
        rows.append((f"Gain at higher packet rates, threshold {at}: "
                     + " / ".join(f"{r:g} requests/s ({quick[f'fig4a_{r:g}rps_packets_per_s']:,} packets/s)"
                                  for r in rates) + ", median",
                     "> 2x at high packet rates (rate not given)",
                     " / ".join(pm(quick[f"fig4a_{r:g}rps"][at]["gain_p50"]) for r in rates)))
    spray = quick["fig4b_over_ecmp-packet"]
    rows.append((f"ECMP per packet / splitter, {' / '.join(sorted(spray, key=int))} %, median", "(not reported)",
                 " / ".join(pm(spray[u]["gain_p50"]) for u in sorted(spray, key=int))))
    rows.append((f"Long-flow FCT, splitter / ECMP, {utils[-1]} %, 2-min runs: median; mean", "not much worse",
                 f"{pm(top['long_ratio_p50'])}; {pm(top['long_ratio_mean'])}"))
    timeouts = paper["fig4b_timeouts"]
    rows.append((f"Flows with a SYN timeout, {utils[-1]} %: splitter; ECMP", "(not reported)",
                 "; ".join(f"{100 * timeouts[m][utils[-1]]['syn_timeout_share'][0]:.3f} %"
                           for m in ("splitter", "ecmp"))))
    rows.append((f"Flows with another retransmission timeout, {utils[-1]} %: splitter; ECMP", "(not reported)",
                 "; ".join(f"{100 * timeouts[m][utils[-1]]['rto_share'][0]:.3f} %" for m in ("splitter", "ecmp"))))
    delay = quick["fig6_short_fct_increase_pct"]
    rows.append(("Splitter delay (Fig. 6), short-flow FCT mean: native; generic",
                 "µs, two orders below FCT",
                 f"+{pm(delay['native']['mean'])} %; +{pm(delay['generic']['mean'])} %"))
    for key in sorted((k for k in quick if k.startswith("fig5_") and k.endswith("_gain")),
                      key=lambda k: int(k.split("_")[1][:-3])):
        pct, g = key.split("_")[1][:-3], quick[key]
        rows.append((f"Short flows by direction, {pct} % (quick): median gain down; up",
                     "(not reported)", f"{pm(g['down_p50'])}; {pm(g['up_p50'])}"))
        rows.append((f"Short flows by direction, {pct} % (quick): p99 gain down; up",
                     "(not reported)", f"{pm(g['down_p99'])}; {pm(g['up_p99'])}"))
    for key in sorted((k for k in quick if k.startswith("fig5_") and k.endswith("_splitter")),
                      key=lambda k: int(k.split("_")[1][:-3])):
        pct = key.split("_")[1][:-3]
        sp, ec = quick[key], quick[key.replace("_splitter", "_ecmp")]
        def compare(key):
            (a, ha), (b, hb) = sp[key], ec[key]
            return "lower" if a + ha < b - hb else "higher" if a - ha > b + hb else "CIs overlap"
        verdicts = [compare("jitter_mean_us"), compare("jitter_std_us")]
        rows.append((f"Jitter (Fig. 5 PDFs), {pct} %: mean; std, splitter vs ECMP (us)",
                     "splitter lower mean and std",
                     f"{pm(sp['jitter_mean_us'], 1)}; {pm(sp['jitter_std_us'], 1)} vs "
                     f"{pm(ec['jitter_mean_us'], 1)}; {pm(ec['jitter_std_us'], 1)}: "
                     + ("agrees" if verdicts == ["lower", "lower"]
                        else f"not reproduced (mean: {verdicts[0]}; std: {verdicts[1]})")))
    return rst_table(rows)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["table"]:
        print(doc_table(argv[1] if len(argv) > 1 else "results/sdwan"), end="")
        return 0
    return reproduce_main(
        "sdwan", "Reproduce the SD-WAN splitter evaluation", "results/sdwan", SCALES,
        {name: recorded("sdwan", name, f, argv) for name, f in
         {"fig4a": fig4a, "fig4b": fig4b, "fig5": fig5, "fig6": fig6}.items()},
        argv)


if __name__ == "__main__":
    sys.exit(main())
