#!/usr/bin/env bash
# README command (1): install, build, and run the main job on the bundled examples.
# Until the verifier exists the main job is: compile the toy ISA spec with isagen and
# run a bundled toy program on the generated emulator, checking every step symbolically.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
build/tests/toy/toyrun tests/toy/examples/*.hex
