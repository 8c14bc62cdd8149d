#!/usr/bin/env python3
"""Write the hand-made seeds of the fuzz targets' corpora (test/fuzz/corpus/).

Seeds are named seed-*; inputs that once failed are added by hand as
crash-<what>-* and are never rewritten here. Run after changing a format:
    python3 test/fuzz/make-seeds.py
"""
import pathlib
import struct

HERE = pathlib.Path(__file__).resolve().parent / "corpus"


def request_header(type_=1, flags=0, cls=0, index=0, count=1, service=1, client=2, txn=3,
                   req=4, demand=50_000, sent=1_000_000, locator=0, queue=0, outstanding=0,
                   work=0, magic=0x5253, version=1):
    """ServiceRequestHeader on the wire (66 bytes, network order)."""
    return struct.pack(">HBBBBHHIIIQqqIIIq", magic, version, type_, flags, cls, index, count,
                       service, client, txn, req, demand, sent, locator, queue, outstanding, work)


def batchy_header(flow=3, seq=7, sent=123_456, magic=0x4254, version=1, reserved=0):
    """BatchyHeader on the wire (18 bytes)."""
    return struct.pack(">HBBHIq", magic, version, reserved, flow, seq, sent)


UDP = struct.pack(">HHHH", 49153, 7000, 8 + 66 + 100, 0)

def packets(*payloads):
    """The receive-paths input after its first byte: a length byte per packet."""
    return b"".join(bytes([len(p)]) + p for p in payloads)


