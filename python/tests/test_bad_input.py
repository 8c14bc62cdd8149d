"""Bad input: every option of every example, fed invalid values, is rejected
before the run with exit status 1 and one line on stderr naming the option;
no abort, no usage dump, no hang. The options come from each example's
--PrintHelp, so a new option without cases here (or without a row in the
doc's "Bad input" tables) fails the test.

All the runs (about 1 500, each a few tens of milliseconds) are made once,
in parallel, by a session fixture; each parametrised test looks its own up.
"""

from __future__ import annotations

import functools
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import request_scheduling as rs
from request_scheduling.campaign import sem_parameters

EXAMPLES = ["microsecond-scenario", "cards-scenario", "racksched-scenario", "sdwan-scenario",
            "batchy-scenario", "end-to-end-scenario"]
# The user part of the chapter holds the Bad input section.
DOC = Path(__file__).resolve().parents[2] / "doc" / "request-scheduling-user.rst"
TIMEOUT_S = 10  # a rejection takes ~30 ms; a run that starts simulating may take minutes

# ---- invalid values by kind -------------------------------------------------
JUNK = ["nan", "inf", "1e400", "", "5x", "0x10", " 5"]
UINT = ["-1", "1.5", "99999999999999999999", "4294967296", *JUNK]      # zero allowed
UINT1 = ["0", *UINT]                                                   # zero not allowed
REAL = ["-1", "0", "-0", "1e-400", *JUNK]                              # must be > 0
TIME = ["-1s", "5", "nans", "infs", "1e400s", "", "5xs", "1 s", "1h", "1e-20s", "2e6s", "1.5ns"]
TIME1 = ["0s", *TIME]                                                  # must be > 0
CHOICE = ["bogus", "", " "]
BOOL = ["maybe", "", "1", "TRUE"]
DIST = ["", "exp", "exp:", "exp:10", "exp:-1us", "exp:nanus", "exp:1us:", "weibull:1us",
        "uniform:5us:1us", "lognormal:1ms:0", "lognormal:1ms:1e300", "bimodal:1.5:1us:2us",
        "mix:0.5:1us:0.4:2us", "const:2e6s", "exp:1e300s"]
COUNTS = ["", "const:-1", "const:1us", "const:2e9", "mix:0.5:5:0.4:40", "weibull:5", "exp:nan"]
RATE = ["0Gbps", "-1Gbps", "abc", "", "1e3Gbps", "nanGbps", "5Gbit", "2000Tbps",
        "99999999999999999999", "0.1bps"]
OUTPUT = ["/nonexistent-dir/out", "/proc/nonexistent/out"]


def values(*lists, extra=()):
    """Cases: (value, extra arguments) for each value of the lists."""
    return [(v, tuple(extra)) for values in lists for v in values]


# Options every example has (RequestScenario and ScenarioExample).
COMMON = {
    "duration": values(TIME1),
    "warmup": values(TIME, ["2s"], extra=["--duration=1s"]),
    "drain": values(TIME),
    "exact": values(BOOL),
    "records": values(OUTPUT),
    "run": values(UINT1),
    "seed": values(UINT1, ["4294944443"]),
    "json": values(OUTPUT) + values(["out"], extra=["--cdf=out"]) + values(["out.plt"], extra=["--cdf-plot=out"]),
    "cdf": values(OUTPUT),
    "cdf-plot": values(OUTPUT),
    "fail": values(["", ",", "server:0@1s,", "server:0@1s,,server:0@2s", "server", "server:0", "disk:0@1s", "server:x@1s", "server:-1@1s", "server:0@1",
                    "server:0@nan", "server:0@2s-1s", "server:0@1s,,link:0@1s", "server:999999@1s",
                    "switch:999999@1s-2s", "link:999999@1s"])
            + values(["server:0@3001ms"], extra=["--duration=1s", "--drain=2s"]),
    "fail-detection": values(TIME) + values(["1ms"]),
}

