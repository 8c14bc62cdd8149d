"""Valid input: every example runs to the end over a grid of valid option
values, exits 0, writes its JSON summary and accounts for every request.

The grid covers, for each example, every value of its choice options and
the corners of its numeric ones:

* ``microsecond-scenario``: every policy (d-FCFS, c-FCFS, PS, Shinjuku,
  Perséphone, AFP, LCFS) at packet and queue level, loads up to 0.99 and
  overload (1.5, and 2, the largest), the W1/W2 presets and every service
  distribution, every arrival process, 1 to 4096 cores, scaled cores, hash
  and random RSS, one to many clients and flows, every policy option at its
  smallest and largest (AFP's Thresh 1 and 2^32-1, a 1 ns quantum,
  Perséphone's reserved cores 0 and cores-1 with each hand-out), policies
  with attributes, slow and fast links, server and link faults;
* ``cards-scenario``: every scheduler under every paper scenario, at 0.99
  and twice the capacity, routed deployment for each dispatcher that allows
  it, 1, 5, 10 (and in the long part 10^6) scheduling points, STEAM batch
  sizes 1 and 10^5, transaction affinity by count and duration, custom
  compute vectors, dispatcher attributes, instance, router and link faults;
  queue level with every scheduler, routed, transactions, overload and
  latencies from 0 to 1 s;
* ``racksched-scenario``: every policy with every workload preset, every
  load tracking, both sampling rules, random shares 0 and 1, per-type
  loads on and off, every intra-server policy, 1 to 1000 servers, 1 to 1024
  workers, heterogeneous racks, multi-packet requests, priorities, weights
  and placement, Client(N), JBSQ bounds 1 and 10^6, --rate instead of
  --load, loads up to 2, server, switch and link faults; queue level with
  every policy, links of 10 Mbit/s to 10^6 Gbit/s, with and without delay;
* ``sdwan-scenario``: every border-router mode, thresholds 1 and 2^64-1,
  multi-level thresholds (3, and 29, the most),
  background load up to 0.95, every TCP congestion control (the long part),
  SACK off, one-packet queues, every splitter delay, uploads only, empty
  transfers, splitter attributes, tunnel and router faults;
* ``batchy-scenario``: every pipeline with every controller, overload,
  batch 1 and 4096, 1 to 64 cores with decomposition, NFVnice's shares,
  paced and bursty arrivals, SLOs as durations and factors, SLO and rate
  steps, the smallest and largest packets and periods, cost jitter,
  profiling, chain buffers, a graph file, core, port and switch faults;

and, for every example, --seed 1 and 4294944442 (ns-3's largest).

Each case runs with several ``--run`` values: ``make test`` (QUICK) runs the
cases marked quick (532), each once with --run 1, 2 or 3 in turn, in
parallel (about 25 s on two cores); with RS_TEST_FULLNESS=EXTENSIVE or
TAKES_FOREVER (CI) every case (4 665), large ones included, runs with --run
1, 2 and 3, those of a large product and the extreme sizes once (7 203
runs; on 2026-11-29, a slow day, the 7 233 of before took 455 s on two
cores, 909 CPU-seconds, 141 of them the extreme sizes' second and third
runs). All runs are made once, by a
session fixture, in parallel; each parametrised test looks its own up.

The checks (``check_summary``, shared with test_properties.py): exit status
0 within the timeout, a JSON summary, sent = completed + in flight +
dropped with no count negative and none above sent, dropped = the sum of
dropped_by_reason; sdwan-scenario's connections started = completed + in flight +
failed; batchy-scenario's worker received = departed + dropped + queued +
held in buffers (the worker's own conservation), no flow departing or
dropping more than it received, no more received than sent nor completed
than departed. As in_flight is reported as sent - completed - dropped, the
first identity holds by construction; what makes it conservation is that
nothing is left in flight once the run has drained: unless a case says
otherwise (a drain of 0 s, a link too slow to drain), in_flight must be 0,
microsecond-scenario's in_server 0 and Batchy's queues and buffers empty.

Cases that fail today stay here, failing, until the C++ is fixed; the
comments above them say what they found (a crash, requests left in flight,
drops counted per packet).
"""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

import pytest

import request_scheduling as rs

FULLNESS = os.environ.get("RS_TEST_FULLNESS", "QUICK").upper()
EXTENSIVE = FULLNESS in {"EXTENSIVE", "TAKES_FOREVER"}
RUNS = (1, 2, 3)
JOBS = max(2, os.cpu_count() or 1)
TIMEOUT_S = 120 if EXTENSIVE else 30  # a quick case takes well under a second

POLICIES = ["dfcfs", "cfcfs", "ps", "shinjuku", "psp", "afp", "lcfs"]
CARDS_SCHEDULERS = ["random", "cards", "steam", "round-robin", "power-of-k", "jbsq", "lowest-load",
                    "central", "site-random"]
# --deployment=routed is refused (exit 1, by design) for site-random and
# steam (routed already) and central (one scheduler shared by all ingresses).
ROUTABLE = ["random", "cards", "round-robin", "power-of-k", "jbsq", "lowest-load"]
RACK_POLICIES = ["racksched", "random", "rr", "shortest", "sampling", "client", "jbsq", "shinjuku"]
RACK_WORKLOADS = ["exp50", "bimodal90", "bimodal50", "trimodal", "getscan90", "getscan50"]
TRACKINGS = ["int1", "int2", "int3", "queue", "proactive", "proactive-k"]
SDWAN_MODES = ["splitter", "ecmp", "ecmp-packet"]
TCPS = ["NewReno", "Cubic", "Bbr", "Vegas", "WestwoodPlus", "HighSpeed", "Hybla", "Scalable", "Veno",
        "Bic", "Yeah", "Illinois", "Ledbat", "LinuxReno", "Dctcp"]
