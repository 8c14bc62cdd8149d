"""The CArDS reproduction: the doc's tables are the committed results."""

import threading
from pathlib import Path

import pytest

from request_scheduling import cards
from doc_text import chapter

ROOT = Path(__file__).resolve().parents[2]


def test_doc_tables_are_the_committed_results():
    # Every number of the doc's CArDS tables comes from results/cards/quick/
    # (summary.json, with the command and commit that made each experiment).
    doc = chapter()
    for name, table in cards.doc_tables(ROOT / "results" / "cards" / "quick").items():
        assert table in doc, (f"the doc's CArDS {name} table differs from results/cards/quick/: paste the "
                              "output of python -m request_scheduling.cards table results/cards/quick")


def test_every_experiment_is_recorded():
    summary = (ROOT / "results" / "cards" / "quick" / "summary.json").read_text()
    for name in cards.EXPERIMENTS:
        assert f'"{name}_record"' in summary, name
    assert "+dirty" not in summary


def test_ratios_are_paired_by_run():
    import pandas as pd

    runs = pd.DataFrame({"scheduler": ["a", "a", "b", "b"], "run": [1, 2, 1, 2],
                         "rct_mean_us": [2.0, 6.0, 1.0, 2.0], "rct_p50_us": [1.0, 1.0, 1.0, 1.0],
                         "rct_p99_us": [4.0, 4.0, 2.0, 2.0]})
    r = cards.ratios(runs, "scheduler == 'a'", "scheduler == 'b'")
    # Run by run: 2/1 and 6/2, not the ratio of the means (4/1.5).
    assert r["mean"][0] == 2.5
    assert r["p50"] == [1.0, 0.0] and r["p99"] == [2.0, 0.0]


def test_scenario3_run_stops_past_capacity(monkeypatch):
    # A run's counts go in order up to the first at which it is over
    # S3_STOP x the bound; a failed run goes on.
    import pandas as pd

    over = cards.S3_STOP * cards.S3_BOUND_MS * 1e3 * 1.01
    rct = {10: 1e3, 20: float("nan"), 30: 2e3, 40: over, 50: 1e3}
    asked = []

    def fake_sweep(example, grid, runs, **options):
        (clients,) = grid["clients"]
        asked.append((clients, runs))
        return pd.DataFrame({"clients": clients, "run": runs, "rct_mean_us": rct[clients],
                             "error": None if rct[clients] == rct[clients] else "failed"})

    monkeypatch.setattr(cards, "sweep", fake_sweep)
    scale = {"s3_clients": [10, 20, 30, 40, 50], "s3_runs": 2, "s3_duration": "1s", "s3_warmup": "0s"}
    ticks = []
    runs = cards._s3_run("v", {}, 2, scale, None, threading.Event(), ticks.append)
    # Its own run index, alone; the count at 50 left out.
    assert asked == [(10, [2]), (20, [2]), (30, [2]), (40, [2])]
    assert list(runs.variant.unique()) == ["v"] and list(runs.run) == [2] * 4
    assert ticks == [1, 1, 1, 1, 0]


def _fake_s3_sweep(fail=None):
    # Mean RCT 1 ms at 10 000 clients, then past twice the bound for
    # Random; CArDS stays below. `fail`: a variant whose second count raises.
    def fake(example, grid, runs, inter, affinity, **options):
        import pandas as pd

        (clients,) = grid["clients"]
        if fail == (inter, affinity, options.get("hold_until_affinity")) and clients > 10000:
            raise RuntimeError("boom")
        rct = 1e3 if inter == "cards" or clients == 10000 else 4e6
        return pd.DataFrame({"clients": clients, "run": runs, "rct_mean_us": rct,
                             "rct_p50_us": rct, "rct_p99_us": rct, "error": None})
    return fake


def test_scenario3_runs_each_variant_to_its_stop(monkeypatch, tmp_path):
    monkeypatch.setattr(cards, "sweep", _fake_s3_sweep())
    monkeypatch.setattr(cards.plot, "line_plot", lambda *a, **k: None)
    scale = {"s3_clients": [10000, 20000, 40000], "s3_runs": 2, "s3_duration": "1s", "s3_warmup": "0s"}
    result = cards.scenario3(tmp_path, scale, jobs=2, progress=False)
    import pandas as pd

    runs = pd.read_csv(tmp_path / "s3-runs.csv")
    # In the variants' order, then by clients and run.
    assert list(runs.variant.unique()) == list(cards.S3_VARIANTS)
    assert list(runs[runs.variant == "CArDS, packet level"].run) == [1, 2] * 3
    counts = runs.groupby("variant").clients.max().to_dict()
    assert counts["CArDS, packet level"] == 40000 and counts["Random, packet level"] == 20000
    assert result["s3_clients_at_1.5s"]["CArDS, packet level"] is None  # never crossed
    assert result["s3_ratios"]["40000"]["Random, packet level / CArDS, packet level"] is None
    assert result["s3_ratios"]["40000"]["CArDS, 1-minute affinity / CArDS, packet level"]["mean"][0] == 1.0


def test_scenario3_stops_when_a_variant_fails(monkeypatch, tmp_path):
    monkeypatch.setattr(cards, "sweep", _fake_s3_sweep(fail=("random", "1", None)))
    monkeypatch.setattr(cards.plot, "line_plot", lambda *a, **k: None)
    scale = {"s3_clients": [10000, 20000, 40000], "s3_runs": 2, "s3_duration": "1s", "s3_warmup": "0s"}
    with pytest.raises(RuntimeError, match="boom"):
        cards.scenario3(tmp_path, scale, jobs=2, progress=False)
    assert not (tmp_path / "s3-runs.csv").exists()
