"""Run the module's examples as processes: one run, or a parameter sweep."""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import warnings
from concurrent.futures import Executor, ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Protocol, Sequence

_REPO = Path(__file__).resolve().parents[2]


class ExampleError(RuntimeError):
    """An example exited non-zero; ``stderr`` holds its message."""

    def __init__(self, example: str, returncode: int, stderr: str):
        self.example = example
        self.returncode = returncode
        self.stderr = stderr.strip()
        #: The first line of the example's message.
        self.message = self.stderr.splitlines()[0] if self.stderr else "no message"
        super().__init__(self.summary)

    @property
    def summary(self) -> str:
        """One line: the example, its exit status and its message (a sweep's ``error``)."""
        return f"{self.example} exited with {self.returncode}: {self.message}"

    def __reduce__(self):
        # Rebuilt from its fields when it comes back from a worker process.
        return type(self), (self.example, self.returncode, self.stderr)


# The examples' one-line messages for bad input (ScenarioOptions): an
# invalid value, an unknown option or a stray word.
_OPTION_MESSAGE = re.compile(
    r"^[\w.-]+: (?:invalid --(?P<invalid>[^=:\s]+)|unknown option --(?P<unknown>\S+)"
    r"|unexpected argument )")


class OptionError(ExampleError, ValueError):
    """An example rejected an option before running.

    Also a ValueError (bad input) and an ExampleError (so that code catching
    that still does). ``str()`` is the example's own one-line message, e.g.
    ``microsecond-scenario: invalid --load=-1: expected a number in (0, 2]``;
    ``option`` is the option it names (without ``--``), or None for a word
    that is not an option.
    """

    def __init__(self, example: str, returncode: int, stderr: str):
        super().__init__(example, returncode, stderr)
        match = _OPTION_MESSAGE.match(self.message)
        self.option = (match.group("invalid") or match.group("unknown")) if match else None
        self.args = (self.message,)


def _example_error(example: str, returncode: int, stderr: str) -> ExampleError:
    """OptionError if the example exited 1 with one line about an option, else ExampleError."""
    lines = stderr.strip().splitlines()
    if returncode == 1 and len(lines) == 1 and _OPTION_MESSAGE.match(lines[0]):
        return OptionError(example, returncode, stderr)
    return ExampleError(example, returncode, stderr)


class FailedRunsWarning(UserWarning):
    """Some runs of a sweep failed; their rows carry the message in ``error``."""


class PerRun(dict):
    """A fixed option of ``sweep`` whose value depends on the run index:
    ``sweep(..., runs=2, opt=PerRun({1: "a", 2: "b"}))`` gives ``--opt=a``
    to every ``--run=1`` and ``--opt=b`` to every ``--run=2`` (a value
    measured by an earlier run of the same seed, for instance)."""


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


#: The examples' former names, accepted with a FutureWarning until the first
#: release after 2027-06-01 (the C++ programs keep them as well).
RENAMED_EXAMPLES = {
    "multicore-server": "microsecond-scenario",
    "sdwan-splitter": "sdwan-scenario",
    "batchy-pipeline": "batchy-scenario",
}


def example_name(example: str) -> str:
    """The example's current name: a former name gives its new one, with a
    FutureWarning."""
    if example in RENAMED_EXAMPLES:
        new = RENAMED_EXAMPLES[example]
        warnings.warn(
            f"example {example!r} is now {new!r} (same options); the old name goes in "
            "the first release after 2027-06-01",
            FutureWarning,
            stacklevel=3,
        )
        return new
    return example


#: Options renamed in the examples, by example: ``{former: now}``. The former
#: names still work until the same release, with a FutureWarning here and a
#: line in the summary's ``warnings``.
RENAMED_OPTIONS = {
    "microsecond-scenario": {"policy": "intra"},
    "racksched-scenario": {"policy": "inter"},
    "cards-scenario": {"scheduler": "inter"},
}


