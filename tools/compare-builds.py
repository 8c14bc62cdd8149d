#!/usr/bin/env python3
"""Same --run, same results across builds: run every example of the
determinism test in the standalone build (build/, against the PyPI wheel)
and in another build of the examples (the in-tree ns-3.37 build of
tools/intree-check.sh), and compare their JSON summaries.

Wall-clock fields differ by nature; ``events`` differs by ns-3 version (its
event count is the simulator's, not the model's). Everything else must be
identical, except for the examples that run over ns-3's TCP (SD-WAN): ns-3's
TCP changes between releases, so their differences are printed, not failed.

    tools/compare-builds.py EXAMPLES_DIR [--prefix ns3.37-] [--lib LIB_DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))
sys.path.insert(0, str(REPO / "python" / "tests"))

import request_scheduling as rs  # noqa: E402
from test_determinism import EXAMPLES, WALL_CLOCK, differences, simulated  # noqa: E402

VERSION_DEPENDENT = {"events"}
# Examples whose results depend on ns-3's own TCP implementation.
OVER_NS3_TCP = {"sdwan-scenario"}


def run_other(exe: Path, lib: str, options: dict) -> dict:
    """Run an example of the other build with the runner's option syntax."""
    with tempfile.TemporaryDirectory(prefix="rs-compare-") as tmp:
        out = Path(tmp) / "summary.json"
        env = dict(os.environ)
        if lib:
            env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
        args = [str(exe), *rs.runner._arguments(options), f"--json={out}"]
        proc = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"{exe.name} exited with {proc.returncode}: {proc.stderr.strip()}")
        return json.loads(out.read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("examples", type=Path, help="directory of the other build's examples")
    parser.add_argument("--prefix", default="ns3.37-", help="file name prefix of the other build's examples")
    parser.add_argument("--lib", default="", help="library directory of the other build")
    args = parser.parse_args()
    failed = 0
    for example, options in EXAMPLES:
        ours = simulated(rs.run(example, **options), VERSION_DEPENDENT)
        other = simulated(run_other(args.examples / f"{args.prefix}{example}", args.lib, options),
                          VERSION_DEPENDENT)
        diff = differences(ours, other)
        label = example + " " + " ".join(f"{k}={v}" for k, v in options.items())
        if diff and example in OVER_NS3_TCP:
            print(f"compare: different (ns-3's TCP) {label}\n  " + "\n  ".join(diff[:5]))
        elif diff:
            failed += 1
            print(f"compare: DIFFERENT {label}\n  " + "\n  ".join(diff[:10]))
        else:
            print(f"compare: identical {label}")
    print(f"compare: {len(EXAMPLES) - failed} of {len(EXAMPLES)} as required "
          f"(wall-clock fields and {', '.join(sorted(VERSION_DEPENDENT))} aside)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