PIPELINES = ["l2l3", "gw", "vrf", "mgw", "rc"]
CONTROLLERS = ["null", "max", "onoff", "full", "nfvnice"]
INGRESS = ["cards", "random", "round-robin"]
WAN_ROUTERS = ["none", *SDWAN_MODES]
RACK_SWITCHES = [p for p in RACK_POLICIES if p != "client"]

# The base options of each example: short runs of well under a second.
MULTICORE = dict(duration="3ms", cores=4)
# 30 clients at 0.99 of the 50 compute units of every paper scenario (a
# client sends every 97 us on average, service 160 us; the paper's 1550
# clients send every 5 ms).
CARDS = dict(duration="5ms", clients=30, inter_arrival="exp:97us")
CARDS_3 = dict(duration="5ms", clients=30, inter_arrival="exp:1.21ms", join_window="0s")  # video: 2 ms
RACK = dict(duration="10ms", warmup="1ms", servers=4, workers=2, load=0.99)
SDWAN = dict(duration="100ms", warmup="20ms", rate=200, utilisation=0.1, sizes="mix:0.5:5:0.5:40",
             upload_share=0.1, upload_sizes="const:100")
BATCHY = dict(duration="10ms", period="2ms", warmup_periods=1, rate=1e6)
E2E = dict(duration="5ms", warmup="1ms", sites="2,1", workers=2, load=0.9)

# --m is for the vrf and mgw pipelines only.
M = {"vrf": dict(m=2), "mgw": dict(m=2)}
GRAPH = "module in 50 10 a,b\nmodule a 100 20\nmodule b 100 20\nflow fa in>a 3 100us\nflow fb in>b 1 1ms\n"


@dataclass(frozen=True)
class Case:
    """One valid option set of one example."""

    example: str
    options: tuple[tuple[str, Any], ...]
    quick: bool = True
    #: Nothing may be left in flight at the end (the drain is long enough).
    settles: bool = True
    timeout: float = TIMEOUT_S
    base: tuple[tuple[str, Any], ...] = ()
    #: One of a large product: run once (with --run 1, 2, 3 in turn), not thrice, when EXTENSIVE.
    once: bool = False

    @property
    def id(self) -> str:
        base = dict(self.base)
        own = [f"--{k.replace('_', '-')}={v}" for k, v in self.options
               if v is not None and base.get(k, object()) != v]
        return " ".join([self.example, *own])


def cases_of(example: str, base: dict, *variants: dict, quick=True, **flags) -> list[Case]:
    """A Case per variant: the base options updated by the variant."""
    return [Case(example, tuple({**base, **v}.items()), quick=quick, base=tuple(base.items()), **flags)
            for v in variants]


