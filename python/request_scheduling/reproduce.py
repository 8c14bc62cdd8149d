"""The command line shared by the papers' reproduction scripts."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Mapping, Optional

Experiment = Callable[[Path, dict, argparse.Namespace], dict]


def reproduce_main(
    name: str,
    description: str,
    default_out: str,
    scales: Mapping[str, dict],
    experiments: Mapping[str, Experiment],
    argv=None,
    add_arguments: Optional[Callable[[argparse.ArgumentParser], None]] = None,
) -> int:
    """Parse ``--out --scale --only --jobs --no-progress`` (plus
    ``add_arguments``; ``args.progress`` is False or None, sweep()'s
    default: a bar when stderr is a terminal), run the
    chosen experiments in order (by default every one but those the
    scale's ``skip`` list names), and merge what each returns into
    ``<out>/summary.json`` after each one, so an interrupted run keeps the
    experiments already done (a dict merges into the dict it meets one
    level down, so experiments can fill in parts of one entry)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=default_out)
    parser.add_argument("--scale", choices=sorted(scales), default="paper")
    parser.add_argument("--only", help="comma-separated experiments: " + ",".join(experiments)
                        + " (default: all but those the scale's 'skip' lists)")
    parser.add_argument("--jobs", type=_jobs, default=os.cpu_count() or 1,
                        help="parallel runs on this machine, or a Dask scheduler's address (tcp://host:8786), "
                             "whose workers run the sweeps")
    parser.add_argument("--no-progress", dest="progress", action="store_const", const=False, default=None,
                        help="no progress bar (there is none anyway when stderr is not a terminal)")
    if add_arguments:
        add_arguments(parser)
    args = parser.parse_args(argv)
    skip = scales[args.scale].get("skip", ())
    chosen = args.only.split(",") if args.only else [e for e in experiments if e not in skip]
    for e in chosen:
        if e not in experiments:
            parser.error(f"unknown experiment {e!r}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    summary_path = out / "summary.json"
    summary = json.loads(summary_path.read_text()) if summary_path.exists() else {}
    summary["scale"] = args.scale
    for e in chosen:
        print(f"{name}: running {e} ({args.scale} scale)", flush=True)
        for key, value in experiments[e](out, scales[args.scale], args).items():
            both = isinstance(value, dict) and isinstance(summary.get(key), dict)
            summary[key] = {**summary[key], **value} if both else value
        summary_path.write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary, indent=2))
    return 0


def _jobs(text: str):
    """``--jobs``: a number of local runs at once, or a scheduler address."""
    if "://" in text:
        return text
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is neither a number >= 1 nor a scheduler address "
                                         "such as tcp://host:8786")
    return jobs


def local_jobs(jobs) -> int:
    """Runs at once on this machine for an experiment that starts its runs
    itself rather than through ``sweep`` (to read files they write, which a
    Dask worker would write on its own machine, or to stop a scan early):
    ``jobs``, or with a scheduler address this machine's cores."""
    return jobs if isinstance(jobs, int) else os.cpu_count() or 1


def commit() -> str:
    """The module's git commit ("+dirty" with uncommitted changes to tracked
    files other than results/, which the reproductions themselves write)."""
    try:
        here = Path(__file__).resolve().parent
        sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True,
                             check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--",
                                ":/", ":(top,exclude)results"], cwd=here,
                               capture_output=True, text=True, check=True).stdout.strip()
        return sha + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def recorded(module: str, name: str, experiment, argv=None) -> Experiment:
    """An experiment ``experiment(out, scale, jobs, progress)`` that records
    with its results (``<name>_record``) the command, the commit and the wall
    time that made them."""
    def wrapped(out: Path, scale: dict, args: argparse.Namespace) -> dict:
        start, made_by = time.monotonic(), commit()
        result = experiment(out, scale, args.jobs, args.progress)
        words = sys.argv[1:] if argv is None else list(argv)
        result[f"{name}_record"] = {"command": f"python -m request_scheduling.{module} " + " ".join(words),
                                    "commit": made_by, "wall_s": round(time.monotonic() - start, 1),
                                    "jobs": args.jobs, "date": time.strftime("%Y-%m-%d")}
        return result
    return wrapped


def pm(pair, digits: int = 2) -> str:
    """"mean ± half-width" of a [mean, half-width, ...] pair."""
    return f"{pair[0]:.{digits}f} ± {pair[1]:.{digits}f}"


def rst_table(rows) -> str:
    """A reStructuredText simple table of string rows, the first the header."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    rule = "  ".join("=" * w for w in widths)
    lines = [rule, "  ".join(c.ljust(w) for c, w in zip(rows[0], widths)).rstrip(), rule]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows[1:]]
    lines.append(rule)
    return "\n".join(lines) + "\n"
