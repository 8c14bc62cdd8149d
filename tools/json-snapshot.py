#!/usr/bin/env python3
"""Same code paths, same results across revisions: run every example in the
configurations its README, its tests and CI give it (plus every policy,
scheduler, controller and mode once), write each JSON summary without its
wall-clock fields into OUT, and with --against compare them to another
revision's snapshot.

A refactoring must leave every file identical:

    git stash; make build; tools/json-snapshot.py build /tmp/before
    git stash pop; make build; tools/json-snapshot.py build /tmp/after --against /tmp/before
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))
sys.path.insert(0, str(REPO / "python" / "tests"))

from request_scheduling.runner import _arguments  # noqa: E402
from test_determinism import EXAMPLES, differences, simulated  # noqa: E402

SHORT = dict(duration="20ms")


def readme_commands() -> list[list[str]]:
    """The example command lines of the README (continuations joined); the
    ones reading a file the reader writes themselves are left out."""
    text = (REPO / "README.md").read_text().replace("\\\n", " ")
    commands = []
    for line in text.splitlines():
        if line.startswith("build/examples/") and "my-graph" not in line:
            args = shlex.split(line.split("#")[0])
            commands.append([Path(args[0]).name, *[a for a in args[1:] if not a.startswith("--json")]])
    return commands


def ci_commands() -> list[list[str]]:
    """The in-tree examples ns-3's test.py runs (test/examples-to-run.py)."""
    scope: dict = {}
    exec((REPO / "test" / "examples-to-run.py").read_text(), scope)
    return [shlex.split(command) for command, _, _ in scope["cpp_examples"]]


def option_commands(example: str, options: dict) -> list[str]:
    return [example, *_arguments(options)]


def coverage_commands() -> list[list[str]]:
    """Every choice of the options that pick a class: each policy, scheduler,
    controller and mode runs once, with and without faults where they apply."""
    out = []
    for policy in ["dfcfs", "cfcfs", "ps", "shinjuku", "psp", "afp", "lcfs"]:
        for level in ["packet", "queue"]:
            out.append(option_commands("microsecond-scenario", dict(intra=policy, cores=4, load=0.8, level=level,
                                                                **SHORT)))
    out.append(option_commands("microsecond-scenario", dict(intra="afp", cores=4, load=0.7, rss="random",
                                                        fail="server:0@5ms-10ms", **SHORT)))
    for scheduler in ["random", "cards", "steam", "round-robin", "power-of-k", "jbsq", "lowest-load", "central",
                      "site-random"]:
        out.append(option_commands("cards-scenario", dict(scenario="2a", inter=scheduler, clients=100,
                                                          duration="200ms")))
    out.append(option_commands("cards-scenario", dict(scenario="3", inter="cards", deployment="routed",
                                                      clients=500, duration="1s")))
    for scheduler in ["steam", "jbsq", "cards"]:
        out.append(option_commands("cards-scenario", dict(scenario="2a", inter=scheduler, clients=100,
                                                          fail="server:1@50ms-120ms", duration="200ms")))
    out.append(option_commands("cards-scenario", dict(scenario="2a", inter="steam", affinity="60s",
                                                      hold_until_affinity=True, clients=100, duration="200ms")))
    for policy in ["racksched", "random", "rr", "shortest", "sampling", "client", "jbsq", "shinjuku"]:
        out.append(option_commands("racksched-scenario", dict(inter=policy, servers=4, load=0.8,
                                                              duration="20ms", warmup="2ms")))
    for tracking in ["int1", "int2", "int3", "queue", "proactive", "proactive-k"]:
        out.append(option_commands("racksched-scenario", dict(inter="racksched", tracking=tracking, servers=4,
                                                              load=0.8, duration="20ms", warmup="2ms")))
    out.append(option_commands("racksched-scenario", dict(inter="racksched", servers=4, load=0.7,
                                                          fail="server:1@5ms-10ms", duration="20ms",
                                                          warmup="2ms")))
    out.append(option_commands("racksched-scenario", dict(inter="sampling", sampling="distinct", servers=8,
                                                          workload="bimodal50", per_type_load="off", load=0.8,
                                                          duration="20ms", warmup="2ms")))
    out.append(option_commands("racksched-scenario", dict(inter="rr", workload="trimodal", per_type_load="on",
                                                          servers=4, load=0.8, duration="20ms", warmup="2ms")))
    out.append(option_commands("racksched-scenario", dict(inter="jbsq", servers=4, load=0.9,
                                                          fail="server:1@5ms-10ms", duration="20ms",
                                                          warmup="2ms")))
    for controller in ["null", "max", "onoff", "full", "nfvnice"]:
        for level in ["packet", "queue"]:
            out.append(option_commands("batchy-scenario", dict(pipeline="vrf", m=2, n=4, rate=5e6,
                                                               controller=controller, level=level,
                                                               duration="100ms", period="10ms")))
    out.append(option_commands("batchy-scenario", dict(pipeline="mgw", m=2, n=4, controller="full", rate=2e6,
                                                       cores=2, decompose=True, slo="20us", duration="100ms",
                                                       period="10ms")))
    out.append(option_commands("batchy-scenario", dict(pipeline="gw", n=8, controller="nfvnice", rate=3e6,
                                                       fail="server:0@20ms-40ms", duration="100ms",
                                                       period="10ms")))
    out.append(option_commands("batchy-scenario", dict(pipeline="vrf", m=2, n=4, controller="null", rate=5e6,
                                                       slo="0.8x", report_own_slos=True, duration="100ms",
                                                       period="10ms")))
    out.append(option_commands("batchy-scenario", dict(pipeline="vrf", m=2, n=4, controller="max", rate=5e6,
                                                       report_slo_factor=0.8, duration="100ms", period="10ms")))
    out.append(option_commands("batchy-scenario", dict(pipeline="vrf", m=2, n=4, controller="full", rate=2e6,
                                                       slo_steps="50ms:30us", rate_steps="70ms:3e6",
                                                       step_flows="vrf0.*", duration="100ms", period="10ms")))
    for mode in ["splitter", "ecmp", "ecmp-packet"]:
        out.append(option_commands("sdwan-scenario", dict(mode=mode, duration="1s", warmup="0s",
                                                          utilisation=0.2)))
    for inter, rack, intra in [("cards", "racksched", "afp"), ("random", "random", "dfcfs"),
                               ("round-robin", "jbsq", "shinjuku")]:
        out.append(option_commands("end-to-end-scenario", dict(inter=inter, rack=rack, intra=intra, load=0.8,
                                                               duration="20ms", warmup="2ms")))
    out.append(option_commands("end-to-end-scenario", dict(level="queue", load=0.8, duration="20ms",
                                                           warmup="2ms")))
    return out