CASES = {
    "microsecond-scenario": {
        "intra": values(["fifo", "", "steam", "ns3::CorePolicy", "afp[", "afp[Quantum]", "afp[Speed=2]",
                          "afp[Thresh=0]", "afp[Thresh=5x]", "afp[Thresh=abc]", "afp[Quantum=fast]",
                          "afp[Quantum=1 us]"]),
        # A former name: its own values are --intra's; never together with it.
        "policy": values(["fifo", "afp[Speed=2]"]) + values(["afp"], extra=["--intra=ps"]),
        "dispatch-overhead": values(TIME, extra=["--intra=cfcfs"]) + values(["1us"]),
        "quantum": values(TIME1, extra=["--intra=shinjuku"]) + values(["1us"]),
        "preempt-overhead": values(TIME, extra=["--intra=shinjuku"]),
        "reserved": values(UINT, extra=["--intra=psp"]) + values(["4"], extra=["--intra=psp", "--cores=4"]),
        "handout": values(CHOICE, extra=["--intra=psp"]),
        "thresh": values(UINT1, extra=["--intra=afp"]),
        "starvation": values(CHOICE, extra=["--intra=afp"]),
        "feedback-delay": values(TIME, extra=["--intra=afp"]),
        "cores": values(UINT1, ["4097"]),
        "scaling": values(CHOICE),
        "load": values(REAL, ["2.5", "1e-300"]),
        "arrival": values(CHOICE, ["poisson"]),
        "service": values(DIST, ["const:0us", "const:0.4ns", "uniform:0.1ns:0.3ns"]),
        "workload": values(CHOICE, ["w3"]) + values(["w1"], extra=["--service=exp:1us"]),
        "link-delay": values(DIST, ["-1us", "1e400s", "5", "const:0.4ns"]) + values(["const:1us"], extra=["--level=queue"]),
        "link-rate": values(RATE),
        "rss": values(CHOICE) + values(["hash", "random"], extra=["--intra=shinjuku"]),
        "level": values(CHOICE),
        "clients": values(UINT1, ["60001"]),
        "flows": values(UINT, ["16385"]) + values(["7"], extra=["--intra=cfcfs"])
                 + values(["7"], extra=["--intra=afp", "--rss=random"]),
    },
    "cards-scenario": {
        "scenario": values(CHOICE, ["4", "2d"]),
        "schedulers": values(UINT1, ["7"]) + values(["10"], extra=["--inter=central"])
                      + values(["10", "1"], extra=["--inter=jbsq"]),
        "inter": values(CHOICE, ["ns3::Dispatcher", "ns3::SteamDispatcher[BatchSize=abc]",
                                 "ns3::SteamDispatcher[Bogus=1]", "ns3::SteamDispatcher[BatchSize=0]",
                                 "steam[BatchSize=9]", "central[BatchSize=9]", "site-random[RandomOffset=false]"])
                      + values(["ns3::SteamDispatcher[InFlightLimit=5]"])
                      + values(["central"], extra=["--deployment=routed"]),
        "scheduler": values(["bogus"]) + values(["cards"], extra=["--inter=random"]),
        "steam-batch": values(UINT1, extra=["--inter=steam"]) + values(["5"])
                       + values(["20"], extra=["--inter=ns3::SteamDispatcher[BatchSize=10]"]),
        "deployment": values(CHOICE),
        "clients": values(UINT1, ["10000001"]),
        "scaling": values(CHOICE),
        "affinity": values(UINT1, [t for t in TIME1 if t != "5"]),
        "hold-until-affinity": values(BOOL) + values(["true"]) + values(["true"], extra=["--affinity=1"]),
        "compute-vector": values(["", "1,2;;3", "a", "0", "1,-2", "1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16",
                                  "20000"]),
        "server-capacity": values(UINT1, ["1000001"]),
        "service": values(DIST, ["const:0us"]),
        "inter-arrival": values(DIST, ["const:0us"]),
        "join-window": values(TIME),
        "intra-site": values(TIME),
        "inter-site": values(TIME),
        "latency": values(CHOICE),
        "level": values(CHOICE, ["queues"]) + values(["queue"], extra=["--fail=server:0@1s"]),
    },
    "racksched-scenario": {
        "inter": values(CHOICE, ["jsq"]),
        "policy": values(["jsq"]) + values(["random"], extra=["--inter=jbsq"]),
        "k": values(UINT1, ["9"]) + values(["3"], extra=["--inter=random"])
             + values(["3"], extra=["--inter=shortest"]) + values(["3"], extra=["--tracking=int2"])
             + values(["3"], extra=["--tracking=proactive"]),
        "tracking": values(CHOICE) + values(["int3"], extra=["--inter=random"]),
        "sampling": values(CHOICE) + values(["distinct"], extra=["--inter=shortest"])
                    + values(["distinct"], extra=["--tracking=proactive"])
                    + values(["distinct"], extra=["--inter=jbsq"]),
        "random-share": values(["-0.1", "1.5", "-0", "1e-400", *JUNK])
                        + values(["0.1"], extra=["--tracking=int1"])
                        + values(["0.1"], extra=["--inter=random"]),
        "per-type-load": values(CHOICE, ["true"]) + values(["on"], extra=["--inter=random"])
                         + values(["on", "off"], extra=["--workload=exp50"])
                         + values(["on"], extra=["--service=exp:20us"]),
        "servers": values(UINT1, ["1001"]),
        "workers": values(UINT1, ["1025"]),
        "heterogeneous": values(["9:4", "4", "4:0", "0:4", "a:b", "4:4:4", "-1:4", "4:1025"]),
        "intra": values(CHOICE, ["steam", "afp[Thresh=abc]", "shinjuku[Quantum=0s]"])
                 + values(["cfcfs"], extra=["--inter=shinjuku"])
                 + values(["shinjuku[ClassWeights=1,2]"], extra=["--weights=3,1"]),
        "workload": values(CHOICE, ["exp100"]) + values(["exp50"], extra=["--service=exp:1us"]),
        "service": values(DIST, ["const:0us"]),
        "load": values(REAL, ["2.5", "1e-300"]),
        "rate": values(REAL, ["1e10", "1e-300"]) + values(["1000"], extra=["--load=0.5"]),
        "packets-per-request": values(UINT1, ["65536"]) + values(["2"], extra=["--inter=jbsq"]),
        "priority": values(["a,b", "1", "2,1,0", "1,,2", "1,nan", "1,"]) +
                    values(["2,1"], extra=["--weights=1,1"]) + values(["2,1"], extra=["--intra=dfcfs"]),
        "weights": values(["a,b", "1", "0,1", "-1,1", "1,inf", "1e400,1"]),
        "placement": values(["scan:0-3", "long", "long:", "long:0,", "long:0;;short:1", "long:9", "long:a", "long:3-1", "0:0;0:1", "5:0"]),
        "clients": values(UINT1, ["1001"]),
        "client-count": values(UINT1, ["100001"]) + values(["5"], extra=["--inter=random"])
                        + values(["16385"], extra=["--inter=client", "--clients=1"]),
        "jbsq-bound": values(UINT1, ["1000001"]) + values(["7"], extra=["--inter=random"]),
        "link-rate": values(RATE),
        "link-delay": values(TIME),
        "flows": values(UINT1, ["16385"]),
        "level": values(CHOICE, ["queues"]),
    },
    "end-to-end-scenario": {
        "inter": values(CHOICE, ["steam", "jbsq", "power-of-k", "ns3::Dispatcher", "cards[Bogus=1]",
                                 "dfcfs"]),
        "rack": values(CHOICE, ["client", "cards"]),
        "intra": values(CHOICE, ["steam", "afp[Thresh=abc]", "shinjuku[Quantum=0s]"]),
        "workload": values(CHOICE, ["w3"]) + values(["w1"], extra=["--service=exp:1us"]),
        "service": values(DIST, ["const:0us"]),
        "sites": values(["", "0", "4,", ",4", "4,0", "256", "4;2", "-1", "x", ",".join(["1"] * 201)]),
        "workers": values(UINT1, ["1025"]),
        "load": values(REAL, ["2.5", "1e-300"]),
        "clients": values(UINT1, ["1001"]),
        "flows": values(UINT1, ["16385"]),
        "link-rate": values(RATE),
        "access-delay": values(TIME),
        "site-delay": values(TIME),
        # Queue level: not with the layers that need packets.
        "level": values(CHOICE, ["queues"]) + values(["queue"], extra=["--wan=ecmp"])
                 + values(["queue"], extra=["--gateway=gw"]),
        "wan": values(CHOICE, ["ns3::Object", "ns3::TunnelRouter", "splitter[Bogus=1]", "ecmp[Thresholds=5]",
                               "splitter[Thresholds=5,3]", "splitter[Marks=8]",
                               "splitter[Thresholds=" + ",".join(map(str, range(1, 31))) + "]"]),
        # The WAN's options are invalid without --wan too.
        "wan-delay": values(TIME, extra=["--wan=ecmp"]) + values(["1ms"]),
        "wan-rate": values(RATE, extra=["--wan=ecmp"]) + values(["1Gbps"]),
        "wan-queue": values(["abc", "0p", "-1p", "99999999999999999999p", "5", "1.5p"], extra=["--wan=ecmp"])
                     + values(["1000p"]),
        "transfers": values(["-1", "2e6", "1e-300", *JUNK], extra=["--wan=ecmp"]) + values(["5"]),
        "transfer-sizes": values(COUNTS, extra=["--wan=ecmp"]) + values(["const:5"])
                          + values(["const:5"], extra=["--wan=ecmp", "--transfers=0"]),
        "wan-utilisation": values(["-0.1", "1", "1.5", "1e-300", *JUNK], extra=["--wan=ecmp"]) + values(["0.1"]),
        "gateway": values(["bogus", "", " ", "/nonexistent"]),
        # The gateway's options are invalid without --gateway, or where its pipeline has no use for them.
        "gateway-n": values(UINT1, ["65"], extra=["--gateway=gw"]) + values(["1"], extra=["--gateway=rc"])
                     + values(["4"]),
        "gateway-m": values(UINT1, ["17"], extra=["--gateway=vrf"]) + values(["2"], extra=["--gateway=gw"])
                     + values(["2"]),
        "gateway-controller": values(CHOICE, ["full[Bogus=1]", "ns3::Object"], extra=["--gateway=gw"])
                              + values(["max"]),
    },
    "sdwan-scenario": {
        "mode": values(CHOICE, ["ns3::Object", "splitter[Bogus=1]", "splitter[Thresholds=5]",
                                "splitter[ProcessingDelay=ns3::ConstantRandomVariable[Constant=1]]"])
                + values(["splitter[Marks=8]"], extra=["--threshold=1"]),
        "threshold": values(["0", "-1", "1.5", "99999999999999999999", "5,10", "1e23", *JUNK]),
        "thresholds": values(["", "5,3", "a", "0", "5,5", "-1", "5,", ",".join(map(str, range(1, 31)))]) +
                      values(["5,10"], extra=["--threshold=5"]),
        "utilisation": values(["-0.1", "1", "1.5", "1e-300", *JUNK]),
        "rate": values(REAL, ["2e6", "1e-300"]),
        "sizes": values(COUNTS),
        "upload-sizes": values(COUNTS) + values(["const:10"], extra=["--upload-share=0"]),
        "upload-share": values(["-0.1", "1.5", *JUNK]),
        "queue": values(["abc", "", "0p", "-1p", "99999999999999999999p", "5", "1.5p"]),
        "splitter-delay": values(DIST, ["fast"]),
        "wan-delay": values(TIME),
        "lan-delay": values(TIME),
        "wan-rate": values(RATE),
        "lan-rate": values(RATE),
        "tcp": values(["Bogus", "", "ns3::Object"]),
        "sack": values(CHOICE, BOOL, ["auto"]),
        "short-size": values(UINT1),
        "flows": values(OUTPUT),
        "jitter-cdf": values(OUTPUT),
    },
    "batchy-scenario": {
        "pipeline": values(["bogus", "", "/nonexistent-dir/graph", "/", "/dev/null", "{bad_graph}"]),
        "n": values(UINT1, ["4097"]) + values(["1"], extra=["--pipeline=rc"]),
        "m": values(UINT1, ["4097"], extra=["--pipeline=vrf"]) + values(["7"], extra=["--pipeline=l2l3"])
             + values(["4096"], extra=["--pipeline=vrf", "--n=4096"]) + values(["64"], extra=["--pipeline=mgw", "--n=64"]),
        "controller": values(CHOICE, ["ns3::Object", "max[Bogus=1]", "full[Period=1ms]", "full[Decompose=true]"]),
        "slo": values(TIME1, ["0x", "-1x", "nanx", "x", "2e6x"]) + values(["50us"], extra=["--pipeline=rc"]),
        "rate": values(REAL, ["2e9", "1e-300"]),
        "burstiness": values(REAL, ["0.5", "2e6"]) + values(["1.5"], extra=["--arrival=paced"]),
        "arrival": values(CHOICE, ["poisson "]),
        "source-batch": values(UINT1, ["4097"]),
        "batch": values(UINT1, ["4097", "65", "128"]),
        # Under null (the default) no buffer is used: any capacity is refused.
        "buffer-capacity": values(UINT1, ["4097", "64"]) + values(["31"], extra=["--controller=max"]),
        "period": values(TIME1, ["999ns"]),
        "warmup-periods": values(UINT, ["1000001", "10"]),
        "packet-size": values(UINT1, ["15", "17", "9001"]) + values(["64"], extra=["--level=queue"]),
        "link-rate": values(RATE) + values(["100Gbps"], extra=["--level=queue"]),
        "level": values(CHOICE),
        "trace": values(OUTPUT),
        "cost-jitter": values(["-0.1", "1.5", *JUNK]),
        "backpressure": values(BOOL),
        "buffer-t0": values(["-1", "-0.5", "2e9", "20", *JUNK]),
        "buffer-t1": values(["-1", "2e9", *JUNK]) + values(["1"], extra=["--controller=nfvnice"]),
        "control-rate": values(["-1", "2e9", *JUNK], extra=["--pipeline=rc"])
                        + values(["1000"], extra=["--pipeline=l2l3"])
                        + values(["1e6", "2e6"], extra=["--pipeline=rc", "--rate=1e6"]),
        "profile": values(BOOL),
        "cores": values(UINT1, ["65"]) + values(["2"], extra=["--controller=nfvnice"])
                 + values(["2"], extra=["--ns3::BatchyWorker::Scheduling=WeightedFair"]),
        "decompose": values(BOOL) + values(["true"], extra=["--cores=1"]),
        "chain-buffers": values(BOOL),
        "slo-basis": values(["nhop0", ":1us", "nhop0:", "nhop0:-1us", "nhop0:1us,nhop0:2us"], extra=["--slo=0.8x"])
                     + values(["nhop0:1us"], extra=["--slo=0.8x"])
                     + values(["nhop0:1us,nhop1:1us,nhop2:1us,nhop3:1us,bogus:1us"], extra=["--slo=0.8x"])
                     + values(["nhop0:1us,nhop1:1us,nhop2:1us,nhop3:1us"]),
        "report-own-slos": values(BOOL, extra=["--slo=0.8x"]) + values(["true"]),
        "report-slo-factor": values([v for v in REAL if v], ["1e7"]),  # empty: none
        "slo-steps": values(["1s", "1s:", "1s:30us,", ",1s:30us", "2s:1us,1s:2us", "-1s:1us", "1s:0us", "1s:5x", "a:b"]),
        "rate-steps": values(["1s", "1s:", "2s:1,1s:2", "1s:-1", "1s:0", "1s:nan", "a:b"]),
        "step-flows": values(["("]) + values(["nomatch"], extra=["--slo-steps=1s:10us"]) + values(["a"]),
    },
}

