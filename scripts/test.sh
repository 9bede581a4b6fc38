#!/usr/bin/env bash
# The one command that runs every test: native unit, golden, property and CLI tests, then the
# wasm module's golden, boundary and property tests and the page in Chromium under a strict CSP.
# usage: scripts/test.sh [--extended]
# --extended also checks 2,000 more generated requests natively and 1,000 through the wasm
# module (seed 2), and fuzzes each libFuzzer target for a minute (scripts/fuzz.sh, clang).
set -euo pipefail
cd "$(dirname "$0")/.."
extended=0
for arg in "$@"; do
  case "$arg" in
    --extended) extended=1 ;;
    *) echo "usage: scripts/test.sh [--extended]" >&2; exit 1 ;;
  esac
done
if [ "$extended" = 1 ]; then scripts/bootstrap.sh --extended; else scripts/bootstrap.sh; fi
cmake --workflow --preset native
cmake --workflow --preset wasm
if [ "$extended" = 1 ]; then
  GPUSIZER_PROPERTY_SEED=2 GPUSIZER_PROPERTY_COUNT=2000 build/native/tests/gpusizer_tests "[property]"
  GPUSIZER_PROPERTY_SEED=2 GPUSIZER_PROPERTY_COUNT=1000 node tests/wasm/properties.test.mjs build/wasm/site
  scripts/fuzz.sh 60
fi
