"""Run the module's examples as processes: one run, or a parameter sweep."""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import subprocess
import tempfile
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Protocol

_REPO = Path(__file__).resolve().parents[2]


class ExampleError(RuntimeError):
    """An example exited non-zero; ``stderr`` holds its message."""

    def __init__(self, example: str, returncode: int, stderr: str):
        self.example = example
        self.returncode = returncode
        self.stderr = stderr.strip()
        last = self.stderr.splitlines()[0] if self.stderr else "no message"
        super().__init__(f"{example} exited with {returncode}: {last}")


class ResultCache(Protocol):
    """Where sweep() looks up and stores finished runs."""

    def get(self, key: str) -> Optional[dict]: ...

    def put(self, key: str, result: dict) -> None: ...


class DirectoryCache:
    """A ResultCache of one JSON file per run in a directory.

    The key covers the example binary (path, size, modification time) and
    every option, so rebuilding the example invalidates its entries.
    """

    def __init__(self, path: os.PathLike | str):
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)

    def get(self, key: str) -> Optional[dict]:
        f = self.path / f"{key}.json"
        return json.loads(f.read_text()) if f.exists() else None

    def put(self, key: str, result: dict) -> None:
        tmp = self.path / f".{key}.tmp"
        tmp.write_text(json.dumps(result))
        tmp.replace(self.path / f"{key}.json")


def build_dir() -> Path:
    """The standalone build directory: $RS_BUILD_DIR, else <repo>/build."""
    return Path(os.environ.get("RS_BUILD_DIR", _REPO / "build"))


def example_path(example: str) -> Path:
    """Path of a built example program."""
    path = build_dir() / "examples" / example
    if not path.exists():
        raise FileNotFoundError(f"{path} does not exist: build the module first (make build)")
    return path


def _arguments(options: Mapping[str, Any]) -> list[str]:
    args = []
    for key, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        args.append(f"--{key.replace('_', '-')}={value}")
    return args


def run(example: str, *, timeout: Optional[float] = None, **options: Any) -> dict:
    """Run one example with ``--key=value`` options; return its JSON summary.

    Option names may use underscores for hyphens (``link_delay`` for
    ``--link-delay``). Raises ExampleError if the example rejects an option
    or fails.
    """
    exe = example_path(example)
    with tempfile.TemporaryDirectory(prefix="rs-run-") as tmp:
        out = Path(tmp) / "summary.json"
        proc = subprocess.run(
            [str(exe), *_arguments(options), f"--json={out}"],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if proc.returncode != 0:
            raise ExampleError(example, proc.returncode, proc.stderr)
        return json.loads(out.read_text())


def _cache_key(example: str, options: Mapping[str, Any]) -> str:
    exe = example_path(example)
    st = exe.stat()
    ident = json.dumps(
        [str(exe), st.st_size, st.st_mtime_ns, sorted((k, str(v)) for k, v in options.items())]
    )
    return hashlib.sha256(ident.encode()).hexdigest()[:32]


def _flatten(d: Mapping[str, Any], prefix: str = "") -> dict:
    flat = {}
    for key, value in d.items():
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def sweep(
    example: str,
    grid: Mapping[str, Iterable[Any]],
    runs: int = 1,
    jobs: Optional[int] = None,
    *,
    executor: Optional[Executor] = None,
    cache: Optional[ResultCache] = None,
    timeout: Optional[float] = None,
    **fixed: Any,
):
    """Run ``example`` over the Cartesian product of ``grid`` x ``runs`` seeds.

    Every point of the grid is run ``runs`` times with ``--run=1..runs``
    (independent replications, ns-3's RngRun). Returns a pandas DataFrame with
    one row per run: the grid values, ``run``, and the example's JSON summary
    flattened (nested keys joined with dots, e.g. ``per_class.short.p999_us``).

    Runs execute in parallel: by default on ``jobs`` local processes (the
    machine's cores); pass any ``concurrent.futures.Executor`` as ``executor``
    to run them elsewhere. With a ``cache`` (e.g. DirectoryCache), finished
    runs are looked up instead of run again.
    """
    import pandas as pd

    if runs < 1:
        raise ValueError("runs must be >= 1")
    keys = list(grid)
    points = [dict(zip(keys, values)) for values in itertools.product(*(list(grid[k]) for k in keys))]
    tasks = [(point, r) for point in points for r in range(1, runs + 1)]

    def one(task):
        point, r = task
        options = {**fixed, **point, "run": r}
        key = _cache_key(example, options) if cache is not None else None
        result = cache.get(key) if cache is not None else None
        if result is None:
            result = run(example, timeout=timeout, **options)
            if cache is not None:
                cache.put(key, result)
        # The grid values and the run index name the row; the summary's own
        # echo of them is dropped so each column appears once.
        summary = {k: v for k, v in _flatten(result).items() if k not in point and k != "run"}
        return {**point, "run": r, **summary}

    own = executor is None
    pool = executor or ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1)
    try:
        rows = list(pool.map(one, tasks))
    finally:
        if own:
            pool.shutdown()
    return pd.DataFrame(rows)
