import pytest

from request_scheduling import build_dir


def pytest_collection_modifyitems(config, items):
    if not (build_dir() / "examples" / "microsecond-scenario").exists():
        skip = pytest.mark.skip(reason="module not built (make build)")
        for item in items:
            item.add_marker(skip)
