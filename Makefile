# request-scheduling — two commands on a fresh Debian machine:
#   make run    set up, build, run the flagship demo -> results/
#   make test   set up, build, run every ns-3 test suite and the Python tests
# Other targets: setup, build, bench, soak, test-asan, fuzz, intree-check,
# format, format-check, clean.

PYTHON    := .venv/bin/python
BUILD     := build
JOBS      ?= 2
# The ns3 wheel's CMake package (ns3 is a namespace package: no __file__).
NS3_DIR    = $(shell $(PYTHON) -c 'import ns3; print(list(ns3.__path__)[0] + "/lib64/cmake/ns3")' 2>/dev/null)

.PHONY: all setup build run test test-cpp test-python test-asan fuzz fuzz-build bench soak reproduce-cards reproduce-microsecond reproduce-sdwan reproduce-racksched reproduce-batchy reproduce-end-to-end reproduce report intree-check format format-check clean

all: build

setup:
	@tools/setup.sh

$(BUILD)/build.ninja: CMakeLists.txt cmake/standalone.cmake examples/CMakeLists.txt bench/CMakeLists.txt | setup
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -Dns3_DIR=$(NS3_DIR)

build: setup $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(PYTHON) -m request_scheduling.demo --out results

test: test-cpp test-python

# FULLNESS=QUICK (default) skips the slow paper-trend and high-load cases;
# CI runs FULLNESS=TAKES_FOREVER (every case).
FULLNESS ?= QUICK
test-cpp: build
	cd $(BUILD) && RS_TEST_FULLNESS=$(FULLNESS) ctest --output-on-failure -j $(JOBS)

# RS_TEST_FULLNESS: the long parts of test_valid_input.py and
# test_properties.py run with EXTENSIVE or TAKES_FOREVER.
test-python: build
	RS_TEST_FULLNESS=$(FULLNESS) $(PYTHON) -m pytest -q --durations=25 python/tests

bench: build
	$(PYTHON) bench/bench.py

# Peak memory of every example at 1x, 2x, 5x and 10x its duration (SOAK=quick
# shortens the long ones: about 15 min; SOAK=full: hours).
SOAK ?= quick
soak: build
	$(PYTHON) bench/soak.py --scale $(SOAK)

# The module, suites and examples built with ASan + UBSan into build-asan/:
# every C++ suite, then a short run of every example (test_determinism.py) and
# the fault runs (test_faults.py).
ASAN_BUILD ?= build-asan
# Container-overflow checks need every library instrumented; ns-3's are not.
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1:detect_container_overflow=0:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1
# -O1 -g1 (line tables, no local variables): the sanitizers' recommended
# optimisation, and stack traces with lines; it compiles in 0.6 of the time
# of RelWithDebInfo's -O2 -g (the build was 70 % of this target's time).
ASAN_FLAGS = -O1 -g1 -DNDEBUG
test-asan: setup
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$(ASAN_FLAGS)" -DRS_SANITIZE=ON -Dns3_DIR=$(NS3_DIR)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && $(ASAN_ENV) RS_TEST_FULLNESS=QUICK ctest --output-on-failure -j $(JOBS)
	$(ASAN_ENV) RS_BUILD_DIR=$(ASAN_BUILD) $(PYTHON) -m pytest -q python/tests/test_determinism.py python/tests/test_faults.py

# libFuzzer targets (test/fuzz: headers, packet classification, the server's
# receive path, the Batchy switch, the dispatchers' load reports, pipeline files, distributions, option parsers, scenario options) built with clang,
# ASan and UBSan into build-fuzz/ (installs clang-14 and libclang-rt-14-dev),
# each run on a scratch copy of its corpus for FUZZ_RUNS executions or
# FUZZ_SECONDS, whichever comes first; prints the executions per target.
# The ordinary build replays the corpora in `make test` (fuzz-replay-*).
FUZZ_BUILD ?= build-fuzz
FUZZ_RUNS ?= 1000000
FUZZ_SECONDS ?= 1800
FUZZ_TARGETS ?= service-request-header batchy-header data-path-classifier \
	data-flow-graph distribution-spec option-parsers scenario-options receive-paths \
	batchy-switch dispatcher-replies
fuzz-build: setup
	tools/setup.sh --fuzz
	cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_CXX_COMPILER=clang++-14 -DRS_FUZZ=ON -Dns3_DIR=$(NS3_DIR)
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

