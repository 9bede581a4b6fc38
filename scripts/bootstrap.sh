#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks for building and testing gpusizer, and
# nothing when everything is there (each check is a file test, so a warm run takes
# milliseconds). Run as root; needs Debian's and npm's registries.
set -euo pipefail
cd "$(dirname "$0")/.."

# package -> a file it installs (a glob)
declare -A wanted=(
  [cmake]=/usr/bin/cmake
  [ninja-build]=/usr/bin/ninja
  [g++]=/usr/bin/g++
  [emscripten]=/usr/bin/em++
  [nlohmann-json3-dev]=/usr/include/nlohmann/json.hpp
  [catch2]=/usr/include/catch2/catch.hpp
  [chromium]=/usr/bin/chromium
  [nodejs]=/usr/bin/node
)
# --extended (scripts/test.sh --extended): clang and its libFuzzer and sanitizer runtimes too.
if [ "${1:-}" = "--extended" ]; then
  wanted[clang]=/usr/bin/clang++
  wanted[libclang-rt-14-dev]='/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a'
fi
missing=()
for package in "${!wanted[@]}"; do
  compgen -G "${wanted[$package]}" >/dev/null || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi

# npm packages (playwright-core and axe-core for the browser tests, ajv for the JSON Schemas,
# typescript for the declaration files, esbuild for the offline page), exactly as locked.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "bootstrap: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