# Options of ns-3 (CommandLine) and stray words: one line too, no usage dump.
COMMAND_LINE = [
    ("--bogus=1", "bogus"),
    ("--bogus", "bogus"),
    ("-bogus=1", "bogus"),
    ("load=0.5", None),
    ("0.5", None),
    ("--ns3::AfpCorePolicy::Thresh=abc", "ns3::AfpCorePolicy::Thresh"),
    ("--ns3::AfpCorePolicy::Thresh=5x", "ns3::AfpCorePolicy::Thresh"),
    ("--ns3::AfpCorePolicy::Thresh=0", "ns3::AfpCorePolicy::Thresh"),
    ("--ns3::AfpCorePolicy::Bogus=1", "ns3::AfpCorePolicy::Bogus"),
    ("--ns3::Bogus::Thresh=1", "ns3::Bogus::Thresh"),
    ("--RngRun=abc", "RngRun"),
    ("--RngRun=-1x", "RngRun"),
    ("--RngRun=3", "RngRun"),  # set from --run
    ("--RngSeed=3", "RngSeed"),  # set from --seed
    ("--SchedulerType=bogus", "SchedulerType"),
    ("--SchedulerType=ns3::LeanSimulatorImpl", "SchedulerType"),
    ("--SimulatorImplementationType=bogus", "SimulatorImplementationType"),
    ("--SimulatorImplementationType=ns3::MapScheduler", "SimulatorImplementationType"),
    ("--exact", "exact"),  # bare flags are not booleans here: --exact=true
    ("--PrintAttributes=bogus", "PrintAttributes"),  # ns-3 aborts on it
    # Every example starts its applications itself and stops its sources at --duration.
    ("--ns3::Application::StartTime=1ms", "ns3::Application::StartTime"),
    ("--ns3::RequestClient::StopTime=1ms", "ns3::RequestClient::StopTime"),
]