def _warn_renamed_options(example: str, names: Iterable[str]) -> None:
    renamed = RENAMED_OPTIONS.get(RENAMED_EXAMPLES.get(example, example), {})
    for name in names:
        if name in renamed:
            warnings.warn(
                f"{example}: option {name!r} is now {renamed[name]!r}; the old name goes in the "
                "first release after 2027-06-01",
                FutureWarning,
                stacklevel=3,
            )


def example_path(example: str) -> Path:
    """Path of a built example program (a former name gives the renamed one)."""
    path = build_dir() / "examples" / example_name(example)
    if not path.exists():
        raise FileNotFoundError(f"{path} does not exist: build the module first (make build)")
    return path


_OPTION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_:-]*")


def _arguments(options: Mapping[str, Any]) -> list[str]:
    """``--key=value`` arguments; ValueError for what no example could read as
    one option (the examples check the values themselves)."""
    args = []
    for key, value in options.items():
        if not isinstance(key, str) or not _OPTION_NAME.fullmatch(key):
            raise ValueError(f"invalid option name {key!r}: expected letters, digits, _ - or ::")
        if value is None:
            raise ValueError(f"invalid --{key.replace('_', '-')}=None: give a value or leave the option out")
        if isinstance(value, bool):
            value = "true" if value else "false"
        if "\n" in str(value) or "\0" in str(value):
            raise ValueError(f"invalid --{key.replace('_', '-')}={value!r}: one line of text expected")
        args.append(f"--{key.replace('_', '-')}={value}")
    return args


