#!/usr/bin/env bash
# README command (1): install what is missing, build, and run the main job:
# `mcveto-<isa> verify` on the bundled examples, for every ISA, with the verdict
# table (Fig. 10 of the MCVETO report: verdict, instructions, CE, SE, Ref, time).
#
# The examples are programs of the verdict corpus (tests/verify/programs, each
# with its expected verdict in its header): reachable targets behind arithmetic on standard input, a
# call that only a cheap path reaches (Fig. 7b), a return turned into a call
# (Fig. 9: an AE violation), a stack-buffer overflow (an AE violation), a store
# that may alias (§3.4), a table of function pointers, a jump table, and safe
# programs: one with a jump into the middle of an instruction (x86 only), one
# that rewrites its own code, and a recursion as deep as an input byte allows.  Every reachable and AE verdict was
# replayed by the verifier before it was printed; the witnesses are in
# build/demo/*.witness (`mcveto-<isa> run --input W PROG` replays one).
# Set DEMO_TIMEOUT (seconds per run, default 60) or pass programs to run others.
#
# Exit status 0 only when every row of the table was made and has the
# expected verdict, and the witness replayed; otherwise the demo says what did
# not run (a missing tool, a build failure, a wrong verdict) and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
die() { echo "demo: FAILED: $*" >&2; exit 1; }
scripts/setup.sh --demo || die "scripts/setup.sh --demo could not install what the main job needs"
g=()
[ -f build/CMakeCache.txt ] || g=(-G Ninja) # a new build directory uses Ninja
cmake -S . -B build "${g[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || die "cmake could not configure build/"
cmake --build build -j"$(nproc)" || die "the build failed (see above)"

examples=(magic32_reach quadratic_reach reach_divmod fig7b_cheap_path fig9_ret_as_call stack_smash
          alias_ptr_reach indirect_call_reach jump_table_reach
          safe_abs safe_assume_guard alias_ptr_safe instr_alias_safe smc_safe recursion_safe)
if [ $# -gt 0 ]; then
    progs=("$@")
else
    progs=()
    for e in "${examples[@]}"; do progs+=("tests/verify/programs/$e.c"); done
fi

problems=()
for t in build/targets/mcveto-x86 build/targets/mcveto-ppc build/targets/mcveto-rv32 build/harness/mcveto-cc; do
    [ -x "$t" ] || problems+=("$t was not built")
done
if [ ${#problems[@]} -eq 0 ]; then
    echo "== mcveto-x86, mcveto-ppc and mcveto-rv32 verify --target reach_error, -O2, ${DEMO_TIMEOUT:-60} s each"
    # --strict: a row that cannot be made (a missing tool, a build failure) or
    # a verdict that is not the expected one is an error, not a silent gap
    bash tests/verify/bench_verify.sh --strict --cc build/harness/mcveto-cc --work build/demo --levels O2 \
        --timeout "${DEMO_TIMEOUT:-60}" \
        --mcveto x86=build/targets/mcveto-x86 --mcveto ppc=build/targets/mcveto-ppc \
        --mcveto rv32=build/targets/mcveto-rv32 "${progs[@]}" ||
        problems+=("the verdict table is incomplete or has unexpected verdicts (status $?; see above)")
fi
if [ $# -eq 0 ] && [ ${#problems[@]} -eq 0 ]; then
    echo "== one witness, replayed: magic32_reach on x86"
    w=build/demo/magic32_reach.x86.O2.witness
    if [ -f "$w" ]; then
        cat "$w"
        status=0
        build/targets/mcveto-x86 run --input "$w" build/demo/magic32_reach.x86.O2 || status=$?
        echo "(exit status ${status}; 99 is reach_error's)"
        [ "$status" = 99 ] || problems+=("the witness $w did not reach reach_error (exit status $status, not 99)")
    else
        problems+=("no witness $w")
    fi
fi
if [ ${#problems[@]} -gt 0 ]; then
    printf 'demo: FAILED: %s\n' "${problems[@]}" >&2
    exit 1
fi
echo "demo: every row ran and every verdict is the expected one"