# ns-3 defaults a request example sets itself, or that an object's brackets
# set too: (example, arguments, the option the message names).
REPLACED = [(example, (f"--ns3::{attribute}=2",), f"ns3::{attribute}")
            for example in ["microsecond-scenario", "cards-scenario", "racksched-scenario", "end-to-end-scenario"]
            for attribute in ["RequestClient::RemotePort", "MulticoreServer::Port", "RequestClient::Clients"]]
REPLACED += [
    ("microsecond-scenario", ("--intra=shinjuku[Quantum=3us]", "--ns3::ShinjukuCorePolicy::Quantum=2us"),
     "ns3::ShinjukuCorePolicy::Quantum"),
    ("microsecond-scenario", ("--intra=afp[Thresh=7]", "--ns3::AfpCorePolicy::Thresh=9"), "ns3::AfpCorePolicy::Thresh"),
    ("cards-scenario", ("--inter=ns3::SteamDispatcher[BatchSize=7]", "--ns3::SteamDispatcher::BatchSize=9"),
     "ns3::SteamDispatcher::BatchSize"),
]

ABORT_SIGNS = re.compile(r"terminate called|abort|assert|NS_FATAL|Command-line|Program Options|"
                         r"backtrace|Segmentation|core dumped|\bat 0x", re.I)


