"""The reproduction scripts' shared pieces: the SLO scan and the command line."""

import json

import pandas as pd
import pytest

from request_scheduling.microsecond import max_load
from request_scheduling.reproduce import local_jobs, reproduce_main


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
    # A scale's skip list leaves an experiment out unless --only names it.
    ran.clear()
    scales["quick"]["skip"] = ["a"]
    for only in ([], ["--only", "a,b"]):
        reproduce_main("t", "test", str(tmp_path), scales, experiments, ["--out", str(tmp_path), "--scale", "quick",
                                                                          *only])
    assert ran == [("b", 1), ("a", 1), ("b", 1)]


@pytest.mark.parametrize("jobs", ["0", "two", "host:8786"])
def test_jobs_is_a_count_or_a_scheduler_address(tmp_path, capsys, jobs):
    with pytest.raises(SystemExit) as exit:
        reproduce_main("t", "test", str(tmp_path), {"paper": {}}, {}, ["--jobs", jobs])
    assert exit.value.code != 0
    assert f"argument --jobs: {jobs!r} is neither a number >= 1 nor a scheduler address" in capsys.readouterr().err
    assert local_jobs(3) == 3 and local_jobs("tcp://host:8786") >= 1


def test_cfcfs_scan_counts_a_failed_run_as_a_miss(tmp_path, monkeypatch):
    from request_scheduling import ExampleError, FailedRunsWarning, microsecond

    def fake_run(example, *, load, run, **options):
        # Within the SLO up to 50 %; the second run at 30 % fails.
        if load == 0.3 and run == 2:
            raise ExampleError(example, 1, "boom\nmore")
        return {"sojourn_p999_us": 10.0 if load <= 0.5 else 500.0, "rate_rps": 1.0, "special_utilisation": 0.5}

    monkeypatch.setattr(microsecond, "run", fake_run)
    with pytest.warns(FailedRunsWarning, match="cfcfs: 14 of"):
        result = microsecond.cfcfs(tmp_path, {"cfcfs_runs": 2, "duration": "1ms"}, jobs=2)
    # Every scan stops at 30 %, whose failed run misses the SLO: 27.5 % sustained.
    throughput = list(result["cfcfs_throughput_mrps"].values())
    assert throughput == pytest.approx([0.275 * microsecond.CFCFS_WORKERS] * len(microsecond.CFCFS_OVERHEADS_NS))
    runs = pd.read_csv(tmp_path / "cfcfs-runs.csv")
    assert runs.error.dropna().unique().tolist() == ["microsecond-scenario exited with 1: boom"]
    assert runs.load.max() == 0.3
