"""The claims report (request_scheduling.report) over the committed results.

Nothing here runs a simulation: the report reads ``results/*/*/summary.json``
only, and the tests that need other data write small summaries into
``tmp_path``."""

from __future__ import annotations

import dataclasses
import html
import json
import math
import re
import shutil
from pathlib import Path

import pytest

from request_scheduling import report
from request_scheduling.report import (CLAIMS, ERROR, EXPLAINED, FAIL, NOT_RUN, OK, STATUSES, SYSTEMS, build_report,
                                       write_index)

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "results"
COMMITTED = ("cards", "sdwan", "racksched", "batchy", "end-to-end", "microsecond")


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return build_report(RESULTS)


def _index(system: str, figure: str, words: str) -> int:
    """The position in CLAIMS of the one claim of ``system`` and ``figure`` whose text contains ``words``."""
    found = [i for i, c in enumerate(CLAIMS) if c.system == system and c.figure == figure and words in c.claim]
    assert len(found) == 1, (system, figure, words, found)
    return found[0]


def test_one_row_per_claim_for_every_system(rows):
    assert len(rows) == len(CLAIMS)
    assert [r["claim"] for r in rows] == [c.claim for c in CLAIMS]
    assert {r["system_dir"] for r in rows} == set(SYSTEMS)
    assert {c.system for c in CLAIMS} == set(SYSTEMS)
    errors = [(r["figure"], r["reason"]) for r in rows if r["status"] == ERROR]
    assert not errors
    assert all(r["status"] in STATUSES for r in rows)


def test_rows_with_results_have_a_number_a_command_and_a_commit(rows):
    ran = [r for r in rows if r["status"] != NOT_RUN]
    assert {r["system_dir"] for r in ran} >= set(COMMITTED)
    for r in ran:
        assert isinstance(r["value"], float) and math.isfinite(r["value"]), r
        assert r["ci"] >= 0
        assert re.match(r"^-?\d[\d.]* ± \d[\d.]* \S", r["measured"]), r["measured"]
        assert r["command"].startswith(f"python -m request_scheduling.{SYSTEMS[r['system_dir']].module} "), r
        assert re.fullmatch(r"[0-9a-f]{40}(\+dirty)?", r["commit"]), r["commit"]
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", r["date"]) and r["wall_s"] > 0
        assert r["scale"] in ("paper", "quick")
        if r["status"] in (FAIL, EXPLAINED):
            assert r["reason"], r
        if r["status"] == EXPLAINED:
            assert "doc" in r["reason"] and r["doc"].startswith(report.DOC)


def test_paper_scale_is_preferred(rows):
    for claim, r in zip(CLAIMS, rows):
        paper = RESULTS / claim.system / "paper" / "summary.json"
        if r["status"] != NOT_RUN and paper.is_file():
            has = report._has(json.loads(paper.read_text()), claim.key)
            assert r["scale"] == ("paper" if has else "quick"), (claim.figure, claim.claim)


def test_listed_figures_exist(rows):
    assert sum(len(r["figures"]) for r in rows) > len(COMMITTED)
    for r in rows:
        for f in r["figures"]:
            assert (RESULTS / f).is_file(), f
            assert f.startswith(f"{r['system_dir']}/{r['scale']}/fig"), f


def test_index_html(tmp_path):
    out = tmp_path / "site" / "index.html"
    written = write_index(RESULTS, out)
    text = out.read_text(encoding="utf-8")
    assert text.count('<tr class="claim ') == len(CLAIMS) == len(written)
    pngs = [html.unescape(link) for link in re.findall(r'<a href="([^"]+\.png)"', text)]
    assert len(pngs) == sum(len(r["figures"]) for r in written) > 0
    for link in pngs:
        assert (out.parent / link).resolve().is_file(), link
    for r in written:
        for f in r["figures"]:
            assert html.escape(f) in text
        if r["status"] != NOT_RUN:
            assert html.escape(r["command"]) in text and r["commit"][:10] in text
    counts = report.count_statuses(written)
    for status, n in counts.items():
        assert f"<b>{html.escape(status)}</b> {n}" in text
    assert sum(counts.values()) == len(CLAIMS)
    for external in ("<script", "<link", "http://", "https://", "@import"):
        assert external not in text


def test_index_html_escapes_text(tmp_path, monkeypatch):
    monkeypatch.setattr(report, "CLAIMS", [dataclasses.replace(CLAIMS[0], claim="a <b> & \"c\"")])
    write_index(RESULTS, tmp_path / "index.html")
    text = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "a &lt;b&gt; &amp; &quot;c&quot;" in text and "a <b>" not in text


def _mutated(tmp_path: Path, system: str, scale: str, change) -> Path:
    """A results folder holding only one system's summary of one scale, changed by ``change``."""
    summary = json.loads((RESULTS / system / scale / "summary.json").read_text())
    change(summary)
    folder = tmp_path / "results" / system / scale
    folder.mkdir(parents=True)
    (folder / "summary.json").write_text(json.dumps(summary))
    return tmp_path / "results"


def _set_scaleout(s):
    s["scaleout"]["8_over_1"] = [1.5, 0.05, "="]


def _set_2b(s):
    s["s2b"]["1245"]["steam_over_cards"]["mean"] = [0.5, 0.01]


def _set_fig4b(s):
    s["fig4b_over_ecmp"]["40"]["gain_p50"] = [0.8, 0.01]


