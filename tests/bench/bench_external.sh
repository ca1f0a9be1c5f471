#!/usr/bin/env bash
# bench_external.sh — the verifier on programs from outside the project
# (docs/benchmarks.md): the SV-COMP tasks (--suite svcomp) or the MCVETO
# Fig. 10 rows (--suite fig10: the reconstructions in BENCH/fig10 and the
# Fig. 10 rows of our own corpus, tests/verify/programs).  The programs are
# read where they are; nothing is copied (a .i task is compiled through a
# symbolic link named .c in the work directory).
#
# One row per task, ISA and level: expected verdict, verdict, correct?,
# instructions, CE, SE, Ref, time, the share of that time in Z3, and the
# witness replay; then totals per half (svcomp), ISA and level with the
# SV-COMP score.  A *reachable* verdict on a task that SV-COMP calls safe,
# whose witness qemu replays to the target, is marked `binary`, listed under
# the totals and scored 0: the compiled program reaches the target (the
# task's verdict assumes away undefined behaviour such as signed overflow).  Every reachable or AE verdict's witness is replayed with
# `mcveto-<isa> run --input` and, when the witness sets only standard input
# and qemu is there, under qemu-user with its bytes; a witness that does not
# replay makes the verdict WRONG.
#
# Usage: bench_external.sh --suite svcomp|fig10 --bench DIR --cc MCVETO_CC
#            --work DIR --mcveto ISA=PATH... [--half dev|eval|all]
#            [--split FILE] [--levels "O0 O2"] [--timeout S] [--smoke]
#            [TASK...]
# Environment: VERIFY_STACK_KB (default 256), the stack limit (ulimit -s)
# of each verify run: no walk may recurse with a term's depth, so the
# verdicts must not depend on the stack's size (the sanitizer builds'
# larger frames get more).
# TASK names restrict the rows (svcomp: task names as in the split file;
# fig10: file names without .c).  --smoke: exit 77 if the benchmark
# directory is missing, 1 if a build failed or a verdict is WRONG.
# Otherwise the exit status is 0 once the table is printed (2: usage).

set -u
stack_kb=${VERIFY_STACK_KB:-256}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src_root=$(cd "$here/../.." && pwd)
# shellcheck source=svcomp_lib.sh
. "$here/svcomp_lib.sh"
# shellcheck source=../verify/verify_lib.sh
. "$src_root/tests/verify/verify_lib.sh"

prog=bench_external.sh
suite='' bench='' cc='' work='' half=dev split="$here/svcomp_split.tsv"
levels='O0 O2' tmo=60 smoke=0
declare -A mc=()
isas=()
usage() {
    echo "usage: $prog --suite svcomp|fig10 --bench DIR --cc MCVETO_CC --work DIR --mcveto ISA=PATH... [--half dev|eval|all] [--split FILE] [--levels L] [--timeout S] [--smoke] [TASK...]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
        --suite) suite=${2-}; shift 2 ;;
        --bench) bench=${2-}; shift 2 ;;
        --cc) cc=${2-}; shift 2 ;;
        --work) work=${2-}; shift 2 ;;
        --half) half=${2-}; shift 2 ;;
        --split) split=${2-}; shift 2 ;;
        --levels) levels=${2-}; shift 2 ;;
        --timeout) tmo=${2-}; shift 2 ;;
        --mcveto) case ${2-} in ?*=?*) ;; *) usage ;; esac
                  mc[${2%%=*}]=${2#*=}; isas+=("${2%%=*}"); shift 2 ;;
        --smoke) smoke=1; shift ;;
        -*) echo "$prog: unknown option '$1'" >&2; usage ;;
        *) break ;;
    esac
done
case $suite in svcomp|fig10) ;; *) usage ;; esac
case $half in dev|eval|all) ;; *) echo "$prog: --half must be dev, eval or all" >&2; exit 2 ;; esac
[[ $tmo =~ ^[0-9]+$ ]] && [ "$tmo" -ge 1 ] || { echo "$prog: --timeout must be a whole number of seconds" >&2; exit 2; }
[ -n "$bench" ] && [ -n "$cc" ] && [ -n "$work" ] && [ ${#isas[@]} -gt 0 ] || usage
for l in $levels; do
    case $l in O0|O1|O2|O3|Os) ;; *) echo "$prog: unknown level '$l'" >&2; exit 2 ;; esac