def build_cases() -> list[Case]:
    c: list[Case] = []

    # ---- microsecond-scenario -------------------------------------------------
    m = lambda *v, **f: c.extend(cases_of("microsecond-scenario", MULTICORE, *v, **f))  # noqa: E731
    # Every policy at both levels at 0.99, W1 and W2 in turn.
    m(*[dict(intra=p, level=lv, load=0.99, workload=("w1", "w2")[i % 2])
        for i, p in enumerate(POLICIES) for lv in ("packet", "queue")])
    # Overload (--load is in (0, 2]).
    # The named workloads are the same in every example: RackSched's here.
    m(dict(intra="afp", load=0.9, workload="getscan50"), dict(intra="shinjuku", load=0.9, workload="trimodal"))
    m(dict(intra="dfcfs", load=2, workload="w1", duration="1ms"), dict(intra="ps", level="queue", load=2),
      dict(intra="shinjuku", load=1.5, workload="w2", quantum="2us", duration="1ms"))
    # Every service distribution, every arrival process.
    m(dict(intra="cfcfs", load=0.95, service="const:1us", duration="1ms"),
      dict(intra="ps", load=0.95, service="uniform:128us:192us"),
      dict(intra="shinjuku", load=0.95, service="lognormal:10us:3"),
      dict(intra="afp", load=0.95, service="bimodal:0.995:500ns:500us"),
      dict(intra="psp", load=0.95, service="mix:0.5:1us:0.3:5us:0.2:20us"),
      dict(intra="lcfs", load=0.95, service="lognormal:5us:100"),
      dict(load=0.99, arrival="lognormal"), dict(load=0.99, arrival="uniform"),
      dict(load=0.99, arrival="constant"))
    # Cores, scaling, RSS, clients and flows.
    m(dict(cores=1, load=0.99), dict(cores=1, intra="ps", load=0.99, service="lognormal:10us:3"),
      dict(cores=64, intra="cfcfs", level="queue", load=0.99, workload="w1"),
      dict(cores=8, scaling="scaled", load=0.99), dict(cores=8, scaling="scaled", intra="shinjuku", load=0.99),
      dict(intra="afp", rss="random", load=0.99, workload="w1"),
      dict(intra="dfcfs", clients=16, flows=1, load=0.99), dict(intra="afp", clients=3, flows=7, load=0.9))
    # Every policy option at its corners.
    m(dict(intra="shinjuku", quantum="100ns", preempt_overhead="0ns", dispatch_overhead="1us", load=0.9),
      dict(intra="shinjuku", quantum="1ns", load=0.5, service="const:100ns", duration="200us"),
      dict(intra="afp", thresh=1, starvation="per-worker", feedback_delay="2us", quantum="1ns",
           preempt_overhead="0ns", load=0.99, workload="w1"),
      dict(intra="afp", thresh=4294967295, starvation="global", level="queue", load=0.99, workload="w1"),
      dict(intra="psp", reserved=3, handout="passes", load=0.99, workload="w2"),
      dict(intra="psp", reserved=0, handout="worker", load=0.99, workload="w2"),
      dict(intra="psp", reserved=1, handout="dispatcher", dispatch_overhead="500ns", load=0.99, workload="w1"),
      dict(intra="cfcfs", dispatch_overhead="0ns", load=0.99),
      dict(intra="cfcfs", dispatch_overhead="3us", load=0.99),  # the dispatcher saturates
      dict(intra="afp[Quantum=2us|Thresh=100]", load=0.99, workload="w1"),
      dict(intra="ns3::ShinjukuCorePolicy[QueuePerClass=true|ClassScheduling=Priority|ClassWeights=2,1]",
           load=0.99, workload="w1"),
      dict(intra="shinjuku[QueuePerClass=true|ClassScheduling=WeightedFair|ClassWeights=1,3]",
           load=0.99, workload="w2"))
    # Links, faults, outputs.
    m(dict(link_delay="exp:2us", link_rate="1Gbps", load=0.99),
      dict(link_delay="const:0s", link_rate="1000000Gbps", load=0.99),
      dict(link_rate="1000000Gbps", load=0.99),  # the largest rate, as the help writes it
      dict(clients=2, load=0.9, fail="server:0@1ms-2ms,link:1@2ms-2500us"),
      dict(clients=2, load=0.9, fail="server:0@1ms,link:0@500us-1ms", fail_detection="1ms"),
      dict(load=0.99, exact="true", warmup="1ms", records="{out}.csv", cdf="{out}.cdf",
           cdf_plot="{out}"))
    m(dict(load=0.99, drain="0s"), dict(load=0.5, link_rate="1bps"), settles=False)
    # Extreme sizes and loads: the long part.
    m(*[dict(intra=p, level=lv, load=load, **w)
        for p in POLICIES for lv in ("packet", "queue")
        for w in (dict(workload="w1"), dict(workload="w2"), dict(service="exp:10us"))
        for load in (0.5, 0.95, 0.99, 2)], quick=False)
    m(dict(cores=16, intra="afp", level="queue", load=2, workload="w1", duration="2ms"), quick=False)
    # Extreme sizes (here and in each example below) run once, not thrice,
    # when EXTENSIVE: what they test is the size, not the random stream, and
    # thrice they took 23 % of the CPU of all runs (2026-11-29).
    m(dict(cores=4096, level="queue", rss="random", load=0.99, duration="1ms"),
      dict(cores=4096, intra="cfcfs", load=0.99, duration="500us"),
      dict(clients=2000, level="queue", load=0.99, duration="2ms"),
      dict(clients=1, flows=16384, load=0.5, duration="2ms"),
      dict(intra="shinjuku", quantum="1ns", cores=8, load=0.99, service="exp:1us", duration="2ms"),
      quick=False, once=True)
    # More than 2^20 requests outstanding at one client (hash RSS spreads
    # its 64 flows over 64 of the 4096 cores, which overloads them): replies
    # beyond the client's window of 2^20 are discarded, their requests stay
    # "in flight" after 10 s of drain with none in the server.
    m(dict(cores=4096, level="queue", load=0.99, duration="3ms"), quick=False, once=True)

    # ---- cards-scenario ---------------------------------------------------
    cs = lambda *v, **f: c.extend(cases_of("cards-scenario", CARDS, *v, **f))  # noqa: E731

    def scen(i):  # the paper's scenarios in turn
        return dict(scenario="3", **CARDS_3) if i % 5 == 4 else dict(scenario=("1", "2a", "2b", "2c")[i % 5])

    cs(*[dict(inter=s, **scen(i)) for i, s in enumerate(CARDS_SCHEDULERS)])
    cs(*[dict(inter=s, deployment="routed", scenario=("1", "2b", "2c")[i % 3]) for i, s in enumerate(ROUTABLE)])
    cs(dict(inter="cards", schedulers=1), dict(inter="cards", schedulers=10),
       dict(inter="random", schedulers=15, deployment="routed"), dict(inter="steam", schedulers=10),
       dict(inter="steam", steam_batch=1), dict(inter="steam", steam_batch=100000),
       dict(inter="cards", affinity=100), dict(inter="power-of-k", affinity="3ms"),
       dict(inter="random", affinity=3, hold_until_affinity="true"),
       dict(inter="steam", affinity="3ms", hold_until_affinity="true", scenario="2b", scaling="parallel"),
       dict(inter="cards", affinity=2, hold_until_affinity="true", fail="server:0@1ms-3ms"),
       dict(inter="cards", compute_vector="1,2;3", schedulers=2),
       dict(inter="round-robin", compute_vector="1;1;1;1;1;1;1;1;1;1;1;1;1;1;1", schedulers=15),
       dict(inter="cards", compute_vector="16", schedulers=1, server_capacity=16),
       dict(inter="cards", latency="const", scaling="scaled", join_window="5ms", intra_site="0s",
            inter_site="0s"),
       dict(inter="cards[RandomOffset=false]"), dict(inter="lowest-load[RandomShare=1]"),
       dict(inter="power-of-k[K=20]"), dict(inter="jbsq[Bound=1]"),
       dict(inter="ns3::SteamDispatcher[BatchSize=1|InFlightLimit=0]"),
       dict(inter="cards", inter_arrival="exp:48us"),  # twice the capacity
       dict(inter="jbsq", inter_arrival="exp:48us"),
       dict(inter="cards", clients=1),
       dict(inter="cards", fail="server:0@1ms-3ms,switch:1@2ms-4ms,link:0@1ms"),
       dict(inter="cards", deployment="routed", fail="server:3@1ms-4ms,switch:7@2ms"),
       dict(inter="cards", exact="true", warmup="2ms", records="{out}.csv"))
    cs(dict(inter="cards", drain="0s"), settles=False)
    # Queue level (DirectLinks with the links' random latency): every
    # scheduler, routed, transactions, overload, and the latencies' corners.
    cs(*[dict(inter=s, level="queue", **scen(i + 1)) for i, s in enumerate(CARDS_SCHEDULERS)],
       dict(inter="cards", level="queue", deployment="routed", scenario="2b"),
       dict(inter="steam", level="queue", steam_batch=100000),
       dict(inter="random", level="queue", affinity=3, hold_until_affinity="true"),
       dict(inter="jbsq", level="queue", inter_arrival="exp:48us"),
       dict(inter="cards", level="queue", latency="const", intra_site="0s", inter_site="0s"),
       dict(inter="cards", level="queue", intra_site="100ms", inter_site="1s"),
       dict(inter="round-robin", level="queue", compute_vector="1;1;1;1;1;1;1;1;1;1;1;1;1;1;1", schedulers=15),
       dict(inter="cards", level="queue", clients=1))
    # A queueing dispatcher's router fails: STEAM's gateway keeps holding
    # requests after it recovers; JBSQ's ingress, down for good, holds them.
    cs(dict(inter="steam", duration="20ms", fail="switch:5@5ms-10ms"),
       dict(inter="jbsq", clients=25, inter_arrival="const:38us", duration="10ms", fail="switch:0@2ms"))
    # A STEAM dispatcher at each ingress, slightly overloaded, clients joining
    # over 5 ms (one shared by the ingresses held requests for good: refused now).
    cs(dict(inter="ns3::SteamDispatcher[BatchSize=50]", schedulers=5, clients=33, duration="10ms",
            join_window="5ms"))
    cs(*[dict(inter=s, scenario=sc, inter_arrival=ia)
         for s in CARDS_SCHEDULERS for sc in ("1", "2a", "2b", "2c") for ia in ("exp:194us", "exp:97us", "exp:48us")],
       *[dict(inter=s, scenario="3", inter_arrival=ia, join_window="0s")
         for s in CARDS_SCHEDULERS for ia in ("exp:1.21ms", "exp:600us")],
       *[dict(inter=s, deployment="routed", scenario=sc) for s in ROUTABLE for sc in ("1", "2a", "2b", "2c")],
       dict(inter="cards", clients=1550, inter_arrival="uniform:2.5ms:7.5ms"),
       quick=False)
    cs(dict(inter="cards", schedulers=1000000, duration="2ms"), quick=False, once=True)

    # ---- racksched-scenario -----------------------------------------------
    r = lambda *v, **f: c.extend(cases_of("racksched-scenario", RACK, *v, **f))  # noqa: E731
    r(*[dict(inter=p, workload=RACK_WORKLOADS[i % 6]) for i, p in enumerate(RACK_POLICIES)])
    r(*[dict(tracking=t, intra=POLICIES[i]) for i, t in enumerate(TRACKINGS)],
      dict(intra="psp", tracking="int1", workload="bimodal90"), dict(intra="lcfs", inter="sampling"))
    r(dict(workload="w1", load=0.9), dict(workload="w2", inter="jbsq", load=0.9))  # AFP's workloads
    r(dict(servers=1, workers=1, k=1), dict(servers=16, workers=1, k=16, inter="sampling"),
      dict(heterogeneous="2:1"), dict(heterogeneous="4:8", servers=4), dict(servers=2, workers=16),
      dict(packets_per_request=2), dict(packets_per_request=5, inter="shortest", workload="getscan50"),
      dict(workload="getscan50", priority="2,1"), dict(workload="trimodal", priority="3,2,1"),
      dict(workload="getscan50", weights="1,3", placement="scan:0-1"),
      dict(workload="trimodal", weights="1,2,3", placement="0:0;1:1-3;2:3", inter="shortest"),
      dict(inter="client", client_count=1), dict(inter="client", client_count=1000, k=4),
      dict(sampling="distinct"), dict(sampling="distinct", inter="client", servers=2, k=1),
      dict(tracking="proactive", random_share=0), dict(tracking="proactive", random_share=1),
      dict(inter="shortest", random_share=0), dict(tracking="int2", random_share=1),
      dict(per_type_load="on", workload="bimodal90"), dict(per_type_load="off", workload="trimodal"),
      dict(per_type_load="on", tracking="proactive-k", workload="getscan50", placement="scan:0-1"),
      dict(inter="jbsq", jbsq_bound=1), dict(inter="jbsq", jbsq_bound=1000000),
      dict(inter="jbsq", intra="shinjuku", workload="getscan90", weights="1,2"),
      dict(clients=1), dict(clients=16), dict(flows=1), dict(link_rate="1Gbps", link_delay="0s"),
      dict(rate=50000, load=None), dict(load=2), dict(load=2, inter="jbsq"),
      dict(intra="shinjuku[Quantum=1us]", workload="exp50"), dict(intra="afp[Thresh=1]", workload="bimodal90"),
      dict(load=0.9, fail="server:0@2ms-4ms,switch:0@5ms-6ms,link:5@1ms-8ms"),
      dict(load=0.9, inter="random", fail="server:2@2ms", fail_detection="10s"),
      dict(exact="true", records="{out}.csv"))
    # Queue level (DirectLinks): every policy, and the corners of the links:
    # a link so slow that requests queue behind each other for milliseconds,
    # none at all, several packets per request, overload.
    r(*[dict(inter=p, level="queue", workload=RACK_WORKLOADS[(i + 3) % 6]) for i, p in enumerate(RACK_POLICIES)],
      dict(level="queue", link_rate="10Mbps", load=0.3), dict(level="queue", link_delay="0s", load=2),
      dict(level="queue", link_rate="1000000Gbps", link_delay="0s", tracking="proactive"),
      dict(level="queue", packets_per_request=5, inter="shortest", workload="getscan50"),
      dict(level="queue", inter="client", client_count=1000, k=4), dict(level="queue", inter="jbsq", load=2),
      dict(level="queue", servers=1, workers=1, k=1), dict(level="queue", clients=16, flows=1),
      dict(level="queue", workload="w1", intra="afp", load=0.9, heterogeneous="4:1"))
    r(dict(drain="0s"), settles=False)
    # JBSQ at the ToR, overloaded, never dispatches again after a 1 ms outage;
    # with every server down for good it holds requests (power-of-k drops them).
    r(dict(inter="jbsq", load=2, warmup="0s", fail="switch:0@2ms-3ms"),
      dict(inter="jbsq", servers=1, warmup="0s", fail="server:0@5ms"))
    # Requests of several packets: a fault or a full queue drops each
    # packet, counted as a request each (dropped above sent, in_flight < 0).
    r(dict(packets_per_request=2, load=0.5, fail="switch:0@2ms-4ms"),
      dict(packets_per_request=4, fail="server:0@2ms-6ms", fail_detection="1s"))
    r(*[dict(inter=p, workload=w, load=load)
        for p in RACK_POLICIES for w in RACK_WORKLOADS for load in (0.5, 0.95, 0.99, 2)],
      *[dict(tracking=t, intra=i) for t in TRACKINGS for i in POLICIES],
      quick=False)
    r(dict(servers=1000, workers=1, k=1000, inter="sampling", duration="2ms", warmup="0s"),
      dict(servers=2, workers=1024, duration="2ms"),
      dict(clients=1000, duration="5ms"), dict(flows=16384, duration="3ms"),
      dict(packets_per_request=65535, rate=1000, load=None),
      dict(inter="client", clients=1, client_count=16384),  # every UDP port of the host (16385 is refused)
      quick=False, once=True)

    # ---- sdwan-scenario ---------------------------------------------------
    s = lambda *v, **f: c.extend(cases_of("sdwan-scenario", SDWAN, *v, **f))  # noqa: E731
    s(*[dict(mode=mode) for mode in SDWAN_MODES])
    s(dict(threshold=1), dict(threshold=18446744073709551615), dict(thresholds="3,10,30"),
      dict(thresholds="1,2", mode="ecmp-packet"), dict(utilisation=0.95, mode="ecmp"),
      dict(utilisation=0), dict(tcp="Cubic"), dict(tcp="Bbr"), dict(tcp="NewReno", sack="false"),
      dict(queue="1p"), dict(queue="3000B", utilisation=0.5), dict(splitter_delay="generic"),
      dict(splitter_delay="native", mode="ecmp"), dict(splitter_delay="exp:5us", short_size=1000),
      dict(upload_share=1), dict(sizes="const:0"), dict(sizes="const:1", rate=1000), dict(rate=1e-6),
      dict(wan_rate="10Mbps", lan_rate="100Gbps", wan_delay="0s", lan_delay="0s"),
      dict(mode="splitter[Capacity=1|WhenFull=EvictOldest]"), dict(mode="splitter[Marks=8,16]"),
      dict(mode="ns3::EcmpRouter[HashSeed=7]"),
      dict(fail="link:1@30ms-80ms,switch:2@40ms-60ms"),
      dict(fail="switch:0@30ms-40ms,server:0@50ms-55ms", fail_detection="10ms"),
      dict(exact="true", records="{out}.csv", flows="{out}.flows"))
    s(dict(drain="0s"), settles=False)
    s(*[dict(mode=mode, tcp=t) for mode in SDWAN_MODES for t in TCPS],
      *[dict(mode=mode, utilisation=u, **th) for mode in SDWAN_MODES for u in (0, 0.5, 0.95)
        for th in (dict(threshold=1), dict(threshold=20), dict(thresholds="3,10,30"),
                   dict(threshold=18446744073709551615))],
      dict(thresholds=",".join(str(i) for i in range(1, 30)), duration="60ms"),
      dict(sizes="mix:0.3:1:0.35:5:0.2:10:0.148:40:0.002:60000", upload_share=0.0005,
           upload_sizes="const:100000", duration="300ms", warmup="50ms"),
      quick=False)

    # ---- batchy-scenario --------------------------------------------------
    b = lambda *v, **f: c.extend(cases_of("batchy-scenario", BATCHY, *v, **f))  # noqa: E731
    b(*[dict(pipeline=p, controller=CONTROLLERS[(i + j) % 5], n=4, **M.get(p, {}))
        for i, p in enumerate(PIPELINES) for j in (0, 2)])
    b(dict(rate=5e6, controller="max", pipeline="vrf", duration="5ms"),
      dict(rate=5e6, controller="nfvnice", pipeline="gw", duration="5ms"),
      dict(batch=1, buffer_capacity=1, controller="max"),
      dict(batch=4096, buffer_capacity=4096, controller="max", rate=2e6,
           **{"ns3::BatchyWorker::QueueCapacity": 4096}),
      dict(cores=2, decompose="true", controller="full", pipeline="mgw", rate=3e6, duration="6ms"),
      dict(cores=64, decompose="true", controller="onoff", pipeline="vrf", m=4, n=8, rate=3e6, duration="6ms"),
      dict(cores=3, decompose="true", controller="full", pipeline="mgw", n=8, rate=2e6,
           fail="server:1@4ms-7ms"),
      dict(controller="nfvnice[Shares=RateCost]", pipeline="vrf"),
      dict(controller="nfvnice", pipeline="mgw", **{"ns3::BatchyWorker::Backpressure": "false"}),
      dict(controller="max", **{"ns3::BatchyWorker::Scheduling": "WeightedFair"}),
      dict(arrival="paced", burstiness=4, controller="onoff"), dict(burstiness=2.5, controller="full"),
      dict(arrival="paced", source_batch=31, controller="full", pipeline="rc", rate=2e7),
      dict(source_batch=4096, controller="max", rate=1e5, backpressure="false"),
      dict(slo="10us", controller="full", pipeline="vrf"), dict(slo="0.8x", controller="onoff", pipeline="rc", n=4),
      dict(slo="1000000x", controller="full"),
      dict(packet_size=18), dict(packet_size=9000, rate=1e5), dict(cost_jitter=1, controller="full"),
      dict(buffer_t0=1e6, buffer_t1=1e6, controller="max", rate=1e3, duration="20ms"),
      dict(buffer_t0=30, buffer_t1=2, controller="full", pipeline="vrf", cost_jitter=0.5),
      dict(control_rate=1000, pipeline="rc", controller="full"),
      dict(control_rate=999999, pipeline="rc", n=2, rate=1e6, controller="onoff"),
      dict(profile="true", pipeline="gw"), dict(chain_buffers="true", controller="max", pipeline="l2l3", n=8),
      dict(slo_steps="0s:10us,5ms:1ms", rate_steps="2ms:5e6,4ms:1000", controller="full", pipeline="rc", n=2),
      dict(rate_steps="5ms:3e6", step_flows="nhop0", controller="onoff"),
      dict(warmup_periods=0), dict(period="1us", duration="2ms", warmup_periods=0, controller="full"),
      dict(period="10ms", warmup_periods=0), dict(pipeline="l2l3", n=1), dict(pipeline="vrf", m=1, n=1),
      dict(pipeline="gw", n=64, controller="max"), dict(pipeline="{tmp}/graph.txt", rate=4e5),
      dict(fail="link:0@1ms-2ms,link:1@3ms-4ms,switch:0@6ms-7ms"),
      dict(cores=2, fail="server:0@3ms-6ms", fail_detection="10s"),
      dict(exact="true", records="{out}.csv", trace="{out}.trace"),
      dict(level="queue", controller="full", pipeline="rc", rate=1e9, source_batch=4096,
           fail="link:0@1ms-2ms,switch:0@6ms-7ms"),
      dict(level="queue", cores=3, decompose="true", controller="full", pipeline="mgw", n=8, rate=2e6,
           fail="server:1@4ms-7ms"),
      dict(level="queue", controller="nfvnice", pipeline="vrf", backpressure="false", rate=1e9),
      dict(link_rate="1Mbps", controller="max", rate=1e3), dict(link_rate="1000000Gbps", rate=1e9))
    b(dict(drain="0s", controller="max"), settles=False)
    # A core failing at time 0; an SLO factor's calibration run with a fault of core 1.
    b(dict(fail="server:0@0s-1ms"), dict(slo="0.8x", cores=2, fail="server:1@2ms-4ms"))
    # The smallest packet (the 18 B header) and control period (1 us) the options take.
    b(dict(packet_size=18), dict(period="1us", duration="100us", warmup_periods=0))
    b(*[dict(pipeline=p, controller=ctl, rate=rate, n=4, **M.get(p, {}))
        for p in PIPELINES for ctl in CONTROLLERS for rate in (1e5, 1e6, 5e6)],
      *[dict(pipeline=p, controller=ctl, cores=3, decompose="true", rate=3e6, n=8)
        for p in PIPELINES for ctl in ("null", "max", "onoff", "full")],
      dict(pipeline="mgw", m=16, n=16, controller="full", rate=5e6),
      # The largest vrf and mgw: 1 024 (m, n) pairs.
      dict(pipeline="vrf", m=32, n=32, controller="full", rate=5e6),
      dict(pipeline="mgw", m=16, n=64, controller="full", rate=5e6),
      dict(rate=1e9, duration="2ms", period="1ms"),
      quick=False)

    # ---- end-to-end-scenario ------------------------------------------------
    e = lambda *v, **f: c.extend(cases_of("end-to-end-scenario", E2E, *v, **f))  # noqa: E731
    # Every combination of the three layers' choices.
    e(*[dict(inter=i, rack=r, intra=p) for i in INGRESS for r in RACK_SWITCHES for p in POLICIES])
    e(dict(sites="1", workers=1, clients=1, flows=1), dict(sites=",".join(["1"] * 200), workers=1),
      dict(sites="255", workers=1, duration="2ms"), dict(load=2, inter="random"),
      dict(workload="w1", intra="afp", rack="racksched"), dict(service="const:1us", load=0.5),
      dict(access_delay="0s", site_delay="0s"), dict(access_delay="10ms", site_delay="5ms", drain="1s"),
      dict(inter="cards[RandomOffset=false]", exact="true", warmup="0s"),
      dict(inter="random", rack="jbsq", intra="psp", workload="getscan50"))
    e(dict(sites="200,200", workers=8, load=0.99, duration="2ms"), dict(workers=1024, load=0.99), quick=False,
      once=True)
    # At queue level: every ingress and switch, and the corners.
    e(*[dict(inter=i, rack=r, level="queue") for i in INGRESS for r in RACK_SWITCHES])
    e(dict(level="queue", sites="1", workers=1, clients=1, flows=1),
      dict(level="queue", sites=",".join(["1"] * 200), workers=1), dict(level="queue", load=2, inter="random"),
      dict(level="queue", access_delay="0s", site_delay="0s", link_rate="1Mbps", load=0.5),
      dict(level="queue", workload="w1", intra="afp", clients=1000, duration="2ms"))
    e(dict(level="queue", sites="200,200", workers=8, load=0.99, duration="2ms"), quick=False)
    # Over the WAN: every border router with the datacenter's layers all
    # baseline and all on; its corners (no traffic but the requests, a WAN
    # that drops requests and TCP alike, many tunnels, no delay).
    e(*[dict(wan=w, inter=i, rack=r, intra=p, duration="50ms", warmup="5ms") for w in WAN_ROUTERS
        for i, r, p in (("random", "random", "dfcfs"), ("cards", "racksched", "shinjuku"))])
    e(dict(wan="splitter", transfers=0, wan_utilisation=0, duration="20ms"),
      dict(wan="ecmp", wan_queue="10p", transfers=200, transfer_sizes="const:1000", wan_utilisation=0.9,
           duration="50ms"),
      dict(wan="splitter[Thresholds=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29]",
           duration="20ms"),
      dict(wan="ecmp-packet", wan_delay="0s", wan_rate="10Gbps", wan_queue="1500000B", duration="20ms"),
      dict(wan="ecmp", wan_delay="100ms", transfer_sizes="const:60000", transfers=5, drain="2s", duration="50ms"),
      dict(wan="splitter[ProcessingDelay=ns3::ExponentialRandomVariable[Mean=1e-5]]", clients=5, duration="20ms"))
    # Every combination of the five layers' choices, the WAN's and the
    # gateway's included (3 x 7 x 7 x 4 x 6, less the 147 above): once each.
    e(*[dict(inter=i, rack=r, intra=p, wan=w, **g) for i in INGRESS for r in RACK_SWITCHES for p in POLICIES
        for w in WAN_ROUTERS for g in [{}] + [dict(gateway="gw", gateway_controller=c) for c in CONTROLLERS]
        if w != "none" or g], quick=False, once=True)
    # Faults of each part, with and without a gateway and a WAN, and at once.
    e(*[dict(fail=f, gateway=g, duration="20ms") for f in ("server:0@5ms-10ms", "server:2@5ms", "switch:1@5ms-10ms",
                                                           "link:0@5ms-10ms", "link:1@5ms")
        for g in ("none", "gw")],
      dict(fail="server:0@5ms-10ms,switch:0@8ms-12ms,link:1@9ms", wan="splitter", gateway="l2l3",
           rack="jbsq", fail_detection="1ms", duration="20ms"))
    # A Batchy gateway at every site: every pipeline under every controller,
    # the largest sizes, with the WAN, and at the highest load.
    e(*[dict(gateway=g, gateway_controller=ctl, duration="20ms", warmup="2ms") for g in PIPELINES
        for ctl in CONTROLLERS])
    e(dict(gateway="vrf", gateway_m=16, gateway_n=64, duration="5ms"),
      dict(gateway="mgw", gateway_m=16, gateway_n=64, duration="5ms"),
      dict(gateway="gw", gateway_n=64, wan="splitter", inter="cards", rack="racksched", intra="shinjuku",
           duration="20ms"),
      dict(gateway="gw", gateway_controller="max", load=2, duration="20ms"),
      dict(gateway="rc", gateway_n=2, sites=",".join(["1"] * 20), workers=1, duration="5ms"))

    # ---- every example: --seed at both ends of [1, 4294944442] ----------------
    for example, base in (("microsecond-scenario", MULTICORE), ("cards-scenario", CARDS),
                          ("racksched-scenario", RACK), ("sdwan-scenario", SDWAN), ("batchy-scenario", BATCHY),
                          ("end-to-end-scenario", E2E)):
        c.extend(cases_of(example, base, dict(seed=1), dict(seed=4294944442)))
    return c


