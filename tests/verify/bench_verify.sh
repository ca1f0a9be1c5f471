#!/usr/bin/env bash
# bench_verify.sh — the verdict corpus through `mcveto-<isa> verify --json`,
# one row per program, ISA and level, like Fig. 10 of the MCVETO report:
# verdict, instructions seen, concrete executions (CE), symbolic executions
# (SE), refinements (Ref), time.  A benchmark, not a test: it always exits 0
# once it has run, and marks verdicts that differ from the expectation
# with "!" (run_verify.sh is the test).  With --strict (scripts/demo.sh)
# it exits 1 instead when a row could not be made (an ISA's qemu or cross
# tools missing, a build failure, no JSON) or a verdict is not the expected
# one, and says how many.
#
# Usage: bench_verify.sh --cc MCVETO_CC --work DIR [--mcveto ISA=PATH]...
#            [--levels "O0 O2"] [--timeout S] [--strict] [PROG.c...]
# Default programs: programs/*.c next to this script.  ISAs: those given
# with --mcveto.

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=verify_lib.sh
. "$here/verify_lib.sh"

cc='' work='' levels='O0 O2' tmo=120 strict=0
declare -A mc=()
isas=()
while [ $# -gt 0 ]; do
    case $1 in
        --cc) cc=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        --levels) levels=$2; shift 2 ;;
        --timeout) tmo=$2; shift 2 ;;
        --mcveto) mc[${2%%=*}]=${2#*=}; isas+=("${2%%=*}"); shift 2 ;;
        --strict) strict=1; shift ;;
        -*) echo "bench_verify.sh: unknown option '$1'" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ -n "$cc" ] && [ -n "$work" ] && [ ${#isas[@]} -gt 0 ] || {
    echo "usage: bench_verify.sh --cc MCVETO_CC --work DIR --mcveto ISA=PATH... [--levels L] [--timeout S] [PROG.c...]" >&2
    exit 2
}
command -v jq >/dev/null 2>&1 || { echo "bench_verify.sh: jq not found" >&2; exit 77; }
[ $# -gt 0 ] || set -- "$here"/programs/*.c
mkdir -p "$work" || exit 2

printf '%-22s %-4s %-3s %-9s %-13s %7s %5s %5s %5s %9s\n' \
    program isa lvl expect verdict instrs CE SE Ref time
wrong=0 missing=0
for isa in "${isas[@]}"; do
    if ! vl_tools "$isa"; then # it said which tool is missing
        for f in "$@"; do
            vl_runs_on "$f" "$isa" || continue
            for level in $levels; do
                printf '%-22s %-4s %-3s %-9s %s\n' "$(vl_name "$f")" "$isa" "$level" "$(vl_get "$f" expect)" "(not run)"
                missing=$((missing + 1))
            done
        done
        continue
    fi
    for f in "$@"; do
        vl_runs_on "$f" "$isa" || continue
        name=$(vl_name "$f")
        expect=$(vl_get "$f" expect)
        for level in $levels; do
            bin=$work/$name.$isa.$level
            vl_build "$cc" "$isa" "$level" "$f" "$bin" 2>/dev/null || {
                printf '%-22s %-4s %-3s %-9s %s\n' "$name" "$isa" "$level" "$expect" "(build failed)"
                missing=$((missing + 1)); continue; }
            timeout $((${tmo%.*} + 60)) "${mc[$isa]}" verify "$bin" --target "$(vl_target "$f")" \
                --timeout "$tmo" --json --witness "$bin.witness" >"$bin.json" 2>/dev/null
            if ! jq -e . "$bin.json" >/dev/null 2>&1; then
                printf '%-22s %-4s %-3s %-9s %s\n' "$name" "$isa" "$level" "$expect" "(no JSON)"
                wrong=$((wrong + 1))
                continue
            fi
            verdict=$(jq -r .verdict "$bin.json")
            mark=''
            case $expect:$verdict in
                safe:safe|reachable:reachable|ae:ae-violation) ;;
                *) mark='!'; wrong=$((wrong + 1)) ;;
            esac
            jq -r --arg n "$name" --arg i "$isa" --arg l "$level" --arg e "$expect" --arg m "$mark" \
                '[$n, $i, $l, $e, (.verdict + $m), .stats.instructions, .stats.ce, .stats.se, .stats.ref,
                  (.stats.seconds * 1000 | round / 1000)] | @tsv' "$bin.json" |
                awk -F'\t' '{ printf "%-22s %-4s %-3s %-9s %-13s %7s %5s %5s %5s %9.3f\n",
                              $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 }'
        done
    done
done
echo "(! = not the expected verdict: $wrong)"
if [ $strict = 1 ] && [ $((wrong + missing)) -gt 0 ]; then
    echo "bench_verify.sh: $missing rows not run (a tool missing or a build failed), $wrong verdicts not the expected ones" >&2
    exit 1
fi
exit 0
