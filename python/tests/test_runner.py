"""run() and sweep() drive the built examples and return their summaries."""

import pytest

import request_scheduling as rs
from request_scheduling.theory import mmc_mean_sojourn


def test_run_returns_summary():
    s = rs.run("microsecond-scenario", intra="ps", cores=1, load=0.5, service="exp:10us", duration="200ms")
    for key in ("sent", "completed", "recorded", "dropped", "in_flight", "sojourn_mean_us",
                "sojourn_p50_us", "sojourn_p99_us", "sojourn_p999_us", "rct_mean_us", "rct_p99_us",
                "rct_p999_us", "per_class", "wall_s", "events", "warnings"):
        assert key in s, key
    assert s["sent"] == s["completed"] + s["dropped"] + s["in_flight"]
    assert s["in_flight"] == 0 and s["sent"] > 5000
    # M/G/1-PS: E[S] / (1 - rho) = 20 us; 10^4 samples give a few % of noise.
    assert s["sojourn_mean_us"] == pytest.approx(20.0, rel=0.1)
    assert s["rct_mean_us"] > s["sojourn_mean_us"]
    # No warm-up: every answered request is in the statistics.
    assert s["recorded"] == s["completed"]


def test_run_underscore_options_and_classes():
    s = rs.run("microsecond-scenario", intra="dfcfs", cores=2, load=0.3,
               service="bimodal:0.9:1us:20us", duration="50ms", link_delay="exp:2us")
    assert set(s["per_class"]) == {"short", "long"}
    assert s["per_class"]["short"]["recorded"] > s["per_class"]["long"]["recorded"]


def test_bad_option_raises_with_message():
    with pytest.raises(rs.ExampleError) as err:
        rs.run("microsecond-scenario", load=-0.5)
    assert "--load" in str(err.value)
    assert err.value.returncode != 0
    with pytest.raises(rs.ExampleError, match="--intra"):
        rs.run("microsecond-scenario", intra="fifo")


def test_sweep_grid_times_runs(tmp_path):
    df = rs.sweep("microsecond-scenario", {"intra": ["cfcfs", "dfcfs"], "load": [0.3, 0.6]}, runs=2,
                  jobs=2, cores=2, service="exp:10us", duration="50ms")
    assert len(df) == 8
    assert set(df["run"]) == {1, 2}
    assert {"intra", "load", "sojourn_mean_us", "per_class.all.sojourn_p99_us"} <= set(df.columns)
    # Independent replications differ; the same seed and run do not.
    a = df[(df.intra == "cfcfs") & (df.load == 0.3)].sort_values("run")
    assert a["sent"].iloc[0] != a["sent"].iloc[1]
    again = rs.run("microsecond-scenario", intra="cfcfs", load=0.3, cores=2, service="exp:10us",
                   duration="50ms", run=1)
    assert again["sent"] == a["sent"].iloc[0]
    # Centralised FCFS beats d-FCFS at the same load.
    m = df.groupby(["intra", "load"])["sojourn_mean_us"].mean()
    assert m["cfcfs", 0.6] < m["dfcfs", 0.6]
    summary = rs.summarize(df, ["intra", "load"], ["sojourn_mean_us"])
    assert len(summary) == 4 and (summary["runs"] == 2).all()
    assert (summary["sojourn_mean_us_ci"] > 0).all()


def test_sweep_cache(tmp_path):
    cache = rs.DirectoryCache(tmp_path / "cache")
    grid = {"load": [0.4]}
    first = rs.sweep("microsecond-scenario", grid, runs=1, cache=cache, intra="cfcfs", duration="20ms")
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1
    second = rs.sweep("microsecond-scenario", grid, runs=1, cache=cache, intra="cfcfs", duration="20ms")
    assert second["wall_s"].iloc[0] == first["wall_s"].iloc[0]  # served from the cache


def test_theory_reference():
    assert mmc_mean_sojourn(1, 0.5, 10.0) == pytest.approx(20.0)  # M/M/1
    assert mmc_mean_sojourn(4, 0.8, 10.0) == pytest.approx(17.4554, rel=1e-5)