done
for i in "${isas[@]}"; do
    case $i in x86|ppc) ;; *) echo "$prog: unknown ISA '$i'" >&2; exit 2 ;; esac
done

if [ ! -d "$bench/$suite" ]; then
    echo "$prog: no benchmark directory $bench/$suite (set MCVETO_BENCH_DIR)" >&2
    [ $smoke = 1 ] && { echo "SKIP: benchmark programs not present"; exit 77; }
    exit 2
fi
command -v jq >/dev/null 2>&1 || { echo "$prog: jq not found" >&2; [ $smoke = 1 ] && exit 77; exit 2; }
bench=$(cd "$bench" && pwd)
mkdir -p "$work/src" || exit 2
work=$(cd "$work" && pwd)

# ---- The rows to run: NAME <TAB> HALF <TAB> FILE <TAB> KIND ----------------
# KIND: svcomp (expected verdict from the split/yml, target from the text),
# fig10 (expect lines in the file's first lines), corpus (verify_lib header).
declare -A want=()
for t in "$@"; do want[$t]=1; done
rows=()
if [ "$suite" = svcomp ]; then
    [ -f "$split" ] || { echo "$prog: no split file $split" >&2; exit 2; }
    declare -A sv_half=()
    while IFS=$'\t' read -r t v h; do
        case $t in '#'*|task|'') continue ;; esac
        sv_half[$t]=$h
    done <"$split"
    declare -A sv_exp=()
    while IFS=$'\t' read -r t v p; do
        sv_exp[$t]=$v
        h=${sv_half[$t]:-}
        if [ -z "$h" ]; then
            echo "$prog: task $t is not in $split; not run" >&2
            continue
        fi
        [ "$half" = all ] || [ "$h" = "$half" ] || continue
        [ $# -eq 0 ] || [ -n "${want[$t]:-}" ] || continue
        rows+=("$t"$'\t'"$h"$'\t'"$bench/svcomp/$p"$'\t'svcomp)
    done < <(sv_tasks "$bench/svcomp")
    for t in "${!sv_half[@]}"; do
        [ -n "${sv_exp[$t]:-}" ] || echo "$prog: task $t of $split is not in $bench/svcomp" >&2
    done
else
    for f in "$bench"/fig10/*.c; do
        [ -f "$f" ] || continue
        n=$(vl_name "$f")
        [ $# -eq 0 ] || [ -n "${want[$n]:-}" ] || continue
        rows+=("$n"$'\t'fig10$'\t'"$f"$'\t'fig10)
    done
    # The Fig. 10 rows our own corpus has (their headers give the verdicts).
    for n in fig7a_lotsabaz fig7b_cheap_path recursion_reach recursion_safe smc_reach smc_safe; do
        f=$src_root/tests/verify/programs/$n.c
        [ -f "$f" ] || continue
        [ $# -eq 0 ] || [ -n "${want[$n]:-}" ] || continue
        rows+=("$n"$'\t'corpus$'\t'"$f"$'\t'corpus)
    done
fi
[ ${#rows[@]} -gt 0 ] || { echo "$prog: no task selected" >&2; exit 2; }

# fig10_expect FILE ISA LEVEL: the expected outcome: "expect-ISA-LEVEL:" if
# the file has one, else "expect:" (among the first 5 lines).
fig10_expect() {
    local e
    e=$(head -n 5 "$1" | sed -n "s/^.*expect-$2-$3:[[:space:]]*\([a-z]*\).*/\1/p" | head -n 1)
    [ -n "$e" ] || e=$(head -n 5 "$1" | sed -n 's/^.*expect:[[:space:]]*\([a-z]*\).*/\1/p' | head -n 1)
    printf '%s\n' "$e"
}
# fig10_runs_on FILE ISA: false if the file says "arch: OTHER".
fig10_runs_on() {
    local a
    a=$(head -n 5 "$1" | sed -n 's/^.*arch:[[:space:]]*\([a-z0-9]*\).*/\1/p' | head -n 1)
    [ -z "$a" ] || [ "$a" = "$2" ]
}

