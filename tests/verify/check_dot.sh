#!/usr/bin/env bash
# check_dot.sh ISA MCVETO MCVETO_CC WORK — `verify --dot` writes the abstract
# graph: a digraph whose states carry address and predicate, with the start
# state ("start", witnessed: filled) with its boot steps, and at least one
# accepting state (peripheries=2).
set -u
isa=$1 mc=$2 cc=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work" || exit 1
"$cc" --isa "$isa" -O2 "$here/programs/magic32_reach.c" -o "$work/p" || exit 77
"$mc" verify "$work/p" --target reach_error --quiet --dot "$work/g.dot" >/dev/null
rc=$?
[ "$rc" = 10 ] || { echo "FAIL: verify exited $rc, expected 10"; exit 1; }
head -1 "$work/g.dot" | grep -q '^digraph G {$' || { echo "FAIL: not a digraph"; exit 1; }
grep -q 'n[0-9]* \[label="[0-9]* start\\n.*style=filled' "$work/g.dot" || { echo "FAIL: start state not witnessed"; exit 1; }
grep -q ' -> n[0-9]* \[label="boot"\]' "$work/g.dot" || { echo "FAIL: no boot step"; exit 1; }
grep -q 'peripheries=2' "$work/g.dot" || { echo "FAIL: no accepting state"; exit 1; }
grep -q ' -> ' "$work/g.dot" || { echo "FAIL: no transitions"; exit 1; }
tail -1 "$work/g.dot" | grep -q '^}$' || { echo "FAIL: unterminated"; exit 1; }
echo "ok: $(grep -c '\[label=' "$work/g.dot") states"
