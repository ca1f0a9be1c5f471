#!/usr/bin/env bash
# run_objdump.sh — the RV32IM decoder against riscv64-linux-gnu-objdump.
#
#   run_objdump.sh CHECKER WORK N SEED [PROG.elf | DIR]...
#
# CHECKER is rv32_objdump (rv32_objdump.c).  Writes N random words into the
# .text of an object assembled with -march=rv32im (so that its attributes
# tell objdump the ISA), disassembles it with -M no-aliases and compares every
# word; then the same for every PROG.elf given and every *.elf and prog file
# under each DIR (the test binaries; a DIR that does not exist is skipped).
# Exit status: 0 agree, 1 some differ, 2 usage, 77 skipped (no binutils).
set -u
[ $# -ge 4 ] || { echo "usage: $0 CHECKER WORK N SEED [PROG.elf | DIR]..." >&2; exit 2; }
chk=$1 work=$2 n=$3 seed=$4
shift 4
as=riscv64-linux-gnu-as objdump=riscv64-linux-gnu-objdump objcopy=riscv64-linux-gnu-objcopy
for t in "$as" "$objdump" "$objcopy"; do
    command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t is not installed (binutils-riscv64-linux-gnu)"; exit 77; }
done
mkdir -p "$work" || exit 2
bad=0
"$chk" gen "$n" "$seed" "$work/words.bin" || bad=1
printf '\t.text\n\t.insn 0x00000013\n' >"$work/words.s"
"$as" -march=rv32im -mabi=ilp32 "$work/words.s" -o "$work/words.o" || exit 1
"$objcopy" --update-section .text="$work/words.bin" "$work/words.o" "$work/random.o" || exit 1
"$objdump" -d -M no-aliases "$work/random.o" >"$work/random.lst" || exit 1
echo "random words ($n, seed $seed):"
"$chk" check "$work/random.lst" || bad=1

bins=()
for p in "$@"; do
    if [ -d "$p" ]; then
        while IFS= read -r f; do bins+=("$f"); done < <(find "$p" -type f \( -name '*.elf' -o -name prog \) | sort)
    elif [ -f "$p" ]; then
        bins+=("$p")
    fi
done
nb=0 ni=0
for p in "${bins[@]}"; do
    "$objdump" -d -M no-aliases "$p" >"$work/prog.lst" || { bad=1; continue; }
    nb=$((nb + 1))
    if ! "$chk" check "$work/prog.lst" >"$work/prog.out"; then
        echo "FAIL: $p:"; cat "$work/prog.out"; bad=1
    fi
    k=$(sed -n 's/^rv32_objdump check: \([0-9]*\) instructions.*/\1/p' "$work/prog.out")
    ni=$((ni + ${k:-0}))
done
echo "run_objdump: $nb test binaries, $ni instructions checked"
exit $bad
