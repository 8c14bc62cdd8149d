#!/usr/bin/env python3
"""The module's layers point strictly downward: each folder of model/ and
helper/ includes only from itself and from folders below it. Prints every
include that points sideways or up and exits 1 if there is one.

    model/requests                               the base: requests, client, stats
    model/server  model/dispatch  model/sdwan  model/batchy   beside each other
    model/cards   model/racksched                 systems built on those
    helper/<same folders, same order>             above the whole model
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RANK = {"requests": 0, "server": 1, "dispatch": 1, "sdwan": 1, "batchy": 1, "cards": 2, "racksched": 2}
# Every helper folder is above every model folder.
HELPER = 10
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


def main() -> int:
    found = violations(sources())
    for line in found:
        print(f"check-layers: {line}")
    print(f"check-layers: {len(found)} include(s) pointing sideways or up")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
