#!/usr/bin/env bash
# bad_input.sh — `mcveto-<isa> verify` on bad input and small budgets: a
# clear message, a defined exit status, never a wrong verdict.
#
#   unknown-symbol   --target no_such_symbol             -> 2, message names it
#   outside          --target 0x10 (in no segment)       -> 2, message
#   max-iterations   --max-iterations 1 on jump_table_safe (a proof needs
#                    many refinements)                -> 20, JSON "unknown"
#                    with a reason; on magic32_reach     -> 10 or 20
#   timeout          --timeout 0.001 on jump_table_safe  -> 20, JSON "unknown"
#                    with a reason; on magic32_reach     -> 10 or 20
#   policy           every --policy name on magic32_reach -> 10; every
#                    --candidates setting on magic32_reach -> 10 (frames and
#                    all split states in; none, relations and auto do not:
#                    no loop), safe_abs with frames -> 0; auto with
#                    --max-iterations 4 on relation_loop_safe -> 20, 1
#                    iteration for the first search (relations), which
#                    splits states in, and 3 for the second (none), and the
#                    reason gives both (with --no-induction: the proof by
#                    induction at loop heads would end it first); a wrong name of either
#                    -> 2 naming it; x86: the default finds reach_state -> 10
#   explore          directed testing (--explore): smc_reach -> 10 with runs
#                    from negated branches (stats.explored > 0); --explore 0 on
#                    magic32_reach -> 10 with none; safe_abs with --explore 100
#                    -> 0 (the explorer runs out of branches, the proof
#                    follows); classes/rec_result_reach -O0 (and -O2 on x86)
#                    -> 10 with explored > 0 (recursion whose result is
#                    tested, behind a first run the budget cuts);
#                    classes/state_machine_reach -O2 --explore 90
#                    --candidates none -> 10 with explored > 0
#                    (an input-driven state machine);
#                    --explore 101 and --explore x -> 2 naming it
#   orders           x86: classes/order_loop_safe -O0 and -O2 with --candidates
#                    orders -> 0 (orders between a counter and bounds from
#                    input, checked over the loop's passes; at -O2 the later
#                    passes come from later runs' folds), -O2 with relations,
#                    --no-induction and --timeout 10 -> 20; classes/input_loop_safe -O2 (input
#                    read on each pass) with orders -> 0, none -> 20;
#                    classes/const_bound_safe and trade_loop_safe -O0 with
#                    orders and --no-induction -> 0 (a constant bound; a sum
#                    of two against a third: DPG's proof with the candidate),
#                    trade_loop_safe with long_witnesses >= 1, and with
#                    relations, --no-induction and --timeout 10 -> 20
#   induction        x86: classes/guarded_loops_safe -O0 and -O2 -> 0 by the proof
#                    by inductive invariants at loop heads (the reason says
#                    so; two loops, facts from guards before them);
#                    classes/guarded_loops_reach (a guard one item short)
#                    -O0 and -O2 -> 10; classes/poly_loop_safe -O2 -> 0 by
#                    the proof (polynomial equalities), poly_loop_reach -O2
#                    -> 10; classes/poly_exit_safe -O0 -> 0 by the proof (an
#                    equality two inequalities pin), poly_exit_reach -O0 ->
#                    10; relation_loop_safe with
#                    --max-iterations 4 -> 0 by it, with no refinement
#   cond-return      classes/assert_fn_safe -O2 (an assertion function whose
#                    test is a conditional return on PowerPC) -> 0 by the proof
#                    at loop heads
#   long-runs        closed_recursion_safe (no input) -> 0 by its one run
#                    (ce 1, the reason says so), but not with --inputs all
#                    (-> 0 or 20, another reason); with --max-steps 1000 -> 0
#                    by the continued run; classes/const_count_reach (no
#                    input, a constant-bound loop) with --max-steps 20000 ->
#                    10 by the continued run; long_compute_reach -> 10, and
#                    20 with --max-steps 1000 (it reads input: 64 budgets are
#                    too few)
#   facts            Fig. 7(a) -O2 with --candidates none --max-iterations 300
#                    -> 0 with at most 50 refinements: the facts proven over
#                    the graph (runtime/verify/inv*.c) show the global is 0 at the
#                    check; with --no-facts and 150 iterations -> 20
#                    (it took 2,765 refinements on x86, 2,254 on PowerPC)
#   empty-split      safe_max3 -O2 with --candidates none --max-iterations 400
#                    -> 0 (on x86 with at most 100 refinements): a ρ that n's
#                    predicate excludes only with the solver's help
#                    (max(a,b,c) < max(b,c,a)) removes the edge instead of
#                    leaving an empty copy of n to refine back from (it took
#                    more than 2,200 refinements on x86 before, and was
#                    unknown at 30 s on both ISAs); and at least a third of
#                    the refinements reuse the last one's path query (a
#                    split's path query carries over to the witness's
#                    previous step: `carried` in --json)
#   summary          safe_state -O2 with --candidates none --explore 0
#                    --max-iterations 600
#                    -> 0 with at least one refinement made at a call site
#                    through the whole callee (Pre over the callee's part of
#                    G) and at most 400 in all (about 150-280 on this
#                    machine, depending on its load: the facts get a share
#                    of the time; 340 on x86 and 390 on PowerPC without,
#                    which refined nondet_uchar's body once per caller
#                    predicate)
#   fault-loop       bad/fault_safe: unknown (or safe) with the reason
#                    "the solver's input faults at 0x…" in at most 50
#                    concrete runs
#   rwx-image        safe_clamp and magic32_reach linked with -N (one
#                    writable, executable image: every instruction folded the
#                    self-modifying way) -> 0 within 100 iterations, and 10:
#                    the facts know the loaded code (an initial layer shared
#                    by the fact vectors; unknown at 30 s when they knew only
#                    the first 256 bytes of writable code)
#   long-loop        ../bad_input/progs/verify_long_loop.c, whose every run
#                    spends its million steps in one loop: --timeout 3 ends
#                    unknown in under 6 s (T + 1 s in the plain build; it
#                    took 8-9 s before the budget was looked at inside the
#                    re-check of the runs and symbolic execution), with a
#                    reason quoting the 3 s given (not the first search's
#                    2.4 s share)
#   wasted-runs      x86 safe_clamp -O2, --max-iterations 800 -> 0 or 20 with
#                    at most 40 concrete runs: solver models agree with the
#                    runs on unmapped memory, and a model that failed to cross
#                    is not re-run for copies of the same step (was 215);
#                    and stats.analysis_seconds + solver_seconds <= seconds;
#                    MCVETO_SMT_TIME=1 logs between 1 and SE queries
#
# Programs that fault or stop on an unsupported system call on some inputs
# are in bad/ and go through run_verify.sh ("unknown-ok: yes").
#
# Usage: bad_input.sh CASE ISA LEVEL MCVETO MCVETO_CC WORK
# Exit status: 0 pass, 1 fail, 2 usage, 77 a tool missing.

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=verify_lib.sh
. "$here/verify_lib.sh"

