"""SEM (ns-3's Simulation Execution Manager) drives every example: it reads
the options SEM reads, and a run given every option back (as a campaign
passes them: sem_parameters, --RngRun beside --run) is the run with none
given. The campaign itself, in an ns-3 tree, is test_sem_campaign.py."""

import subprocess

import pytest
import sem.runner

import request_scheduling as rs
from request_scheduling.campaign import sem_parameters
from test_determinism import differences, runs, simulated
from test_valid_input import CASES, EXTENSIVE, GRAPH, resolve

EXAMPLES = sorted({case.example for case in CASES})
# A campaign passes the former option names too (empty: not given).
pytestmark = pytest.mark.filterwarnings("ignore::FutureWarning")


@pytest.mark.parametrize("example", EXAMPLES)
def test_sem_reads_the_options_we_list(example, tmp_path):
    """SEM's own reading of --PrintHelp finds exactly our options (no global
    value it would pass), and every default it reads is the one we give, as
    the number SEM makes of it where it makes one."""
    runner = object.__new__(sem.runner.SimulationRunner)
    runner.script_executable, runner.path, runner.environment = str(rs.example_path(example)), str(tmp_path), {}
    read = runner.get_available_parameters()
    ours = sem_parameters(example)
    assert set(read) == set(ours)
    for name, value in ours.items():
        if value == "":
            continue
        try:
            expected = float(value)
        except ValueError:
            expected = {"true": True, "false": False}.get(value, value)
        assert read[name] == expected, name


def given_back(example, options, run):
    """The options over every other option's SEM value, as a campaign passes
    them (but --json, which rs.run gives)."""
    options = {k.replace("_", "-"): v for k, v in options.items()}
    defaults = {k: v for k, v in sem_parameters(example).items() if k != "json"}
    return {**defaults, **options, "RngRun": run, "run": run}


# Every option's default is given back in every case, so what varies from
# case to case is the options given over them: at EXTENSIVE and above the
# quick cases, which hold every choice of every example (test_valid_input's
# test_every_choice_is_in_the_grid), not the corners of numeric values the
# other cases add; at QUICK a third of them, every example among them.
SELECTED = [c for c in CASES if c.quick]
SELECTED = SELECTED if EXTENSIVE else SELECTED[::3]


@pytest.mark.parametrize("case", SELECTED, ids=[c.id for c in SELECTED])
def test_every_option_given_back_changes_nothing(case, tmp_path):
    (tmp_path / "graph.txt").write_text(GRAPH)
    alone, full = runs(case.example, [dict(resolve(case.options, tmp_path, "alone"), run=2),
                                      given_back(case.example, resolve(case.options, tmp_path, "full"), 2)],
                       timeout=case.timeout)
    assert not differences(simulated(alone), simulated(full))


@pytest.mark.parametrize("example", EXAMPLES)
def test_rngrun_and_run_must_agree(example):
    path = rs.example_path(example)
    proc = subprocess.run([str(path), "--run=2", "--RngRun=3", "--duration=1ms"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode != 0
    assert proc.stderr.strip() == f"{example}: invalid --RngRun=3: --run=2 sets RngRun to another value"
