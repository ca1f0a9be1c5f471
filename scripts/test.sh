#!/usr/bin/env bash
# README command (2): install, build (warnings are errors) and run the whole test suite,
# then the same suite under AddressSanitizer + UndefinedBehaviorSanitizer (the fuzz
# tests, already built with sanitizers, and the benchmark smoke test run once).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
jobs=$(nproc)
cmake -S . -B build -DMCVETO_WERROR=ON >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"
cmake -S . -B build-asan -DMCVETO_WERROR=ON -DMCVETO_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-asan -j"$jobs"
ctest --test-dir build-asan --output-on-failure -j"$jobs" -LE "bench|fuzz"
