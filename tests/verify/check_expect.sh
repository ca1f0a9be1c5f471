#!/usr/bin/env bash
# check_expect.sh — the independent sanity check of the verdict corpus: the
# expectations written in the programs are checked under qemu-user, without
# the verifier.  For each program (for ISA, at each level):
#
#   - the header is well-formed (README.md, "File format");
#   - it builds with mcveto-cc -Wall -Wextra -Werror, with no warning at
#     all (compiler or linker), and the binary has the target symbol;
#   - reachable: the witness-stdin makes qemu exit with the target's status
#     (99, and "reach_error" on stderr);
#   - ae: the witness-stdin makes qemu exit 99 through the hijacked return
#     ("reach_error" on stderr) or die of a signal (the return went to
#     garbage); with --mcveto, `mcveto-<isa> run` on the same input also
#     reports the AE violation, the only direct evidence of a non-AE run;
#   - safe: N random inputs (--runs; 0: none) (several distributions, deterministic seed)
#     never exit with the target's status, and never die of a signal
#     unless the program declares a fault-stdin; an endless program gets
#     at most 8 of them, of 1 s each, and may still be running then;
#   - random-misses: M random inputs (--miss-runs, default 200, drawn
#     the same way) never reach the target: the claim that random testing
#     does not find it, so it gets more inputs than a safe program needs;
#   - fault-stdin: that input makes qemu die of a signal.
#   With --mcveto, reachable witnesses also exit 99 under `mcveto-<isa> run`.
#
# Usage: check_expect.sh --isa x86|ppc|rv32 --cc MCVETO_CC --work DIR
#            [--levels "O0 O2"] [--runs N] [--miss-runs M] [--mcveto PATH]
#            PROG.c...
# Exit status: 0 all good, 1 a check failed, 2 usage, 77 qemu or a cross
# tool missing.

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=verify_lib.sh
. "$here/verify_lib.sh"

isa='' cc='' work='' levels='O0 O2' runs=200 miss_runs=200 mcveto='' endless_runs=8 endless_seconds=1
while [ $# -gt 0 ]; do
    case $1 in
        --isa) isa=$2; shift 2 ;;
        --cc) cc=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        --levels) levels=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --miss-runs) miss_runs=$2; shift 2 ;;
        --mcveto) mcveto=$2; shift 2 ;;
        --) shift; break ;;
        -*) echo "check_expect.sh: unknown option '$1'" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ -n "$isa" ] && [ -n "$cc" ] && [ -n "$work" ] && [ $# -gt 0 ] || {
    echo "usage: check_expect.sh --isa x86|ppc|rv32 --cc MCVETO_CC --work DIR [--levels L] [--runs N] [--miss-runs M] [--mcveto PATH] PROG.c..." >&2
    exit 2
}
vl_tools "$isa" || exit 77
command -v timeout >/dev/null 2>&1 || { echo "SKIP: timeout not found" >&2; exit 77; }
[ -x "$cc" ] || { echo "SKIP: $cc not found" >&2; exit 77; }
"$cc" --isa "$isa" --print-cmd x.c -o x >/dev/null 2>&1 || { echo "SKIP: $cc cannot build for $isa" >&2; exit 77; }
case $isa in x86) gcc_name=i686-linux-gnu-gcc ;; ppc) gcc_name=powerpc-linux-gnu-gcc ;; rv32) gcc_name=riscv64-linux-gnu-gcc-12 ;; esac
command -v "$gcc_name" >/dev/null 2>&1 || { echo "SKIP: $gcc_name not found" >&2; exit 77; }

mkdir -p "$work" || exit 2
fails=0
fail() {
    echo "FAIL $*"
    fails=$((fails + 1))
}

