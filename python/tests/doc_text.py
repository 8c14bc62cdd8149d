"""The module's chapter as one text: doc/request-scheduling.rst with the
parts it includes (design, user, testing) in place, for the tests that
check the doc's tables and rows against the code and the results."""

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "doc"
CHAPTER = DOC / "request-scheduling.rst"


def chapter() -> str:
    return re.sub(r"^\.\. include:: (\S+)$", lambda m: (DOC / m.group(1)).read_text(),
                  CHAPTER.read_text(), flags=re.M)
