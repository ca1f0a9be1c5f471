#!/usr/bin/env bash
# README command (1): install, build, and run the main job on the bundled examples.
# Until the verifier exists the main job is: compile the toy ISA spec with isagen, run
# the bundled toy programs on the generated emulator (toyrun checks every step against
# the generated symbolic transformer), and show mcveto-toy's run / disasm / explain.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
echo "== toyrun: the bundled toy programs, every step checked symbolically"
build/tests/toy/toyrun tests/toy/examples/*.hex
echo "== mcveto-toy run (the same program as an ELF executable)"
status=0
build/tests/toy/mcveto-toy run build/tests/symex/fib.elf | tr '\n' ' ' || status=$?
echo "(exit status ${status})"
echo "== mcveto-toy disasm"
build/tests/toy/mcveto-toy disasm build/tests/symex/branch.elf
echo "== mcveto-toy explain"
build/tests/toy/mcveto-toy explain 01 d8 --state r0=0xffffffff,r3=1 --pre 'Z && r0 == 0'
