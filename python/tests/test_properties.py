"""Property-based runs (Hypothesis): whole valid option sets, drawn for each
example, run to the end, conserve requests and are deterministic.

For each example a strategy draws every option the example has (its
choices, with attributes in NAME[Attribute=Value|...] form where the help
offers them, and its numbers over their valid ranges, corners included:
thresholds, batch sizes, counts of cores, servers, clients and flows, loads
up to overload, packets per request, faults with and without recovery,
--run over [1, 2^32-1], --seed over [1, 4294944442]), keeping only the combinations the
example accepts by design (e.g. --reserved below --cores, --decompose with
two cores or more, --placement not with JBSQ) and keeping each run short:
the duration shrinks with the offered load so that a run simulates at most
some 10^4 requests (the grid in test_valid_input.py has the large sizes).

Each drawn option set runs twice with the same --run, in parallel; both
must exit 0 with a JSON summary that passes test_valid_input.check_summary
(conservation, and nothing left in flight after a full drain, except for
sdwan-scenario's TCP transfers, see check_properties), and the two
summaries must be equal, wall-clock fields aside (WALL_CLOCK in
test_determinism.py), as must their --records files (written for every
draw with an even --run).

Hypothesis runs derandomized (the same draws on every machine, no example
database): ``make test`` draws a few option sets per example, without
shrinking (a failure shows its whole option set and command line); with
RS_TEST_FULLNESS=EXTENSIVE or TAKES_FOREVER (CI) it draws many more and
shrinks a failure to a minimal option set. The failures it found are kept
as regression cases (REGRESSIONS, test_regression), in both: a test of their
own rather than @example, so that one still failing does not stop the draws.
"""

from __future__ import annotations

import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from test_determinism import simulated
from test_valid_input import (CARDS_SCHEDULERS, CONTROLLERS, EXTENSIVE, PIPELINES, POLICIES,
                              RACK_POLICIES, RACK_WORKLOADS, ROUTABLE, SDWAN_MODES, TCPS, TRACKINGS,
                              attempt, check_outcome, check_summary, command_line)

MAX_EXAMPLES = 400 if EXTENSIVE else 10
TIMEOUT_S = 120 if EXTENSIVE else 30
SETTINGS = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=MAX_EXAMPLES,
    # make test: no shrinking (a failure prints its full option set and
    # command line); CI shrinks it to a minimal one.
    phases=[Phase.explicit, Phase.generate, Phase.target] + ([Phase.shrink] if EXTENSIVE else []),
    suppress_health_check=[HealthCheck.too_slow],
)
REQUESTS = 10000  # about the most requests a drawn run simulates


# ---- building blocks ------------------------------------------------------------

def us(x: float) -> str:
    """A duration in microseconds, as the examples read it."""
    return f"{x:g}us"


def some(strategy):
    """``strategy`` or None (the option left out, to which Hypothesis shrinks)."""
    return st.one_of(st.none(), strategy)


def rarely(draw, n: int) -> bool:
    """True one time in n + 1; Hypothesis shrinks it to False (the option left out)."""
    return draw(st.integers(0, n)) == n


RUNS = st.one_of(st.sampled_from([1, 2, 3, 4294967295]), st.integers(1, 4294967295))
# ns-3's generator takes seeds below 4294944443.
SEEDS = st.one_of(st.sampled_from([1, 2, 3, 4294944442]), st.integers(1, 4294944442))
# Loads from 1 % to 2 (overload; --load is in (0, 2]), 0.95 and 0.99 among the corners.
LOADS = st.one_of(st.sampled_from([0.95, 0.99, 1.0, 2.0]), st.integers(1, 200).map(lambda x: x / 100))


@st.composite
def common(draw, settle_ok: bool = True) -> dict:
    """--run, --seed, --exact and (sometimes) a drain too short to settle."""
    o = {"run": draw(RUNS)}
    if draw(st.booleans()):
        o["seed"] = draw(SEEDS)
    if draw(st.booleans()):
        o["exact"] = draw(st.sampled_from(["true", "false"]))
    if settle_ok and rarely(draw, 7):
        o["drain"] = draw(st.sampled_from(["0s", "1us", "100us"]))
    return o


