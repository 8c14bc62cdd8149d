#!/usr/bin/env bash
# Run the libFuzzer targets of build-fuzz/ (make fuzz), each on a scratch
# copy of its committed corpus (test/fuzz/corpus/<target>/, which is never
# grown here), until FUZZ_RUNS executions or FUZZ_SECONDS, whichever comes
# first; then print the executions, time and result of each target.
# A failing input is left in <build>/fuzz-work/<target>/ as crash-*, leak-*,
# timeout-* or oom-*: fix the module, then copy the input to the corpus.
#
# Usage: tools/fuzz.sh BUILD_DIR RUNS SECONDS TARGET...
set -uo pipefail
cd "$(dirname "$0")/.."
build=$1 runs=$2 seconds=$3
shift 3
work=$build/fuzz-work
# ns-3's libraries are not instrumented: their containers would give false
# container-overflow reports.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_container_overflow=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
summary=()
failed=0
for target in "$@"; do
  exe=$build/fuzz/fuzz-$target
  dir=$work/$target
  rm -rf "$dir"
  mkdir -p "$dir/corpus"
  cp test/fuzz/corpus/"$target"/* "$dir/corpus/"
  # These three keep ns-3 state across inputs on purpose (a simulation that
  # runs on, object registries, random stream counters): an input's
  # allocations outlive it, and per-input leak checks would only slow them.
  leaks=1
  case $target in scenario-options | receive-paths | batchy-switch) leaks=0 ;; esac
  # receive-paths and batchy-switch simulate every packet of an input: longer
  # inputs (more packets) add little but slow them down several times.
  max_len=4096
  case $target in receive-paths | batchy-switch) max_len=512 ;; esac
  echo "fuzz: $target (up to $runs runs or $seconds s)"
  start=$(date +%s)
  (cd "$dir" && "$OLDPWD/$exe" -runs="$runs" -max_total_time="$seconds" -max_len=$max_len \
       -timeout=10 -rss_limit_mb=2048 -detect_leaks=$leaks -print_final_stats=1 corpus) >"$dir/log" 2>&1
  status=$?
  elapsed=$(( $(date +%s) - start ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -1)
  result=ok
  if [ $status -ne 0 ]; then
    result="FAILED (exit $status; see $dir/log)"
    failed=1
    tail -40 "$dir/log"
  fi
  summary+=("$(printf '%-24s %12s executions %6s s  %s' "$target" "${execs:-?}" "$elapsed" "$result")")
done
echo
echo "fuzz: summary"
printf '  %s\n' "${summary[@]}"
exit $failed