def all_commands() -> list[list[str]]:
    commands = readme_commands() + ci_commands() + coverage_commands()
    commands += [option_commands(example, options) for example, options in EXAMPLES]
    unique = []
    for command in commands:
        if command not in unique:
            unique.append(command)
    return unique


def file_name(command: list[str]) -> str:
    return re.sub(r"[^A-Za-z0-9.=_,:-]+", "_", "_".join(a.lstrip("-") for a in command))[:200] + ".json"


def run(build: Path, command: list[str]) -> dict:
    with tempfile.TemporaryDirectory(prefix="rs-snapshot-") as tmp:
        out = Path(tmp) / "summary.json"
        proc = subprocess.run([str(build / "examples" / command[0]), *command[1:], f"--json={out}"],
                              capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            return {"error": f"exit {proc.returncode}: {proc.stderr.strip()[-500:]}"}
        return simulated(json.loads(out.read_text()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=Path, help="build directory (its examples/ are run)")
    parser.add_argument("out", type=Path, help="directory for the summaries")
    parser.add_argument("--against", type=Path, help="another revision's snapshot to compare with")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="run only the commands containing this text")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    commands = [c for c in all_commands() if args.only in " ".join(c)]

    def one(command):
        summary = run(args.build, command)
        (args.out / file_name(command)).write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")
        return command, summary

    failed = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        for command, summary in pool.map(one, commands):
            label = " ".join(command)
            if "error" in summary:
                failed += 1
                print(f"snapshot: FAILED {label}: {summary['error']}")
                continue
            if not args.against:
                print(f"snapshot: {label}")
                continue
            before = args.against / file_name(command)
            if not before.exists():
                print(f"snapshot: new {label}")
                continue
            diff = differences(json.loads(before.read_text()), summary)
            failed += bool(diff)
            print(f"snapshot: {'DIFFERENT' if diff else 'identical'} {label}" +
                  "".join(f"\n  {d}" for d in diff[:10]))
    print(f"snapshot: {len(commands)} configurations, {failed} failed or different")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