# rand_input: the next random input, as a printf format in RI, from
# bash's $RANDOM (seeded per program, ISA and level, so that a failure
# reproduces).  No subshell: $RANDOM's state must advance here.
rand_input() {
    local kind=$((RANDOM % 5)) n=$((1 + RANDOM % 24)) i b hx
    local pool=(00 01 02 03 04 05 07 0a 10 20 41 61 7f 80 fe ff)
    RI=''
    [ "$kind" -eq 0 ] && return
    b=$((RANDOM % 256))
    for ((i = 0; i < n; i++)); do
        case $kind in
            1) b=$((RANDOM % 256)) ;;
            2) b=$((RANDOM % 9)) ;;
            3) ;; # one byte repeated
            4) b=$((16#${pool[RANDOM % 16]})) ;;
        esac
        printf -v hx '\\x%02x' "$b"
        RI+=$hx
    done
}

# random_runs BIN PROG LABEL ALLOW_SIGNAL N: N random inputs; none may exit
# with the target's status; none may die of a signal unless ALLOW_SIGNAL.
# An endless program (header "endless: yes") may still be running after
# $endless_seconds s: that run has not reached the target so far.
random_runs() {
    local bin=$1 f=$2 label=$3 allow_sig=$4 n=$5 texit st i fmt seed endless=no
    [ -n "$(vl_get "$f" endless)" ] && endless=yes
    local VL_QEMU_SECONDS=${VL_QEMU_SECONDS:-20}
    [ "$endless" = yes ] && VL_QEMU_SECONDS=$endless_seconds
    texit=$(vl_target_exit "$f")
    seed=$(printf '%s' "$label" | cksum | cut -d' ' -f1)
    RANDOM=$((seed % 32768))
    for ((i = 0; i < n; i++)); do
        rand_input
        fmt=$RI
        vl_qemu "$bin" "$fmt" "$work/err"; st=$VL_STATUS
        if [ "$st" -eq "$texit" ]; then
            fail "$label: random input '$fmt' reaches the target (status $st)"
            return
        fi
        if [ "$st" -eq 124 ] && [ "$endless" = no ]; then
            fail "$label: random input '$fmt' hangs under $QEMU"
            return
        fi
        if [ "$st" -ge 128 ] && [ "$st" -ne 134 ] && [ "$allow_sig" = no ]; then
            fail "$label: random input '$fmt' kills the program (status $st)"
            return
        fi
    done
}

for f in "$@"; do
    name=$(vl_name "$f")
    if ! vl_check_header "$f"; then
        fail "$name: header"
        continue
    fi
    vl_runs_on "$f" "$isa" || { echo "skip $isa $name (isa: $(vl_get "$f" isa))"; continue; }
    expect=$(vl_get "$f" expect)
    target=$(vl_target "$f")
    texit=$(vl_target_exit "$f")
    fault=$(vl_get "$f" fault-stdin)
    for level in $levels; do
        label="$isa $level $name"
        bin=$work/$name.$isa.$level
        vl_build "$cc" "$isa" "$level" "$f" "$bin" || { fail "$label: build"; continue; }
        vl_symaddr "$bin" "$target" >/dev/null ||
            { fail "$label: no symbol '$target' in the binary (did the compiler fold the check away?)"; continue; }
        what=''
        if [ "$expect" != safe ]; then
            fmt=$(vl_bytes "$isa" "$bin" "$(vl_witness_spec "$f" "$isa")") || { fail "$label: witness"; continue; }
            vl_qemu "$bin" "$fmt" "$work/err"; st=$VL_STATUS
            if [ "$expect" = reachable ]; then
                if [ "$st" -ne "$texit" ] || ! grep -q '^reach_error$' "$work/err"; then
                    fail "$label: the witness '$fmt' ends with status $st under $QEMU, not $texit with reach_error"
                    continue
                fi
                what="witness exits $st"
            else
                if [ "$st" -eq 99 ] && grep -q '^reach_error$' "$work/err"; then
                    what="witness exits 99"
                elif [ "$st" -ge 128 ] && [ "$st" -ne 134 ]; then
                    what="witness dies (status $st)"
                else
                    fail "$label: the AE witness '$fmt' ends with status $st under $QEMU (want 99 or a signal)"
                    continue
                fi
            fi
            if [ -n "$mcveto" ]; then
                # shellcheck disable=SC2059
                printf "$fmt" | timeout 60 "$mcveto" run "$bin" >/dev/null 2>"$work/err.mcveto"
                mst=$?
                if [ "$expect" = ae ] && ! grep -q 'AE violation' "$work/err.mcveto"; then
                    fail "$label: mcveto run reports no AE violation for the witness (status $mst)"
                    continue
                fi
                if [ "$expect" = reachable ] && [ "$mst" -ne "$texit" ]; then
                    fail "$label: mcveto run exits $mst on the witness, not $texit"
                    continue
                fi
                what+=", mcveto run agrees"
            fi
        fi
        if [ "$expect" = safe ] || [ -n "$(vl_get "$f" random-misses)" ]; then
            before=$fails
            allow=no
            [ -n "$fault" ] && allow=yes
            n=$runs
            [ -n "$(vl_get "$f" random-misses)" ] && n=$miss_runs
            [ -n "$(vl_get "$f" endless)" ] && [ "$n" -gt "$endless_runs" ] && n=$endless_runs
            if [ "$n" -gt 0 ]; then
                random_runs "$bin" "$f" "$label" "$allow" "$n"
                [ "$fails" -eq "$before" ] || continue
                what="${what:+$what, }$n random inputs miss the target"
            fi
        fi
        if [ -n "$fault" ]; then
            fmt=$(vl_bytes "$isa" "$bin" "$fault") || { fail "$label: fault-stdin"; continue; }
            vl_qemu "$bin" "$fmt" "$work/err"; st=$VL_STATUS
            if [ "$st" -lt 128 ] || [ "$st" -eq 134 ]; then
                fail "$label: fault-stdin '$fmt' ends with status $st, not a signal"
                continue
            fi
            what+=", fault-stdin dies ($st)"
        fi
        echo "ok   $label: $expect${what:+ ($what)}"
    done
done
rm -f "$work/err" "$work/err.in" "$work/err.mcveto"
if [ "$fails" -ne 0 ]; then
    echo "check_expect.sh: $fails failure(s)"
    exit 1
fi
exit 0