@st.composite
def service_draw(draw) -> tuple[str, float, int]:
    """A service distribution: (text, mean in us, classes)."""
    kind = draw(st.sampled_from(["exp", "const", "uniform", "lognormal", "bimodal", "mix"]))
    a = draw(st.integers(1, 50))
    if kind in ("exp", "const"):
        return f"{kind}:{a}us", a, 1
    if kind == "uniform":
        b = a + draw(st.integers(0, 50))
        return f"uniform:{a}us:{b}us", (a + b) / 2, 1
    if kind == "lognormal":
        cv2 = draw(st.sampled_from([0.1, 1, 3, 100]))
        return f"lognormal:{a}us:{cv2:g}", a, 1
    p = draw(st.sampled_from([0.5, 0.9, 0.995]))
    b = draw(st.integers(1, 500))
    if kind == "bimodal":
        return f"bimodal:{p:g}:{a}us:{b}us", p * a + (1 - p) * b, 2
    c = draw(st.integers(1, 100))
    q = round((1 - p) / 2, 4)
    return f"mix:{p:g}:{a}us:{q:g}:{b}us:{q:g}:{c}us", p * a + q * (b + c), 3


def window(draw, rate_per_us: float, low_us: int = 100, high_us: int = 5000) -> int:
    """A duration (us) short enough for about REQUESTS requests at this rate."""
    cap = max(low_us, min(high_us, int(REQUESTS / max(rate_per_us, 1e-9))))
    return draw(st.integers(low_us, cap))


def fault(draw, parts: list[str], duration_us: int, recover_always: bool = False) -> str:
    """One to three faults KIND:INDEX@DOWN[-UP], one per part."""
    chosen = draw(st.lists(st.sampled_from(parts), min_size=1, max_size=3, unique=True))
    out = []
    for part in chosen:
        down = draw(st.integers(0, duration_us))
        if recover_always or draw(st.booleans()):
            out.append(f"{part}@{us(down)}-{us(down + draw(st.integers(1, duration_us)))}")
        else:
            out.append(f"{part}@{us(down)}")
    return ",".join(out)


def prune(o: dict) -> dict:
    """The options drawn, those left out (None) removed."""
    return {k: v for k, v in o.items() if v is not None}


# ---- microsecond-scenario -----------------------------------------------------------

@st.composite
def multicore(draw) -> dict:
    o = draw(common())
    policy = draw(st.sampled_from(POLICIES))
    level = draw(st.sampled_from(["packet", "queue"]))
    cores = draw(st.one_of(st.sampled_from([1, 2, 16]), st.integers(1, 16)))
    load = draw(LOADS)
    o.update(intra=policy, level=level, cores=cores, load=load)
    if draw(st.booleans()):
        o["workload"] = draw(st.sampled_from(["w1", "w2"]))
        mean = {"w1": 0.995 * 0.5 + 0.005 * 500, "w2": 0.99 * 1 + 0.01 * 100}[o["workload"]]
    else:
        o["service"], mean, _ = draw(service_draw())
    o["arrival"] = draw(some(st.sampled_from(["exp", "lognormal", "uniform", "constant"])))
    o["scaling"] = draw(some(st.sampled_from(["parallel", "scaled"])))
    # --rss and --flows (but 0, its automatic value) are refused where they do nothing.
    nic = policy in ("dfcfs", "afp")
    o["rss"] = draw(some(st.sampled_from(["hash", "random"]))) if nic else None
    clients = draw(st.sampled_from([1, 1, 2, 4]))
    o["clients"] = clients
    o["flows"] = draw(some(st.sampled_from([0, 1, 2, 64, 100] if nic and o["rss"] != "random" else [0])))
    if level == "packet":
        o["link_delay"] = draw(some(st.sampled_from(["const:0s", "const:1us", "exp:2us", "uniform:0us:5us"])))
        o["link_rate"] = draw(some(st.sampled_from(["1Gbps", "10Gbps", "100Gbps", "1000000Gbps"])))
    # Each policy's own options, at their corners or in between.
    if policy in ("cfcfs", "shinjuku", "psp"):
        o["dispatch_overhead"] = draw(some(st.sampled_from(["0ns", "100ns", "1us", "3us"])))
    if policy in ("shinjuku", "afp"):
        o["quantum"] = draw(some(st.sampled_from(["1ns", "500ns", "1us", "5us", "50us"])))
        o["preempt_overhead"] = draw(some(st.sampled_from(["0ns", "580ns", "2us"])))
    if policy == "psp":
        # Fewer reserved workers than workers (one, a faster one, when scaled).
        workers = 1 if o["scaling"] == "scaled" else cores
        reserved = draw(st.integers(0, workers - 1))
        o["reserved"] = reserved if workers == 1 or draw(st.booleans()) else None
        o["handout"] = draw(some(st.sampled_from(["dispatcher", "worker", "passes"])))
    if policy == "afp":
        o["thresh"] = draw(some(st.one_of(st.sampled_from([1, 2, 1000, 4294967295]), st.integers(1, 5000))))
        o["starvation"] = draw(some(st.sampled_from(["global", "per-worker"])))
        o["feedback_delay"] = draw(some(st.sampled_from(["0ns", "500ns", "2us", "20us"])))
    cost = 1 + 2 * (level == "packet")  # events per request, roughly
    if o.get("quantum") == "1ns":
        cost *= 50  # a preemption every nanosecond
    duration = window(draw, load * cores / mean * cost)
    o["duration"] = us(duration)
    if draw(st.booleans()):
        o["warmup"] = us(draw(st.integers(0, duration - 1)))
    if level == "packet" and rarely(draw, 3):
        o["fail"] = fault(draw, ["server:0"] + [f"link:{c}" for c in range(clients)], duration)
        o["fail_detection"] = draw(some(st.sampled_from(["0s", "10us", "1ms", "10s"])))
    return prune(o)


