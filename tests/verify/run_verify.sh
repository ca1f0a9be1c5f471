#!/usr/bin/env bash
# run_verify.sh — checks `mcveto-<isa> verify` on programs of the verdict
# corpus.  For each program (skipped if its "isa:" is another ISA):
#
#   - builds it with mcveto-cc at LEVEL and makes a stripped copy;
#   - runs `verify --json --witness W` twice: on the binary with
#     --target SYMBOL, and on the stripped copy with --target 0xADDR (the
#     symbol's address from nm of the unstripped binary);
#   - the exit status must be the expectation's (safe 0, reachable 10,
#     ae 11; 20 "unknown" only for programs with "unknown-ok: yes"), the
#     JSON verdict must agree with it and name the target address;
#   - reachable: W replays with `mcveto-<isa> run --input W` to status 99
#     with "reach_error" on stderr, and W's stdin bytes make qemu exit 99;
#   - ae: `run --input W` reports the AE violation on stderr.
#
# One line per verify run.  Usage:
#   run_verify.sh ISA LEVEL MCVETO MCVETO_CC WORK PROG.c...
# Environment: VERIFY_TIMEOUT (seconds per verify run, default 120; passed
# as --timeout, and the run is killed 60 s after it); VERIFY_COPIES: both
# (the default) verifies both copies in full; stripped the stripped copy
# only (the sanitizer build's smoke test); resolve the stripped copy in full
# and, on the unstripped one, only that --target SYMBOL names the same
# address (check_resolve: the verifier reads no symbol but the target's, so
# the two runs would be the same; ctest's -O0 corpus, for CI's time).
# VERIFY_STACK_KB (default 256): the stack limit (ulimit -s) each verify
# run gets: no walk over terms or graphs may recurse with their depth, so
# the verdicts must not depend on the stack's size.  VERIFY_ARGS: more
# options for every verify run (split at spaces; e.g. --self-check).  A
# "self-check:" line on standard error fails the run whatever the options.
# Exit status: 0 all verdicts right, 1 a wrong verdict or a failed check,
# 2 usage, 77 qemu, a cross tool or jq missing.

set -u
stack_kb=${VERIFY_STACK_KB:-256}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=verify_lib.sh
. "$here/verify_lib.sh"

[ $# -ge 6 ] || {
    echo "usage: run_verify.sh ISA LEVEL MCVETO MCVETO_CC WORK PROG.c..." >&2
    exit 2
}
isa=$1 level=$2 mcveto=$3 cc=$4 work=$5
shift 5
tmo=${VERIFY_TIMEOUT:-120}
read -r -a extra <<<"${VERIFY_ARGS:-}"
copies=${VERIFY_COPIES:-both}
case $copies in both | stripped | resolve) ;; *) echo "run_verify.sh: VERIFY_COPIES is both, stripped or resolve" >&2; exit 2 ;; esac
vl_tools "$isa" || exit 77
for t in jq timeout; do
    command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t not found" >&2; exit 77; }
done
[ -x "$cc" ] || { echo "SKIP: $cc not found" >&2; exit 77; }
[ -x "$mcveto" ] || { echo "run_verify.sh: $mcveto is not executable" >&2; exit 2; }
mkdir -p "$work" || exit 2

fails=0
fail() {
    echo "FAIL $*"
    fails=$((fails + 1))
}

# status_of VERDICT: the exit status a JSON verdict goes with.
status_of() {
    case $1 in
        safe) echo 0 ;; reachable) echo 10 ;; ae-violation) echo 11 ;; unknown) echo 20 ;; *) echo x ;;
    esac
}

# witness_stdin W: the stdin bytes of witness file W as a printf format.
witness_stdin() {
    sed -e 's/#.*//' "$1" | awk '$1 == "stdin" { for (i = 2; i <= NF; i++) printf "\\x%s", $i }'
}

# check_resolve LABEL BIN TARGET ADDR EXPECT: a one-iteration run with
# --target SYMBOL must resolve the symbol to ADDR (the JSON target) and end
# with the expected verdict or unknown (VERIFY_COPIES=resolve).
check_resolve() {
    local label=$1 bin=$2 tgt=$3 addr=$4 expect=$5 j=$2.resolve.json e=$2.resolve.err want st jt
    case $expect in safe) want=0 ;; reachable) want=10 ;; ae) want=11 ;; esac
    timeout 120 "$mcveto" verify "$bin" --target "$tgt" --max-iterations 1 --json >"$j" 2>"$e"
    st=$?
    if [ "$st" -ne "$want" ] && [ "$st" -ne 20 ]; then
        fail "$label: expected $expect or unknown after one iteration, got status $st: $(head -c 300 "$e")"
        return
    fi
    jt=$(jq -r .target "$j" 2>/dev/null)
    if [ -z "$jt" ] || [ "$jt" = null ] || [ "$((jt))" -ne "$((addr))" ]; then
        fail "$label: JSON target '$jt', not $addr"
        return
    fi
    echo "ok   $label: resolves to $addr (one iteration: $(jq -r .verdict "$j"))"
}

