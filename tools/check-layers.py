#!/usr/bin/env python3
"""The module's layers point strictly downward: each folder of model/ and
helper/ includes only from itself and from folders below it. Prints every
include that points sideways or up and exits 1 if there is one; with
--diagram, prints the layers and the classes of each folder instead (the
architecture diagram of the doc, which a test keeps equal to it).

    model/requests                               the base: requests, client, stats
    model/microsecond  model/dispatch  model/sdwan  model/batchy   beside each other
    model/cards   model/racksched                 systems built on those
    helper/<same folders, same order>             above the whole model
"""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RANK = {"requests": 0, "microsecond": 1, "dispatch": 1, "sdwan": 1, "batchy": 1, "cards": 2, "racksched": 2,
        "end-to-end": 3}
# Every helper folder is above every model folder.
HELPER = 10
CLASS = re.compile(r"^(?:class|struct) (\w+)\b(?! *;)", re.M)
LAYERS = [("helper", None, "scenarios and helpers, above the whole model"),
          ("model", 2, "systems built on the layers below"),
          ("model", 1, "beside each other: none includes another"),
          ("model", 0, "the base every folder uses")]
INCLUDE = re.compile(r'\s*#\s*include\s+"(?:[\w.-]*/)*([^"/]+)"')


def rank(folder: Path) -> int:
    kind, name = folder.parts
    return RANK[name] + (HELPER if kind == "helper" else 0)


def violations(sources: dict[Path, str]) -> list[str]:
    """Includes from a folder to one beside or above it, as FILE:LINE: text.
    ``sources`` maps each file (relative to the repository) to its text."""
    home = {path.name: path.parent for path in sources if path.suffix == ".h"}
    found = []
    for path, text in sorted(sources.items()):
        for number, line in enumerate(text.splitlines(), 1):
            match = INCLUDE.match(line)
            target = home.get(match.group(1)) if match else None
            if target is not None and target != path.parent and rank(target) >= rank(path.parent):
                found.append(f"{path}:{number}: {path.parent} includes {target}/{match.group(1)}")
    return found


def sources(repo: Path = REPO) -> dict[Path, str]:
    files = [f for top in ("model", "helper") for f in (repo / top).rglob("*") if f.suffix in (".h", ".cc")]
    return {f.relative_to(repo): f.read_text() for f in files}


def diagram(repo: Path = REPO) -> str:
    """The layers from the top, each folder with the classes its headers
    declare at namespace level, as the doc's architecture diagram shows them."""
    lines = []
    for kind, level, what in LAYERS:
        lines.append(f"{kind}/ -- {what}")
        for folder in sorted(RANK, key=lambda f: (RANK[f], f)):
            if level is not None and RANK[folder] != level:
                continue
            names = sorted({m for h in (repo / kind / folder).glob("*.h") for m in CLASS.findall(h.read_text())})
            lines += textwrap.wrap(" ".join(names), 76, initial_indent=f"  {folder:11s} ",
                                   subsequent_indent=" " * 14)
    return "\n".join(lines) + "\n"


def main() -> int:
    if sys.argv[1:] == ["--diagram"]:
        print(diagram(), end="")
        return 0
    found = violations(sources())
    for line in found:
        print(f"check-layers: {line}")
    print(f"check-layers: {len(found)} include(s) pointing sideways or up")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