def _set_gw(s):
    s["static_absolute"]["cells"]["gw-64/full"]["mpps"] = [3.3, 0.0]


def _set_all_on(s):
    s["ablation_p99_gain"]["all on"]["0.3"] = [0.5, 0.05]


def _set_site_random_80(s):
    r = s["s1_site_random_over_direct"]["80"]
    r["mean"], r["p50"] = [0.9, 0.05], [1.0, 0.01]


@pytest.mark.parametrize("system, scale, where, change", [
    ("racksched", "paper", ("racksched", "Fig. 12", "near-linearly"), _set_scaleout),
    ("cards", "quick", ("cards", "Sc. 2b", "very poor"), _set_2b),
    ("cards", "quick", ("cards", "Sc. 1 (site-random)", "100×"), _set_site_random_80),
    ("sdwan", "paper", ("sdwan", "Fig. 4b", "1.5-2×"), _set_fig4b),
    ("batchy", "paper", ("batchy", "Table 2 (authors' SLOs)", "(GW(64))"), _set_gw),
    ("end-to-end", "quick", ("end-to-end", "Ablation", "every load"), _set_all_on),
])
def test_a_value_moved_far_from_the_paper_fails(tmp_path, rows, system, scale, where, change):
    i = _index(*where)
    assert rows[i]["status"] != FAIL  # as committed
    moved = build_report(_mutated(tmp_path, system, scale, change))
    assert moved[i]["status"] == FAIL, moved[i]
    assert moved[i]["reason"]
    # and the rule itself, called on the changed summary
    claim = CLAIMS[i]
    view = report.View(scale, {scale: json.loads((tmp_path / "results" / system / scale / "summary.json").read_text())})
    assert claim.rule(view, claim.extract(view)).status == FAIL


def test_a_system_without_results_is_not_run(tmp_path):
    for system in COMMITTED:  # every committed system but microsecond
        if system != "microsecond":
            shutil.copytree(RESULTS / system, tmp_path / system)
    rows = build_report(tmp_path)
    micro = [r for r in rows if r["system_dir"] == "microsecond"]
    assert len(micro) >= 3
    for r in micro:
        assert r["status"] == NOT_RUN and r["measured"] == "" and r["value"] is None and r["commit"] is None
        assert r["command"].startswith("python -m request_scheduling.microsecond --out results/microsecond/quick ")
        assert f"--only {r['experiment']}" in r["command"]
    assert all(r["status"] != NOT_RUN for r in rows if r["system_dir"] != "microsecond")


def test_no_results_means_every_claim_not_run(tmp_path):
    empty = build_report(tmp_path)
    assert [r["status"] for r in empty] == [NOT_RUN] * len(CLAIMS)
    assert all(r["command"] and r["figures"] == [] for r in empty)


def test_microsecond_claims_follow_the_numbers(tmp_path):
    # The committed results, then one number moved off the paper's.
    shutil.copytree(RESULTS / "microsecond", tmp_path / "microsecond")
    micro = [r for r in build_report(tmp_path) if r["system_dir"] == "microsecond"]
    assert len(micro) >= 5 and all(r["status"] in (OK, EXPLAINED) and r["scale"] == "paper" for r in micro)
    path = tmp_path / "microsecond" / "paper" / "summary.json"
    summary = json.loads(path.read_text())
    summary["w1_afp_over_PSP-600_at_5us"] = 1.2
    path.write_text(json.dumps(summary))
    moved = build_report(tmp_path)[_index("microsecond", "Fig. 5", "4.5×")]
    assert moved["status"] == FAIL and moved["measured"].startswith("1.20 ± 0.00")


def test_main_prints_a_line_per_claim(tmp_path, capsys):
    assert report.main(["--results", str(RESULTS), "--out", str(tmp_path / "index.html")]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == len(CLAIMS) + 1
    assert lines[-1].startswith("counts: ") and (tmp_path / "index.html").is_file()
    for line, r in zip(lines, build_report(RESULTS)):
        assert line.startswith(r["status"])


def test_figures_copied_elsewhere_are_linked_relative(tmp_path):
    # a copy of one system's results: the page links its figures where they are
    shutil.copytree(RESULTS / "end-to-end", tmp_path / "results" / "end-to-end")
    write_index(tmp_path / "results", tmp_path / "results" / "index.html")
    text = (tmp_path / "results" / "index.html").read_text(encoding="utf-8")
    assert 'href="end-to-end/quick/fig-ablation-p99.png"' in text


def test_committed_index_is_the_committed_results():
    committed = (RESULTS / "index.html").read_text(encoding="utf-8")
    assert committed == report.render_html(build_report(RESULTS), RESULTS, RESULTS / "index.html"), (
        "results/index.html is out of date: make report")


def test_the_quick_set_takes_under_an_hour_as_the_readme_says():
    # Each experiment records the wall time that made its committed results;
    # make reproduce SCALE=quick runs every one of them.
    minutes = {system: sum(v["wall_s"] for k, v in json.loads((RESULTS / system / "quick" / "summary.json")
                                                                .read_text()).items() if k.endswith("_record")) / 60
               for system in COMMITTED}
    total = sum(minutes.values())
    assert total < 60, minutes
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert f"add up to {total:.1f} minutes on 2 cores" in readme, (
        f"README's quick total differs from the records: {total:.1f} minutes ({minutes})")