# witness_stdin W OUT: the witness's standard input bytes into OUT; false if
# the witness sets a register or memory byte to anything but 0 (a run under
# qemu starts with those 0, and cannot be given other values).
witness_stdin() {
    awk '/^[[:space:]]*(reg|mem)[[:space:]]/ {
             for (i = 3; i <= NF; i++) if ($i !~ /^(0x)?0+$/) bad = 1
         }
         END { exit bad }' "$1" || return 1
    awk '/^[[:space:]]*stdin[[:space:]]/ { for (i = 2; i <= NF; i++) printf "\\x%s", $i }' "$1" >"$2.fmt" || return 1
    # shellcheck disable=SC2059 # the format is the \xhh string just made
    printf "$(cat "$2.fmt")" >"$2"
}

# reached STATUS ERRFILE TARGET: did the run reach the target, by its exit?
# The harness's reach_error and __VERIFIER_error exit 99; an SV-COMP task's
# own reach_error that calls __assert_fail exits 134 naming it on stderr.
reached() {
    [ "$1" = 99 ] && return 0
    [ "$1" = 134 ] && grep -q "$3: Assertion \`" "$2"
}

# A witness reaches its target within verify's step budget per run (one
# million by default), or within the steps its reason gives ("after N
# steps", a run continued past the budget); the replay of an AE witness
# stops 20 million steps after that (the run goes on after the violation).
max_steps_default=20000000

# replay ISA BIN WITNESS TARGET ADDR KIND: sets REPLAY to run, run+qemu or
# FAIL:HOW.  A run reaches the target if `run --stop-at ADDR` stops there
# (so an error function with an empty body counts, and a run need not go on
# to its end); under qemu, if it exits as reached() says or a block it
# translated (-d in_asm) has ADDR.
replay() {
    local isa=$1 bin=$2 w=$3 target=$4 addr=$5 kind=$6 st hex hexr max_steps=$max_steps_default n
    hex=$(printf '0x%08x' "$addr") hexr=$(printf '0x%x' "$addr") # qemu's log, run's message
    n=$(jq -r '.reason' "$bin.json" 2>/dev/null | sed -n 's/.* after \([0-9][0-9]*\) steps (a run continued.*/\1/p')
    [ -n "$n" ] && max_steps=$((n + max_steps_default))
    if [ "$kind" = ae ]; then
        timeout 120 "${mc[$isa]}" run --input "$w" --max-steps "$max_steps" "$bin" </dev/null >/dev/null 2>"$w.run.err"
        st=$?
        grep -q 'AE violation at step' "$w.run.err" || { REPLAY="FAIL:run($st)"; return; }
        REPLAY=run # qemu does not report AE violations
        return
    fi
    timeout 120 "${mc[$isa]}" run --input "$w" --stop-at "$hexr" "$bin" </dev/null >/dev/null 2>"$w.run.err"
    st=$?
    [ "$st" = 5 ] && grep -q "stopped at $hexr after" "$w.run.err" || { REPLAY="FAIL:run($st)"; return; }
    REPLAY=run
    command -v "$QEMU" >/dev/null 2>&1 || return
    witness_stdin "$w" "$w.stdin" || return
    rm -f "$w.qemu.log"
    { timeout 30 "$QEMU" -d in_asm -D "$w.qemu.log" "$bin" <"$w.stdin" >/dev/null 2>"$w.qemu.err"; } 2>/dev/null
    st=$?
    reached "$st" "$w.qemu.err" "$target" || grep -qi "^$hex:" "$w.qemu.log" ||
        { REPLAY="FAIL:qemu($st)"; return; }
    REPLAY=run+qemu
}

