#!/usr/bin/env bash
# run_qemu.sh — whole programs: `mcveto-<isa> run` against qemu-user, for any ISA.
#
#   run_qemu.sh ISA MCVETO_CC MCVETO_BIN PROGRAMS_DIR WORK_DIR [-O LEVELS] PROG...
#
# ISA is an mcveto-cc ISA name (x86, ppc, rv32).  Builds each PROGRAMS_DIR/PROG.c
# with `mcveto-cc --isa ISA` at each optimisation level (default "O0 O2";
# -O "O0 O1 O2 Os" to change) and runs the executable under qemu-user
# (qemu-i386 for x86, qemu-ppc for ppc, qemu-riscv32 for rv32) and under `MCVETO_BIN run`, with the
# same standard input (PROG.in, if present, else empty) and arguments
# (PROG.args, if present).  Exit status, standard output and standard error
# must be the same, and mcveto must report no AE violation (a return that
# does not go back to its call site).
# Exit status: 0 all agree, 1 some differ, 2 usage, 77 skipped (the cross
# compiler or qemu is missing).

set -u
usage() {
    echo "usage: $0 ISA MCVETO_CC MCVETO_BIN PROGRAMS_DIR WORK_DIR [-O LEVELS] PROG..." >&2
    exit 2
}
[ $# -ge 6 ] || usage
isa=$1 cc=$2 mx=$3 pdir=$4 work=$5
shift 5
levels="O0 O2"
if [ "$1" = -O ]; then
    [ $# -ge 3 ] || usage
    levels=$2
    shift 2
fi

case $isa in
    x86) qemu=qemu-i386 gcc=${MCVETO_X86_CC:-i686-linux-gnu-gcc} ;;
    ppc) qemu=qemu-ppc gcc=${MCVETO_PPC_CC:-powerpc-linux-gnu-gcc} ;;
    rv32) qemu=qemu-riscv32 gcc=${MCVETO_RV32_CC:-riscv64-linux-gnu-gcc-12} ;;
    *) echo "$0: unknown ISA '$isa'" >&2; exit 2 ;;
esac
for tool in "$qemu" "$gcc"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is not installed"
        exit 77
    fi
done
mkdir -p "$work" || exit 1

bad=0 n=0
for prog in "$@"; do
    in=$pdir/$prog.in
    [ -f "$in" ] || in=/dev/null
    args=()
    [ ! -f "$pdir/$prog.args" ] || read -r -a args <"$pdir/$prog.args"
    for opt in $levels; do
        base=$work/$prog.$opt
        rm -f "$base".*
        n=$((n + 1))
        if ! "$cc" --isa "$isa" "-$opt" "$pdir/$prog.c" -o "$base.elf"; then
            echo "FAIL: $prog -$opt: mcveto-cc failed"; bad=1; continue
        fi
        "$qemu" "$base.elf" "${args[@]}" <"$in" >"$base.qemu.out" 2>"$base.qemu.err"
        qs=$?
        "$mx" run "$base.elf" -- "${args[@]}" <"$in" >"$base.mcveto.out" 2>"$base.mcveto.err"
        ms=$?
        if [ "$qs" != "$ms" ]; then
            echo "FAIL: $prog -$opt: exit status $ms, $qemu $qs"
            head -5 "$base.mcveto.err"
            bad=1
        elif ! cmp -s "$base.qemu.out" "$base.mcveto.out"; then
            echo "FAIL: $prog -$opt: standard output differs from $qemu (< qemu, > mcveto):"
            diff "$base.qemu.out" "$base.mcveto.out" | head -20
            bad=1
        elif grep -q "AE violation" "$base.mcveto.err"; then
            echo "FAIL: $prog -$opt: $(grep -m1 "AE violation" "$base.mcveto.err")"
            bad=1
        elif ! cmp -s "$base.qemu.err" "$base.mcveto.err"; then
            echo "FAIL: $prog -$opt: standard error differs from $qemu (< qemu, > mcveto):"
            diff "$base.qemu.err" "$base.mcveto.err" | head -20
            bad=1
        else
            echo "ok: $prog -$opt (status $ms)"
        fi
    done
done
echo "$n runs, $([ $bad = 0 ] && echo "all agree" || echo "some differ")"
exit $bad