# ---- cards-scenario ---------------------------------------------------------------

SCENARIO_UNITS = {"1": [8, 9, 10, 11, 12], "3": [8, 9, 10, 11, 12], "2a": [10] * 5, "2b": [4, 4, 4, 4, 34],
                  "2c": [10] * 5}


@st.composite
def cards(draw) -> dict:
    o = draw(common())
    if rarely(draw, 3):
        sites = [draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)) for _ in range(draw(st.integers(1, 4)))]
        o["compute_vector"] = ";".join(",".join(map(str, s)) for s in sites)
        units, instances, n_sites = sum(map(sum, sites)), sum(map(len, sites)), len(sites)
        biggest = max(map(max, sites))
        service_mean = 160
    else:
        o["scenario"] = draw(st.sampled_from(list(SCENARIO_UNITS)))
        units, instances, n_sites = 50, 20, 5
        biggest = 9 if o["scenario"] == "2b" else 7 if o["scenario"] == "2c" else 4
        service_mean = 2000 if o["scenario"] == "3" else 160
    scheduler = draw(st.sampled_from(CARDS_SCHEDULERS))
    attributes = {
        "cards": ["RandomOffset=false", "RandomOffset=true"],
        "power-of-k": ["K=1", "K=2", f"K={instances}", f"K={instances + 5}"],
        "lowest-load": ["RandomShare=0", "RandomShare=0.25", "RandomShare=1"],
        "jbsq": ["Bound=1", "Bound=3", "Bound=100"],
        "steam": ["BatchSize=1", "BatchSize=50|InFlightLimit=0", "BatchSize=2|InFlightLimit=2",
                  "BatchSize=5|InFlightLimit=100"],
    }
    if scheduler in attributes and draw(st.booleans()):
        # The steam preset takes no attributes: STEAM at the ingresses by its TypeId.
        name = "ns3::SteamDispatcher" if scheduler == "steam" else scheduler
        o["inter"] = f"{name}[{draw(st.sampled_from(attributes[scheduler]))}]"
    else:
        o["inter"] = scheduler
        if scheduler == "steam":
            o["steam_batch"] = draw(some(st.sampled_from([1, 2, 50, 100000])))
    # Routed, a queueing dispatcher needs one scheduling point per ingress
    # and more than one in all (1 is the shared scheduler): not with one site.
    queueing = o["inter"].startswith(("jbsq", "ns3::SteamDispatcher["))
    routed = scheduler in ROUTABLE and not (queueing and n_sites == 1) and draw(st.booleans())
    if scheduler == "central":
        schedulers = 1
    else:
        schedulers = draw(st.sampled_from([None, 1, n_sites, 2 * n_sites, 3 * n_sites]))
        # One shared scheduler does not combine with gateways (routed, or the
        # steam and site-random presets, routed already).
        gateways = routed or o["inter"] in ("steam", "site-random")
        if (gateways and schedulers == 1) or (schedulers is None and 5 % n_sites):
            # The default, 5, is one per ingress of the paper's 5 sites; 1 is
            # the shared scheduler, even with one site.
            schedulers = n_sites if n_sites > 1 or not gateways else 2
        # A dispatcher that queues requests (JBSQ, STEAM at the ingress) is
        # the only one at its ingress, and not shared by several ingresses.
        if queueing and schedulers != n_sites and not (
                schedulers is None and n_sites == 5):
            schedulers = n_sites
        o["schedulers"] = schedulers
    if routed:
        o["deployment"] = "routed"
    clients = draw(st.one_of(st.sampled_from([1, 40]), st.integers(1, 40)))
    load = draw(LOADS)
    o["clients"] = clients
    if rarely(draw, 3):
        a = draw(st.integers(10, 300))
        o["service"] = f"uniform:{a}us:{a * 3 // 2}us"
        service_mean = a * 1.25
    # Each client's mean time between requests for this load.
    gap = max(1.0, clients * service_mean / (load * units))
    o["inter_arrival"] = draw(st.sampled_from([f"exp:{gap:.0f}us", f"uniform:{gap / 2:.0f}us:{gap * 1.5:.0f}us",
                                               f"const:{gap:.0f}us"]))
    o["affinity"] = draw(some(st.sampled_from([1, 2, 100, "500us", "2ms"])))
    o["server_capacity"] = draw(some(st.sampled_from([biggest, 16, 1000000])))
    if o["server_capacity"] is not None:
        o["server_capacity"] = max(o["server_capacity"], biggest)
    o["scaling"] = draw(some(st.sampled_from(["parallel", "scaled"])))
    o["latency"] = draw(some(st.sampled_from(["exp", "const"])))
    o["intra_site"] = draw(some(st.sampled_from(["0s", "10us", "700us"])))
    o["inter_site"] = draw(some(st.sampled_from(["0s", "100us", "3ms"])))
    duration = window(draw, clients / gap, low_us=500, high_us=10000)
    o["duration"] = us(duration)
    o["join_window"] = us(draw(st.integers(0, duration // 2)))  # scenario 3's 60 s would send nothing
    if draw(st.booleans()):
        o["warmup"] = us(draw(st.integers(0, duration - 1)))
    if rarely(draw, 3):
        routers = n_sites * (2 if routed else 1)
        parts = [f"server:{i}" for i in range(instances)] + [f"switch:{r}" for r in range(routers)]
        o["fail"] = fault(draw, parts + ["link:0", "link:1"], duration)
        o["fail_detection"] = draw(some(st.sampled_from(["0s", "100us", "10s"])))
    return prune(o)


# ---- racksched-scenario -----------------------------------------------------------

# (mean service in us, request types) of each workload preset.
RACK_PRESETS = {"exp50": (50, 1), "bimodal90": (95, 2), "bimodal50": (275, 2), "trimodal": (1850, 3),
                "getscan90": (123, 2), "getscan50": (415, 2)}


@st.composite
def racksched(draw) -> dict:
    o = draw(common())
    policy = draw(st.sampled_from(RACK_POLICIES))
    servers = draw(st.one_of(st.sampled_from([1, 2, 8]), st.integers(1, 8)))
    workers = draw(st.integers(1, 4))
    o.update(inter=policy, servers=servers, workers=workers)
    # --tracking only where load is tracked, --k only where servers are sampled.
    if policy in ("racksched", "shortest", "sampling", "client"):
        o["tracking"] = draw(some(st.sampled_from(TRACKINGS)))
    if policy in ("racksched", "sampling", "client") and o.get("tracking") not in ("int2", "proactive"):
        o["k"] = draw(some(st.integers(1, servers)))
    # Shinjuku servers only under --policy=shinjuku.
    intras = ["shinjuku", "shinjuku[Quantum=1us]"] if policy == "shinjuku" else POLICIES + [
        "shinjuku[Quantum=1us]", "afp[Thresh=1]"]
    intra = draw(some(st.sampled_from(intras)))
    total = servers * workers
    if rarely(draw, 3):
        n = draw(st.integers(1, servers))
        w = draw(st.integers(1, 4))
        o["heterogeneous"] = f"{n}:{w}"
        total += n * (w - workers)
        workers = min(workers, w)
    if intra == "psp" and workers == 1:
        intra = "cfcfs"  # Perséphone reserves a worker and needs another
    o["intra"] = intra
    if draw(st.booleans()):
        o["workload"] = draw(st.sampled_from(RACK_WORKLOADS))
        mean, types = RACK_PRESETS[o["workload"]]
        names = ["get", "scan"] if o["workload"].startswith("getscan") else [str(t) for t in range(types)]
    else:
        o["service"], mean, types = draw(service_draw())
        names = [str(t) for t in range(types)]
    packets = 1 if policy == "jbsq" else draw(st.sampled_from([1, 1, 2, 3, 4]))
    o["packets_per_request"] = packets if packets > 1 or draw(st.booleans()) else None
    # Per-type queues: Shinjuku on the servers (the default but with JBSQ).
    if (intra or ("cfcfs" if policy == "jbsq" else "shinjuku")).startswith("shinjuku") and draw(st.booleans()):
        if draw(st.booleans()):
            o["priority"] = ",".join(str(draw(st.integers(0, 3))) for _ in range(types))
        else:
            o["weights"] = ",".join(str(draw(st.integers(1, 5))) for _ in range(types))
    # Placement needs a dispatcher that takes candidates: not JBSQ, Client(N) or int2's.
    if policy not in ("jbsq", "client") and o.get("tracking") != "int2" and rarely(draw, 2):
        placements = []
        for name in draw(st.lists(st.sampled_from(names), min_size=1, max_size=types, unique=True)):
            lo = draw(st.integers(0, servers - 1))
            hi = draw(st.integers(lo, servers - 1))
            placements.append(f"{name}:{lo}" + (f"-{hi}" if hi > lo else ""))
        o["placement"] = ";".join(placements)
    clients = draw(st.integers(1, 3))
    o["clients"] = clients
    if policy == "client":
        o["client_count"] = draw(some(st.sampled_from([1, 2, 100, 500])))
    if policy == "jbsq":
        o["jbsq_bound"] = draw(some(st.sampled_from([1, 2, 3, 1000000])))
    o["link_rate"] = draw(some(st.sampled_from(["1Gbps", "40Gbps", "100Gbps"])))
    o["link_delay"] = draw(some(st.sampled_from(["0s", "1us", "5us"])))
    o["flows"] = draw(some(st.sampled_from([1, 2, 64])))
    if rarely(draw, 4):
        rate = draw(st.sampled_from([1000, 10000, 100000, 1000000]))
        o["rate"] = rate
        per_us = rate / 1e6
    else:
        o["load"] = draw(LOADS)
        per_us = o["load"] * total / mean
    duration = window(draw, per_us * packets, low_us=500, high_us=10000)
    o["duration"] = us(duration)
    o["warmup"] = us(draw(st.integers(0, duration - 1)))
    if rarely(draw, 3):
        parts = ([f"server:{s}" for s in range(servers)] + ["switch:0"]
                 + [f"link:{h}" for h in range(servers + clients)])
        o["fail"] = fault(draw, parts, duration)
        o["fail_detection"] = draw(some(st.sampled_from(["0s", "100us", "10s"])))
    return prune(o)


# ---- sdwan-scenario ---------------------------------------------------------------

@st.composite
def sdwan(draw) -> dict:
    o = draw(common())
    if draw(st.booleans()):
        levels = draw(st.lists(st.integers(1, 200), min_size=2, max_size=4, unique=True))
        o["thresholds"] = ",".join(map(str, sorted(levels)))
        tunnels = len(levels) + 1
    else:
        o["threshold"] = draw(some(st.one_of(st.sampled_from([1, 2, 20, 2**64 - 1]), st.integers(1, 100))))
        tunnels = 2
    mode = draw(st.sampled_from(SDWAN_MODES))
    attributes = {
        "splitter": ["Capacity=1", "Capacity=4|WhenFull=EvictOldest", "FlowTimeout=1ms", "WhenFull=Refuse",
                     "Marks=" + ",".join(str(8 * (i + 1)) for i in range(tunnels))],
        "ecmp": ["HashSeed=0", "HashSeed=12345"],
        "ecmp-packet": [],
    }
    if attributes[mode] and draw(st.booleans()):
        mode = f"{mode}[{draw(st.sampled_from(attributes[mode]))}]"
    o["mode"] = mode
    o["utilisation"] = draw(st.sampled_from([0, 0.05, 0.3, 0.6, 0.9]))
    o["rate"] = draw(st.sampled_from([1e-6, 10, 100, 500]))
    o["sizes"] = draw(st.sampled_from(["const:0", "const:1", "const:30", "mix:0.5:5:0.5:40",
                                       "mix:0.9:1:0.1:200"]))
    o["upload_share"] = draw(some(st.sampled_from([0, 0.1, 0.5, 1])))
    if o["upload_share"] != 0:  # refused with no uploads
        o["upload_sizes"] = draw(st.sampled_from(["const:1", "const:50", "const:300"]))
    o["queue"] = draw(some(st.sampled_from(["1p", "10p", "1000p", "1500B", "1500000B"])))
    o["splitter_delay"] = draw(some(st.sampled_from(["none", "generic", "native", "exp:5us", "const:0us"])))
    o["wan_delay"] = draw(some(st.sampled_from(["0s", "10us", "250us", "2ms"])))
    o["lan_delay"] = draw(some(st.sampled_from(["0s", "5us", "50us"])))
    o["wan_rate"] = draw(some(st.sampled_from(["10Mbps", "100Mbps", "1Gbps"])))
    o["lan_rate"] = draw(some(st.sampled_from(["1Gbps", "10Gbps", "100Gbps"])))
    o["tcp"] = draw(some(st.sampled_from(TCPS)))
    o["sack"] = draw(some(st.sampled_from(["true", "false"])))
    o["short_size"] = draw(some(st.sampled_from([1, 5, 1000])))  # 0, the default, is refused given
    duration = draw(st.integers(20, 150))  # ms
    o["duration"] = f"{duration}ms"
    o["warmup"] = f"{draw(st.integers(0, duration - 1))}ms"
    if rarely(draw, 3):
        # Faults always end: TCP retransmits what they cost.
        parts = (["server:0"] + [f"switch:{s}" for s in range(2 + 2 * tunnels)]
                 + [f"link:{k}" for k in range(3 * tunnels)])
        o["fail"] = fault(draw, parts, duration * 1000, recover_always=True)
        o["fail_detection"] = draw(some(st.sampled_from(["0s", "1ms", "10ms"])))
    return prune(o)


# ---- batchy-scenario --------------------------------------------------------------

FIRST_FLOW = {"l2l3": "nhop0", "gw": "nhop0", "vrf": "vrf0_0", "mgw": "user0_0_dl", "rc": "control"}


@st.composite
def batchy(draw) -> dict:
    o = draw(common())
    pipeline = draw(st.sampled_from(PIPELINES))
    o["pipeline"] = pipeline
    o["n"] = draw(some(st.integers(2 if pipeline == "rc" else 1, 8)))
    if pipeline in ("vrf", "mgw"):
        o["m"] = draw(some(st.integers(1, 3)))
    controller = draw(st.sampled_from(CONTROLLERS))
    attributes = {"nfvnice": ["Shares=Equal", "Shares=RateCost"], "onoff": ["PushRatio=0", "PushRatio=1"],
                  "full": ["BufferPull=1|MaxIterations=1", "Tolerance=0.5|PushRatio=0.1"], "null": [], "max": []}
    o["controller"] = (f"{controller}[{draw(st.sampled_from(attributes[controller]))}]"
                       if attributes[controller] and draw(st.booleans()) else controller)
    # rc's flows have their own SLOs: only a factor of them.
    slos = ["0.1x", "0.8x", "10x"] + ([] if pipeline == "rc" else ["5us", "50us", "1ms"])
    o["slo"] = draw(some(st.sampled_from(slos)))
    if str(o["slo"]).endswith("x"):
        o["report_own_slos"] = draw(some(st.sampled_from(["true", "false"])))
    o["report_slo_factor"] = draw(some(st.sampled_from([0.1, 0.8, 10])))
    rate = draw(st.sampled_from([1e4, 1e5, 1e6, 3e6, 6e6]))
    o["rate"] = rate
    o["arrival"] = draw(some(st.sampled_from(["poisson", "paced"])))
    o["burstiness"] = draw(some(st.sampled_from([1, 2, 8] + ([] if o["arrival"] == "paced" else [1.5]))))
    batch = draw(st.sampled_from([None, 1, 2, 32, 64, 100]))
    o["batch"] = batch
    b = batch or 32
    capacities = [c for c in (b, 64, 128, 4096) if c >= b]
    # A controller that uses no buffer refuses --buffer-capacity (its default
    # grows to B).
    if controller not in ("null", "nfvnice"):
        o["buffer_capacity"] = draw(some(st.sampled_from(capacities)))
    if b > 64:  # a batch above the ingress queue's 64 packets needs a longer queue
        o["ns3::BatchyWorker::QueueCapacity"] = draw(st.sampled_from([b, 4096]))
    duration = window(draw, rate / 1e6, low_us=500, high_us=10000)
    o["duration"] = us(duration)
    periods = draw(st.integers(1, 20))
    o["period"] = us(max(1, duration // periods))
    o["warmup_periods"] = draw(st.integers(0, periods - 1))
    o["packet_size"] = draw(some(st.sampled_from([18, 64, 1500, 9000])))
    o["cost_jitter"] = draw(some(st.sampled_from([0, 0.1, 1])))
    o["profile"] = draw(some(st.sampled_from(["true", "false"])))
    o["chain_buffers"] = draw(some(st.sampled_from(["true", "false"])))
    cores = 1 if controller == "nfvnice" else draw(st.sampled_from([1, 1, 2, 3, 64]))
    o["cores"] = cores if cores > 1 or draw(st.booleans()) else None
    if cores > 1:
        o["decompose"] = draw(some(st.sampled_from(["true", "false"])))
    elif controller != "nfvnice" and rarely(draw, 3):
        o["ns3::BatchyWorker::Scheduling"] = "WeightedFair"
    if rarely(draw, 3):
        t = sorted(draw(st.lists(st.integers(0, duration), min_size=1, max_size=3, unique=True)))
        if draw(st.booleans()):
            o["slo_steps"] = ",".join(f"{us(x)}:{draw(st.sampled_from(['5us', '100us', '10ms']))}" for x in t)
        else:
            o["rate_steps"] = ",".join(f"{us(x)}:{draw(st.sampled_from(['1000', '1e6', '5e6']))}" for x in t)
        o["step_flows"] = draw(some(st.sampled_from([".*", FIRST_FLOW[pipeline]])))
    if rarely(draw, 3):
        # Core faults end: a core that never recovers, unnoticed, keeps its queue.
        parts = [f"server:{k}" for k in range(min(cores, 3))] + ["link:0", "link:1", "switch:0"]
        o["fail"] = fault(draw, parts, duration, recover_always=True)
        o["fail_detection"] = draw(some(st.sampled_from(["0s", "100us", "10s"])))
    return prune(o)


# ---- the property ---------------------------------------------------------------

def check_properties(example: str, options: dict) -> None:
    """Two runs of the same options and --run: exit 0, conservation, the same summary."""
    # sdwan-scenario's transfers are TCP's: on the networks drawn here (one
    # packet queues, 10 Mbit/s under 90 % background) its retransmission
    # back-off can outlast any drain (one upload of 300 packets took 94 s),
    # so a transfer still in flight there is not lost; the grid checks
    # settling on sdwan's ordinary networks.
    settles = "drain" not in options and example != "sdwan-scenario"
    records = options.get("run", 1) % 2 == 0
    with tempfile.TemporaryDirectory(prefix="rs-properties-") as tmp:
        runs = []
        for i in range(2):
            opts = dict(options)
            if records:
                opts["records"] = str(Path(tmp) / f"records-{i}.csv")
            runs.append(opts)
        with ThreadPoolExecutor(max_workers=2) as pool:
            outcomes = list(pool.map(lambda o: attempt(example, o, TIMEOUT_S), runs))
        first, again = (check_outcome(example, o, out, TIMEOUT_S) for o, out in zip(runs, outcomes))
        where = f"\n  {command_line(example, runs[0])}"
        try:
            check_summary(example, first, settles=settles)
        except AssertionError as err:
            raise AssertionError(f"{err}{where}") from None
        a, b = simulated(first), simulated(again)
        differ = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        assert not differ, f"two runs with the same --run differ in {differ}{where}"
        if records:
            assert (Path(tmp) / "records-0.csv").read_bytes() == (Path(tmp) / "records-1.csv").read_bytes(), (
                f"two runs with the same --run wrote different --records{where}")


# Failures Hypothesis and the grid found, as minimal option sets, fixed
# since (the largest seed and data rate ns-3 takes, a shared queueing
# dispatcher now refused, so one per ingress): run in make test too. A test
# of their own rather than @example, so that a failing one does not stop the
# draws.
REGRESSIONS = {
    "microsecond-scenario": [
        dict(seed=4294944442, duration="1ms"),  # aborted at 4294967295: ns-3's largest is this
        dict(link_rate="1000000Gbps", duration="1ms"),  # the help said 1000Tbps, which ns-3 cannot read
        # Replies beyond the client's ring of 2^20 request ids were refused.
        dict(level="queue", cores=4096, load=0.99, duration="3ms"),
    ],
    "cards-scenario": [
        # Requests held by the routers after the drain: a STEAM dispatcher at
        # 1.09 load (shared by every ingress, now refused: one per ingress);
        # JBSQ's ingress down for good.
        dict(inter="ns3::SteamDispatcher[BatchSize=50]", schedulers=5, clients=33, inter_arrival="exp:97us",
             duration="10ms", join_window="5ms"),
        dict(inter="jbsq", schedulers=5, clients=25, inter_arrival="const:38us", duration="10ms",
             fail="switch:0@2ms"),
    ],
    "racksched-scenario": [
        # Each dropped packet of a 2-packet request counts as a dropped request.
        dict(packets_per_request=2, fail="switch:0@2ms-4ms", duration="10ms", warmup="0s"),
        # JBSQ holds requests at the ToR for good when its only server fails for good.
        dict(inter="jbsq", servers=1, fail="server:0@1ms", duration="2ms", warmup="0s"),
    ],
    "sdwan-scenario": [
        dict(tcp="Bbr", duration="100ms", warmup="10ms"),  # SIGFPE, fixed in 5721e01
    ],
    "batchy-scenario": [
        dict(packet_size=18, duration="5ms", period="1ms"),  # the option took 16, the source 18 up
        dict(period="1us", warmup_periods=0, duration="10us"),  # the option took 1 ns, the controller 1 us
        dict(fail="server:0@0s-1ms", duration="5ms", period="1ms"),  # abort: controller not attached yet
        # abort: the SLO factor's calibration run has one core, and checks the fault of core 1.
        dict(slo="0.8x", cores=2, fail="server:1@2ms-4ms", duration="5ms", period="1ms"),
    ],
}


@pytest.mark.parametrize("example,options", [(e, o) for e, cases in REGRESSIONS.items() for o in cases],
                         ids=[f"{e}-{i}" for e, cases in REGRESSIONS.items() for i in range(len(cases))])
def test_regression(example, options):
    check_properties(example, options)


@SETTINGS
@given(options=multicore())
def test_multicore_server(options):
    check_properties("microsecond-scenario", options)


@SETTINGS
@given(options=cards())
def test_cards_scenario(options):
    check_properties("cards-scenario", options)


@SETTINGS
@given(options=racksched())
def test_racksched_scenario(options):
    check_properties("racksched-scenario", options)


@SETTINGS
@given(options=sdwan())
def test_sdwan_splitter(options):
    check_properties("sdwan-scenario", options)


@SETTINGS
@given(options=batchy())
def test_batchy_pipeline(options):
    check_properties("batchy-scenario", options)


@pytest.mark.parametrize("strategy", [multicore, cards, racksched, sdwan, batchy])
def test_strategies_draw_options_the_examples_have(strategy):
    """Every option a strategy draws is one its example lists (or an ns-3 attribute)."""
    import re
    import subprocess

    import request_scheduling as rs

    name = {"multicore": "microsecond-scenario", "cards": "cards-scenario", "racksched": "racksched-scenario",
            "sdwan": "sdwan-scenario", "batchy": "batchy-scenario"}[strategy.__name__]
    text = subprocess.run([str(rs.example_path(name)), "--PrintHelp"], capture_output=True, text=True,
                          timeout=30, check=True).stdout
    listed = set(re.findall(r"^\s+--([\w-]+):", text.split("General Arguments:")[0], re.M))
    seen = set()

    @settings(derandomize=True, database=None, max_examples=25, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(options=strategy())
    def collect(options):
        seen.update(k.replace("_", "-") for k in options if "::" not in k)

    collect()
    assert seen <= listed, f"drawn options {name} does not have: {sorted(seen - listed)}"