def help_options(example: str) -> list[str]:
    """The Program Options an example's --PrintHelp lists, in order."""
    return list(sem_parameters(example))


@functools.cache
def cases_of(example: str) -> dict[str, list]:
    """The example's cases, but an empty value for an option without a
    printed default: that leaves the option unset (as a SEM campaign passes
    it; test_sem.py runs it)."""
    unset = {name for name, default in sem_parameters(example).items() if default == ""}
    return {option: [(value, extra) for value, extra in cases if value != "" or option not in unset]
            for option, cases in {**CASES[example], **COMMON}.items()}


def all_cases():
    for example in EXAMPLES:
        for option, cases in cases_of(example).items():
            for value, extra in cases:
                yield pytest.param(example, option, value, extra,
                                   id=f"{example}--{option}={value!r}{''.join(' ' + e for e in extra)}")


@pytest.fixture(scope="session")
def results():
    """Every case's (returncode, stderr, timed out) by (example, arguments), run in parallel."""
    with tempfile.TemporaryDirectory(prefix="rs-bad-input-") as tmp:
        bad_graph = Path(tmp) / "bad.graph"
        bad_graph.write_text("module a 1us 2us\nflow f a>b 1 50us\n")  # b is no module
        runs = set()
        for example in EXAMPLES:
            for option, cases in cases_of(example).items():
                for value, extra in cases:
                    runs.add((example, (f"--{option}={value}", *extra)))
            for arg, _ in COMMAND_LINE:
                runs.add((example, (arg,)))
        runs.update((example, args) for example, args, _ in REPLACED)

        def attempt(run):
            example, args = run
            args = [a.replace("{bad_graph}", str(bad_graph)) for a in args]
            try:
                proc = subprocess.run([str(rs.example_path(example)), *args], capture_output=True,
                                      text=True, timeout=TIMEOUT_S, cwd=tmp)
                return run, (proc.returncode, proc.stderr, False)
            except subprocess.TimeoutExpired as err:
                return run, (None, err.stderr or "", True)

        with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as pool:
            return dict(pool.map(attempt, sorted(runs)))


