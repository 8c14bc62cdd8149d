"""The CArDS reproduction: the doc's tables are the committed results."""

from pathlib import Path

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


def test_scenario3_variant_stops_past_its_capacity(monkeypatch):
    # A variant's counts run in order up to the first at which every run is
    # over S3_STOP x the bound; one run below it, or a failed run, goes on.
    import pandas as pd

    over = cards.S3_STOP * cards.S3_BOUND_MS * 1e3 * 1.01
    rct = {10: [1e3, 1e3], 20: [over, 2e3], 30: [over, float("nan")], 40: [over, over], 50: [1e3, 1e3]}
    asked = []

    def fake_sweep(example, grid, runs, **options):
        (clients,) = grid["clients"]
        asked.append(clients)
        values = rct[clients]
        return pd.DataFrame({"clients": clients, "run": [1, 2], "rct_mean_us": values,
                             "error": [None if v == v else "failed" for v in values]})

    monkeypatch.setattr(cards, "sweep", fake_sweep)
    scale = {"s3_clients": [10, 20, 30, 40, 50], "s3_runs": 2, "s3_duration": "1s", "s3_warmup": "0s"}
    runs = cards._s3_variant("v", {}, scale, False, jobs=1)
    assert asked == [10, 20, 30, 40]
    assert list(runs.variant.unique()) == ["v"] and len(runs) == 8
