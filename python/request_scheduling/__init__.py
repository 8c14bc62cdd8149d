"""request-scheduling from Python.

Two layers:

* ``run`` and ``sweep`` drive the module's example programs as processes and
  return their JSON summaries (a dict, or a pandas DataFrame with one row per
  run, failed runs included with their message in ``error``). They need no
  ns-3 import and run sweeps in parallel, with a progress bar on a terminal.
* ``load()`` loads the built C++ module into cppyy next to the ns3 wheel's
  bindings (``from ns import ns``), so the module's classes, Attributes and
  traces can be used from Python directly.
"""

from .runner import (
    DirectoryCache,
    ExampleError,
    FailedRunsWarning,
    RENAMED_EXAMPLES,
    RENAMED_OPTIONS,
    OptionError,
    PerRun,
    build_dir,
    example_path,
    failed_runs,
    run,
    sweep,
)
from .bindings import load
from . import plot
from .stats import mean_ci, summarize

__all__ = [
    "DirectoryCache",
    "ExampleError",
    "FailedRunsWarning",
    "OptionError",
    "PerRun",
    "RENAMED_EXAMPLES",
    "RENAMED_OPTIONS",
    "build_dir",
    "example_path",
    "failed_runs",
    "load",
    "mean_ci",
    "plot",
    "run",
    "summarize",
    "sweep",
]
