"""Determinism and conservation: every example gives the same JSON summary
for the same --run, wall-clock fields aside, and other results for another
--run; and accounts for every request it sent."""

from concurrent.futures import ThreadPoolExecutor

import pytest

import request_scheduling as rs

# Fields that measure the machine, not the simulation.
WALL_CLOCK = {"wall_s", "events_per_wall_s", "requests_per_wall_s", "packets_per_wall_s",
              "controller_us_per_period"}


def simulated(summary, drop=()):
    """The summary without its wall-clock fields (and ``drop``), at any depth."""
    if isinstance(summary, dict):
        return {k: simulated(v, drop) for k, v in summary.items() if k not in WALL_CLOCK and k not in drop}
    if isinstance(summary, list):
        return [simulated(v, drop) for v in summary]
    return summary


def runs(example, option_sets, **common):
    """The summaries of one run of ``example`` per option set (over the
    ``common`` options), in order, made two at a time: one per core."""
    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(lambda options: rs.run(example, **common, **options), option_sets))


def differences(a, b, path=""):
    """Keys whose values differ between two summaries, as dotted paths."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in sorted(set(a) | set(b)) for d in differences(a.get(k), b.get(k), f"{path}.{k}")]
    return [] if a == b else [f"{path[1:]}: {a!r} != {b!r}"]


EXAMPLES = [
    ("microsecond-scenario", dict(intra="afp", cores=4, workload="w1", load=0.7, duration="20ms")),
    ("microsecond-scenario", dict(intra="afp", cores=4, workload="w1", load=0.7, duration="20ms", level="queue")),
    ("microsecond-scenario", dict(intra="shinjuku", cores=4, service="exp:10us", load=0.8, duration="20ms",
                              link_delay="exp:2us")),
    ("cards-scenario", dict(scenario="2a", inter="cards", clients=100, duration="200ms")),
    ("racksched-scenario", dict(servers=4, workers=2, service="exp:20us", load=0.7, duration="100ms",
                                warmup="10ms")),
    ("sdwan-scenario", dict(mode="splitter", threshold=10, duration="2s", warmup="500ms", rate=50,
                            utilisation=0.1, sizes="mix:0.5:5:0.5:40", upload_share=0.1,
                            upload_sizes="const:200")),
    ("batchy-scenario", dict(pipeline="vrf", m=2, n=4, rate=2e6, controller="full", slo="40us",
                             duration="200ms", period="20ms", warmup_periods=2)),
    ("batchy-scenario", dict(pipeline="mgw", m=2, n=4, rate=1e6, controller="onoff", arrival="paced",
                             burstiness=4, duration="200ms", period="20ms", warmup_periods=2)),
    ("end-to-end-scenario", dict(inter="cards", rack="racksched", intra="afp", workload="w1", load=0.7,
                                 duration="20ms")),
]


@pytest.mark.parametrize("example, options", EXAMPLES,
                         ids=[f"{e}-{i}" for i, (e, _) in enumerate(EXAMPLES)])
def test_same_run_same_summary_other_run_other_results(example, options):
    first, again, other = runs(example, [dict(run=1), dict(run=1), dict(run=2)], **options)
    assert first["sent"] == first["completed"] + first["in_flight"] + first["dropped"] > 0
    assert first["dropped"] == sum(first["dropped_by_reason"].values())
    assert simulated(first) == simulated(again)
    assert simulated(first, drop={"run"}) != simulated(other, drop={"run"})


CARDS_SCHEDULERS = [dict(inter="cards"), dict(inter="cards", deployment="routed"), dict(inter="central"),
                    dict(inter="random"), dict(inter="site-random"), dict(inter="steam"),
                    dict(inter="jbsq")]


@pytest.mark.parametrize("scenario", ["2a", "3"])
def test_cards_schedulers_see_the_same_arrivals(tmp_path, scenario):
    """Common random numbers: at the same --run every scheduler of a CArDS
    comparison gets the same requests at the same times from the same
    clients, so that their differences are the schedulers' alone."""
    options = dict(clients=100, duration="200ms") if scenario == "2a" else dict(clients=2000, duration="3s")
    # Every scheduler at --run 3, then the default one at --run 4.
    sets = [dict(run=3, **scheduler) for scheduler in CARDS_SCHEDULERS] + [dict(run=4)]
    records = [tmp_path / f"{i}.csv" for i in range(len(sets))]
    outs = runs("cards-scenario", [dict(o, records=str(r)) for o, r in zip(sets, records)], scenario=scenario,
                **options)
    for scheduler, out in zip(CARDS_SCHEDULERS, outs):
        assert out["completed"] == out["sent"] > 0, scheduler
    *same, other = [sorted(tuple(line.split(",")[:4]) for line in r.read_text().splitlines()[1:]) for r in records]
    for scheduler, seen in zip(CARDS_SCHEDULERS[1:], same[1:]):
        assert seen == same[0], scheduler
    assert other != same[0]
