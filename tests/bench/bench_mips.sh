#!/usr/bin/env bash
# bench_mips.sh — guest MIPS of `mcveto-<isa> run` beside qemu-user, one program.
#
#   bench_mips.sh ISA MCVETO_CC MCVETO QEMU WORK [ROUNDS] [RUNS]
#
# Builds programs/loops.c with `mcveto-cc --isa ISA -O2`, runs it RUNS times
# (default 3) under QEMU and under `MCVETO run --stats` with ROUNDS rounds
# (default 200), and prints the best wall time of each and the guest MIPS.
# The instruction count is the one mcveto's emulator reports; qemu runs the
# same deterministic program, so the same count over qemu's time is its MIPS.
# Output and exit status must agree (a fast wrong emulator is not faster).
# Exit status: 0, 1 on disagreement or failure, 77 when QEMU or the cross
# compiler is missing.
set -u
if [ $# -lt 5 ]; then
    echo "usage: $0 ISA MCVETO_CC MCVETO QEMU WORK [ROUNDS] [RUNS]" >&2
    exit 2
fi
isa=$1 cc=$2 mc=$3 qemu=$4 work=$5 rounds=${6:-200} runs=${7:-3}
here=$(cd "$(dirname "$0")" && pwd)
command -v "$qemu" >/dev/null 2>&1 || { echo "SKIP: $qemu is not installed"; exit 77; }
mkdir -p "$work" || exit 1
prog=$work/loops.$isa # every file of the run is per ISA: the smoke tests of two ISAs share $work and run at once
"$cc" --isa "$isa" -O2 "$here/programs/loops.c" -o "$prog" || { echo "mcveto-cc failed"; exit 1; }

now() { date +%s.%N; }
best_q= best_m= insns=
for ((i = 0; i < runs; i++)); do
    t0=$(now)
    "$qemu" "$prog" "$rounds" >"$work/q.$isa.out"; qs=$?
    t1=$(now)
    "$mc" run --stats "$prog" -- "$rounds" >"$work/m.$isa.out" 2>"$work/m.$isa.err"; ms=$?
    if [ "$qs" != "$ms" ] || ! cmp -s "$work/q.$isa.out" "$work/m.$isa.out"; then
        echo "FAIL: results differ: qemu status $qs, mcveto status $ms"
        cat "$work/m.$isa.err"
        exit 1
    fi
    line=$(grep ' instructions in ' "$work/m.$isa.err") || { echo "FAIL: no --stats line"; cat "$work/m.$isa.err"; exit 1; }
    insns=$(sed -E 's/.*: ([0-9]+) instructions in ([0-9.]+) s.*/\1/' <<<"$line")
    tm=$(sed -E 's/.*: ([0-9]+) instructions in ([0-9.]+) s.*/\2/' <<<"$line")
    best_q=$(awk -v a="$t1" -v b="$t0" -v c="$best_q" 'BEGIN { t = a - b; print (c == "" || t < c) ? t : c }')
    best_m=$(awk -v t="$tm" -v c="$best_m" 'BEGIN { print (c == "" || t < c) ? t : c }')
done
printf '%s: loops.c -O2, %s rounds, %s guest instructions, best of %s runs (%s)\n' \
    "$isa" "$rounds" "$insns" "$runs" "$(cat "$work/q.$isa.out" | tr -d '\n')"
awk -v n="$insns" -v m="$best_m" -v q="$best_q" -v mn="mcveto-$isa run" -v qn="$(basename "$qemu") (JIT)" 'BEGIN {
    printf "  %-22s %10s %12s\n", "emulator", "time (s)", "guest MIPS"
    printf "  %-22s %10.3f %12.1f\n", mn, m, n / m / 1e6
    printf "  %-22s %10.3f %12.1f\n", qn, q, n / q / 1e6
    printf "  qemu is %.1fx faster (its time includes process start-up)\n", m / q
}' 