CASES = build_cases()


def selected_runs() -> list[tuple[Case, int]]:
    """(case, --run) pairs for this fullness: QUICK, each quick case once with
    --run 1, 2, 3 in turn; EXTENSIVE and TAKES_FOREVER, every case thrice
    (those of a large product once)."""
    if EXTENSIVE:
        return [(case, run) for i, case in enumerate(CASES)
                for run in ((RUNS[i % len(RUNS)],) if case.once else RUNS)]
    quick = [case for case in CASES if case.quick]
    return [(case, RUNS[i % len(RUNS)]) for i, case in enumerate(quick)]


def command_line(example: str, options: dict) -> str:
    """The example's command line for these options, to reproduce a run."""
    args = [f"--{k.replace('_', '-')}={v}" for k, v in options.items()]
    return " ".join(shlex.quote(a) for a in [str(rs.example_path(example)), *args])


# ---- the checks ---------------------------------------------------------------

def check_summary(example: str, s: dict, settles: bool = True) -> None:
    """Conservation (and, when ``settles``, an empty system at the end) of one summary."""
    assert s.get("example") == example, f"the JSON is not {example}'s summary: {s.get('example')!r}"
    sent, completed, in_flight, dropped = s["sent"], s["completed"], s["in_flight"], s["dropped"]
    assert sent == completed + in_flight + dropped, (
        f"sent {sent} != completed {completed} + in flight {in_flight} + dropped {dropped}")
    assert dropped == sum(s["dropped_by_reason"].values()), (
        f"dropped {dropped} != sum of dropped_by_reason {s['dropped_by_reason']}")
    for key in ("sent", "completed", "in_flight", "dropped"):
        assert 0 <= s[key] <= sent, (
            f"{key} = {s[key]} outside [0, sent = {sent}] (dropped_by_reason {s['dropped_by_reason']})")
    if example == "sdwan-scenario":
        f = s["connections"]
        assert f["started"] == f["completed"] + f["in_flight"] + f["failed"], f"connections: {f}"
        assert min(f.values()) >= 0, f"connections: {f}"
    if example == "end-to-end-scenario":
        # Every request the ingress resolved reached a site's switch or was
        # lost on the way; every scheduled one was served or lost after.
        sites = s["per_site"].values()
        assert s["ingress_resolved"] <= sent, f"ingress resolved {s['ingress_resolved']} of {sent}"
        assert s["switch_scheduled"] == sum(v["switch_scheduled"] for v in sites)
        assert s["switch_scheduled"] <= s["ingress_resolved"], s
        assert sum(v["served"] for v in sites) <= s["switch_scheduled"], s
        assert completed <= sum(v["served"] for v in sites), s
    if example == "batchy-scenario":
        flows = s["per_flow"]
        received = sum(v["received"] for v in flows.values())
        departed = sum(v["departed"] for v in flows.values())
        lost = sum(v["dropped"] for v in flows.values())
        held = s["queued"] + s["held_in_buffers"]
        assert received == departed + lost + held, (
            f"worker: received {received} != departed {departed} + dropped {lost} + queued "
            f"{s['queued']} + held in buffers {s['held_in_buffers']}")
        for name, v in flows.items():
            assert v["departed"] + v["dropped"] <= v["received"], f"flow {name}: {v}"
        assert received <= sent, f"the worker received {received} of {sent} packets sent"
        assert completed <= departed, f"{completed} packets completed, {departed} left the worker"
        assert lost <= dropped and held <= in_flight, (
            f"the worker's drops {lost} / held {held} against the summary's {dropped} / {in_flight}")
    if settles:
        # Once drained, every request is answered or dropped with a reason.
        assert in_flight == 0, (
            f"{in_flight} of {sent} requests still in flight after the drain "
            f"(completed {completed}, dropped {dropped})"
            + (f", {s['in_server']} in the server" if "in_server" in s else ""))
        if "in_server" in s:
            assert s["in_server"] == 0, f"{s['in_server']} requests left in the server"
        if example == "batchy-scenario":
            assert s["queued"] == 0 and s["held_in_buffers"] == 0, "packets left in the switch"
        if example == "sdwan-scenario":
            assert s["connections"]["in_flight"] == 0, f"connections: {s['connections']}"


