"""The reproduction scripts' shared pieces: the SLO scan and the command line."""

import json

import pandas as pd
import pytest

from request_scheduling.microsecond import max_load
from request_scheduling.reproduce import reproduce_main


def test_max_load_stops_at_the_first_miss():
    points = pd.DataFrame({"load": [0.3, 0.1, 0.2, 0.4, 0.5], "p": [4.0, 1.0, 2.0, 9.0, 3.0]})
    # Ascending scan: 0.4 misses a 5 us SLO, so 0.5 does not count though it meets it.
    assert max_load(points, "p", 5.0) == 0.3
    assert max_load(points, "p", 10.0) == 0.5
    assert max_load(points, "p", 0.5) == 0.0


def test_reproduce_main_merges_summaries(tmp_path):
    ran = []
    experiments = {
        "a": lambda out, scale, args: ran.append(("a", scale["n"])) or {"a": 1},
        "b": lambda out, scale, args: ran.append(("b", scale["n"])) or {"b": 2},
    }
    scales = {"quick": {"n": 1}, "paper": {"n": 2}}
    assert reproduce_main("t", "test", str(tmp_path), scales, experiments, ["--out", str(tmp_path), "--only", "b",
                                                                          "--scale", "quick"]) == 0
    assert reproduce_main("t", "test", str(tmp_path), scales, experiments, ["--out", str(tmp_path), "--only", "a"]) == 0
    assert ran == [("b", 1), ("a", 2)]
    assert json.loads((tmp_path / "summary.json").read_text()) == {"scale": "paper", "a": 1, "b": 2}
    with pytest.raises(SystemExit):
        reproduce_main("t", "test", str(tmp_path), scales, experiments, ["--only", "c"])
