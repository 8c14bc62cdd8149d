"""Every example's JSON summary follows summary.schema.json, where each key
is defined once (one meaning everywhere), and the doc's table of keys is the
schema's."""

import importlib.util
import json
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import jsonschema
import pytest

import request_scheduling as rs
from request_scheduling import schema
from doc_text import chapter

REPO = Path(__file__).resolve().parents[2]


def _snapshot_commands():
    """The configurations tools/json-snapshot.py runs: the README's, CI's, the
    determinism test's, and every policy, scheduler, controller and mode."""
    spec = importlib.util.spec_from_file_location("json_snapshot", REPO / "tools" / "json-snapshot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.all_commands()


# The keys a summary has do not depend on the run's length: each
# configuration runs for at most this long (the last of a repeated option
# counts), the README's 30-second SD-WAN and 10-second Batchy runs included.
SHORT = {"microsecond-scenario": ["--duration=20ms"], "cards-scenario": ["--duration=200ms"],
         "sdwan-scenario": ["--duration=1s", "--warmup=0s"],
         "racksched-scenario": ["--duration=20ms", "--warmup=2ms"], "end-to-end-scenario": ["--duration=20ms"],
         "batchy-scenario": ["--duration=50ms", "--period=10ms"]}


def _summary(command):
    with tempfile.TemporaryDirectory(prefix="rs-schema-") as tmp:
        out = Path(tmp) / "summary.json"
        subprocess.run([str(rs.build_dir() / "examples" / command[0]), *command[1:], f"--json={out}"],
                       capture_output=True, text=True, check=True, timeout=900)
        return json.loads(out.read_text())


def test_every_configuration_follows_the_schema():
    commands = _snapshot_commands()
    assert {c[0] for c in commands} == set(schema.examples())
    commands = [c + SHORT[c[0]] for c in commands]
    with ThreadPoolExecutor(2) as pool:
        summaries = list(pool.map(_summary, commands))
    for command, summary in zip(commands, summaries):
        try:
            schema.validate(summary)
        except jsonschema.ValidationError as err:
            pytest.fail(f"{' '.join(command)}: {err.message} at {list(err.absolute_path)}")


def test_a_key_the_schema_does_not_know_is_refused():
    summary = _summary(["microsecond-scenario", "--duration=5ms"])
    schema.validate(summary)
    with pytest.raises(jsonschema.ValidationError):
        schema.validate({**summary, "mean_us": 1.0})            # the old, ambiguous name
    with pytest.raises(jsonschema.ValidationError):
        schema.validate({**summary, "throughput_pps": 1.0})     # batchy's key, not this example's
    without = dict(summary)
    del without["recorded"]
    with pytest.raises(jsonschema.ValidationError):
        schema.validate(without)


def test_every_key_is_described():
    s = schema.schema()
    for key, spec in s["properties"].items():
        assert spec.get("description") and spec.get("type"), key
    for example in schema.examples():
        assert set(schema.keys_of(example)) <= set(s["properties"]), example


def test_the_docs_key_table_is_the_schemas():
    assert schema.key_table() in chapter(), "regenerate: python -m request_scheduling.schema doc doc/request-scheduling-user.rst"
