#!/usr/bin/env bash
# check_expect_selftest.sh — check_expect.sh catches wrong expectations:
# each program written here has a false header and check_expect.sh must
# fail on it (and pass on a correct one), so the sanity check cannot pass
# vacuously.  ctest verify.expect.selftest.
# Usage: check_expect_selftest.sh MCVETO_CC WORK
# Exit: 0 pass, 1 fail, 77 qemu or the cross compiler missing.

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[ $# -eq 2 ] || { echo "usage: check_expect_selftest.sh MCVETO_CC WORK" >&2; exit 2; }
cc=$1 work=$2
mkdir -p "$work/src" || exit 2
fails=0

# case NAME WANT HEADER BODY: check_expect.sh on the program must exit WANT.
case_() {
    local name=$1 want=$2 f=$work/src/$1.c st
    printf '// %s: self-test\n%b\n#include "mcveto.h"\nint main(void)\n{\n%b\n    return 0;\n}\n' \
        "$name" "$3" "$4" >"$f"
    bash "$here/check_expect.sh" --isa x86 --levels O2 --runs 60 --miss-runs 60 --cc "$cc" --work "$work/out" "$f" \
        >"$work/$name.log" 2>&1
    st=$?
    [ "$st" -eq 77 ] && { echo "SKIP: check_expect.sh skipped"; exit 77; }
    if [ "$st" -eq "$want" ]; then
        echo "ok   $name: status $st"
    else
        echo "FAIL $name: check_expect.sh exited $st, want $want"
        cat "$work/$name.log"
        fails=$((fails + 1))
    fi
}

case_ right_reach 0 '// expect: reachable\n// witness-stdin: 03' \
    '    if (nondet_uchar() == 3)\n        reach_error();'
case_ safe_but_reachable 1 '// expect: safe' \
    '    if (nondet_uchar() < 3)\n        reach_error();'
case_ safe_but_crashes 1 '// expect: safe' \
    '    if (nondet_uchar() == 0)\n        *(int *volatile)0 = 1;\n    if (nondet_uchar() == 200 && nondet_uchar() == 100)\n        reach_error();'
case_ wrong_witness 1 '// expect: reachable\n// witness-stdin: 04' \
    '    if (nondet_uchar() == 3)\n        reach_error();'
case_ random_hits 1 '// expect: reachable\n// random-misses: yes\n// witness-stdin: 03' \
    '    if (nondet_uchar() < 128)\n        reach_error();'
case_ ae_without_violation 1 '// expect: ae\n// witness-stdin: 03' \
    '    if (nondet_uchar() == 250)\n        reach_error();'
case_ folded_target 1 '// expect: safe' \
    '    unsigned x = nondet_uchar();\n    if (x > 300)\n        reach_error();'

if [ "$fails" -ne 0 ]; then
    echo "check_expect_selftest.sh: $fails failure(s)"
    exit 1
fi
exit 0
