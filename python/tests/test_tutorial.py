"""The tutorials run as the doc says. The rack ("A rack of your own"): the
program built with the module, the same from Python through cppyy, and the
program built as a project of one's own against the installed module with
find_package(request-scheduling). The composed schedulers ("Schedulers
composed"): C++ and Python alike, and the ablation's "all on" point
reproduced."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import request_scheduling as rs

REPO = Path(__file__).resolve().parents[2]


def _check(output: str) -> dict:
    m = re.search(r"^sent (\d+), answered (\d+)$", output, re.M)
    assert m, output
    sent, answered = int(m.group(1)), int(m.group(2))
    rows = {name: (int(n), float(mean), float(p99)) for name, n, mean, p99 in re.findall(
        r"^(all|short|long): (\d+) requests, mean (\S+) us, p99 (\S+) us$", output, re.M)}
    assert set(rows) == {"all", "short", "long"}, output
    # Every request is answered within the 10 ms after the clients stop.
    assert sent > 1000 and answered == sent == rows["all"][0]
    assert rows["short"][0] + rows["long"][0] == answered
    # W1: 0.5 % long requests of 500 us, 99.5 % short ones of 0.5 us.
    assert rows["long"][0] < 0.02 * answered
    assert rows["long"][1] >= 500 > rows["short"][1]
    return rows


def _cpp_output(program: Path) -> str:
    return subprocess.run([str(program), "--duration=50ms"], capture_output=True, text=True,
                          check=True, timeout=600).stdout


def test_tutorial_program():
    _check(_cpp_output(rs.build_dir() / "examples" / "tutorial-rack"))


def test_tutorial_bad_option():
    out = subprocess.run([str(rs.build_dir() / "examples" / "tutorial-rack"), "--load=1.5"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and out.stderr.strip() == "tutorial-rack: invalid --load"


def test_tutorial_from_python():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, str(REPO / "examples" / "tutorial-rack.py"),
                          "--duration=0.05"], capture_output=True, text=True, env=env, check=True,
                         timeout=900)
    # The same simulation as the C++ program: the same numbers.
    assert _check(out.stdout) == _check(_cpp_output(rs.build_dir() / "examples" / "tutorial-rack"))


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed")
def test_own_project_with_find_package(tmp_path):
    build = rs.build_dir()
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", str(build), "--prefix", str(prefix)], check=True,
                   capture_output=True, timeout=300)
    assert (prefix / "include" / "ns3" / "request-scheduling-module.h").exists()
    project = tmp_path / "my-rack"
    project.mkdir()
    shutil.copy(REPO / "examples" / "own-program" / "CMakeLists.txt", project)
    shutil.copy(REPO / "examples" / "tutorial-rack.cc", project)
    subprocess.run(["cmake", "-S", str(project), "-B", str(project / "build"),
                    f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_BUILD_TYPE=Release"],
                   check=True, capture_output=True, timeout=300)
    subprocess.run(["cmake", "--build", str(project / "build")], check=True, capture_output=True,
                   timeout=900)
    own = _cpp_output(project / "build" / "tutorial-rack")
    # Linked against the installed library, the same program gives the same numbers.
    assert _check(own) == _check(_cpp_output(build / "examples" / "tutorial-rack"))


def _e2e(args) -> dict:
    """The end-to-end tutorial's numbers: sent, recorded, p50, p99 (us)."""
    out = subprocess.run([str(rs.build_dir() / "examples" / "tutorial-end-to-end"), *args],
                         capture_output=True, text=True, check=True, timeout=600).stdout
    m = re.fullmatch(r"sent (\d+), recorded (\d+), p50 (\S+) us, p99 (\S+) us\n", out)
    assert m, out
    return dict(zip(("sent", "recorded", "p50", "p99"), map(float, m.groups())))


def test_end_to_end_tutorial_reproduces_the_ablation_point():
    runs = [_e2e(["--load=0.5", "--duration=200ms", f"--run={r}"]) for r in range(1, 6)]
    assert all(0.85 * r["sent"] < r["recorded"] < r["sent"] for r in runs)  # the warm-up left out
    mean, half = rs.mean_ci([r["p99"] for r in runs])
    summary = json.loads((REPO / "results" / "end-to-end" / "quick" / "summary.json").read_text())
    committed, committed_half = summary["ablation"]["all on"]["0.5"]["rct_p99_us"]
    assert abs(mean - committed) <= half + committed_half, (mean, half, committed, committed_half)


def test_end_to_end_tutorial_from_python():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, str(REPO / "examples" / "tutorial-end-to-end.py"),
                          "--duration=0.05", "--run=2"], capture_output=True, text=True, env=env,
                         check=True, timeout=900)
    cpp = _e2e(["--duration=50ms", "--run=2"])
    assert out.stdout == (f"sent {cpp['sent']:.0f}, recorded {cpp['recorded']:.0f}, p50 {cpp['p50']:.1f} us, "
                          f"p99 {cpp['p99']:.1f} us\n")


def test_end_to_end_tutorial_bad_option():
    out = subprocess.run([str(rs.build_dir() / "examples" / "tutorial-end-to-end"), "--load=0"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and out.stderr.strip() == "tutorial-end-to-end: invalid --load"