def run(example: str, *, timeout: Optional[float] = None, **options: Any) -> dict:
    """Run one example with ``--key=value`` options; return its JSON summary.

    Option names may use underscores for hyphens (``link_delay`` for
    ``--link-delay``). Raises OptionError (a ValueError and an ExampleError)
    with the example's one-line message if it rejects an option, and
    ExampleError if it fails otherwise.
    """
    exe = example_path(example)
    args = _arguments(options)
    _warn_renamed_options(example, options)
    with tempfile.TemporaryDirectory(prefix="rs-run-") as tmp:
        out = Path(tmp) / "summary.json"
        proc = subprocess.run(
            [str(exe), *args, f"--json={out}"],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if proc.returncode != 0:
            raise _example_error(example, proc.returncode, proc.stderr)
        return json.loads(out.read_text())


def _cache_key(example: str, options: Mapping[str, Any]) -> str:
    exe = example_path(example)
    st = exe.stat()
    ident = json.dumps(
        [str(exe), st.st_size, st.st_mtime_ns, sorted((k, str(v)) for k, v in options.items())]
    )
    return hashlib.sha256(ident.encode()).hexdigest()[:32]


def _flatten(results: Iterable[Optional[Mapping[str, Any]]]):
    """JSON summaries as a DataFrame, one row each, nested keys joined with
    dots (``per_class.short.rct_p999_us``); None (a failed run) is a row of NaN."""
    import pandas as pd

    return pd.json_normalize([dict(r) if r else {} for r in results], sep=".")


def _show_progress(progress: Optional[bool]) -> bool:
    """``progress`` if given, else whether stderr is a terminal (not a log
    file or a pipe, where a bar's carriage returns would be noise)."""
    if progress is not None:
        return progress
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


def failed_runs(df):
    """Boolean mask of a sweep's failed rows: those whose ``error`` is set.

    All False for a frame without an ``error`` column (e.g. a runs CSV
    written before failed runs were recorded)."""
    import pandas as pd

    if "error" not in df.columns:
        return pd.Series(False, index=df.index)
    return df["error"].notna()


class _ExecutorSource(Protocol):
    """Anything with an Executor of its own, e.g. a ``distributed.Client``."""

    def get_executor(self, **kwargs: Any) -> Executor: ...


def _dask_client(address: str):
    """A ``distributed.Client`` connected to the scheduler at ``address``."""
    try:
        import distributed
    except ImportError as err:
        raise ImportError(
            f"sweep(jobs={address!r}) runs on a Dask cluster and needs the 'distributed' "
            "package: pip install distributed (python/requirements.txt lists it)"
        ) from err
    # Not the process's default client: it lives for this sweep only.
    return distributed.Client(address, set_as_default=False)


def _attempt(example: str, options: Mapping[str, Any], timeout: Optional[float],
             strict: bool) -> tuple[Optional[dict], Optional[str]]:
    """One run of a sweep: (summary, None), or (None, message) if it failed.

    Module level, not a closure, so that it pickles by reference for a process
    pool or a Dask worker, which import it from its own request_scheduling."""
    try:
        return run(example, timeout=timeout, **options), None
    except ExampleError as err:
        if strict:
            raise
        return None, err.summary
    except subprocess.TimeoutExpired:
        if strict:
            raise
        return None, f"{example} timed out after {timeout:g} s"


def sweep(
    example: str,
    grid: Mapping[str, Iterable[Any]],
    runs: int | Sequence[int] = 1,
    jobs: Optional[int | str] = None,
    *,
    executor: Optional[Executor | _ExecutorSource] = None,
    cache: Optional[ResultCache] = None,
    timeout: Optional[float] = None,
    strict: bool = False,
    progress: Optional[bool] = None,
    **fixed: Any,
):
    """Run ``example`` over the Cartesian product of ``grid`` x ``runs`` seeds.

    Every point of the grid is run ``runs`` times with ``--run=1..runs``
    (independent replications, ns-3's RngRun); ``runs`` may instead list
    the run indices (``[3]``: the third run alone, as in a sweep of 3).
    Returns a pandas DataFrame with one row per run: the grid values,
    ``run``, ``error``, and the example's JSON summary flattened (nested
    keys joined with dots, e.g. ``per_class.short.rct_p999_us``).

    A run that fails (the example exits non-zero, or exceeds ``timeout``
    seconds) does not discard the sweep: its row holds the grid values,
    ``run``, the one-line message in ``error`` and NaN metrics, and a
    FailedRunsWarning says how many failed. ``error`` is missing (None or
    NaN) in successful rows; ``failed_runs(df)`` selects the failed ones. With
    ``strict=True`` the first failure raises instead (ExampleError or
    subprocess.TimeoutExpired) and the runs not yet started are cancelled.

    A fixed option given as ``PerRun({run: value, ...})`` takes its value
    from the run index.

    Runs execute in parallel: by default on ``jobs`` local threads, each
    driving one example process (``jobs`` defaults to the machine's cores).
    ``executor`` runs them elsewhere: any ``concurrent.futures.Executor``, or
    a ``distributed.Client`` (its ``get_executor()``) for a Dask cluster.
    ``jobs="tcp://host:8786"`` connects a Client to that Dask scheduler for
    this sweep and closes it afterwards. Dask's workers run the examples from
    their own tree (``example_path``: ``$RS_BUILD_DIR``, else ``build/``), so
    every worker machine needs the same built tree and this Python package.

    With a ``cache`` (e.g. DirectoryCache), the caller looks every run up
    (keyed on the caller's own build of the example, which must therefore
    be the workers' build too) before anything is submitted, submits only the missing ones and stores
    their results as they come back, so workers need no shared file system
    and a rerun of a finished sweep submits nothing (nor connects to a
    cluster). Failed runs are not cached.

    A progress bar with the expected time left goes to stderr when it is a
    terminal; ``progress=False`` turns it off, ``progress=True`` forces it.
    """
    import pandas as pd
    from tqdm import tqdm

    if isinstance(runs, Sequence) and not isinstance(runs, (str, bytes)):
        indices = list(runs)
        if not indices or len(set(indices)) < len(indices) or any(
                isinstance(r, bool) or not isinstance(r, int) or r < 1 for r in indices):
            raise ValueError(f"sweep: runs={runs!r} must list distinct run indices >= 1")
    elif isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"sweep: runs={runs!r} must be an integer >= 1 or a list of run indices")
    else:
        indices = list(range(1, runs + 1))
    if isinstance(jobs, bool) or (isinstance(jobs, (int, float)) and not (isinstance(jobs, int) and jobs >= 1)):
        raise ValueError(f"sweep: jobs={jobs!r} must be an integer >= 1 or a scheduler address")
    if timeout is not None and not timeout > 0:
        raise ValueError(f"sweep: timeout={timeout!r} must be > 0 seconds")
    for key, values in grid.items():
        # A string would be swept character by character.
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise ValueError(f"sweep: grid[{key!r}]={values!r} must be a list of values")
    clash = set(grid) & set(fixed) | {"run"} & (set(grid) | set(fixed))
    if clash:
        raise ValueError(f"sweep: {', '.join(sorted(clash))} given twice (in the grid, as a fixed "
                         "option, or run= which runs= sets)")
    for key, value in fixed.items():
        if isinstance(value, PerRun) and not set(indices) <= set(value):
            raise ValueError(f"sweep: {key}=PerRun(...) has no value for run(s) "
                             f"{sorted(set(indices) - set(value))}")
    if isinstance(jobs, str) and "://" not in jobs:
        raise ValueError(f"sweep: jobs={jobs!r} is neither a number of jobs nor a scheduler address "
                         "such as 'tcp://host:8786'")
    if executor is not None and isinstance(jobs, str):
        raise ValueError("sweep: give a scheduler address (jobs=) or an executor, not both")
    _warn_renamed_options(example, [*grid, *fixed])
    keys = list(grid)
    points = [dict(zip(keys, values)) for values in itertools.product(*(list(grid[k]) for k in keys))]
    tasks = [(point, r) for point in points for r in indices]
    options = [{**{k: v[r] if isinstance(v, PerRun) else v for k, v in fixed.items()}, **point, "run": r}
               for point, r in tasks]
    cache_keys = [_cache_key(example, o) if cache is not None else None for o in options]
    outcomes: list[tuple[Optional[dict], Optional[str]]] = [(None, None)] * len(tasks)
    missing = []
    for i, key in enumerate(cache_keys):
        cached = cache.get(key) if cache is not None else None
        if cached is None:
            missing.append(i)
        else:
            outcomes[i] = cached, None

    errors = 0
    client = None
    pool: Optional[Executor] = None
    futures = {}
    with tqdm(total=len(tasks), initial=len(tasks) - len(missing), desc=example, unit="run",
              disable=not _show_progress(progress)) as bar:
        try:
            if missing:
                # pure=False: a new Dask task per submission, never the result
                # of an earlier (perhaps failed, or older binary's) same call.
                if executor is not None:
                    pool = executor if isinstance(executor, Executor) else executor.get_executor(pure=False)
                elif isinstance(jobs, str):
                    client = _dask_client(jobs)
                    pool = client.get_executor(pure=False)
                else:
                    pool = ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1)
                futures = {pool.submit(_attempt, example, options[i], timeout, strict): i for i in missing}
            for future in as_completed(futures):
                i = futures[future]
                outcomes[i] = result, error = future.result()
                if error is not None:
                    errors += 1
                    bar.set_postfix(failed=errors, refresh=False)
                elif cache is not None:
                    cache.put(cache_keys[i], result)
                bar.update()
        except BaseException:
            # strict failure or Ctrl-C: do not start the runs still queued.
            for future in futures:
                future.cancel()
            raise
        finally:
            if pool is not None and executor is None:
                pool.shutdown()
            if client is not None:
                client.close()
    if not tasks:
        return pd.DataFrame()
    if errors:
        first = next(error for _, error in outcomes if error is not None)
        warnings.warn(f"sweep: {errors} of {len(tasks)} runs of {example} failed (first: {first})",
                      FailedRunsWarning, stacklevel=2)
    names = pd.DataFrame([{**point, "run": r, "error": error} for (point, r), (_, error) in zip(tasks, outcomes)])
    summaries = _flatten(result for result, _ in outcomes)
    # The grid values and the run index name the row; the summary's own
    # echo of them is dropped so each column appears once.
    summaries = summaries.drop(columns=[c for c in summaries.columns if c in names.columns])
    # copy(): one block per dtype, so that callers can add columns cheaply.
    return pd.concat([names, summaries], axis=1).copy()
