"""The user doc's reference lists against the C++ sources: every attribute
of the module's TypeIds is in "Attributes" with its type, every trace
source in "Traces", and "Logging components" names exactly the components
the module defines (NS_LOG_COMPONENT_DEFINE). Hand-written lists go stale
as attributes are added; this test is what keeps them whole."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
USER_DOC = REPO / "doc" / "request-scheduling-user.rst"
SOURCES = sorted([*REPO.glob("model/**/*.cc"), *REPO.glob("helper/**/*.cc")])


def type_ids() -> dict:
    """{TypeId name: (attributes, trace sources)} read from each GetTypeId's
    chain of calls, from ``TypeId("ns3::...")`` to its semicolon."""
    found = {}
    for path in SOURCES:
        text = path.read_text()
        for m in re.finditer(r'(?<![A-Za-z])TypeId\s*\(\s*"(ns3::[A-Za-z0-9_:]+)"\s*\)', text):
            depth, end = 0, m.end()
            while end < len(text) and not (text[end] == ";" and depth <= 0):
                depth += {"(": 1, ")": -1}.get(text[end], 0)
                end += 1
            chain = text[m.end():end]
            found[m.group(1)] = (re.findall(r'\.AddAttribute\s*\(\s*"([^"]+)"', chain),
                                 re.findall(r'\.AddTraceSource\s*\(\s*"([^"]+)"', chain))
    return found


def section(title: str) -> str:
    """The user doc's section ``title`` (up to the next section title)."""
    text = USER_DOC.read_text()
    m = re.search(rf"^{re.escape(title)}\n=+\n(.*?)(?=^\S[^\n]*\n=+\n)", text, flags=re.M | re.S)
    assert m, title
    return m.group(1)


def bullets(text: str) -> list[str]:
    """The top-level bullets of a section, each with its continuation lines."""
    return re.split(r"^\* ", text, flags=re.M)[1:]


TYPES = type_ids()


def test_the_sources_are_read():
    # A change of style in the sources must not silently empty the lists.
    assert len(TYPES) > 50
    assert len(TYPES["ns3::RequestClient"][0]) > 15
    assert "Tx" in TYPES["ns3::RequestClient"][1]


@pytest.mark.parametrize("name", sorted(n for n, (attrs, _) in TYPES.items() if attrs))
def test_every_attribute_is_documented(name):
    attrs, _ = TYPES[name]
    text = " ".join(b for b in bullets(section("Attributes")) if f"``{name}``" in b)
    assert text, f"{name} has attributes but no bullet under Attributes"
    missing = [a for a in attrs if f"``{a}``" not in text]
    assert not missing, f"{name}: {missing} not under Attributes"


@pytest.mark.parametrize("name", sorted(n for n, (_, traces) in TYPES.items() if traces))
def test_every_trace_source_is_documented(name):
    _, traces = TYPES[name]
    short = name.split("::")[-1]
    text = " ".join(b for b in bullets(section("Traces")) if f"``{short}``" in b)
    assert text, f"{short} has trace sources but no bullet under Traces"
    missing = [t for t in traces if f"``{t}``" not in text]
    assert not missing, f"{short}: {missing} not under Traces"


def test_logging_components_are_those_defined():
    defined = set()
    for path in SOURCES:
        defined |= set(re.findall(r'NS_LOG_COMPONENT_DEFINE\s*\(\s*"([^"]+)"', path.read_text()))
    m = re.search(r"^Logging components: (.*?)\n\n", section("Traces"), flags=re.M | re.S)
    assert m, "no logging components paragraph"
    listed = set(re.findall(r"``([A-Za-z0-9]+)``", m.group(1)))
    assert listed == defined, (f"listed but not defined: {sorted(listed - defined)}; "
                               f"defined but not listed: {sorted(defined - listed)}")