results=$work/results.$suite.tsv
: >"$results"
line() { printf '%-54s %-3s %-3s %-9s %-12s %-5s %7s %5s %5s %5s %8s %4s %s\n' "$@"; }
line task isa lvl expect verdict ok instrs CE SE Ref time z3% replay
for isa in "${isas[@]}"; do
    case $isa in x86) QEMU=qemu-i386 ;; ppc) QEMU=qemu-ppc ;; esac
    for level in $levels; do
        for row in "${rows[@]}"; do
            IFS=$'\t' read -r name h f kind <<<"$row"
            case $kind in
                svcomp) expect=${sv_exp[$name]}; target=$(sv_target "$f") ;;
                fig10) fig10_runs_on "$f" "$isa" || continue
                       expect=$(fig10_expect "$f" "$isa" "$level"); target=reach_error ;;
                corpus) vl_runs_on "$f" "$isa" || continue
                        expect=$(vl_get "$f" expect); target=$(vl_target "$f") ;;
            esac
            bin=$work/$name.$isa.$level
            rm -f "$bin" "$bin.json" "$bin.witness"
            # Build: SV-COMP and Fig. 10 programs unchanged, warnings allowed
            # (kept in $bin.build.log); corpus programs as the corpus tests do.
            # SV-COMP tasks: global functions are not inlined, so a call of
            # the error function stays a call at -O2 even when the task
            # defines it with an empty body, and the target is kept in the
            # executable even when gcc removed every call of it.
            built=1
            srcf=$f
            case $f in *.c) ;; *) srcf=$work/src/$name.c; ln -sfn "$f" "$srcf" ;; esac
            case $kind in
                svcomp)
                    "$cc" --isa "$isa" "-$level" --no-global-inline "-Wl,--undefined=$target" \
                        "$srcf" -o "$bin" >"$bin.build.log" 2>&1 || built=0 ;;
                fig10)
                    "$cc" --isa "$isa" "-$level" "-Wl,--undefined=$target" \
                        "$srcf" -o "$bin" >"$bin.build.log" 2>&1 || built=0 ;;
                corpus) vl_build "$cc" "$isa" "$level" "$f" "$bin" >"$bin.build.log" 2>&1 || built=0 ;;
            esac
            if [ $built = 0 ]; then
                line "$name" "$isa" "$level" "$expect" "(build failed)" - - - - - - - -
                printf '%s\t%s\t%s\t%s\t%s\tbuild-failed\tbuild\t0\t0\t0\t0\t0\t0\t-\n' \
                    "$h" "$name" "$isa" "$level" "$expect" >>"$results"
                continue
            fi
            t0=$(date +%s%N)
            (ulimit -s "$stack_kb" && exec timeout $((tmo + 60)) "${mc[$isa]}" verify "$bin" --target "$target" \
                --timeout "$tmo" --quiet --json --witness "$bin.witness") </dev/null >"$bin.json" 2>"$bin.verify.err"
            if [ -s "$bin.json" ] && jq -e '.verdict | strings' "$bin.json" >/dev/null 2>&1; then
                IFS=$'\t' read -r verdict instrs ce se ref secs z3 < <(jq -r '[.verdict,
                    .stats.instructions, .stats.ce, .stats.se, .stats.ref,
                    .stats.seconds, (.stats.solver_seconds // "-")] | @tsv' "$bin.json")
            else
                verdict=error instrs=0 ce=0 se=0 ref=0 z3=-
                secs=$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
            fi
            # Correct?  WRONG: a verdict that contradicts the expectation, or
            # whose witness does not replay.  Unknown (and an error) is "-".
            REPLAY=-
            case $verdict in
                reachable|ae-violation)
                    taddr=$(jq -r .target "$bin.json")
                    kindr=reach; [ "$verdict" = reachable ] || kindr=ae
                    if [[ $taddr =~ ^0x[0-9a-fA-F]+$ ]]; then
                        replay "$isa" "$bin" "$bin.witness" "$target" "$taddr" "$kindr"
                    else
                        REPLAY="FAIL:no-target"
                    fi ;;
            esac
            case $expect:$verdict in
                safe:safe) ok=yes ;;
                reachable:reachable|ae:ae-violation)
                    if [[ $REPLAY == FAIL* ]]; then ok=WRONG; else ok=yes; fi ;;
                # the task's verdict is about C (signed overflow and other
                # undefined behaviour assumed away); when qemu, an oracle we
                # did not write, takes the witness to the target, the
                # compiled program does reach it: not a verdict of ours to
                # count wrong, nor a right one (it scores 0)
                safe:reachable) if [ "$REPLAY" = run+qemu ]; then ok=binary; else ok=WRONG; fi ;;
                *:unknown|*:error) ok=- ;;
                *) ok=WRONG ;;
            esac
            z3pct=-
            if [ "$z3" != - ]; then
                z3pct=$(awk -v z="$z3" -v s="$secs" 'BEGIN { if (s > 0) printf "%d", 100 * z / s + 0.5; else print "-" }')
            fi
            line "$name" "$isa" "$level" "$expect" "$verdict" "$ok" "$instrs" "$ce" "$se" "$ref" \
                "$(awk -v s="$secs" 'BEGIN { printf "%.2f", s }')" "$z3pct" "$REPLAY"
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$h" "$name" "$isa" "$level" \
                "$expect" "$verdict" "$ok" "$instrs" "$ce" "$se" "$ref" "$secs" "$z3" "$REPLAY" >>"$results"
        done
    done
