"""The layering of model/ and helper/ (tools/check-layers.py): strictly
downward, and the check fails on the includes that broke it before."""

import importlib.util
from pathlib import Path
from doc_text import chapter

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("check_layers", REPO / "tools" / "check-layers.py")
layers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(layers)


def test_every_include_points_down():
    assert layers.violations(layers.sources()) == []


def test_a_client_holding_a_dispatcher_breaks_the_layers():
    sources = layers.sources()
    client = Path("model/requests/request-client.cc")
    sources[client] = sources[client].replace('#include "request-client.h"\n',
                                              '#include "request-client.h"\n#include "ns3/request-dispatcher.h"\n')
    assert [v for v in layers.violations(sources) if "request-dispatcher.h" in v] == [
        f"{client}:6: model/requests includes model/dispatch/request-dispatcher.h"]


def test_a_shared_header_in_a_system_folder_breaks_the_layers():
    sources = layers.sources()
    compat = Path("model/requests/request-scheduling-compat.h")
    sources[Path("model/microsecond/request-scheduling-compat.h")] = sources.pop(compat)
    found = layers.violations(sources)
    assert {Path(v.split(":")[0]).parts[1] for v in found} == {"batchy", "dispatch", "sdwan"}


def test_helpers_are_above_the_model_and_sideways_is_up():
    sources = {Path("model/microsecond/a.h"): "", Path("model/sdwan/b.cc"): '#include "ns3/a.h"\n',
               Path("helper/requests/c.h"): "", Path("model/cards/d.cc"): '#include "../../helper/requests/c.h"\n',
               Path("helper/cards/e.cc"): '#include "ns3/a.h"\n#include "ns3/c.h"\n'}
    assert layers.violations(sources) == ["model/cards/d.cc:1: model/cards includes helper/requests/c.h",
                                          "model/sdwan/b.cc:1: model/sdwan includes model/microsecond/a.h"]


def test_the_docs_architecture_diagram_is_the_code():
    doc = chapter()
    block = "\n".join(("  " + line) if line else "" for line in layers.diagram().rstrip("\n").split("\n"))
    assert "\n" + block + "\n\n" in doc, "regenerate the diagram: tools/check-layers.py --diagram"
