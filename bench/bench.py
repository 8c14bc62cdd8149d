#!/usr/bin/env python3
"""Simulation speed of request-scheduling (a benchmark, not a timed test).

Runs the microsecond-scenario example at 10^6 requests and a bare ns-3 event
loop with the same number of events in the same session, and prints:
simulated requests per wall-clock second, ns-3 events per second for both,
their ratio, the events per second of the examples' own loop
(LeanSimulatorImpl and PeekableScheduler) doing nothing else (the floor per
event), and peak memory (max RSS) at 10^5 and 10^6 requests with
streaming statistics and with exact quantiles, to show that memory follows
requests in flight, not requests simulated. Then it times one full CArDS
scenario-2 point (1550 clients, 10 s simulated, about 3.1 million requests)
and one AFP point of the AFP paper (14 workers and a timer core, W1, 90 %
load, 200 ms of arrivals, about 840 000 requests; and the AFP authors'
side-by-side point, W1 at 50 %, at packet and at queue level), and the SD-WAN paper's
scale: 2 minutes of the splitter testbed at 40 % background (target: under
5 minutes on one core), and a RackSched rack: 8 servers x 8 Shinjuku
workers behind the power-of-2 switch at 80 % load, bimodal90, 10^6
requests (target: under 60 s on one core), at packet and at queue level,
and a Batchy pipeline:
VRF(4,8) at 1 Mpps for 10 s simulated under the on-off controller (target:
under 60 s on one core).

The queue level (--level=queue) is measured on the c-FCFS point and on the
AFP W1 50 % point, with peak memory at 10^5 and 10^7 requests there; with
--authors PATH (a checkout of AFP-Project/AFP-Simulator) the authors'
simulator runs the AFP W1 50 % point too (5 ms of arrivals) and the ratios
are printed. Last, one sweep grid is timed with 1 and with 2 parallel jobs,
and with --dask RUNS that many SD-WAN paper-scale runs on a local Dask
cluster of 1 and of 2 worker processes.

    .venv/bin/python bench/bench.py [--requests N] [--no-cards] [--no-afp] [--no-sdwan] [--no-racksched] [--no-batchy]
                                    [--no-sweep] [--dask RUNS] [--authors PATH] [--out results/bench]
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

from request_scheduling import build_dir, example_path, sweep  # noqa: E402

# c-FCFS on 4 cores at 80 % load with exponential 10 us requests: 320 000 requests/s.
SCENARIO = dict(intra="cfcfs", cores=4, load=0.8, service="exp:10us")
RATE = 0.8 * 4 / 10e-6


def wait_peak_rss(proc: subprocess.Popen) -> float:
    """Wait for a child; return its peak RSS in MiB.

    The peak is the program's own high-water mark (VmHWM in /proc), read
    while it runs. Not the child's rusage: Linux folds the peak of the
    address space a process leaves at exec into its ru_maxrss, so a child of
    this Python process would report at least the parent's resident size
    (211 MiB for a 25 MiB run under a 200 MiB parent)."""
    status = Path(f"/proc/{proc.pid}/status")
    peak_kib = 0
    while proc.poll() is None:
        try:
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak_kib = max(peak_kib, int(line.split()[1]))
        except OSError:  # gone between poll() and the read
            pass
        time.sleep(0.005)
    return peak_kib / 1024


def spawn(args: list[str]) -> tuple[str, float]:
    """Run a program; return its standard output and its peak RSS in MiB."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(args, stdout=out)
        rss = wait_peak_rss(proc)
        out.seek(0)
        text = out.read().decode()
    if proc.returncode != 0:
        raise RuntimeError(f"{args[0]} exited with {proc.returncode}")
    return text, rss


def run_example(requests: int, exact: bool, level: str = "packet") -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "s.json"
        args = [str(example_path("microsecond-scenario"))]
        args += [f"--{k}={v}" for k, v in SCENARIO.items()]
        args += [f"--duration={requests / RATE:.6f}s", f"--json={out}", f"--exact={str(exact).lower()}",
                 f"--level={level}"]
        _, rss = spawn(args)
        summary = json.loads(out.read_text())
    summary["max_rss_mib"] = rss
    return summary


