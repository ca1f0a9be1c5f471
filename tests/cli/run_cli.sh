#!/usr/bin/env bash
# run_cli.sh MCVETO_TOY HEX2ELF WORKDIR — the command line of mcveto-<isa>,
# exercised on the toy ISA: run (output, exit status, trace, witnesses and
# their replay, every way a run can stop, AE violations), disasm, explain,
# and bad input (missing, non-ELF, truncated, wrong-machine files; bad
# options).  Prints each failed check; exits 1 if any failed.
set -u
tool=$1 hex2elf=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
toy=$here/../toy/examples
mkdir -p "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect STATUS OUT-REGEX ERR-REGEX -- command...
expect() {
  local want=$1 out_re=$2 err_re=$3
  shift 4
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  [ "$got" = "$want" ] || fail "$* -> status $got, expected $want; stderr: $(head -c 300 "$work/err")"
  check "$*" stdout "$out_re" "$work/out"
  check "$*" stderr "$err_re" "$work/err"
}

# check WHAT NAME PATTERN FILE: '' accepts anything, '^$' wants an empty file
check() {
  case $3 in
    '') ;;
    '^$') [ ! -s "$4" ] || fail "$1 -> $2 should be empty: $(head -c 300 "$4")" ;;
    *) grep -Eq -- "$3" "$4" || fail "$1 -> $2 does not match /$3/: $(head -c 300 "$4")" ;;
  esac
}

for p in hello fib; do "$hex2elf" "$toy/$p.hex" "$work/$p.elf" || fail "hex2elf $p"; done
for p in unsupported fault invalid divzero loop smash smc; do "$hex2elf" "$here/progs/$p.hex" "$work/$p.elf" || fail "hex2elf $p"; done

# run: like qemu-user
expect 7 '^Hello, toy! 1$' '^$' -- "$tool" run "$work/hello.elf"
expect 55 '^34$' '^$' -- "$tool" run "$work/fib.elf"
expect 7 '' '\[call\]' -- "$tool" run --trace "$work/hello.elf"
expect 7 '' '\[ret\]' -- "$tool" run --trace "$work/hello.elf"
expect 7 '' 'mov r4, 0x3' -- "$tool" run --trace "$work/hello.elf"
# every way a run stops, with its documented status and a one-line reason
expect 5 '' 'unsupported system call 99 at 0x1005' -- "$tool" run "$work/unsupported.elf"
expect 139 '' 'memory fault at 0x50000000 .*unmapped.* at 0x1000' -- "$tool" run "$work/fault.elf"
expect 132 '' 'undecodable instruction bytes at 0x1005' -- "$tool" run "$work/invalid.elf"
expect 133 '' 'trap at 0x1000: divide by zero' -- "$tool" run "$work/divzero.elf"
expect 5 '' 'step budget of 1000 instructions spent at 0x1000' -- "$tool" run --max-steps 1000 "$work/loop.elf"
expect 5 '' ': 1000 instructions in [0-9.]+ s \([0-9.]+ MIPS\)' -- "$tool" run --stats --max-steps 1000 "$work/loop.elf"
expect 55 '^34$' 'fib.elf: [0-9]+ instructions in' -- "$tool" run --stats "$work/fib.elf"
expect 0 '' 'AE violation at step 3: the return at 0x100c went to 0x1020 instead of 0x1005' -- "$tool" run "$work/smash.elf"
# self-modifying code: the decode cache must see the patched bytes
expect 9 '' '^$' -- "$tool" run "$work/smc.elf"
expect 9 '' 'mov r1, 0x9' -- "$tool" run --trace "$work/smc.elf"
# witnesses: a random state saved and replayed gives the same run
"$tool" run --seed 7 --save-input "$work/w.txt" "$work/fib.elf" >"$work/o1" 2>&1
s1=$?
grep -q '^reg r1 ' "$work/w.txt" || fail "witness lacks register inputs: $(cat "$work/w.txt")"
"$tool" run --input "$work/w.txt" "$work/fib.elf" >"$work/o2" 2>&1
s2=$?
[ "$s1" = "$s2" ] && cmp -s "$work/o1" "$work/o2" || fail "replay of a saved input differs"
printf 'reg r1 zz\n' >"$work/bad.txt"
expect 2 '' 'bad.txt:1: expected .reg NAME VALUE.' -- "$tool" run --input "$work/bad.txt" "$work/fib.elf"
# disasm
expect 0 'call 0x102a' '^$' -- "$tool" disasm "$work/hello.elf"
expect 0 '100c: +95 +ret' '^$' -- "$tool" disasm "$work/smash.elf"
# explain
expect 0 'r0 +:= 5' '^$' -- "$tool" explain b8 05 00 00 00
expect 0 'r0 +0x3 -> 0x5' '^$' -- "$tool" explain b8050000 00 --state r0=3
expect 0 '^  \(\(r0 \+ r3\) == 0\)$' '^$' -- "$tool" explain 01 d8 --pre 'Z && r0 == 0'
expect 0 'toy.spec:[0-9]+' '^$' -- "$tool" explain 01d8
expect 0 'traps when' '^$' -- "$tool" explain a4 f1
expect 2 '' 'not an instruction of the spec' -- "$tool" explain 99
expect 2 '' 'middle of an instruction' -- "$tool" explain b8 05
expect 2 '' 'unknown name' -- "$tool" explain 01 d8 --pre 'nosuch == 1'
# bad input: one line naming the file and the problem, status 2
expect 2 '' 'nosuch.elf: .*No such file' -- "$tool" run "$work/nosuch.elf"
printf 'hello\n' >"$work/text.elf"
expect 2 '' 'text.elf: .*not an ELF' -- "$tool" run "$work/text.elf"
head -c 30 "$work/hello.elf" >"$work/trunc.elf"
expect 2 '' 'trunc.elf: ' -- "$tool" run "$work/trunc.elf"
"$hex2elf" "$toy/hello.hex" "$work/x86.elf" 3
expect 2 '' 'x86.elf: .*machine' -- "$tool" run "$work/x86.elf"
expect 2 '' 'unknown option' -- "$tool" run --frobnicate "$work/hello.elf"
expect 2 '' 'unknown subcommand' -- "$tool" frobnicate
expect 0 'usage: mcveto-toy run' '^$' -- "$tool" run --help
expect 0 'usage: mcveto-toy explain' '^$' -- "$tool" explain --help
expect 0 'usage: mcveto-toy disasm' '^$' -- "$tool" disasm --help

[ "$fails" = 0 ] && echo "cli: all checks passed" || echo "cli: $fails check(s) failed"
[ "$fails" = 0 ]