fuzz: fuzz-build
	tools/fuzz.sh $(FUZZ_BUILD) $(FUZZ_RUNS) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The CArDS paper's figures and ratios into results/cards/$(SCALE), at queue level (SCALE=quick: 5 min on 2 cores;
# at paper scale our own studies run when named: ONLY=arrivals,latency).
SCALE ?= paper
reproduce-cards: build
	$(PYTHON) -m request_scheduling.cards --out results/cards/$(SCALE) --scale $(SCALE) $(if $(ONLY),--only $(ONLY)) $(if $(DASK),--jobs $(DASK))

# The AFP paper's figures (AFP, Perséphone, RSS; c-FCFS overhead) into
# results/microsecond/$(SCALE), at queue level (SCALE=quick: 2 min; paper: 20 min).
reproduce-microsecond: build
	$(PYTHON) -m request_scheduling.microsecond --out results/microsecond/$(SCALE) --scale $(SCALE) $(if $(ONLY),--only $(ONLY)) $(if $(DASK),--jobs $(DASK))

# The SD-WAN splitter paper's Figs. 4-6 into results/sdwan/$(SCALE)/
# (SCALE=quick: 20 s runs, fewer points, ~20 min on two cores; paper:
# 2-minute runs; ONLY=fig4b,... picks experiments). The doc's table is
# `python -m request_scheduling.sdwan table` of paper's fig4b and quick's rest.
reproduce-sdwan: build
	$(PYTHON) -m request_scheduling.sdwan --out results/sdwan/$(SCALE) --scale $(SCALE) $(if $(ONLY),--only $(ONLY)) $(if $(DASK),--jobs $(DASK))

# RackSched's figures (policies, scale-out, GET/SCAN, load tracking,
# heterogeneous rack, the sampling check) into results/racksched/$(SCALE)
# at queue level (SCALE=quick: 5 min on 2 cores; paper: 10 s per point,
# 59 min); ONLY=scaleout,
# policies-trimodal,... picks experiments. The doc's table is `python -m
# request_scheduling.racksched table` of quick's summary and what paper's has.
reproduce-racksched: build
	$(PYTHON) -m request_scheduling.racksched --out results/racksched/$(SCALE) --scale $(SCALE) $(if $(ONLY),--only $(ONLY)) $(if $(DASK),--jobs $(DASK))

# The schedulers composed (end-to-end-scenario): the ablation of its three
# layers, each on alone and all on against the all-baseline configuration,
# then the WAN and gateway studies; ONLY=ablation,wan,gateway picks them.
reproduce-end-to-end: build
	$(PYTHON) -m request_scheduling.end_to_end --out results/end-to-end/$(SCALE) --scale $(SCALE) $(if $(ONLY),--only $(ONLY)) $(if $(DASK),--jobs $(DASK))

# Batchy's evaluation (static tables, contours, dynamics, controller
# overhead) into results/batchy/$(SCALE) (SCALE=quick: 6 min on 2 cores, at queue level;
# SCALE=paper: 57 min, saturation and the buffer-cost table only when named);
# ONLY=static,static_absolute,... picks experiments. The doc's static
# tables are `python -m request_scheduling.batchy table results/batchy/quick
# NAME` of the committed summary.
reproduce-batchy: build
	$(PYTHON) -m request_scheduling.batchy --out results/batchy/$(SCALE) --scale $(SCALE) $(if $(ONLY),--only $(ONLY)) $(if $(DASK),--jobs $(DASK))

# Every reproduction runs on this machine's cores, or with DASK=tcp://host:8786
# on the workers of that Dask scheduler (each worker in a tree like this one,
# built; see "From Python" in the README).
# Every paper's figures and the ablation into results/<system>/$(SCALE), then
# results/index.html: each paper claim beside the measured number, its
# status, and the command and commit that made it (request_scheduling.report,
# which `make report` alone rebuilds from the results already there).
reproduce: reproduce-microsecond reproduce-cards reproduce-sdwan reproduce-racksched reproduce-batchy reproduce-end-to-end
	$(MAKE) report

report: setup
	$(PYTHON) -m request_scheduling.report --results results --out results/index.html

NS3 ?= 3.37
intree-check:
	NS3=$(NS3) tools/intree-check.sh

CXX_SOURCES = $(shell git ls-files '*.h' '*.cc')

format: setup
	clang-format -i $(CXX_SOURCES)

# ns-3's clang-format style (.clang-format), checked by CI.
format-check: setup
	clang-format --dry-run -Werror $(CXX_SOURCES)

clean:
	rm -rf $(BUILD) results
