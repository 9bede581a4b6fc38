#!/usr/bin/env bash
# The one command that runs every test: native unit, golden and CLI tests, then the wasm
# module's golden and boundary tests and the page in Chromium under a strict CSP.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
cmake --workflow --preset native
cmake --workflow --preset wasm
