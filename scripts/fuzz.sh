#!/usr/bin/env bash
# Fuzzes the core for a while: builds the libFuzzer targets (cmake --preset fuzz: clang, ASan and
# UBSan, every finding fatal) and runs each from its seed corpus (tests/fuzz/corpus/<target>)
# with the contract's dictionary (tests/fuzz/gpusizer.dict).
# usage: scripts/fuzz.sh [seconds per target, default 60]
# A finding (crash, sanitizer report, a response outside the rules, an input slower than 20 s)
# stops the run with its input in build/fuzz/findings/; exit status 1.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target fuzz_estimate fuzz_quantity
mkdir -p build/fuzz/findings
for target in estimate quantity; do
  # libFuzzer adds what it finds to the first folder: a scratch copy, so the repository's stays small.
  work="$(mktemp -d)"
  cp tests/fuzz/corpus/"$target"/* "$work"/
  echo "fuzz_$target: ${seconds} s from $(ls "$work" | wc -l) seeds"
  if ! build/fuzz/fuzz_"$target" -dict=tests/fuzz/gpusizer.dict -max_total_time="$seconds" -timeout=20 \
       -artifact_prefix=build/fuzz/findings/ -print_final_stats=1 "$work" >build/fuzz/fuzz_"$target".log 2>&1; then
    tail -n 40 build/fuzz/fuzz_"$target".log
    echo "fuzz_$target: a finding, input in build/fuzz/findings/ (log: build/fuzz/fuzz_$target.log)" >&2
    rm -rf "$work"
    exit 1
  fi
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec)' build/fuzz/fuzz_"$target".log | sed "s/^/fuzz_$target: /"
  rm -rf "$work"
done