[ $# -eq 6 ] || { echo "usage: bad_input.sh CASE ISA LEVEL MCVETO MCVETO_CC WORK" >&2; exit 2; }
case=$1 isa=$2 level=$3 mcveto=$4 cc=$5 work=$6
vl_tools "$isa" || exit 77
for t in jq timeout; do
    command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t not found" >&2; exit 77; }
done
[ -x "$cc" ] || { echo "SKIP: $cc not found" >&2; exit 77; }
mkdir -p "$work" || exit 2

fails=0
# expect LABEL "ALLOWED STATUSES" ARGS...: one verify run; its status must
# be one of ALLOWED; 2 needs a message on stderr; 20 needs the JSON verdict
# "unknown" with a non-empty reason.
expect() {
    local label=$1 allowed=$2 st
    shift 2
    timeout 120 "$mcveto" verify "$@" >"$work/out" 2>"$work/err"
    st=$?
    case " $allowed " in
        *" $st "*) ;;
        *) echo "FAIL $label: status $st, want one of: $allowed"
           head -c 400 "$work/err"; head -c 400 "$work/out"
           fails=$((fails + 1)); return ;;
    esac
    if [ "$st" -eq 2 ] && ! [ -s "$work/err" ]; then
        echo "FAIL $label: status 2 without a message on stderr"
        fails=$((fails + 1)); return
    fi
    if [ "$st" -eq 20 ] && ! jq -e '.verdict == "unknown" and (.reason | length > 0)' "$work/out" >/dev/null 2>&1; then
        echo "FAIL $label: status 20 but the JSON is not verdict unknown with a reason: $(head -c 300 "$work/out")"
        fails=$((fails + 1)); return
    fi
    if [ "$st" -eq 2 ]; then
        echo "ok   $label: status 2: $(head -n 1 "$work/err")"
    else
        echo "ok   $label: status $st $(jq -c '{verdict, reason}' "$work/out" 2>/dev/null)"
    fi
}

# expect, and once more if it failed: which frontier DPG takes first depends
# on how directed testing's share of the time falls, and a proof that needs
# a candidate can miss its turn under a loaded machine (trade_loop_safe: about
# one run in eight, before and after the candidate marks, docs/decisions.md).
# A broken proof still fails both times.
expect_again() {
    local f0=$fails
    expect "$@"
    if [ "$fails" -gt "$f0" ]; then
        echo "note $1: once more"
        fails=$f0
        expect "$@"
    fi
}

