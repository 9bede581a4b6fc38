#!/usr/bin/env bash
# Builds everything (CLI and site) and serves the calculator at http://localhost:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
for preset in native wasm; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
done
exec node scripts/serve.mjs build/wasm/site --port "${PORT:-8080}"
