"""The examples' JSON summaries, described once: ``summary.schema.json``.

Every key any example writes is defined once in the schema's ``properties``,
with its type and meaning, so a key means the same in every example; each
example's own set of keys (``propertyNames``) and those it always writes
(``required``) are in the schema too. ``validate`` checks a summary against
it, and ``key_table`` renders the doc's table of keys from it.

    python -m request_scheduling.schema check out.json ...   # validate files
    python -m request_scheduling.schema table                # the doc's table
    python -m request_scheduling.schema doc RST              # rewrite it in the chapter
"""

from __future__ import annotations

import json
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

SCHEMA_PATH = Path(__file__).with_name("summary.schema.json")


@lru_cache(maxsize=1)
def schema() -> dict:
    """The schema, as a dict."""
    return json.loads(SCHEMA_PATH.read_text())


def validate(summary: Mapping[str, Any]) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``summary`` (an example's
    JSON summary) follows the schema."""
    import jsonschema

    jsonschema.Draft202012Validator(schema()).validate(summary)


def keys_of(example: str) -> list[str]:
    """The top-level keys ``example`` may write."""
    for rule in schema()["allOf"]:
        if rule["if"]["properties"]["example"]["const"] == example:
            return rule["then"]["propertyNames"]["enum"]
    raise KeyError(f"no example {example!r} in the schema")


def examples() -> list[str]:
    """The examples the schema describes."""
    return [rule["if"]["properties"]["example"]["const"] for rule in schema()["allOf"]]


def _short(example: str) -> str:
    return example.removesuffix("-scenario")


# Options (--warmup, --mode=splitter) and names with an underscore (rct_,
# short_size, long_connection_*), which reStructuredText would otherwise read
# as references or emphasis.
_LITERAL = re.compile(r"(?<![`\w-])(--[A-Za-z][\w:-]*(?:=[^\s,;)]+)?|[A-Za-z]\w*_[\w*]*)")


def _rst(text: str) -> str:
    def literal(m: re.Match) -> str:
        word = m.group(1)
        core = word.rstrip(":.")
        return f"``{core}``{word[len(core):]}"

    return _LITERAL.sub(literal, text)


def _type(spec: Mapping[str, Any]) -> str:
    kinds = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
    return " or ".join(k for k in kinds if k != "null")


def key_table() -> str:
    """The doc's table of keys: one row per key, with the examples that
    write it, its type and its meaning (reStructuredText list-table)."""
    s = schema()
    users = {key: [_short(e) for e in examples() if key in keys_of(e)] for key in s["properties"]}
    every = len(examples())
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 22 14 8 56", "",
             "   * - key", "     - examples", "     - type", "     - meaning"]
    for key, spec in s["properties"].items():
        who = "all" if len(users[key]) == every else ", ".join(users[key])
        lines += [f"   * - ``{key}``", f"     - {who}", f"     - {_type(spec)}",
                  f"     - {_rst(spec['description'])}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["table"]:
        sys.stdout.write(key_table())
        return 0
    if args[:1] == ["doc"] and len(args) == 2:
        # Replace the table under the chapter's "JSON keys" title.
        path = Path(args[1])
        text = path.read_text()
        start = text.index(".. list-table::", text.index("\nJSON keys\n"))
        lines = text[start:].split("\n")
        end = 1
        while end < len(lines) and (not lines[end] or lines[end].startswith(" ")):
            end += 1
        while not lines[end - 1]:
            end -= 1
        path.write_text(text[:start] + key_table().rstrip("\n") + "\n".join([""] + lines[end:]))
        return 0
    if args[:1] == ["check"] and len(args) > 1:
        import jsonschema

        bad = 0
        for path in args[1:]:
            try:
                validate(json.loads(Path(path).read_text()))
            except jsonschema.ValidationError as err:
                bad += 1
                print(f"{path}: {err.message} (at {'/'.join(map(str, err.absolute_path)) or 'top'})")
        return 1 if bad else 0
    print("usage: python -m request_scheduling.schema table | doc RST | check FILE...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