@dataclass
class Outcome:
    """How one run ended: its summary, or the exit status and message."""

    summary: Optional[dict] = None
    returncode: Optional[int] = None
    stderr: str = ""
    timed_out: bool = False
    error: str = ""


def attempt(example: str, options: dict, timeout: float) -> Outcome:
    """One run of an example, however it ends."""
    try:
        return Outcome(summary=rs.run(example, timeout=timeout, **options), returncode=0)
    except rs.ExampleError as err:
        return Outcome(returncode=err.returncode, stderr=err.stderr)
    except subprocess.TimeoutExpired:
        return Outcome(timed_out=True)
    except (OSError, ValueError) as err:  # no JSON, or JSON that does not parse
        return Outcome(returncode=0, error=f"{type(err).__name__}: {err}")


def check_outcome(example: str, options: dict, outcome: Outcome, timeout: float) -> dict:
    """Exit 0 within the timeout with a JSON summary; returns the summary."""
    where = f"\n  {command_line(example, options)}"
    assert not outcome.timed_out, f"still running after {timeout:g} s (a hang?){where}"
    if outcome.returncode != 0:
        how = (f"killed by signal {-outcome.returncode}" if outcome.returncode < 0
               else f"exit status {outcome.returncode}")
        lines = outcome.stderr.splitlines()
        raise AssertionError(f"{how}: {' | '.join(lines[:4]) or 'no message'}{where}")
    assert outcome.summary is not None, f"exit 0 but no JSON summary: {outcome.error}{where}"
    return outcome.summary