# check_run LABEL BIN TARGET ADDR EXPECT UNKNOWN_OK: one verify run.
check_run() {
    local label=$1 bin=$2 tgt=$3 addr=$4 expect=$5 unk=$6
    local w=$bin.witness j=$bin.json e=$bin.err want st jv jt fmt qst rst stats t0 t1
    rm -f "$w" "$j" "$e"
    case $expect in safe) want=0 ;; reachable) want=10 ;; ae) want=11 ;; esac
    t0=$(date +%s.%N)
    (ulimit -s "$stack_kb" && exec timeout $((${tmo%.*} + 60)) "$mcveto" verify "$bin" --target "$tgt" \
        --timeout "$tmo" --json --witness "$w" ${extra[@]+"${extra[@]}"}) >"$j" 2>"$e"
    st=$?
    if grep -q '^self-check: ' "$e"; then
        fail "$label: $(grep -c '^self-check: ' "$e") self-check failures, the first: $(grep -m1 '^self-check: ' "$e")"
        return
    fi
    t1=$(date +%s.%N)
    local secs
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    if [ "$st" -eq 124 ]; then
        fail "$label: verify did not stop within ${tmo} s + 60 s"
        return
    fi
    if [ "$st" -ne "$want" ] && ! { [ "$st" -eq 20 ] && [ "$unk" = yes ]; }; then
        fail "$label: expected $expect (status $want$([ "$unk" = yes ] && echo ' or 20')), got status $st: $(jq -r '.verdict + ": " + .reason' "$j" 2>/dev/null || head -c 300 "$e")"
        return
    fi
    if ! jq -e . "$j" >/dev/null 2>&1; then
        fail "$label: --json output is not one JSON object: $(head -c 300 "$j")"
        return
    fi
    jv=$(jq -r .verdict "$j")
    if [ "$(status_of "$jv")" != "$st" ]; then
        fail "$label: JSON verdict '$jv' does not go with exit status $st"
        return
    fi
    jt=$(jq -r .target "$j")
    if [ "$((jt))" -ne "$((addr))" ]; then
        fail "$label: JSON target $jt, not $addr"
        return
    fi
    if ! jq -e '.stats | (.instructions, .ce, .se, .ref, .seconds) | numbers' "$j" >/dev/null; then
        fail "$label: JSON stats lack instructions/ce/se/ref/seconds"
        return
    fi
    if [ "$st" -eq 0 ] && ! jq -e '.witness == null' "$j" >/dev/null; then
        fail "$label: a safe verdict with a witness ($(jq -r .witness "$j"))"
        return
    fi
    stats=$(jq -r '.stats | "instrs=\(.instructions) CE=\(.ce) SE=\(.se) Ref=\(.ref)"' "$j")
    if [ "$st" -eq 10 ] || [ "$st" -eq 11 ]; then
        if [ ! -s "$w" ] || [ "$(jq -r .witness "$j")" != "$w" ]; then
            fail "$label: no witness file (JSON witness: $(jq -r .witness "$j"))"
            return
        fi
        timeout 60 "$mcveto" run "$bin" --input "$w" >/dev/null 2>"$e.run"
        rst=$?
    fi
    if [ "$st" -eq 10 ]; then
        if [ "$rst" -ne 99 ] || ! grep -q '^reach_error$' "$e.run"; then
            fail "$label: the witness replays to status $rst under run --input, not 99 with reach_error"
            return
        fi
        fmt=$(witness_stdin "$w")
        vl_qemu "$bin" "$fmt" "$e.qemu"; qst=$VL_STATUS
        if [ "$qst" -ne 99 ] || ! grep -q '^reach_error$' "$e.qemu"; then
            fail "$label: the witness's stdin '$fmt' ends with status $qst under $QEMU, not 99"
            return
        fi
    elif [ "$st" -eq 11 ]; then
        if ! grep -q 'AE violation' "$e.run"; then
            fail "$label: run --input reports no AE violation for the witness (status $rst)"
            return
        fi
    fi
    echo "ok   $label: $jv (${secs} s, $stats)"
}

for f in "$@"; do
    name=$(vl_name "$f")
    vl_check_header "$f" || { fail "$name: header"; continue; }
    vl_runs_on "$f" "$isa" || { echo "skip $isa $level $name (isa: $(vl_get "$f" isa))"; continue; }
    expect=$(vl_get "$f" expect)
    target=$(vl_target "$f")
    unk=$(vl_get "$f" unknown-ok)
    bin=$work/$name.$isa.$level
    vl_build "$cc" "$isa" "$level" "$f" "$bin" || { fail "$isa $level $name: build"; continue; }
    "$STRIP" -o "$bin.stripped" "$bin" || { fail "$isa $level $name: strip"; continue; }
    addr=$(vl_symaddr "$bin" "$target") || { fail "$isa $level $name: no symbol '$target'"; continue; }
    case $copies in
        both) check_run "$isa $level $name --target $target" "$bin" "$target" "$addr" "$expect" "${unk:-no}" ;;
        resolve) check_resolve "$isa $level $name --target $target" "$bin" "$target" "$addr" "$expect" ;;
    esac
    check_run "$isa $level $name.stripped --target $addr" "$bin.stripped" "$addr" "$addr" "$expect" "${unk:-no}"
done
if [ "$fails" -ne 0 ]; then
    echo "run_verify.sh: $fails failure(s)"
    exit 1
fi
exit 0