# by_induction NAME LEVEL HEADS: classes/NAME.c built at LEVEL is safe, by
# the proof at loop heads over HEADS ("1 loop head", "2 loop heads")
by_induction() {
    vl_build "$cc" "$isa" "$2" "$here/classes/$1.c" "$work/$1.$isa.$2" || { echo "FAIL build $1 -$2"; exit 1; }
    expect_again "$isa $1 -$2" 0 "$work/$1.$isa.$2" --target reach_error --timeout 60 --json
    jq -e --arg h "$3" '.reason | test("^invariants of [0-9]+ facts at " + $h + " are inductive")' "$work/out" \
        >/dev/null 2>&1 ||
        { echo "FAIL $1 -$2: not by induction at loop heads: $(jq -r .reason "$work/out" 2>/dev/null)"
          fails=$((fails + 1)); }
}

# class_reach NAME LEVEL: classes/NAME.c built at LEVEL is reachable
class_reach() {
    vl_build "$cc" "$isa" "$2" "$here/classes/$1.c" "$work/$1.$isa.$2" || { echo "FAIL build $1 -$2"; exit 1; }
    expect "$isa $1 -$2" 10 "$work/$1.$isa.$2" --target reach_error --timeout 60 --json
}

build() { # NAME -> $work/NAME.$isa.$level
    vl_build "$cc" "$isa" "$level" "$here/programs/$1.c" "$work/$1.$isa.$level" ||
        { echo "FAIL build $1"; exit 1; }
}

