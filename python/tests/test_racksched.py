"""racksched-scenario through the Python API: summary keys, conservation,
the policies on one seed, invalid options, and the reproduction on a tiny
scale."""

import json
import subprocess
from pathlib import Path

import pytest

import request_scheduling as rs
from doc_text import chapter

SMALL = dict(servers=4, workers=2, service="exp:20us", duration="100ms", warmup="10ms")


def test_run_summary_and_conservation():
    s = rs.run("racksched-scenario", load=0.7, **SMALL)
    for key in ("rate_rps", "throughput_rps", "rct_mean_us", "rct_p50_us", "rct_p99_us", "rct_p999_us",
                "per_class", "recorded",
                "per_server", "affinity_misses", "switch_queue_peak", "sent", "completed", "in_flight",
                "dropped", "wall_s", "events"):
        assert key in s, key
    assert s["sent"] == s["completed"] + s["in_flight"] + s["dropped"]
    assert s["dropped"] == 0 and s["sent"] > 20000
    assert s["throughput_rps"] == pytest.approx(s["rate_rps"], rel=0.05)
    assert sum(v["requests"] for v in s["per_server"].values()) == s["completed"]
    assert all(0.55 < v["utilisation"] < 0.85 for v in s["per_server"].values())


def test_policies_on_the_same_requests():
    policies = ["racksched", "random", "rr", "shortest", "sampling", "client", "jbsq", "shinjuku"]
    # Options one policy alone uses (--client-count) would be refused by the others.
    df = rs.sweep("racksched-scenario", {"inter": policies}, jobs=2, load=0.9, **SMALL)
    assert list(df["error"].isna()) == [True] * len(policies)
    p = df.set_index("inter")
    assert (p["completed"] == p["sent"]).all()
    # Power-of-2 with load reports beats blind random spreading at 90 %.
    assert p.loc["racksched", "rct_p99_us"] < p.loc["random", "rct_p99_us"]
    assert p.loc["sampling", "k"] == 4 and p.loc["shortest", "k"] == 4
    assert p.loc["client", "dispatcher_on"] == "clients"
    assert p.loc["jbsq", "intra"] == "cfcfs" and p.loc["shinjuku", "intra"] == "shinjuku"


def _same_run(a: dict, b: dict) -> bool:
    """Two summaries of one run, wall-clock figures aside."""
    left_out = {"wall_s", "events_per_wall_s", "requests_per_wall_s", "intra_attributes"}
    return {k: v for k, v in a.items() if k not in left_out} == \
        {k: v for k, v in b.items() if k not in left_out}


@pytest.mark.parametrize("workload, authors, other", [
    # Their servers' per-type queues: the oldest head over its type's SLO,
    # a preempted request back at the head.
    ("bimodal50",
     "shinjuku[QueuePerClass=true|ClassScheduling=OldestOverTarget|ClassWeights=50,500|PreemptedFirst=true]",
     "shinjuku[ClassScheduling=RoundRobin|PreemptedFirst=false]"),
    ("trimodal",
     "shinjuku[QueuePerClass=true|ClassScheduling=OldestOverTarget|ClassWeights=50,500,5000|PreemptedFirst=true]",
     "shinjuku[PreemptedFirst=false]"),
    # Their RocksDB servers' 500 us quantum, and per-type queues with getscan50.
    ("getscan90", "shinjuku[Quantum=500us]", "shinjuku[Quantum=250us]"),
    ("getscan50",
     "shinjuku[Quantum=500us|QueuePerClass=true|ClassScheduling=OldestOverTarget|ClassWeights=50,500|"
     "PreemptedFirst=true]",
     "shinjuku[Quantum=250us]"),
])
def test_servers_take_the_authors_settings_unless_named(workload, authors, other):
    """With a workload of the authors', the servers run as theirs did: the
    default equals their settings written out, and a setting the user names
    in --intra's brackets is kept (the run differs)."""
    common = dict(servers=2, workers=2, workload=workload, load=0.9, duration="60ms", warmup="5ms",
                  level="queue")
    default = rs.run("racksched-scenario", **common)
    explicit = rs.run("racksched-scenario", intra=authors, **common)
    assert default["intra_attributes"] == explicit["intra_attributes"]
    assert _same_run(default, explicit)
    named = rs.run("racksched-scenario", intra=other, **common)
    for setting in other[other.index("[") + 1:-1].split("|"):
        name, value = setting.split("=")
        assert named["intra_attributes"][name] == {"250us": "+250000ns"}.get(value, value), name
    assert not _same_run(default, named)


