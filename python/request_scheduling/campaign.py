"""SEM campaigns over the module's examples.

SEM (ns-3's Simulation Execution Manager, the PyPI ``sem`` package) reads a
program's options from ``--PrintHelp`` and passes every one of them on each
run as ``--NAME=VALUE``, filling in those a campaign leaves out with the
default it read, and keeps each run's files. Two of its readings do not fit
our examples: it reads every number as a float (``--clients=1550.0``, which
an integer option refuses), and an option with no default as ``None``
(``--records=None`` would write a file called None). ``sem_parameters``
gives the values a campaign starts from instead: each option's default as
the program prints it, and an empty value, which an option without a
default takes as not given. ``RUN`` ties ``--run`` to SEM's RngRun (the
examples accept both when they agree)::

    import sem
    import request_scheduling as rs
    from request_scheduling.campaign import RUN, sem_frame, sem_parameters

    campaign = sem.CampaignManager.new(NS3_TREE, "cards-scenario", "campaign",
                                       optimized=False, skip_configuration=True,
                                       check_repo=False)
    campaign.run_missing_simulations({
        **sem_parameters("cards-scenario"),
        "inter": ["cards", "random"], "RngRun": [1, 2, 3], "run": RUN,
        "json": "summary.json"})
    df = sem_frame(campaign)       # one row per run, as sweep() returns them

``NS3_TREE`` is an ns-3 source tree with the module in ``contrib/``, built
with the release profile (``./ns3 configure -d release``), whose ``build/``
holds the libraries SEM puts on the runs' library path.
"""

from __future__ import annotations

import json
import re
import subprocess

from .runner import _flatten, example_path


def RUN(params: dict):
    """``--run`` equal to SEM's RngRun: use as the ``run`` entry of a
    campaign's parameters."""
    return params["RngRun"]


def sem_parameters(example: str) -> dict[str, str]:
    """Every option of ``example`` (as its ``--PrintHelp`` lists them) with
    the value a SEM campaign should pass when it leaves the option alone: the
    default as printed, or an empty string for an option without one."""
    text = subprocess.run([str(example_path(example)), "--PrintHelp"], capture_output=True, text=True,
                          check=True, timeout=60).stdout
    section = text.split("Program Options:")[1].split("General Arguments:")[0]
    params = {}
    for line in section.splitlines():
        match = re.match(r"\s+--([\w-]+):", line)
        if match:
            # ns-3 ends the line with " [default]"; the default may hold
            # brackets of its own (afp[Thresh=3]).
            line = line.rstrip()
            at = line.rfind(" [")
            params[match[1]] = line[at + 2:-1] if line.endswith("]") and at > match.end() else ""
    return params


def sem_frame(campaign, summary: str = "summary.json"):
    """A campaign's results as ``sweep`` returns them: one row per run, with
    the run's parameters (``RngRun`` dropped: ``run`` equals it) and its JSON
    summary (the file ``summary`` each run wrote) flattened; ``error`` holds
    the exit status of a run that failed."""
    import pandas as pd

    rows, summaries = [], []
    for result in campaign.db.get_results():
        params = {k: v for k, v in result["params"].items() if k != "RngRun"}
        failed = result["meta"]["exitcode"] != 0
        rows.append({**params, "error": f"exit status {result['meta']['exitcode']}" if failed else None})
        path = None if failed else campaign.db.get_result_files(result).get(summary)
        summaries.append(json.loads(open(path).read()) if path else None)
    if not rows:
        return pd.DataFrame()
    names = pd.DataFrame(rows)
    flat = _flatten(summaries)
    flat = flat.drop(columns=[c for c in flat.columns if c in names.columns])
    return pd.concat([names, flat], axis=1).copy()
