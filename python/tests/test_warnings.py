"""Runs whose numbers would mislead say so: one line on stderr per warning
and the same text in the summary's "warnings" list."""

import json
import subprocess

import pytest

import request_scheduling as rs


def _run(example, *args):
    out = subprocess.run([str(rs.example_path(example)), *args], capture_output=True, text=True,
                         check=True, timeout=600)
    summary = json.loads(out.stdout)
    lines = [line for line in out.stderr.splitlines() if line.startswith(f"{example}: warning: ")]
    assert [line.split(": warning: ", 1)[1] for line in lines] == summary["warnings"]
    return summary


def test_saturated_afp_point_of_the_readme():
    # The README's AFP point: load 0.9 of the raw capacity, but the timer and
    # preemption overheads leave the cores busy ~99.8 % of the time.
    s = _run("microsecond-scenario", "--intra=afp", "--cores=14", "--workload=w1",
             "--quantum=1us", "--load=0.9", "--rss=random", "--duration=100ms")
    assert s["utilisation"] >= 0.98
    assert any(w.startswith("saturated: the worker cores were busy") for w in s["warnings"])


@pytest.mark.parametrize("policy", ["afp", "psp"])
def test_class_policy_with_one_class(policy):
    s = _run("microsecond-scenario", f"--intra={policy}", "--cores=4", "--service=exp:10us",
             "--load=0.5", "--duration=50ms")
    assert s["preemptions"] == 0
    assert any("tells request classes apart, but the requests were all of one class" in w
               for w in s["warnings"])


def test_a_stable_run_has_no_warning():
    for policy in ("afp", "dfcfs", "cfcfs"):
        s = _run("microsecond-scenario", f"--intra={policy}", "--cores=4",
                 "--service=bimodal:0.9:1us:20us", "--load=0.5", "--duration=50ms")
        assert s["warnings"] == [], policy
    s = _run("racksched-scenario", "--servers=2", "--clients=2", "--load=0.5", "--duration=20ms",
             "--warmup=5ms")
    assert s["warnings"] == []


def test_requests_left_in_flight():
    s = _run("microsecond-scenario", "--intra=cfcfs", "--cores=2", "--service=exp:10us",
             "--load=1.5", "--duration=50ms", "--drain=1ms")
    assert s["in_flight"] > 0
    assert any(w.startswith(f"{s['in_flight']} of {s['sent']} requests were still in flight")
               for w in s["warnings"])


def test_warm_up_leaving_out_most_requests():
    s = _run("microsecond-scenario", "--intra=cfcfs", "--cores=2", "--service=exp:10us",
             "--load=0.5", "--duration=50ms", "--warmup=40ms")
    assert any(w.startswith("the warm-up leaves out") for w in s["warnings"])


def test_one_server_rack():
    s = _run("racksched-scenario", "--servers=1", "--clients=2", "--load=0.5", "--duration=20ms",
             "--warmup=5ms")
    assert any(w.startswith("--servers=1: --inter=") for w in s["warnings"])


def test_clients_joining_after_the_end():
    # Scenario 3's clients join within 60 s: a 3 s run hears from about 5 %
    # of them, and says so; a window within the run says nothing.
    s = _run("cards-scenario", "--scenario=3", "--clients=400", "--duration=3s", "--level=queue")
    assert 0 < s["sent"] and any("about 95 % of them join after the end and send nothing" in w
                                 for w in s["warnings"])
    s = _run("cards-scenario", "--scenario=3", "--clients=400", "--duration=3s", "--join-window=3s",
             "--level=queue")
    assert not any("join after the end" in w for w in s["warnings"])