AUTHORS_QUEUES = dict(QueuePerClass="true", ClassScheduling="OldestOverTarget", PreemptedFirst="true")


@pytest.mark.parametrize("options, expected", [
    # Naming one setting keeps the others the authors'.
    (dict(workload="bimodal50", intra="shinjuku[QueuePerClass=true]"), dict(AUTHORS_QUEUES, ClassWeights="50,500")),
    (dict(workload="trimodal", intra="shinjuku[ClassScheduling=OldestOverTarget]"),
     dict(AUTHORS_QUEUES, ClassWeights="50,500,5000")),
    (dict(workload="bimodal50", intra="shinjuku[ClassWeights=1,1]"), dict(AUTHORS_QUEUES, ClassWeights="1,1")),
    # Another rule named: no targets given to it as weights.
    (dict(workload="bimodal50", intra="shinjuku[ClassScheduling=Priority]"),
     dict(QueuePerClass="true", ClassScheduling="Priority", ClassWeights="", PreemptedFirst="true")),
    # Per-type queues off: none of the rest.
    (dict(workload="bimodal50", intra="shinjuku[QueuePerClass=false]"),
     dict(QueuePerClass="false", ClassScheduling="RoundRobin", PreemptedFirst="false")),
    # --priority and --weights keep their own rule, preempted requests at the tail.
    (dict(workload="bimodal50", priority="2,1"),
     dict(QueuePerClass="true", ClassScheduling="Priority", ClassWeights="2,1", PreemptedFirst="false")),
    # The workloads of one queue, with the 250 us and 500 us quanta.
    (dict(workload="bimodal90"), dict(QueuePerClass="false", ClassScheduling="RoundRobin", Quantum="+250000ns")),
    (dict(workload="getscan90"), dict(QueuePerClass="false", Quantum="+500000ns")),
    (dict(workload="getscan50", intra="shinjuku[Quantum=50us]"), dict(AUTHORS_QUEUES, Quantum="+50000ns")),
])
def test_authors_settings_around_what_the_user_names(options, expected):
    s = rs.run("racksched-scenario", servers=2, workers=2, duration="5ms", level="queue", **options)
    assert {k: s["intra_attributes"][k] for k in expected} == expected


@pytest.mark.parametrize("example", ["racksched-scenario", "end-to-end-scenario"])
def test_authors_settings_keep_ns3_defaults_the_user_gives(example):
    # The same rule for an ns-3 default on the command line, in both
    # examples that build RackSched's servers.
    args = ["--workload=bimodal50", "--duration=5ms", "--level=queue",
            "--ns3::ShinjukuCorePolicy::PreemptedFirst=false", "--ns3::ShinjukuCorePolicy::ClassWeights=5,1"]
    out = subprocess.run([str(rs.example_path(example)), *args], capture_output=True, text=True, check=True,
                         timeout=600)
    s = json.loads(out.stdout)
    assert {k: s["intra_attributes"][k] for k in ("QueuePerClass", "ClassScheduling", "ClassWeights",
                                                   "PreemptedFirst")} == \
        dict(QueuePerClass="true", ClassScheduling="OldestOverTarget", ClassWeights="5,1", PreemptedFirst="false")
    assert rs.run(example, workload="bimodal50", duration="5ms", level="queue")["intra_attributes"] == \
        dict(s["intra_attributes"], ClassWeights="50,500", PreemptedFirst="true")


