#!/usr/bin/env bash
# check_headers.sh — the header checker of verify_lib.sh accepts every
# corpus program and rejects malformed headers (so that check_expect.sh and
# run_verify.sh cannot pass on a misspelt key).  ctest verify.headers.
# Usage: check_headers.sh WORK PROG.c...   Exit: 0 pass, 1 fail.

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=verify_lib.sh
. "$here/verify_lib.sh"

[ $# -ge 2 ] || { echo "usage: check_headers.sh WORK PROG.c..." >&2; exit 2; }
work=$1
shift
mkdir -p "$work" || exit 2
fails=0

for f in "$@"; do
    vl_check_header "$f" || { echo "FAIL $f: rejected"; fails=$((fails + 1)); }
done

# bad NAME "HEADER LINES" WHY: a file whose header must be rejected.
bad() {
    local f=$work/$1.c
    printf '%b\nint main(void) { return 0; }\n' "$2" >"$f"
    if vl_check_header "$f" 2>/dev/null; then
        echo "FAIL accepted: $3"
        fails=$((fails + 1))
    else
        echo "ok   rejected: $3"
    fi
}
good() {
    local f=$work/$1.c
    printf '%b\nint main(void) { return 0; }\n' "$2" >"$f"
    if vl_check_header "$f"; then
        echo "ok   accepted: $3"
    else
        echo "FAIL rejected: $3"
        fails=$((fails + 1))
    fi
}

good g1 '// g1: fine\n// expect: safe' 'a minimal safe header'
good g2 '// g2: fine\n// isa: x86\n// expect: ae\n// witness-stdin: 40 {reach_error}*16' 'an x86 ae header'
bad b1 '// b1: x\n// expct: safe' 'a misspelt key'
bad b2 '// wrong: x\n// expect: safe' 'a first line without the file name'
bad b3 '// b3: x' 'no expect line'
bad b4 '// b4: x\n// expect: unsafe' 'an unknown verdict'
bad b5 '// b5: x\n// expect: safe\n// expect: safe' 'a key given twice'
bad b6 '// b6: x\n// expect: reachable' 'reachable without a witness'
bad b7 '// b7: x\n// expect: reachable\n// witness-stdin-x86: 01' 'reachable with a witness for x86 only'
bad b8 '// b8: x\n// expect: safe\n// witness-stdin: 01' 'safe with a witness'
bad b9 '// b9: x\n// expect: reachable\n// witness-stdin: 1 2' 'a witness byte of one digit'
bad b10 '// b10: x\n// expect: reachable\n// witness-stdin: {1abc}' 'a witness symbol that is not an identifier'
bad b11 '// b11: x\n// isa: arm\n// expect: safe' 'an unknown isa'
bad b12 '// b12: x\n// expect: safe\n// cflags: -O3' 'a cflag that is not -W...'
bad b13 '// b13: x\n// expect: reachable\n// witness-stdin: 01\n// target-exit: 42' 'target-exit on a reachable program'
bad b14 '// b14: x\n// expect: safe\n// random-misses: yes' 'random-misses on a safe program'
bad b15 '// b15: x\n// expect: safe\n// target: 0x1000' 'a target that is not a symbol'
bad b16 '// b16: x\n// expect: reachable\n// witness-stdin: 01\n// endless: yes' 'endless on a reachable program'
bad b17 '// b17: x\n// expect: safe\n// endless: no' 'endless with a value other than yes'
good g3 '// g3: fine\n// expect: safe\n// endless: yes' 'an endless safe program'

if [ "$fails" -ne 0 ]; then
    echo "check_headers.sh: $fails failure(s)"
    exit 1
fi
exit 0