def test_erlang_c_acceptance():
    # The foundation issue's acceptance run, shortened to 1 s.
    s = rs.run("microsecond-scenario", intra="cfcfs", cores=4, load=0.8, arrival="exp",
               service="exp:10us", duration="1s")
    assert s["sojourn_mean_us"] == pytest.approx(mmc_mean_sojourn(4, 0.8, 10.0), rel=0.03)


_FORMER_NAMES = [
    ("multicore-server", "microsecond-scenario", dict(intra="afp", duration="20ms")),
    ("sdwan-splitter", "sdwan-scenario", dict(duration="3s", warmup="1s", utilisation=0.2)),
    ("batchy-pipeline", "batchy-scenario", dict(pipeline="l2l3", n=2, duration="20ms", period="5ms")),
]


@pytest.mark.parametrize("former,current,options", _FORMER_NAMES)
def test_former_example_names_still_run(former, current, options):
    """The renamed examples keep their former names for a deprecation period:
    the Python runner warns and runs the new program; the C++ program under the
    former name says so on stderr and writes the same summary."""
    import json
    import subprocess

    assert rs.RENAMED_EXAMPLES[former] == current
    with pytest.warns(FutureWarning, match=current):
        via_python = rs.run(former, **options)
    args = [f"--{k}={v}" for k, v in options.items()]
    out = subprocess.run([str(rs.build_dir() / "examples" / former), *args],
                         capture_output=True, text=True, check=True)
    assert f"{former}: deprecated name, now {current}" in out.stderr
    via_program = json.loads(out.stdout)
    assert any(w.startswith(f"{former}: deprecated name") for w in via_program["warnings"])
    # An error is still one line: the warning comes once the options are valid.
    bad = subprocess.run([str(rs.build_dir() / "examples" / former), "--bogus=1"], capture_output=True, text=True)
    assert bad.returncode == 1 and bad.stderr.strip() == (
        f"{current}: unknown option --bogus (--PrintHelp lists the options)")
    expected = rs.run(current, **options)
    for summary in (via_python, via_program):
        assert summary["example"] == current
        for key in ("sent", "completed", "dropped"):
            assert summary[key] == expected[key], key


FORMER_OPTIONS = [
    ("microsecond-scenario", "policy", "intra", "afp", dict(workload="w1", duration="5ms")),
    ("racksched-scenario", "policy", "inter", "jbsq", dict(duration="5ms", warmup="0s")),
    ("cards-scenario", "scheduler", "inter", "random", dict(scenario="2a", clients=50, duration="50ms")),
]


@pytest.mark.parametrize("example,former,current,value,options", FORMER_OPTIONS)
def test_former_option_names_still_work(example, former, current, value, options):
    """A renamed option's former name sets the new one, with a warning on
    stderr, in the summary's warnings and in Python; the same run results."""
    import json
    import subprocess

    assert rs.RENAMED_OPTIONS[example] == {former: current}
    with pytest.warns(FutureWarning, match=f"'{former}' is now '{current}'"):
        via_python = rs.run(example, **{former: value}, **options)
    expected = rs.run(example, **{current: value}, **options)
    assert expected["warnings"] == []
    note = f"--{former} is now --{current}; the former name goes in the first release after 2027-06-01"
    assert via_python["warnings"] == [note]
    assert via_python[current] == expected[current] == value
    for key in ("sent", "completed", "rct_mean_us"):
        assert via_python[key] == expected[key], key
    args = [f"--{k}={v}" for k, v in options.items()]
    out = subprocess.run([str(rs.example_path(example)), f"--{former}={value}", *args],
                         capture_output=True, text=True, check=True)
    assert f"{example}: warning: {note}" in out.stderr.splitlines()
    help_text = subprocess.run([str(rs.example_path(example)), "--PrintHelp"], capture_output=True,
                               text=True, check=True).stdout
    assert f"--{former}:" in help_text and f"former name of --{current}" in help_text
