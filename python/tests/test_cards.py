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