def check_rejected(result, option):
    returncode, stderr, timed_out = result
    assert not timed_out, "not rejected: still running (simulating?) after the timeout"
    assert returncode is not None and returncode > 0, f"exit status {returncode} (negative: a signal)"
    assert returncode == 1, f"exit status {returncode}"
    lines = stderr.splitlines()
    assert len(lines) == 1, f"{len(lines)} lines on stderr:\n{stderr[:2000]}"
    assert not ABORT_SIGNS.search(lines[0]), lines[0]
    if option is not None:
        assert f"--{option}" in lines[0], f"the message does not name --{option}: {lines[0]}"
    return lines[0]


@pytest.mark.parametrize("example,option,value,extra", list(all_cases()))
def test_invalid_value_is_rejected(results, example, option, value, extra):
    line = check_rejected(results[(example, (f"--{option}={value}", *extra))], None)
    # The option named is the one given (or, for a rejected combination,
    # one of those given).
    named = [o for o in [option, *(e[2:].split("=")[0] for e in extra)] if f"--{o}" in line]
    assert named, f"the message names none of the options given: {line}"
    assert line.startswith(f"{example}: "), line


@pytest.mark.parametrize("example", EXAMPLES)
@pytest.mark.parametrize("arg,option", COMMAND_LINE, ids=[a for a, _ in COMMAND_LINE])
def test_command_line_failures_are_one_line(results, example, arg, option):
    line = check_rejected(results[(example, (arg,))], option)
    assert line.startswith(f"{example}: "), line