case $case in
    fault-loop)
        # a solver input that faults at the frontier's own instruction did
        # not cross it: the frontier is stuck with that reason, and the run
        # ends unknown in a few concrete runs (it made ~2,700 in 120 s before)
        vl_build "$cc" "$isa" "$level" "$here/bad/fault_safe.c" "$work/fault_safe.$isa.$level" ||
            { echo "FAIL build fault_safe"; exit 1; }
        expect "$isa fault_safe" "0 20" "$work/fault_safe.$isa.$level" --target reach_error --timeout 60 --json
        ce=$(jq -r '.stats.ce' "$work/out" 2>/dev/null)
        if [ "$(jq -r .verdict "$work/out" 2>/dev/null)" = safe ] ||
            { jq -e '.reason | test("faults at 0x")' "$work/out" >/dev/null 2>&1 && [ "${ce:-999}" -le 50 ] 2>/dev/null; }; then
            echo "ok   $isa fault_safe: $ce concrete runs"
        else
            echo "FAIL $isa fault_safe: ${ce:-no} concrete runs, reason $(jq -r .reason "$work/out" 2>/dev/null)"
            fails=$((fails + 1))
        fi
        ;;
    rwx-image)
        for p in safe_clamp magic32_reach; do
            errs=$("$cc" --isa "$isa" "-$level" -Wall -Wextra -Werror -Wl,-N -Wl,--no-warn-rwx-segments \
                "$here/programs/$p.c" -o "$work/$p.N.$isa.$level" 2>&1)
            [ $? -eq 0 ] && [ -z "$errs" ] || { printf '%s\n' "$errs"; echo "FAIL build $p with -N"; exit 1; }
            "${STRIP%strip}readelf" -lW "$work/$p.N.$isa.$level" | grep -q ' RWE ' ||
                { echo "FAIL $p with -N: no writable, executable segment"; fails=$((fails + 1)); }
        done
        expect "$isa safe_clamp -N" 0 "$work/safe_clamp.N.$isa.$level" --target reach_error \
            --max-iterations 100 --timeout 100 --json
        expect "$isa magic32_reach -N" 10 "$work/magic32_reach.N.$isa.$level" --target reach_error --timeout 100 --json
        ;;
    long-loop)
        vl_build "$cc" "$isa" "$level" "$here/../bad_input/progs/verify_long_loop.c" "$work/long_loop.$isa.$level" ||
            { echo "FAIL build verify_long_loop"; exit 1; }
        t0=$(date +%s%N)
        expect "$isa long loop --timeout 3" 20 "$work/long_loop.$isa.$level" --target reach_error --timeout 3 --json
        ms=$(( ($(date +%s%N) - t0) / 1000000 ))
        # MCVETO_TEST_SLOWDOWN: the sanitizer build's factor (tests/verify/CMakeLists.txt)
        if [ "$ms" -lt $((6000 * ${MCVETO_TEST_SLOWDOWN:-1})) ]; then
            echo "ok   $isa long loop: ended in $ms ms"
        else
            echo "FAIL $isa long loop: ended in $ms ms, want under $((6000 * ${MCVETO_TEST_SLOWDOWN:-1})) for --timeout 3"
            fails=$((fails + 1))
        fi
        jq -e '.reason | test("^(with relational candidates: )?time budget of 3 s spent \\(this search had 0\\.6 s of it\\)")' \
            "$work/out" >/dev/null 2>&1 ||
            { echo "FAIL $isa long loop: the reason does not quote the 3 s budget: $(jq -r .reason "$work/out" 2>/dev/null)"
              fails=$((fails + 1)); }
        ;;
    unknown-symbol)
        build loop_bound_safe
        bin=$work/loop_bound_safe.$isa.$level
        expect "$isa unknown symbol" 2 "$bin" --target no_such_symbol_xyz --json
        grep -q no_such_symbol_xyz "$work/err" 2>/dev/null ||
            { echo "FAIL the message does not name the symbol"; fails=$((fails + 1)); }
        "$STRIP" -o "$bin.stripped" "$bin" || exit 1
        expect "$isa stripped, symbol target" 2 "$bin.stripped" --target reach_error --json
        ;;
    outside)
        build loop_bound_safe
        bin=$work/loop_bound_safe.$isa.$level
        expect "$isa target 0x10" 2 "$bin" --target 0x10 --json
        expect "$isa target 0xfffffff0" 2 "$bin" --target 0xfffffff0 --json
        ;;
    max-iterations)
        build jump_table_safe
        build magic32_reach
        expect "$isa jump_table_safe --max-iterations 1" 20 \
            "$work/jump_table_safe.$isa.$level" --target reach_error --max-iterations 1 --json
        expect "$isa magic32_reach --max-iterations 1" "10 20" \
            "$work/magic32_reach.$isa.$level" --target reach_error --max-iterations 1 --json
        ;;
    timeout)
        build jump_table_safe
        build magic32_reach
        expect "$isa jump_table_safe --timeout 0.001" 20 \
            "$work/jump_table_safe.$isa.$level" --target reach_error --timeout 0.001 --json
        expect "$isa magic32_reach --timeout 0.001" "10 20" \
            "$work/magic32_reach.$isa.$level" --target reach_error --timeout 0.001 --json
        ;;
    policy)
        build magic32_reach
        [ "$isa" = x86 ] && build reach_state
        for pol in alternate closest-target closest-start first; do
            expect "$isa magic32_reach --policy $pol" 10 \
                "$work/magic32_reach.$isa.$level" --target reach_error --policy "$pol" --json
        done
        expect "$isa --policy nonsense" 2 "$work/magic32_reach.$isa.$level" --target reach_error --policy nonsense
        grep -q nonsense "$work/err" 2>/dev/null ||
            { echo "FAIL the message does not name the policy"; fails=$((fails + 1)); }
        # candidate invariants (§3.2): each setting keeps the verdict, frames
        # and all do split states in (PowerPC safe_abs with all needs more
        # time than this test should take: docs/verifier.md)
        build safe_abs
        build jump_table_safe
        for cand in auto none frames all relations; do
            expect "$isa magic32_reach --candidates $cand" 10 \
                "$work/magic32_reach.$isa.$level" --target reach_error --candidates "$cand" --json
            n=$(jq -r '.stats.candidates' "$work/out" 2>/dev/null)
            # magic32_reach has no loop: relations split nothing
            if [ "$cand" = none ] || [ "$cand" = auto ] || [ "$cand" = relations ]; then want='[ "$n" = 0 ]'; else want='[ "$n" -gt 0 ] 2>/dev/null'; fi
            eval "$want" || { echo "FAIL --candidates $cand split $n states"; fails=$((fails + 1)); }
        done
        # auto (the default): 20 % of the budget with relational candidates,
        # 20 % with orders, then none; with 4 iterations, 1, 1 and 2, and the
        # first search splits states in (the loop's samples)
        build relation_loop_safe
        expect "$isa relation_loop_safe --max-iterations 4 --no-induction (auto)" 20 \
            "$work/relation_loop_safe.$isa.$level" --target reach_error --max-iterations 4 --no-induction --json
        n=$(jq -r '.stats.candidates' "$work/out" 2>/dev/null)
        [ "$n" -gt 0 ] 2>/dev/null || { echo "FAIL auto: the first search split '$n' states, want > 0"; fails=$((fails + 1)); }
        jq -e '.reason | test("^with relational candidates: ")' "$work/out" >/dev/null 2>&1 ||
            { echo "FAIL auto: the reason does not give the first search's"; fails=$((fails + 1)); }
        jq -e '.reason | test("iteration budget of 4 spent \\(this search had 1 of them\\); with relations and orders: iteration budget of 4 spent \\(this search had 1 of them\\); then without candidates: iteration budget of 4 spent \\(this search had 2 of them\\)")' \
            "$work/out" >/dev/null 2>&1 ||
            { echo "FAIL auto: the budget is not split 1, 1 and 2 (20 % each first)"; fails=$((fails + 1)); }
        expect "$isa safe_abs --candidates frames" 0 \
            "$work/safe_abs.$isa.$level" --target reach_error --candidates frames --timeout 100 --json
        expect "$isa --candidates nonsense" 2 "$work/magic32_reach.$isa.$level" --target reach_error --candidates nonsense
        grep -q nonsense "$work/err" 2>/dev/null ||
            { echo "FAIL the message does not name the setting"; fails=$((fails + 1)); }
        # the default alternates: a target behind the loop's branches is found
        # (closest-target alone refines near it until the budget runs out; on
        # x86 it takes 2 s, PowerPC needs longer than this test should)
        if [ "$isa" = x86 ]; then
            expect "$isa reach_state (default policy)" 10 \
                "$work/reach_state.$isa.$level" --target reach_error --timeout 200 --json
        fi
        ;;
    explore)
        build smc_reach
        build magic32_reach
        build safe_abs
        expect "$isa smc_reach (default: directed testing on)" 10 \
            "$work/smc_reach.$isa.$level" --target reach_error --timeout 100 --json
        n=$(jq -r '.stats.explored' "$work/out" 2>/dev/null)
        [ "$n" -gt 0 ] 2>/dev/null || { echo "FAIL smc_reach: explored '$n', want > 0"; fails=$((fails + 1)); }
        expect "$isa magic32_reach --explore 0" 10 \
            "$work/magic32_reach.$isa.$level" --target reach_error --explore 0 --timeout 100 --json
        n=$(jq -r '.stats.explored' "$work/out" 2>/dev/null)
        [ "$n" = 0 ] || { echo "FAIL --explore 0: explored '$n', want 0"; fails=$((fails + 1)); }
        expect "$isa safe_abs --explore 100" 0 \
            "$work/safe_abs.$isa.$level" --target reach_error --explore 100 --timeout 100 --json
        # recursion whose result is tested for one input, behind a first run
        # the step budget cuts (classes/rec_result_reach.c): the cut run's
        # early branches come first, and an address whose negation had no
        # input waits behind the others (explore.h); -O0 on every ISA, -O2
        # on x86 (PowerPC's -O2 code pins the input's parity on the first
        # path, and the model the solver gives decides the rest)
        lvs="rec_result_reach:O0"
        [ "$isa" = x86 ] && lvs="$lvs rec_result_reach:O2"
        # an input-driven state machine (classes/state_machine_reach.c): four
        # requests in order, each a negated branch of the run the one before
        # made (explore.h: the identity with the run's edges so far, the
        # runs that went nowhere new last); -O2 on every ISA, the explorer
        # with most of the time and no candidate search to share it with
        # (about 120 runs of its own: 2-7 s, 12 s under the sanitizers)
        lvs="$lvs state_machine_reach:O2:--explore=90:--candidates=none"
        for pl in $lvs; do
            IFS=: read -r p lv opts <<<"$pl"
            opts=${opts//:/ }
            opts=${opts//=/ }
            vl_build "$cc" "$isa" "$lv" "$here/classes/$p.c" "$work/$p.$isa.$lv" ||
                { echo "FAIL build $p -$lv"; exit 1; }
            # shellcheck disable=SC2086
            expect "$isa $p -$lv $opts" 10 "$work/$p.$isa.$lv" --target reach_error --timeout 60 $opts --json
            n=$(jq -r '.stats.explored' "$work/out" 2>/dev/null)
            [ "$n" -gt 0 ] 2>/dev/null || { echo "FAIL $p -$lv: explored '$n', want > 0"; fails=$((fails + 1)); }
        done
        for bad in 101 x; do
            expect "$isa --explore $bad" 2 "$work/magic32_reach.$isa.$level" --target reach_error --explore "$bad"
            grep -q -- --explore "$work/err" 2>/dev/null ||
                { echo "FAIL the message does not name --explore"; fails=$((fails + 1)); }
        done
        ;;
    facts)
        build fig7a_lotsabaz
        bin=$work/fig7a_lotsabaz.$isa.$level
        expect "$isa fig7a_lotsabaz with facts" 0 "$bin" --target reach_error --candidates none \
            --max-iterations 300 --json
        ref=$(jq -r '.stats.ref' "$work/out" 2>/dev/null)
        if [ -n "$ref" ] && [ "$ref" -le 50 ] 2>/dev/null; then
            echo "ok   $isa fig7a_lotsabaz: safe after $ref refinements"
        else
            echo "FAIL $isa fig7a_lotsabaz: ${ref:-no} refinements, want at most 50"
            fails=$((fails + 1))
        fi
        # (150 iterations, three times what the facts need: the refutation
        # without them took 2,765 refinements; a shorter run keeps the
        # sanitizer build's test short)
        expect "$isa fig7a_lotsabaz without facts" 20 "$bin" --target reach_error \
            --candidates none --max-iterations 150 --json --no-facts
        ;;
    empty-split)
        build safe_max3
        expect "$isa safe_max3 --candidates none" 0 "$work/safe_max3.$isa.$level" --target reach_error \
            --candidates none --max-iterations 400 --timeout 200 --json
        ref=$(jq -r '.stats.ref' "$work/out" 2>/dev/null)
        if [ "$isa" != x86 ]; then
            echo "ok   $isa safe_max3: safe after ${ref:-?} refinements"
        elif [ -n "$ref" ] && [ "$ref" -le 100 ] 2>/dev/null; then
            echo "ok   $isa safe_max3: safe after $ref refinements"
        else
            echo "FAIL $isa safe_max3: ${ref:-no} refinements, want at most 100"
            fails=$((fails + 1))
        fi
        # a split's path query carries over to the witness's previous step:
        # at least a third of the refinements make no path query of their
        # own (without it every refinement cost a path query and a call on ρ)
        carried=$(jq -r '.stats.carried' "$work/out" 2>/dev/null)
        if [ -n "$carried" ] && [ -n "$ref" ] && [ "$carried" -ge 1 ] && [ $((3 * carried)) -ge "$ref" ] 2>/dev/null; then
            echo "ok   $isa safe_max3: $carried of $ref refinements reuse the last path query"
        else
            echo "FAIL $isa safe_max3: ${carried:-no} of ${ref:-no} refinements reuse the last path query, want a third"
            fails=$((fails + 1))
        fi
        ;;
    summary)
        # without directed testing, whose runs change which refinements the
        # proof needs (with them it may need none at a call site)
        build safe_state
        expect "$isa safe_state --candidates none --explore 0" 0 "$work/safe_state.$isa.$level" --target reach_error \
            --candidates none --explore 0 --max-iterations 600 --timeout 200 --json
        ref=$(jq -r '.stats.ref' "$work/out" 2>/dev/null)
        sum=$(jq -r '.stats.summaries' "$work/out" 2>/dev/null)
        if [ -n "$ref" ] && [ -n "$sum" ] && [ "$sum" -ge 1 ] && [ "$ref" -le 400 ] 2>/dev/null; then
            echo "ok   $isa safe_state: safe after $ref refinements, $sum of them at a call site"
        else
            echo "FAIL $isa safe_state: ${ref:-no} refinements, ${sum:-no} at a call site; want at most 400, at least 1"
            fails=$((fails + 1))
        fi
        ;;
    conjunct)
        # a proof with many refinements (safe_max3 -O0: 132 on x86, 141 on
        # PowerPC): some of its splits are on single conjuncts of ρ
        # (docs/architecture.md §9), which --no-cores turns off.  At
        # -O0 whatever the test's level.  (loop_bound_safe, then
        # indirect_call_safe were the program here until the facts proved
        # them with fewer refinements and no such split.)
        level=O0
        build safe_max3
        iters=150 # the first split on one conjunct: x86 by 60 iterations, PowerPC by 130
        [ "$isa" = x86 ] && iters=80
        for mode in on off; do
            if [ $mode = on ]; then
                expect "$isa safe_max3 --max-iterations $iters" "0 20" "$work/safe_max3.$isa.$level" \
                    --target reach_error --candidates none --max-iterations $iters --json
            else
                expect "$isa safe_max3 --max-iterations $iters (--no-cores)" "0 20" \
                    "$work/safe_max3.$isa.$level" --target reach_error --candidates none --max-iterations $iters --json \
                    --no-cores
            fi
            n=$(jq -r '.stats.conjuncts' "$work/out" 2>/dev/null)
            if { [ $mode = on ] && [ "${n:-0}" -ge 1 ] 2>/dev/null; } || { [ $mode = off ] && [ "$n" = 0 ]; }; then
                echo "ok   $isa safe_max3 ($mode): $n splits on one conjunct"
            else
                echo "FAIL $isa safe_max3 ($mode): ${n:-no} splits on one conjunct"
                fails=$((fails + 1))
            fi
        done
        ;;
    induction)
        [ "$isa" = x86 ] || { echo "bad_input.sh: induction is an x86 case" >&2; exit 2; }
        # the proof by inductive invariants at loop heads
        # (runtime/verify/cutproof.c): two loops in sequence whose facts
        # (2n <= room, used = 2i, bounds) come from guards before them
        # (classes/guarded_loops_safe.c), at -O0 and -O2; the same with a
        # guard one item short (guarded_loops_reach) is never proven
        for lv in O0 O2; do
            by_induction guarded_loops_safe $lv "2 loop heads"
            class_reach guarded_loops_reach $lv
        done
        # polynomial equalities among a loop's counters (a sum of squares,
        # a square): proven by induction at -O2; the variant whose square
        # drifts after pass 500 is never proven
        by_induction poly_loop_safe O2 "1 loop head"
        class_reach poly_loop_reach O2
        # an assertion after the loop whose polynomial needs n = a + 1,
        # which the loop's invariant n <= a and its failed test pin: proven
        # by induction at -O0; the variant one input breaks is never proven
        by_induction poly_exit_safe O0 "1 loop head"
        class_reach poly_exit_reach O0
        # a cursor that starts at an input's value, checked once before the
        # loop against another input: proven with the input's values at the
        # first arrival and the guards on the input at -O0; the variant with
        # the guard one step short is never proven
        by_induction entry_offset_safe O0 "1 loop head"
        class_reach entry_offset_reach O0
        # a relational loop: proven before the search refines anything
        build relation_loop_safe
        expect "$isa relation_loop_safe --max-iterations 4" 0 \
            "$work/relation_loop_safe.$isa.$level" --target reach_error --max-iterations 4 --json
        jq -e '(.reason | test("^invariants of ")) and .stats.ref == 0' "$work/out" >/dev/null 2>&1 ||
            { echo "FAIL relation_loop_safe: not by induction without refinements"; fails=$((fails + 1)); }
        ;;
    cond-return)
        # an assertion function whose test is a conditional return
        # (PowerPC `bnelr` at -O2), called before the loop with a condition
        # on input: the proof at loop heads follows the return's fall-through
        # under its own condition, and proves the program
        by_induction assert_fn_safe O2 "1 loop head"
        ;;
    long-runs)
        # a program that reads no input is decided by its one run (closed_run):
        # safe, one concrete execution, the reason says why
        build closed_recursion_safe
        expect "$isa closed_recursion_safe" 0 \
            "$work/closed_recursion_safe.$isa.$level" --target reach_error --timeout 60 --json
        jq -e '(.reason | test("^the program reads no input, and its only execution exits with status 0")) and .stats.ce == 1' \
            "$work/out" >/dev/null 2>&1 || { echo "FAIL closed: not decided by its one run"; fails=$((fails + 1)); }
        # not with --inputs all (registers and undefined memory are free)
        expect "$isa closed_recursion_safe --inputs all" "0 20" \
            "$work/closed_recursion_safe.$isa.$level" --target reach_error --inputs all --timeout 3 --json
        jq -e '.reason | test("reads no input") | not' "$work/out" >/dev/null 2>&1 ||
            { echo "FAIL closed: --inputs all still decided by the one run"; fails=$((fails + 1)); }
        # longer than 64 step budgets (--max-steps 1000): the continued run
        # (runtime/verify/dpg_long.c) decides it, every step counted
        expect "$isa closed_recursion_safe --max-steps 1000" 0 \
            "$work/closed_recursion_safe.$isa.$level" --target reach_error --max-steps 1000 --timeout 30 --json
        jq -e '(.reason | test("^the program reads no input, and its only execution exits")) and .stats.continued_steps > 64000' \
            "$work/out" >/dev/null 2>&1 || { echo "FAIL closed: --max-steps 1000 not decided by the continued run"; fails=$((fails + 1)); }
        # a loop with a large constant bound and no input: only the continued
        # run gets past it (64 budgets of 20,000 steps are too few)
        vl_build "$cc" "$isa" "$level" "$here/classes/const_count_reach.c" "$work/const_count_reach.$isa.$level" ||
            { echo "FAIL build const_count_reach"; exit 1; }
        expect "$isa const_count_reach --max-steps 20000" 10 \
            "$work/const_count_reach.$isa.$level" --target reach_error --max-steps 20000 --timeout 60 --json
        jq -e '(.reason | test("after [0-9]+ steps \\(a run continued past the step budget\\)")) and .stats.continued_steps > 1280000' \
            "$work/out" >/dev/null 2>&1 || { echo "FAIL const_count_reach: not by the continued run"; head -c 600 "$work/out"; fails=$((fails + 1)); }
        # a target behind 4 million steps: found by continuing the cut run,
        # and not when 64 budgets are too few for it
        build long_compute_reach
        expect "$isa long_compute_reach" 10 \
            "$work/long_compute_reach.$isa.$level" --target reach_error --timeout 60 --json
        expect "$isa long_compute_reach --max-steps 1000" 20 \
            "$work/long_compute_reach.$isa.$level" --target reach_error --max-steps 1000 --timeout 3 --json
        ;;
    orders)
        # a loop whose proof needs orders between a counter and bounds from
        # input (classes/order_loop_safe.c, at -O0): safe with the
        # candidate's orders, checked over the loop's passes
        # (runtime/verify/loopcand.c); relations alone give no proof at -O2
        [ "$isa" = x86 ] || { echo "bad_input.sh: orders is an x86 case" >&2; exit 2; }
        for lv in O0 O2; do
            vl_build "$cc" "$isa" $lv "$here/classes/order_loop_safe.c" "$work/order_loop_safe.$isa.$lv" ||
                { echo "FAIL build order_loop_safe -$lv"; exit 1; }
        done
        expect_again "$isa order_loop_safe -O0 --candidates orders" 0 \
            "$work/order_loop_safe.$isa.O0" --target reach_error --candidates orders --timeout 120 --json
        # -O2: the loop's later passes are first reached by later runs; the
        # candidate splits every run's fold, so they get it too
        expect_again "$isa order_loop_safe -O2 --candidates orders" 0 \
            "$work/order_loop_safe.$isa.O2" --target reach_error --candidates orders --timeout 120 --json
        expect "$isa order_loop_safe -O2 --candidates relations --no-induction" 20 \
            "$work/order_loop_safe.$isa.O2" --target reach_error --candidates relations --timeout 10 --no-induction --json
        # a loop that reads input on every pass (classes/input_loop_safe.c):
        # its passes are checked with the read modelled, and the candidate
        # is cut down to what excludes the paths to the target
        vl_build "$cc" "$isa" O2 "$here/classes/input_loop_safe.c" "$work/input_loop_safe.$isa.O2" ||
            { echo "FAIL build input_loop_safe"; exit 1; }
        expect_again "$isa input_loop_safe --candidates orders" 0 \
            "$work/input_loop_safe.$isa.O2" --target reach_error --candidates orders --timeout 90 --json
        expect "$isa input_loop_safe --candidates none" 20 \
            "$work/input_loop_safe.$isa.O2" --target reach_error --candidates none --timeout 10 --json
        # -O0 loops of a hundred thousand passes: a bound by the constant the
        # loop compares with (classes/const_bound_safe.c), and a sum of two
        # counters against a third (classes/trade_loop_safe.c), checked in
        # the runs' frame; their long witnesses get no path query
        for f in const_bound_safe trade_loop_safe; do
            vl_build "$cc" "$isa" O0 "$here/classes/$f.c" "$work/$f.$isa.O0" ||
                { echo "FAIL build $f"; exit 1; }
            expect_again "$isa $f -O0 --candidates orders --no-induction" 0 \
                "$work/$f.$isa.O0" --target reach_error --candidates orders --timeout 120 --no-induction --json
        done
        lw=$(jq -r '.stats.long_witnesses' "$work/out" 2>/dev/null)
        if [ -n "$lw" ] && [ "$lw" -ge 1 ] 2>/dev/null; then
            echo "ok   $isa trade_loop_safe: $lw frontier steps refined without a path query"
        else
            echo "FAIL $isa trade_loop_safe: long_witnesses is ${lw:-missing}, want at least 1"
            fails=$((fails + 1))
        fi
        expect "$isa trade_loop_safe -O0 --candidates relations --no-induction" 20 \
            "$work/trade_loop_safe.$isa.O0" --target reach_error --candidates relations --timeout 10 --no-induction --json
        ;;
    wasted-runs)
        [ "$isa" = x86 ] || { echo "bad_input.sh: wasted-runs is an x86 case" >&2; exit 2; }
        build safe_clamp
        MCVETO_SMT_TIME=1 expect "$isa safe_clamp --max-iterations 800" "0 20" \
            "$work/safe_clamp.$isa.$level" --target reach_error --max-iterations 800 --json
        ce=$(jq -r '.stats.ce' "$work/out" 2>/dev/null)
        if [ -n "$ce" ] && [ "$ce" -le 40 ] 2>/dev/null; then
            echo "ok   $isa safe_clamp: $ce concrete runs"
        else
            echo "FAIL $isa safe_clamp: ${ce:-no} concrete runs in 800 iterations, want at most 40"
            fails=$((fails + 1))
        fi
        # the time split: parts of the whole, neither negative
        if jq -e '.stats | (.analysis_seconds | type == "number") and (.solver_seconds | type == "number")
                  and .analysis_seconds >= 0 and .solver_seconds >= 0
                  and .analysis_seconds + .solver_seconds <= .seconds + 0.01' "$work/out" >/dev/null 2>&1; then
            echo "ok   $isa safe_clamp: analysis and solver seconds within the total"
        else
            echo "FAIL $isa safe_clamp: analysis_seconds/solver_seconds missing or beyond seconds"
            fails=$((fails + 1))
        fi
        # MCVETO_SMT_TIME: one line per query Z3 ran, at most one per solver call (SE)
        nq=$(grep -c '^smt: query [0-9]*, [0-9.]* s, \(sat\|unsat\|unknown\)$' "$work/err")
        se=$(jq -r '.stats.se' "$work/out" 2>/dev/null)
        if [ "$nq" -gt 0 ] && [ -n "$se" ] && [ "$nq" -le "$se" ] 2>/dev/null; then
            echo "ok   $isa safe_clamp: MCVETO_SMT_TIME logged $nq queries (SE $se)"
        else
            echo "FAIL $isa safe_clamp: MCVETO_SMT_TIME logged ${nq:-no} queries, SE ${se:-?}"
            fails=$((fails + 1))
        fi
        ;;
    *) echo "bad_input.sh: unknown case '$case'" >&2; exit 2 ;;
esac
rm -f "$work/out" "$work/err"
[ "$fails" -eq 0 ] || exit 1
exit 0
