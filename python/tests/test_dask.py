"""sweep() on a Dask cluster: the same DataFrame as a local run, and a shared
result cache that the caller consults before submitting anything."""

import json
import sys
import time

import dask
import distributed
import pandas as pd
import psutil
import pytest

import request_scheduling as rs
from request_scheduling.reproduce import recorded, reproduce_main

GRID = {"intra": ["cfcfs", "dfcfs"], "load": [0.3, 0.6]}
FIXED = dict(cores=2, service="exp:10us", duration="20ms", progress=False)
RUNS = 3
TASKS = 2 * 2 * RUNS


def without_wall_clock(df):
    return df.drop(columns=[c for c in df.columns if "wall" in c])


@pytest.fixture(scope="module")
def cluster():
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        yield cluster, client
    # multiprocessing's resource tracker serves the interpreter until it exits.
    left = [p for p in psutil.Process().children(recursive=True)
            if p.pid not in before and "resource_tracker" not in " ".join(p.cmdline())]
    psutil.wait_procs(left, timeout=5)
    assert not [p.cmdline() for p in left if p.is_running()], "LocalCluster left processes behind"


def submitted(client, sweep_call):
    """The sweep's DataFrame and how many tasks the cluster ran for it."""
    with distributed.get_task_stream(client) as stream:
        df = sweep_call()
    return df, len(stream.data)


def test_dask_sweep_equals_local_and_reruns_from_the_cache(cluster, tmp_path):
    cluster, client = cluster
    cache = rs.DirectoryCache(tmp_path / "cache")
    local = rs.sweep("microsecond-scenario", GRID, runs=RUNS, jobs=2, **FIXED)
    assert len(local) == TASKS and local["error"].isna().all()

    # A scheduler address: sweep() opens its own Client, runs all 12, closes it.
    on_dask, ran = submitted(client, lambda: rs.sweep(
        "microsecond-scenario", GRID, runs=RUNS, jobs=cluster.scheduler_address, cache=cache, **FIXED))
    assert ran == TASKS
    pd.testing.assert_frame_equal(without_wall_clock(on_dask), without_wall_clock(local))
    assert len(list(cache.path.glob("*.json"))) == TASKS

    # A finished sweep reruns from the cache without reaching any scheduler:
    # nothing listens on this address, so a connection attempt would fail.
    start = time.monotonic()
    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}):
        again = rs.sweep("microsecond-scenario", GRID, runs=RUNS, jobs="tcp://127.0.0.1:1", cache=cache, **FIXED)
    assert time.monotonic() - start < 3
    pd.testing.assert_frame_equal(again, on_dask)  # wall_s too: served from the cache

    # Only the missing runs are submitted, here through a Client as executor.
    for f in sorted(cache.path.glob("*.json"))[:3]:
        f.unlink()
    partial, ran = submitted(client, lambda: rs.sweep(
        "microsecond-scenario", GRID, runs=RUNS, executor=client, cache=cache, **FIXED))
    assert ran == 3
    pd.testing.assert_frame_equal(without_wall_clock(partial), without_wall_clock(local))
    assert len(list(cache.path.glob("*.json"))) == TASKS


def test_dask_failures_come_back_as_rows_or_raise(cluster):
    _, client = cluster
    with pytest.warns(rs.FailedRunsWarning, match="1 of 2 runs"):
        df = rs.sweep("microsecond-scenario", {"load": [0.3, -1]}, executor=client.get_executor(), **FIXED)
    assert df["error"].isna().tolist() == [True, False] and "--load" in df["error"].iloc[1]
    # strict: the worker's ExampleError is rebuilt on the caller's side.
    with pytest.raises(rs.ExampleError, match="--load") as err:
        rs.sweep("microsecond-scenario", {"load": [-1]}, executor=client, strict=True, **FIXED)
    assert err.value.returncode != 0 and err.value.example == "microsecond-scenario"


def test_scheduler_address_without_distributed(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails
    with pytest.raises(ImportError, match="pip install distributed"):
        rs.sweep("microsecond-scenario", {"load": [0.3]}, jobs="tcp://127.0.0.1:8786", **FIXED)


def test_a_reproduction_given_a_scheduler_address_runs_its_sweeps_there(cluster, tmp_path):
    # make reproduce-<system> DASK=tcp://host:8786 passes the address as --jobs.
    cluster, client = cluster

    def experiment(out, scale, jobs, progress):
        return {"completed": int(rs.sweep("microsecond-scenario", GRID, runs=RUNS, jobs=jobs, **FIXED)
                                 .completed.sum())}

    argv = ["--out", str(tmp_path), "--scale", "quick", "--jobs", cluster.scheduler_address]
    with distributed.get_task_stream(client) as stream:
        assert reproduce_main("t", "test", str(tmp_path), {"quick": {}},
                              {"e": recorded("t", "e", experiment, argv)}, argv) == 0
    assert len(stream.data) == TASKS
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["completed"] > 0 and summary["e_record"]["jobs"] == cluster.scheduler_address