def run_baseline(events: int, module: bool = False, draw: bool = True) -> dict:
    """The bare event loop: ns-3's own (event-loop-baseline) or the one the
    examples run on (event-loop-module); delays drawn from ns-3's generator
    or, with ``draw=False``, hashed (the loop alone)."""
    exe = build_dir() / "bench" / ("event-loop-module" if module else "event-loop-baseline")
    out, rss = spawn([str(exe), f"--events={events}", "--pending=64", f"--draw={str(draw).lower()}"])
    result = json.loads(out)
    result["max_rss_mib"] = rss
    return result


def point(example: str, options: list[str]) -> dict:
    """One run of an example: its requests, wall time, speed, events and peak memory."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.json"
        _, rss = spawn([str(example_path(example)), *options, f"--json={path}"])
        j = json.loads(path.read_text())
    return {"requests": j["sent"], "wall_s": j["wall_s"], "requests_per_wall_s": j["requests_per_wall_s"],
            "events": j["events"], "max_rss_mib": rss}


def core_point(requests: int) -> dict:
    """The c-FCFS point against the bare event loop, its memory at two sizes
    with and without exact quantiles, and the same point at queue level."""
    big = run_example(requests, exact=False)
    base = run_baseline(big["events"])
    floor = run_baseline(big["events"], module=True, draw=False)
    small = run_example(requests // 10, exact=False)
    small_exact = run_example(requests // 10, exact=True)
    big_exact = run_example(requests, exact=True)

    ratio = big["events_per_wall_s"] / base["events_per_wall_s"]
    report = {
        "scenario": SCENARIO,
        "requests": big["sent"],
        "wall_s": big["wall_s"],
        "requests_per_wall_s": big["requests_per_wall_s"],
        "events": big["events"],
        "events_per_request": big["events"] / big["sent"],
        "events_per_wall_s": big["events_per_wall_s"],
        "baseline_events_per_wall_s": base["events_per_wall_s"],
        "events_per_s_ratio_to_baseline": ratio,
        "module_loop_events_per_wall_s": floor["events_per_wall_s"],
        "max_rss_mib": {
            f"streaming, {small['sent']} requests": small["max_rss_mib"],
            f"streaming, {big['sent']} requests": big["max_rss_mib"],
            f"exact quantiles, {small_exact['sent']} requests": small_exact["max_rss_mib"],
            f"exact quantiles, {big_exact['sent']} requests": big_exact["max_rss_mib"],
            "bare event loop": base["max_rss_mib"],
        },
        "peak_requests_in_server": big["peak_in_server"],
    }
    queue = run_example(requests, exact=False, level="queue")
    report["cfcfs_queue_level"] = {"requests": queue["sent"], "wall_s": queue["wall_s"],
                                   "requests_per_wall_s": queue["requests_per_wall_s"],
                                   "events_per_request": queue["events"] / queue["sent"],
                                   "max_rss_mib": queue["max_rss_mib"]}

    return report


def system_points(args) -> dict:
    """The systems' points the options do not skip."""
    report = {}
    if not args.no_cards:
        cards = ["--scenario=2a", "--clients=1550", "--duration=10s"]
        report["cards_scenario2_point"] = {"clients": 1550, "simulated_s": 10, **point("cards-scenario", cards)}
        report["cards_scenario2_point_queue"] = {"clients": 1550, "simulated_s": 10,
                                                 **point("cards-scenario", [*cards, "--level=queue"])}
    if not args.no_afp:
        # The side-by-side point of the AFP authors' simulator (about 1 000
        # requests per wall-second there), at packet and at queue level.
        for level in ("packet", "queue"):
            report[f"afp_w1_50pct_{level}_level"] = {
                "simulated_s": 0.2,
                **point("microsecond-scenario", ["--intra=afp", "--cores=14", "--workload=w1", "--load=0.5",
                                             "--rss=random", "--duration=200ms", f"--level={level}"])}
        # 2 334 739 requests per simulated second: 10^5 and 10^7 requests.
        report["afp_w1_50pct_queue_level_memory_mib"] = {
            f"{n} requests": point("microsecond-scenario", ["--intra=afp", "--cores=14", "--workload=w1",
                                                        "--load=0.5", "--rss=random", "--level=queue",
                                                        f"--duration={n / 2_334_739:.6f}s"])["max_rss_mib"]
            for n in (100_000, 10_000_000)}
        if args.authors:
            from request_scheduling.microsecond import PSP_POLICIES, authors_config, run_authors

            config = authors_config(json.loads((args.authors / "configs" / "afp.json").read_text()),
                                    PSP_POLICIES["AFP-1"], "w1", "exp", 0.5, "5ms")
            theirs = run_authors(args.authors, config, 1)
            rate = theirs["completed"] / theirs["wall_s"]
            report["afp_w1_50pct_authors"] = {
                "requests": theirs["completed"], "wall_s": theirs["wall_s"], "requests_per_wall_s": rate,
                **{f"ratio_{level}_level": report[f"afp_w1_50pct_{level}_level"]["requests_per_wall_s"] / rate
                   for level in ("packet", "queue")}}
        report["afp_w1_90pct_point"] = {
            "simulated_s": 0.2,
            **point("microsecond-scenario", ["--intra=afp", "--cores=14", "--workload=w1", "--quantum=1us",
                                         "--load=0.9", "--rss=random", "--duration=200ms"])}
    if not args.no_sdwan:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "p.json"
            _, rss = spawn([str(example_path("sdwan-scenario")), "--duration=120s", "--utilisation=0.4",
                            f"--json={path}"])
            j = json.loads(path.read_text())
        report["sdwan_paper_point"] = {
            "simulated_s": j["sim_time_s"], "connections": j["connections"]["started"], "wall_s": j["wall_s"],
            "packets": j["wan_packets"] + j["background_messages"], "packets_per_wall_s": j["packets_per_wall_s"],
            "events": j["events"], "max_rss_mib": rss}
    if not args.no_racksched:
        # 0.8 x 64 workers / 95 us = 538 947 requests/s: 10^6 requests in 1.8555 s.
        rack = ["--inter=racksched", "--workload=bimodal90", "--load=0.8", "--duration=1855.5ms", "--warmup=100ms"]
        report["racksched_rack_point"] = {"simulated_s": 1.8555, **point("racksched-scenario", rack)}
        report["racksched_rack_point_queue"] = {"simulated_s": 1.8555,
                                                **point("racksched-scenario", [*rack, "--level=queue"])}
    if not args.no_batchy:
        report["batchy_vrf_point"] = {
            "simulated_s": 10,
            **point("batchy-scenario", ["--pipeline=vrf", "--m=4", "--n=8", "--rate=1e6", "--duration=10s",
                                        "--controller=onoff"])}
        report["batchy_vrf_point_queue"] = {
            "simulated_s": 10,
            **point("batchy-scenario", ["--pipeline=vrf", "--m=4", "--n=8", "--rate=1e6", "--duration=10s",
                                        "--controller=onoff", "--level=queue"])}
    if args.dask:
        # The SD-WAN paper scale's runs (2 minutes, 40 % background, as the
        # paper-scale point above) as one sweep on a local Dask cluster of 1,
        # then 2, worker processes of one thread, reached by its address as a
        # real cluster's scheduler would be.
        import distributed

        walls = {}
        for workers in (1, 2):
            with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                          dashboard_address=None) as cluster:
                start = time.perf_counter()
                sweep("sdwan-scenario", {}, runs=args.dask, jobs=cluster.scheduler_address, progress=False,
                      strict=True, duration="120s", warmup="5s", utilisation=0.4)
                walls[workers] = time.perf_counter() - start
        report["sdwan_dask"] = {"runs": args.dask, "wall_s_1_worker": walls[1], "wall_s_2_workers": walls[2],
                                "speedup": walls[1] / walls[2]}
    if not args.no_sweep:
        # One grid (4 loads x 2 runs of c-FCFS, 1.6 s of runs in all) on 1 and on 2 local jobs.
        walls = {}
        for jobs in (1, 2):
            start = time.perf_counter()
            sweep("microsecond-scenario", {"load": [0.3, 0.5, 0.7, 0.9]}, runs=2, jobs=jobs, progress=False,
                  intra="cfcfs", cores=4, service="exp:10us", duration="200ms")
            walls[jobs] = time.perf_counter() - start
        report["sweep_8_runs"] = {"wall_s_1_job": walls[1], "wall_s_2_jobs": walls[2],
                                  "speedup": walls[1] / walls[2]}
    return report


