"""Load the C++ module into cppyy, next to the ns3 wheel's bindings."""

from __future__ import annotations

import contextlib
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Optional

from .runner import build_dir

_loaded = None


@contextlib.contextmanager
def _in_empty_directory():
    # `from ns import ns` searches the current directory recursively for
    # ns-3 libraries: import it from an empty one.
    old = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="rs-ns-") as tmp:
        os.chdir(tmp)
        try:
            yield
        finally:
            os.chdir(old)


# cling (cppyy's C++ interpreter) prints this when the static initialisers of
# a header it compiles for the bindings, such as nstime.h's time-resolution
# helper, are already defined by the ns-3 libraries loaded beside it. The
# libraries have run them, so nothing is missing: the lines are noise.
_KNOWN_NOISE = re.compile(r"\[runStaticInitializersOnce\]: Failed to materialize symbols")


@contextlib.contextmanager
def _without_known_noise():
    """Drop cling's harmless "Failed to materialize symbols" lines from
    stderr; every other line is passed on."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as captured:
        os.dup2(captured.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            captured.seek(0)
            for line in captured.read().decode(errors="replace").splitlines(keepends=True):
                if not _KNOWN_NOISE.search(line):
                    sys.stderr.write(line)


def load(build: Optional[os.PathLike | str] = None):
    """Return the ``ns`` namespace with request-scheduling's classes in it.

    The first call imports the ns3 wheel's bindings (15-25 s) and loads
    ``libns3-request-scheduling.so`` and its headers from the build
    directory; later calls return the same namespace.

    >>> ns = load()
    >>> server = ns.CreateObject[ns.rsched.MulticoreServer]()

    cling's "Failed to materialize symbols" lines, harmless, are left out of
    stderr; anything else it prints is kept.
    """
    global _loaded
    if _loaded is not None:
        return _loaded
    build = Path(build) if build else build_dir()
    library = build / "lib" / "libns3-request-scheduling.so"
    if not library.exists():
        raise FileNotFoundError(f"{library} does not exist: build the module first (make build)")
    with _without_known_noise():
        with _in_empty_directory():
            from ns import ns  # noqa: F401  (the wheel's cppyy bindings)
        import cppyy

        cppyy.add_include_path(str(build / "include"))
        cppyy.load_library(str(library))
        cppyy.include("ns3/request-scheduling-module.h")
    _loaded = ns
    return ns