@pytest.mark.parametrize("example,args,option", REPLACED, ids=[f"{e} {' '.join(a)}" for e, a, _ in REPLACED])
def test_attributes_the_scenario_or_brackets_set_are_not_replaced(results, example, args, option):
    line = check_rejected(results[(example, args)], option)
    assert line.startswith(f"{example}: invalid --{option}="), line


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_option_has_cases(example):
    listed = help_options(example)
    assert len(listed) > 10
    missing = [o for o in listed if o not in cases_of(example)]
    assert not missing, f"options of {example} without bad-input cases here: {missing}"
    stale = [o for o in cases_of(example) if o not in listed]
    assert not stale, f"cases here for options {example} no longer has: {stale}"


def doc_tables() -> dict[str, set[str]]:
    """The options in each table of the doc's "Bad input" section, by table title."""
    text = DOC.read_text()
    section = text.split("\nBad input\n", 1)[1]
    section = re.split(r"\n[^\n]+\n[=*]{3,}\n", section, maxsplit=1)[0]  # up to the next heading
    tables: dict[str, set[str]] = {}
    title = None
    for line in section.splitlines():
        m = re.match(r"\.\. list-table:: (.+)", line)
        if m:
            title = m.group(1).strip()
            tables[title] = set()
        m = re.match(r"\s+\* - ``--([\w-]+)``", line)
        if m and title:
            tables[title].add(m.group(1))
    return tables


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_option_is_in_the_doc(example):
    tables = doc_tables()
    documented = tables.get(f"``{example}``", set()) | tables.get("Options of every example", set())
    missing = [o for o in help_options(example) if o not in documented]
    assert not missing, f"options of {example} missing from the doc's Bad input tables: {missing}"
    stale = tables.get(f"``{example}``", set()) - set(help_options(example))
    assert not stale, f"the doc's {example} table lists options it does not have: {stale}"


