"""request-scheduling from Python.

Two layers:

* ``run`` and ``sweep`` drive the module's example programs as processes and
  return their JSON summaries (a dict, or a pandas DataFrame with one row per
  run). They need no ns-3 import and run sweeps in parallel.
* ``load()`` loads the built C++ module into cppyy next to the ns3 wheel's
  bindings (``from ns import ns``), so the module's classes, Attributes and
  traces can be used from Python directly.
"""

from .runner import (
    DirectoryCache,
    ExampleError,
    build_dir,
    example_path,
    run,
    sweep,
)
from .bindings import load
from .stats import mean_ci, summarize

__all__ = [
    "DirectoryCache",
    "ExampleError",
    "build_dir",
    "example_path",
    "load",
    "mean_ci",
    "run",
    "summarize",
    "sweep",
]
