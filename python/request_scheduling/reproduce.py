"""The command line shared by the papers' reproduction scripts."""

from __future__ import annotations

import argparse
import json
import os
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
    chosen experiments in order, and merge what each returns into
    ``<out>/summary.json`` after each one, so an interrupted run keeps the
    experiments already done."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=default_out)
    parser.add_argument("--scale", choices=sorted(scales), default="paper")
    parser.add_argument("--only", default=",".join(experiments),
                        help="comma-separated experiments: " + ",".join(experiments))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-progress", dest="progress", action="store_const", const=False, default=None,
                        help="no progress bar (there is none anyway when stderr is not a terminal)")
    if add_arguments:
        add_arguments(parser)
    args = parser.parse_args(argv)
    chosen = args.only.split(",")
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
        summary.update(experiments[e](out, scales[args.scale], args))
        summary_path.write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary, indent=2))
    return 0