def resolve(options: tuple, tmp: Path, tag: str) -> dict:
    """The options with {tmp} (the session's directory) and {out} (a path
    prefix of this run's own) filled in."""
    out = str(tmp / tag)
    return {k: v.replace("{tmp}", str(tmp)).replace("{out}", out) if isinstance(v, str) else v
            for k, v in options if v is not None}


@pytest.fixture(scope="session")
def outcomes(request):
    """Every selected (case, run), run once, in parallel, longest first."""
    wanted = []
    for item in request.session.items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if item.module.__name__ == __name__ and "case" in params:
            wanted.append((params["case"], params["run"]))
    with tempfile.TemporaryDirectory(prefix="rs-valid-input-") as name:
        tmp = Path(name)
        (tmp / "graph.txt").write_text(GRAPH)
        jobs = {}
        for n, (case, run) in enumerate(wanted):
            options = {**resolve(case.options, tmp, f"run{n}"), "run": run}
            jobs[(case, run)] = (case.example, options, case.timeout)
        order = sorted(jobs, key=lambda key: -jobs[key][2])
        with ThreadPoolExecutor(max_workers=JOBS) as pool:
            done = dict(zip(order, pool.map(lambda key: attempt(*jobs[key]), order)))
        return {key: (jobs[key][1], done[key]) for key in jobs}