done

# ---- Totals and the score ------------------------------------------------
# SV-COMP score: +2 safe proven, +1 reachable found (witness replayed),
# -32 safe claimed for a reachable task, -16 reachable claimed for a safe
# task or a witness that does not replay, 0 unknown.  An AE verdict counts
# like a reachable one (an expected ae: +1; otherwise -16 when it is WRONG).
echo
awk -F'\t' -v suite="$suite" '
    function score(e, v, ok) {
        if (ok == "yes") return (v == "safe") ? 2 : 1
        if (ok != "WRONG") return 0
        return (v == "safe") ? -32 : -16
    }
    {
        k = $1 "\t" $3 "\t" $4
        if (!(k in n)) order[++nk] = k
        n[k]++
        if ($6 == "build-failed") { bf[k]++; next }
        if ($7 == "yes" && $6 == "safe") oks[k]++
        else if ($7 == "yes") okr[k]++
        else if ($7 == "WRONG") wr[k]++
        else if ($7 == "binary") { bn[k]++; nbin++; bins = bins "\n  " $2 " " $3 " " $4 }
        else un[k]++
        sc[k] += score($5, $6, $7)
        t[k] += $12
        if ($13 != "-") { z[k] += $13; zt[k] += $12 }
    }
    END {
        printf "%-6s %-3s %-3s %5s %6s %7s %7s %7s %5s %6s %9s %4s\n",
            (suite == "svcomp" ? "half" : "set"), "isa", "lvl", "tasks", "built", "safe+", "reach+", "unknown", "WRONG", "score", "time", "z3%"
        for (i = 1; i <= nk; i++) {
            k = order[i]; split(k, p, "\t")
            zp = (zt[k] > 0) ? sprintf("%d", 100 * z[k] / zt[k] + 0.5) : "-"
            printf "%-6s %-3s %-3s %5d %6d %7d %7d %7d %5d %6d %9.2f %4s\n",
                p[1], p[2], p[3], n[k], n[k] - bf[k], oks[k], okr[k], un[k], wr[k], sc[k], t[k], zp
        }
        printf "(safe+ / reach+: correct safe / reachable (or AE) verdicts; unknown includes timeouts and errors;\n"
        printf " score: +2 safe proven, +1 reachable found and replayed, -32 wrong safe, -16 wrong reachable, 0 unknown;\n"
        printf " z3%%: share of the verify time spent in Z3)\n"
        if (nbin) printf "binary (not in the columns above): %d row(s) where the task says safe but qemu replays the witness to the target, so the compiled program reaches it (undefined behaviour in the C source):%s\n", nbin, bins
    }' "$results"
echo "rows: $results"

if [ $smoke = 1 ]; then
    nbf=$(awk -F'\t' '$6 == "build-failed"' "$results" | wc -l)
    nwr=$(awk -F'\t' '$7 == "WRONG"' "$results" | wc -l)
    if [ "$nbf" -gt 0 ] || [ "$nwr" -gt 0 ]; then
        echo "$prog: $nbf builds failed, $nwr verdicts WRONG" >&2
        exit 1
    fi
fi
exit 0
