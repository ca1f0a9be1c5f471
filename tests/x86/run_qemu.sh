#!/usr/bin/env bash
# run_qemu.sh — whole programs: mcveto-x86 run against qemu-i386.
#
#   run_qemu.sh MCVETO_CC MCVETO_X86 PROGRAMS_DIR WORK_DIR PROG...
#
# Builds each PROGRAMS_DIR/PROG.c with `mcveto-cc --isa x86` at -O0 and -O2
# and runs the executable under qemu-i386 and under `mcveto-x86 run`, with
# the same standard input (PROG.in, if present, else empty) and arguments
# (PROG.args, if present).  Exit status and standard output must be the same.
# Exit status: 0 all agree, 1 some differ, 77 skipped (cross compiler or
# qemu-i386 missing).

set -u
if [ $# -lt 5 ]; then
    echo "usage: $0 MCVETO_CC MCVETO_X86 PROGRAMS_DIR WORK_DIR PROG..." >&2
    exit 2
fi
cc=$1 mx=$2 pdir=$3 work=$4
shift 4

for tool in qemu-i386 "${MCVETO_X86_CC:-i686-linux-gnu-gcc}"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is not installed"
        exit 77
    fi
done
mkdir -p "$work" || exit 1

bad=0
for prog in "$@"; do
    in=$pdir/$prog.in
    [ -f "$in" ] || in=/dev/null
    args=()
    [ ! -f "$pdir/$prog.args" ] || read -r -a args <"$pdir/$prog.args"
    for opt in O0 O2; do
        base=$work/$prog.$opt
        rm -f "$base".*
        if ! "$cc" --isa x86 "-$opt" "$pdir/$prog.c" -o "$base.elf"; then
            echo "FAIL: $prog -$opt: mcveto-cc failed"; bad=1; continue
        fi
        qemu-i386 "$base.elf" "${args[@]}" <"$in" >"$base.qemu.out" 2>"$base.qemu.err"
        qs=$?
        "$mx" run "$base.elf" -- "${args[@]}" <"$in" >"$base.mcveto.out" 2>"$base.mcveto.err"
        ms=$?
        if [ "$qs" != "$ms" ]; then
            echo "FAIL: $prog -$opt: exit status $ms, qemu-i386 $qs"
            head -5 "$base.mcveto.err"
            bad=1
        elif ! cmp -s "$base.qemu.out" "$base.mcveto.out"; then
            echo "FAIL: $prog -$opt: standard output differs from qemu-i386 (< qemu, > mcveto):"
            diff "$base.qemu.out" "$base.mcveto.out" | head -20
            bad=1
        else
            echo "ok: $prog -$opt (status $ms)"
        fi
    done
done
exit $bad