def print_report(report: dict, out: Path) -> None:
    """The figures of a report, one system per line."""
    print(f"microsecond-scenario, {SCENARIO}: {report['requests']} requests")
    print(f"  simulated requests per wall-clock second: {report['requests_per_wall_s']:12,.0f}")
    print(f"  ns-3 events per wall-clock second:       {report['events_per_wall_s']:12,.0f}"
          f"  ({report['events_per_request']:.1f} events per request)")
    print(f"  bare ns-3 event loop, same event count:  {report['baseline_events_per_wall_s']:12,.0f}")
    print(f"  ratio module / bare loop (events/s):     {report['events_per_s_ratio_to_baseline']:12.2f}")
    floor = report["module_loop_events_per_wall_s"]
    print(f"  the examples' own loop, no draws:        {floor:12,.0f}  ({1e9 / floor:.0f} ns per event: "
          "the floor of any model's event)")
    q = report["cfcfs_queue_level"]
    print(f"  the same at queue level: {q['requests_per_wall_s']:12,.0f} requests/s "
          f"({q['events_per_request']:.1f} events per request, {q['max_rss_mib']:.0f} MiB)")
    print("  peak memory (max RSS):")
    for k, v in report["max_rss_mib"].items():
        print(f"    {k:40s} {v:8.1f} MiB")
    def queue_line(q, packet):
        # Events per wall-second against the bare ns-3 loop's (the c-FCFS point's baseline).
        bare = q["events"] / q["wall_s"] / report["baseline_events_per_wall_s"]
        return (f"  the same at queue level: {q['wall_s']:.2f} s wall ({q['requests_per_wall_s']:,.0f} requests/s, "
                f"{q['events'] / q['requests']:.1f} events/request, {bare:.2f} of the bare loop's events/s; "
                f"{q['requests_per_wall_s'] / packet['requests_per_wall_s']:.1f}x)")

    if "cards_scenario2_point" in report:
        c = report["cards_scenario2_point"]
        print(f"cards-scenario, scenario 2a, 1550 clients, 10 s simulated: {c['requests']} requests "
              f"in {c['wall_s']:.1f} s wall ({c['requests_per_wall_s']:,.0f} requests/s, "
              f"{c['events'] / c['requests']:.1f} events/request, {c['max_rss_mib']:.0f} MiB)")
        print(queue_line(report["cards_scenario2_point_queue"], c))
    for level in ("packet", "queue"):
        if f"afp_w1_50pct_{level}_level" in report:
            a = report[f"afp_w1_50pct_{level}_level"]
            print(f"microsecond-scenario, AFP-1, W1, 50 % load, 200 ms simulated, {level} level: {a['requests']} "
                  f"requests in {a['wall_s']:.2f} s wall ({a['requests_per_wall_s']:,.0f} requests/s, "
                  f"{a['events'] / a['requests']:.1f} events/request, {a['max_rss_mib']:.0f} MiB)")
    if "afp_w1_50pct_queue_level_memory_mib" in report:
        print("  queue level, peak memory: " + ", ".join(
            f"{k}: {v:.1f} MiB" for k, v in report["afp_w1_50pct_queue_level_memory_mib"].items()))
    if "afp_w1_50pct_authors" in report:
        a = report["afp_w1_50pct_authors"]
        print(f"  the authors' simulator, same point, 5 ms: {a['requests']} requests in {a['wall_s']:.1f} s "
              f"({a['requests_per_wall_s']:,.0f} requests/s); ours is {a['ratio_packet_level']:,.0f}x at packet "
              f"level, {a['ratio_queue_level']:,.0f}x at queue level")
    if "afp_w1_90pct_point" in report:
        a = report["afp_w1_90pct_point"]
        print(f"microsecond-scenario, AFP-1, W1, 90 % load, 200 ms simulated: {a['requests']} requests "
              f"in {a['wall_s']:.1f} s wall ({a['requests_per_wall_s']:,.0f} requests/s, "
              f"{a['events'] / a['requests']:.1f} events/request, {a['max_rss_mib']:.0f} MiB)")
    if "sdwan_paper_point" in report:
        d = report["sdwan_paper_point"]
        print(f"sdwan-scenario, splitter, 2 min, 40 % background: {d['connections']} connections, {d['packets']} packets "
              f"in {d['wall_s']:.1f} s wall ({d['packets_per_wall_s']:,.0f} packets/s, "
              f"{d['events'] / d['packets']:.1f} events/packet, {d['max_rss_mib']:.0f} MiB)")
    if "racksched_rack_point" in report:
        r = report["racksched_rack_point"]
        print(f"racksched-scenario, 8 x 8 rack, power-of-2, bimodal90, 80 % load: {r['requests']} requests "
              f"in {r['wall_s']:.1f} s wall ({r['requests_per_wall_s']:,.0f} requests/s, "
              f"{r['events'] / r['requests']:.1f} events/request, {r['max_rss_mib']:.0f} MiB)")
        print(queue_line(report["racksched_rack_point_queue"], r))
    if "batchy_vrf_point" in report:
        b = report["batchy_vrf_point"]
        print(f"batchy-scenario, VRF(4,8), 1 Mpps, 10 s, on-off: {b['requests']} packets "
              f"in {b['wall_s']:.1f} s wall ({b['requests_per_wall_s']:,.0f} packets/s, "
              f"{b['events'] / b['requests']:.1f} events/packet, {b['max_rss_mib']:.0f} MiB)")
        q = report["batchy_vrf_point_queue"]
        print(f"  the same at queue level: {q['wall_s']:.1f} s wall ({q['requests_per_wall_s']:,.0f} packets/s, "
              f"{q['events'] / q['requests']:.1f} events/packet; {b['wall_s'] / q['wall_s']:.1f}x)")
    if "sdwan_dask" in report:
        d = report["sdwan_dask"]
        print(f"sdwan-scenario on a local Dask cluster, {d['runs']} runs of 2 min at 40 % background: "
              f"{d['wall_s_1_worker']:.0f} s on 1 worker, {d['wall_s_2_workers']:.0f} s on 2 "
              f"({d['speedup']:.2f}x, {d['speedup'] / 2:.0%} of linear)")
    if "sweep_8_runs" in report:
        w = report["sweep_8_runs"]
        print(f"sweep, 8 runs of microsecond-scenario: {w['wall_s_1_job']:.1f} s on 1 job, "
              f"{w['wall_s_2_jobs']:.1f} s on 2 ({w['speedup']:.2f}x)")
    print(f"  report: {out / 'bench.json'}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="request-scheduling speed benchmark")
    parser.add_argument("--requests", type=int, default=1_000_000)
    parser.add_argument("--out", default=str(REPO / "results" / "bench"))
    parser.add_argument("--no-cards", action="store_true", help="skip the CArDS scenario-2 point")
    parser.add_argument("--no-afp", action="store_true", help="skip the AFP W1 90 %% point")
    parser.add_argument("--no-sdwan", action="store_true",
                        help="skip the SD-WAN paper-scale point (2 min, 40 %% background; minutes)")
    parser.add_argument("--no-racksched", action="store_true", help="skip the RackSched 8 x 8 rack point")
    parser.add_argument("--no-batchy", action="store_true",
                        help="skip the Batchy VRF(4,8) point (packet and queue level)")
    parser.add_argument("--no-sweep", action="store_true", help="skip the sweep with 1 and 2 jobs")
    parser.add_argument("--dask", metavar="RUNS", type=int, default=0,
                        help="also run RUNS SD-WAN paper-scale runs on a local Dask cluster of 1 and of 2 workers "
                             "(about 150 s of one core per run)")
    parser.add_argument("--authors", metavar="PATH", type=Path,
                        help="a checkout of AFP-Project/AFP-Simulator: run it on the AFP W1 50 %% point too")
    args = parser.parse_args(argv)

    report = core_point(args.requests)
    report.update(system_points(args))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "bench.json").write_text(json.dumps(report, indent=2))

    print_report(report, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