SEEDS = {
    "service-request-header": {
        "request": request_header(),
        "request-multi-packet": request_header(index=2, count=4, cls=1, flags=1) + b"\0" * 100,
        "reply-load-report": request_header(type_=2, locator=0x0A010203, queue=5,
                                            outstanding=9, work=250_000),
        "truncated": request_header()[:65],
        "bad-magic": request_header(magic=0x5254),
        "bad-version": request_header(version=2),
        "bad-type": request_header(type_=3),
        "index-past-count": request_header(index=4, count=4),
        "negative-demand": request_header(demand=-1),
        "empty": b"",
    },
    "batchy-header": {
        "packet": batchy_header(),
        "packet-with-payload": batchy_header(flow=65535, seq=2**32 - 1) + b"x" * 46,
        "truncated": batchy_header()[:17],
        "bad-magic": batchy_header(magic=0x5254),
        "bad-version": batchy_header(version=0),
    },
    "data-path-classifier": {
        "udp-request": b"\0" + UDP + request_header() + b"\0" * 100,
        "udp-reply": b"\0" + UDP + request_header(type_=2, queue=3, outstanding=4, work=10),
        "tcp": b"\x07" + UDP + request_header(),
        "udp-short": b"\0" + UDP[:5],
        "udp-no-header": b"\0" + UDP + b"hello",
    },
    "receive-paths": {
        "cfcfs-requests": b"\0" + packets(request_header(), request_header(req=5, demand=2_000)),
        "shinjuku-long-and-short": b"\1" + packets(request_header(demand=1_000_000),
                                                    request_header(req=5, demand=500)),
        "afp-classes": b"\2" + packets(request_header(cls=1, demand=100_000),
                                        request_header(req=6, cls=0, demand=500)),
        "multi-packet": b"\0" + packets(request_header(index=0, count=2),
                                         request_header(index=1, count=2)),
        "reply-and-garbage": b"\1" + packets(request_header(type_=2), b"garbage",
                                              request_header()[:40]),
        "client-replies": b"\3" + packets(request_header(type_=2, client=0, sent=0),
                                           request_header(type_=2, client=3, locator=0x0A000001,
                                                          sent=0),
                                           request_header(type_=2, client=4, sent=0),
                                           request_header(type_=1, client=0, sent=0)),
    },
    "batchy-switch": {
        "flows": b"\0" + packets(batchy_header(flow=0), batchy_header(flow=1, seq=8) + b"x" * 46,
                                  batchy_header(flow=3, seq=9)),
        "unknown-flow-and-garbage": b"\0" + packets(batchy_header(flow=4), b"garbage",
                                                     batchy_header()[:17],
                                                     batchy_header(sent=2**63 - 1)),
        "ingress-down": b"\1" + packets(batchy_header(flow=0), batchy_header(flow=2)),
        "core-down": b"\2" + packets(*[batchy_header(flow=f % 4, seq=f) for f in range(40)]),
        "egress-down": b"\3" + packets(*[batchy_header(flow=1, seq=s) for s in range(8)]),
    },
    "dispatcher-replies": {
        # 4 entries of 1-4 units; choose, choose among {0, 2}, a reply from
        # entry 1 (queue 5, outstanding 9, work 250 us), release 10.
        "mixed": bytes([3, 0, 1, 2, 3, 0, 1, 0b0101, 2, 1]) + struct.pack(">IIq", 5, 9, 250_000)
                 + bytes([5, 9, 0]),
        "down-up": bytes([3, 0, 0, 0, 0, 3, 2, 0, 5, 20, 1, 0b0100, 4, 2, 0, 5, 20]),
        "all-down": bytes([1, 0, 0, 3, 0, 3, 1, 0, 5, 3, 1, 3]),
        "huge-reports": bytes([7] + [3] * 8) + (bytes([2, 0]) + b"\xff" * 16) * 3
                        + bytes([0, 0, 5, 255, 0]),
        "new-vector": bytes([7] + [0] * 8 + [3, 6, 0, 6, 1, 2, 0, 5, 4]),
    },
    "data-flow-graph": {
        "splitter": b"# a splitter and two branches\nmodule in 10 1 a,b\n"
                    b"module a 68.5 27.5   # IP lookup\nmodule b 122.3 30.4\n"
                    b"flow fa in>a 1e6 50us\nflow fb in>b 2e5 1ms\n",
        "chain": b"module r 100 10 x\nmodule x 100 200 a\nmodule a 100 10 s\n"
                 b"module s 100 10 b,c\nmodule b 100 10\nmodule c 100 10\n"
                 b"flow fb r>x>a>s>b 1e6 50us\nflow fc r>x>a>s>c 1e6 50us\n",
        "merger": b"module a 50 10 m\nmodule b 50 10 m\nmodule m 100 20\n"
                  b"flow fa a>m 3 100us\nflow fb b>m 1 0s\n",
        "cycle": b"module a 1 1 b\nmodule b 1 1 a\nflow f a>b 1 1us\n",
        "no-edge": b"module a 1 1\nmodule b 1 1\nflow f a>b 1 1us\n",
        "negative-cost": b"module a -1 1\nflow f a 1 1us\n",
        "short-module": b"module a 1\n",
        "unbuffered": b"module in 35 14 a,b unbuffered\nmodule a 400 40\nmodule b 400 40 unbuffered\n"
                      b"flow fa in>a 1e6 5ms\nflow fb in>b 1e6 5ms\n",
    },
    "distribution-spec": {
        "exp": b"\0exp:50us",
        "const": b"\0const:0s",
        "uniform": b"\0uniform:1us:3us",
        "lognormal": b"\0lognormal:10us:3",
        "bimodal": b"\0bimodal:0.995:500ns:500us",
        "mix": b"\0mix:0.5:1us:0.3:10us:0.2:1ms",
        "count-mix": b"\1mix:0.5:5:0.5:40",
        "count-const": b"\1const:100000",
        "bad-unit": b"\0exp:50",
        "bad-sum": b"\0mix:0.5:1us:0.4:2us",
    },
    "option-parsers": {
        "number": b"\0" + b"2.5e-3",
        "seconds": b"\1" + b"50us",
        "time": b"\2" + b"1.5ms",
        "time-zero": b"\2" + b"0s",
        "unsigned": b"\3" + b"4096",
        "double": b"\4" + b"0.85",
        "thresholds": b"\5" + b"10,100",
        "marks": b"\6" + b"0,46",
        "sites": b"\7" + b"1,2,2,3;4,4",
        "weights-priority": b"\x08\x01" + b"2,1",
        "weights-fair": b"\x08\x02" + b"1,0.5,3",
        "alias-policy": b"\x09\x00" + b"afp[Quantum=2us|Thresh=100]",
        "alias-policy-typeid": b"\x09\x00" + b"ns3::ShinjukuCorePolicy[ClassWeights=2,1]",
        "alias-dispatcher": b"\x09\x01" + b"power-of-k",
        "alias-controller": b"\x09\x02" + b"full",
        "alias-tracker": b"\x09\x03" + b"proactive",
        "alias-router": b"\x09\x04" + b"splitter[Capacity=1000|WhenFull=EvictOldest]",
        "alias-bad-attribute": b"\x09\x00" + b"afp[Quantm=2us]",
    },
    "scenario-options": {
        "multicore": b"\0policy=afp[Quantum=2us]\ncores=4\nload=0.8\n"
                     b"service=bimodal:0.995:500ns:500us\nlevel=queue\n",
        "multicore-bad": b"\0cores=0\nlink-rate=fast\n",
        "cards": b"\1compute-vector=1,2,2,3;4,4\ninter=cards\nclients=930\n"
                 b"deployment=routed\nlatency=const\n",
        "sdwan": b"\2mode=splitter[Capacity=1000|WhenFull=EvictOldest]\nthresholds=10,100\n"
                 b"duration=2s\n",
        "racksched": b"\3policy=racksched\nworkload=bimodal90\nload=0.8\nheterogeneous=4:4\n"
                     b"placement=0:0-3;1:4-7\npriority=2,1\n",
        "racksched-weights": b"\3policy=shinjuku\nweights=1,3\nintra=cfcfs\n",
        "batchy": b"\4pipeline=vrf\nn=4\nm=4\ncontroller=full\nslo-steps=1s:300us,2s:60us\n"
                  b"rate-steps=1s:3e6,2s:1e6\nstep-flows=.*\nduration=3s\n",
        "batchy-bad-steps": b"\4slo-steps=2s:300us,1s:60us\n",
        "batchy-slo-basis": b"\4slo=0.8x\nslo-basis=nhop0:10us,nhop1:12us,nhop2:11us,nhop3:13us\n",
    },
}

for target, seeds in SEEDS.items():
    d = HERE / target
    d.mkdir(parents=True, exist_ok=True)
    for name, data in seeds.items():
        (d / f"seed-{name}").write_bytes(data)
