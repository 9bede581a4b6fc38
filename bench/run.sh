#!/usr/bin/env bash
# The benchmark command: brings the native and wasm builds up to date (configuring what is
# missing), then prints the engine's figures natively (build/native/gpusizer-bench) and through
# the built wasm module under Node (bench/wasm-bench.mjs on build/wasm/site).
# Prints figures only: nothing here fails on a slow machine (it fails on an error reply).
#   bench/run.sh [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's emcc needs acorn from Debian's node path.
export NODE_PATH=/usr/share/nodejs
[ -f build/native/build.ninja ] || cmake --preset native >/dev/null
cmake --build build/native --target gpusizer-bench >/dev/null
[ -f build/wasm/build.ninja ] || cmake --preset wasm >/dev/null
cmake --build build/wasm --target site >/dev/null
# Timings on a shared machine swing with its load: say when it ran and what the load was.
echo "$(date -u '+%Y-%m-%d %H:%M') UTC, load average (1, 5, 15 min): $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
echo
echo "== native"
build/native/gpusizer-bench "$@"
echo
echo "== wasm (Node $(node --version))"
node bench/wasm-bench.mjs build/wasm/site "$@"