DOCUTILS_CHECK = r"""
import re, sys
import docutils.core
text = open(sys.argv[1]).read()
section = text.split("\nBad input\n", 1)[1]
section = "Bad input\n" + re.split(r"\n[^\n]+\n[=*]{3,}\n", section, maxsplit=1)[0]
# halt_level 2: any warning (a broken table, an undefined substitution) fails.
docutils.core.publish_doctree(section, settings_overrides={"halt_level": 2, "report_level": 5})
"""


def test_doc_is_valid_restructuredtext():
    # Sphinx roles elsewhere in the chapter are unknown to plain docutils:
    # only the Bad input section, which uses none, is checked, strictly.
    # docutils from this Python, else from the system's python3.
    for python in (sys.executable, shutil.which("python3")):
        if python and subprocess.run([python, "-c", "import docutils"], capture_output=True).returncode == 0:
            break
    else:
        pytest.skip("docutils is not installed")
    proc = subprocess.run([python, "-c", DOCUTILS_CHECK, str(DOC)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


# ---- the Python API ------------------------------------------------------------

def test_run_raises_value_error_with_the_example_message():
    with pytest.raises(ValueError) as err:
        rs.run("microsecond-scenario", load=-1)
    assert str(err.value) == "microsecond-scenario: invalid --load=-1: expected a number in (0, 2]"
    assert isinstance(err.value, rs.ExampleError) and isinstance(err.value, rs.OptionError)
    assert err.value.option == "load" and err.value.returncode == 1
    # It survives a trip to a worker process and back.
    copy = pickle.loads(pickle.dumps(err.value))
    assert type(copy) is rs.OptionError and str(copy) == str(err.value) and copy.option == "load"


@pytest.mark.parametrize("options,option", [
    (dict(bogus=1), "bogus"),
    (dict(link_rate="99999999999999999999"), "link-rate"),
    (dict(records="/nonexistent-dir/x.csv"), "records"),
    (dict(intra="afp", thresh="abc"), "thresh"),
])
def test_run_option_errors_name_the_option(options, option):
    with pytest.raises(rs.OptionError) as err:
        rs.run("microsecond-scenario", **options)
    assert err.value.option == option
    assert "\n" not in str(err.value) and f"--{option}" in str(err.value)


def test_existing_except_example_error_still_catches():
    with pytest.raises(rs.ExampleError, match="--intra"):
        rs.run("microsecond-scenario", intra="fifo")


@pytest.mark.parametrize("options", [dict(load=None), {"bad name": 1}, dict(service="exp:1us\n--load=2")])
def test_run_rejects_what_is_no_option_in_python(options):
    with pytest.raises(ValueError):
        rs.run("microsecond-scenario", **options)


@pytest.mark.parametrize("args,kwargs", [
    (({"load": "0.5"},), {}),  # a string would be swept character by character
    (({"load": 0.5},), {}),
    (({"load": [0.5]},), dict(runs=0)),
    (({"load": [0.5]},), dict(runs=1.5)),
    (({"load": [0.5]},), dict(runs=[])),
    (({"load": [0.5]},), dict(runs=[1, 1])),
    (({"load": [0.5]},), dict(runs=[0])),
    (({"load": [0.5]},), dict(runs="12")),
    (({"load": [0.5]},), dict(jobs=0)),
    (({"load": [0.5]},), dict(jobs="four")),
    (({"load": [0.5]},), dict(timeout=0)),
    (({"load": [0.5]},), dict(load=0.6)),
    (({"run": [1, 2]},), {}),
])
def test_sweep_rejects_bad_arguments_before_running(args, kwargs):
    with pytest.raises(ValueError):
        rs.sweep("microsecond-scenario", *args, progress=False, **kwargs)


def test_sweep_strict_raises_value_error():
    with pytest.raises(ValueError, match="--load=-1"):
        rs.sweep("microsecond-scenario", {"load": [-1]}, strict=True, progress=False)
