#!/usr/bin/env bash
# In-tree check: build the module inside an ns-3 release's source tree as an
# ns-3 user would, with only the ns-3 modules it needs, and run every suite of
# the module with test.py.
#
#   tools/intree-check.sh [WORK_DIR]     (default: build-intree/)
#
# NS3=3.37 (default) takes Debian 12's source package; any other release is
# cloned from ns-3's git repository (NS3_GIT, see tools/fetch-ns3-source.sh).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(realpath -m "${1:-$repo/build-intree}")
jobs=${JOBS:-2}

version=${NS3:-3.37}
"$repo/tools/fetch-ns3-source.sh" "$work" "$version"
tree="$work/ns-allinone-$version/ns-$version"

# The module as a user would drop it in: the tracked files of the repository.
dest="$tree/contrib/request-scheduling"
rm -rf "$dest"
mkdir -p "$dest"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | tar -xf - -C "$dest"

cd "$tree"
start=$(date +%s)
# --enable-modules pulls in the dependencies named in the module's CMakeLists;
# --filter-module-examples-and-tests builds the examples and tests of this
# module only, not those of core, network, internet, ... (a quarter of the
# compilations: 448 instead of 608 on 3.37), which this check never runs.
./ns3 configure -d release --enable-tests --enable-examples \
  --enable-modules "request-scheduling" --filter-module-examples-and-tests "request-scheduling" \
  > "$work/configure-$version.log" 2>&1 ||
  { tail -n 40 "$work/configure-$version.log"; exit 1; }
# ./ns3 build caps -j at cores - 1; drive CMake directly.
cmake --build cmake-cache -j "$jobs" > "$work/build-$version.log" 2>&1 ||
  { grep -E -m 40 "error|Error" "$work/build-$version.log"; tail -n 20 "$work/build-$version.log"; exit 1; }
echo "in-tree: ns-$version + request-scheduling built in $(( $(date +%s) - start )) s"

suites=$(grep -ho 'TestSuite("request-scheduling[a-z0-9-]*"' "$dest"/test/*.cc | sed 's/.*("\(.*\)"/\1/' | sort)
failed=0
passes=0
fails=0
for s in $suites; do
  if ./test.py --no-build --fullness="${FULLNESS:-TAKES_FOREVER}" -s "$s" > "$work/test-$version-$s.log" 2>&1 && grep -q "1 of 1 tests passed" "$work/test-$version-$s.log"; then
    echo "in-tree: PASS $s"
    passes=$((passes + 1))
  else
    echo "in-tree: FAIL $s"
    tail -n 30 "$work/test-$version-$s.log"
    fails=$((fails + 1))
    failed=1
  fi
done
# The example runs from ns-3's own runner too.
./ns3 run --no-build "microsecond-scenario --intra=cfcfs --cores=2 --load=0.5 --duration=20ms --json=$work/example.json" \
  > "$work/example.log" 2>&1 || { tail -n 20 "$work/example.log"; failed=1; }
if grep -q '"completed"' "$work/example.json" 2>/dev/null; then
  echo "in-tree: example microsecond-scenario ran"
  passes=$((passes + 1))
else
  echo "in-tree: example microsecond-scenario failed"
  fails=$((fails + 1))
  failed=1
fi
# Same --run, same results as the standalone build (if there is one).
if [ -x "$repo/build/examples/microsecond-scenario" ]; then
  if "$repo/.venv/bin/python" "$repo/tools/compare-builds.py" "$tree/build/contrib/request-scheduling/examples" \
      --prefix "ns$version-" --lib "$tree/build/lib" > "$work/compare.log" 2>&1; then
    echo "in-tree: $(tail -n 1 "$work/compare.log")"
    passes=$((passes + 1))
  else
    cat "$work/compare.log"
    fails=$((fails + 1))
    failed=1
  fi
fi
# A SEM campaign run in this tree gives sweep()'s results on the standalone
# build (python/tests/test_sem_campaign.py).
if [ -x "$repo/build/examples/cards-scenario" ]; then
  if RS_NS3_TREE="$tree" RS_BUILD_DIR="$repo/build" "$repo/.venv/bin/python" -m pytest -q \
      -p no:cacheprovider "$repo/python/tests/test_sem_campaign.py" > "$work/sem.log" 2>&1 &&
      grep -q "1 passed" "$work/sem.log"; then
    echo "in-tree: SEM campaign over cards-scenario equals sweep"
    passes=$((passes + 1))
  else
    tail -n 40 "$work/sem.log"
    fails=$((fails + 1))
    failed=1
  fi
fi
echo "in-tree: $passes passed, $fails failed"
exit $failed
