#!/usr/bin/env bash
# run_insns.sh — single PowerPC instructions: mcveto-ppc against qemu-ppc.
#
#   run_insns.sh INSN_GEN MCVETO_CC MCVETO_PPC WORK_DIR COUNT SEED...
#
# For each SEED, `INSN_GEN SEED COUNT` writes a program of COUNT random
# one-instruction cases (see insn_gen.c); it is built with `mcveto-cc --isa
# ppc` and run under qemu-ppc and under `MCVETO_PPC run`.  Both print one
# line per case (the instruction word, then r0..r30, CR, XER, LR, CTR and a
# checksum of the memory the loads and stores use, after it); every line
# must be the same.  A differing case is shown with
# its disassembly and the registers that differ (memory carries over from
# case to case: after a wrong store, later checksums differ too, and the
# first differing case is the one to look at).
# Exit status: 0 all agree, 1 some differ, 2 usage, 77 skipped (the cross
# compiler or qemu-ppc is missing).

set -u
if [ $# -lt 6 ]; then
    echo "usage: $0 INSN_GEN MCVETO_CC MCVETO_PPC WORK_DIR COUNT SEED..." >&2
    exit 2
fi
gen=$1 cc=$2 mx=$3 work=$4 count=$5
shift 5
for tool in qemu-ppc "${MCVETO_PPC_CC:-powerpc-linux-gnu-gcc}"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is not installed"
        exit 77
    fi
done
mkdir -p "$work" || exit 1

names="r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r14 r15 r16 r17 r18 r19 r20 r21 r22 r23 r24 r25 r26 r27 r28 r29 r30 cr xer lr ctr memory-checksum"
bad=0 total=0
for seed in "$@"; do
    base=$work/insns.$seed
    rm -f "$base".*
    if ! "$gen" "$seed" "$count" >"$base.c"; then
        echo "FAIL: seed $seed: insn_gen failed"; bad=1; continue
    fi
    if ! "$cc" --isa ppc -O0 "$base.c" -o "$base.elf"; then
        echo "FAIL: seed $seed: mcveto-cc failed"; bad=1; continue
    fi
    qemu-ppc "$base.elf" >"$base.qemu.out" 2>"$base.qemu.err"
    qs=$?
    "$mx" run "$base.elf" >"$base.mcveto.out" 2>"$base.mcveto.err"
    ms=$?
    n=$(wc -l <"$base.qemu.out")
    total=$((total + n))
    if [ "$qs" != 0 ] || [ "$ms" != 0 ] || [ "$n" != "$count" ]; then
        echo "FAIL: seed $seed: exit status qemu-ppc $qs, mcveto $ms; $n of $count cases from qemu-ppc"
        head -3 "$base.mcveto.err"
        bad=1
        continue
    fi
    if cmp -s "$base.qemu.out" "$base.mcveto.out"; then
        echo "ok: seed $seed: $count cases agree"
        continue
    fi
    bad=1
    ndiff=0
    while IFS= read -r q && IFS= read -r m <&3; do
        [ "$q" = "$m" ] && continue
        ndiff=$((ndiff + 1))
        [ "$ndiff" -le 10 ] || continue
        k=$((16#${q%% *}))
        echo "FAIL: seed $seed case $k: $(grep -m1 "^/\* case $k: " "$base.c" | sed 's|^/\* case [0-9]*: \(.*\) \*/$|\1|')"
        read -r -a qv <<<"${q#*: }"
        read -r -a mv <<<"${m#*: }"
        i=0
        for r in $names; do
            [ "${qv[$i]}" = "${mv[$i]}" ] || echo "    $r: qemu-ppc ${qv[$i]}, mcveto ${mv[$i]}"
            i=$((i + 1))
        done
    done <"$base.qemu.out" 3<"$base.mcveto.out"
    echo "FAIL: seed $seed: $ndiff of $count cases differ"
done
echo "$total cases, $([ $bad = 0 ] && echo "all agree with qemu-ppc" || echo "some differ")"
exit $bad