def test_jbsq_servers_run_to_completion_unless_intra_says():
    common = dict(inter="jbsq", workload="bimodal50", servers=2, workers=2, duration="5ms", level="queue")
    assert rs.run("racksched-scenario", **common)["intra"] == "cfcfs"
    s = rs.run("racksched-scenario", intra="shinjuku", **common)
    assert s["intra"] == "shinjuku" and s["intra_attributes"]["ClassScheduling"] == "OldestOverTarget"


@pytest.mark.parametrize("option, value", [
    ("k", 0), ("k", 5), ("jbsq_bound", 0), ("placement", "long:0"), ("placement", "0:9"),
    ("placement", "0:"), ("inter", "magic"), ("tracking", "int9"), ("workload", "bimodal"),
    ("heterogeneous", "9:4"), ("weights", "1,0"), ("intra", "fifo"), ("load", 0),
])
def test_invalid_options_name_the_option(option, value):
    with pytest.raises(rs.ExampleError) as err:
        rs.run("racksched-scenario", **{**SMALL, option: value})
    message = str(err.value)
    assert "--" + option.replace("_", "-") in message
    assert err.value.returncode == 1


def test_reproduction_experiments_on_a_tiny_scale(tmp_path):
    from request_scheduling import racksched

    tiny = {"requests": 4000, "seconds": None, "runs": 1, "loads": [0.5, 0.95]}
    result = racksched.tracking(tmp_path, tiny, jobs=2, progress=False)["tracking"]
    assert result["runs"] == racksched.TRACKING_RUNS  # at least this many, for the CIs
    assert set(result["krps_at_slo"]) == set(racksched.TRACKINGS)
    assert all(mean > 0 and half >= 0 for mean, half, _ in result["krps_at_slo"].values())
    assert set(result["p99_us_at_high_load"]) == set(racksched.TRACKINGS)
    assert (tmp_path / "fig-tracking.png").exists()
    # A ratio over a curve that never left the SLO is a lower bound.
    at = __import__("pandas").DataFrame({"policy": ["a", "a", "b", "b"], "run": [1, 2, 1, 2],
                                         "krps": [20.0, 22.0, 10.0, 10.0], "crossed": [False, False, True, True]})
    assert racksched.ratio_at_slo(at, "policy", "a", ["b"]) == [2.1, pytest.approx(1.271, abs=1e-3), ">="]
    assert racksched.throughput_at_slo(
        __import__("pandas").DataFrame({"load": [0.5, 0.9], "throughput_rps": [100.0, 200.0],
                                        "p99_us": [10.0, 30.0]}), 20.0) == pytest.approx(150.0)


def test_doc_table_is_the_committed_results():
    # Every number of the doc's RackSched table comes from results/racksched/
    # (summary.json files with the command and commit that made them).
    from request_scheduling import racksched

    root = Path(__file__).resolve().parents[2]
    table = racksched.doc_table(root / "results" / "racksched")
    doc = chapter()
    assert table in doc, ("the doc's RackSched table differs from results/racksched/: paste the output of "
                          "python -m request_scheduling.racksched table")


def test_power_of_two_references_agree():
    # The exact chain (3 servers, 0.8 load, the C++ theory test's figures)
    # and the simulated chain the sampling check uses, against each other.
    from request_scheduling import theory
    from request_scheduling.stats import mean_ci

    exact = {r: theory.power_of_d_mean_sojourn(3, 2, 0.8, r, cap=24) for r in ("independent", "distinct")}
    assert exact["independent"] == pytest.approx(2.7657, abs=1e-3)
    assert exact["distinct"] == pytest.approx(2.5100, abs=1e-3)
    simulated = theory.power_of_d_simulated(3, 0.8, replicas=400, steps=20_000, warmup=5_000)
    for rule, value in exact.items():
        mean, half = mean_ci(simulated[rule])
        assert abs(mean - value) < max(3 * half, 0.01 * value), rule