@pytest.mark.parametrize("case,run", selected_runs(), ids=[f"{c.id} --run={r}" for c, r in selected_runs()])
def test_valid_options_run_to_the_end_and_conserve(outcomes, case, run):
    options, outcome = outcomes[(case, run)]
    summary = check_outcome(case.example, options, outcome, case.timeout)
    try:
        check_summary(case.example, summary, settles=case.settles)
    except AssertionError as err:
        raise AssertionError(f"{err}\n  {command_line(case.example, options)}") from None


def test_every_choice_is_in_the_grid():
    """The grid's quick part holds every policy, scheduler, dispatcher, mode,
    controller, pipeline, workload and level the examples offer."""
    seen: dict[str, set] = {}
    for case in CASES:
        if case.quick:
            for k, v in case.options:
                seen.setdefault(f"{case.example} {k}", set()).add(str(v).split("[")[0])
    wanted = {
        "microsecond-scenario intra": POLICIES, "microsecond-scenario level": ["packet", "queue"],
        "microsecond-scenario workload": ["w1", "w2"], "microsecond-scenario scaling": ["scaled"],
        "microsecond-scenario rss": ["random"], "microsecond-scenario arrival": ["lognormal", "uniform", "constant"],
        "microsecond-scenario handout": ["dispatcher", "worker", "passes"],
        "microsecond-scenario starvation": ["global", "per-worker"],
        "cards-scenario inter": CARDS_SCHEDULERS, "cards-scenario scenario": ["1", "2a", "2b", "2c", "3"],
        "cards-scenario deployment": ["routed"], "cards-scenario latency": ["const"],
        "cards-scenario scaling": ["scaled"],
        "racksched-scenario inter": RACK_POLICIES, "racksched-scenario workload": RACK_WORKLOADS,
        "racksched-scenario tracking": TRACKINGS, "racksched-scenario intra": POLICIES,
        "racksched-scenario sampling": ["distinct"], "racksched-scenario per_type_load": ["on", "off"],
        "racksched-scenario level": ["queue"],
        "sdwan-scenario mode": SDWAN_MODES, "sdwan-scenario splitter_delay": ["generic", "native"],
        "sdwan-scenario sack": ["false"],
        "batchy-scenario pipeline": PIPELINES, "batchy-scenario controller": CONTROLLERS,
        "batchy-scenario arrival": ["paced"],
        "end-to-end-scenario inter": INGRESS, "end-to-end-scenario rack": RACK_SWITCHES,
        "end-to-end-scenario intra": POLICIES, "end-to-end-scenario wan": WAN_ROUTERS,
        "end-to-end-scenario gateway": PIPELINES, "end-to-end-scenario gateway_controller": CONTROLLERS,
        "end-to-end-scenario level": ["queue"],
    }
    missing = {k: sorted(set(v) - seen.get(k, set())) for k, v in wanted.items()}
    assert not any(missing.values()), {k: v for k, v in missing.items() if v}
