"""The AFP paper's reproduction: the doc's measured-vs-paper table is the
committed results'."""

from pathlib import Path

from doc_text import chapter
from request_scheduling import microsecond

REPO = Path(__file__).resolve().parents[2]


def test_doc_table_is_the_committed_results():
    table = microsecond.doc_table(REPO / "results" / "microsecond")
    assert table in chapter(), ("the doc's AFP table differs from results/microsecond/: paste the output of "
                                "python -m request_scheduling.microsecond table")
