#! /usr/bin/env python3
# Examples that ns-3's test.py runs as tests when the module is built in-tree
# with --enable-examples (name with arguments, condition, condition).
cpp_examples = [
    ("microsecond-scenario --intra=cfcfs --cores=2 --load=0.5 --duration=20ms", "True", "True"),
    ("microsecond-scenario --intra=dfcfs --cores=4 --load=0.7 --service=bimodal:0.9:1us:20us --duration=20ms", "True", "True"),
    ("microsecond-scenario --intra=ps --cores=1 --load=0.5 --link-delay=exp:5us --duration=20ms", "True", "True"),
    ("cards-scenario --scenario=2b --inter=cards --clients=100 --duration=200ms", "True", "True"),
    ("cards-scenario --scenario=1 --inter=steam --clients=100 --duration=200ms", "True", "True"),
    ("sdwan-scenario --mode=splitter --duration=1s --warmup=0s --utilisation=0.1", "True", "True"),
    ("sdwan-scenario --mode=ecmp-packet --duration=1s --warmup=0s --utilisation=0.1", "True", "True"),
    ("racksched-scenario --inter=racksched --load=0.8 --duration=20ms --warmup=2ms", "True", "True"),
    ("racksched-scenario --inter=jbsq --packets-per-request=1 --servers=4 --duration=20ms --warmup=2ms", "True", "True"),
    ("batchy-scenario --pipeline=gw --n=4 --controller=max --duration=50ms --period=10ms", "True", "True"),
    ("racksched-scenario --inter=client --client-count=20 --packets-per-request=3 --duration=20ms --warmup=2ms", "True", "True"),
    ("end-to-end-scenario --inter=cards --rack=racksched --intra=afp --workload=w1 --duration=20ms", "True", "True"),
]

python_examples = []
