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
for p in unsupported fault invalid divzero loop smash smc smc_next drain; do "$hex2elf" "$here/progs/$p.hex" "$work/$p.elf" || fail "hex2elf $p"; done

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
expect 9 '' '^$' -- "$tool" run "$work/smc_next.elf"
expect 9 '' 'mov r1, 0x9' -- "$tool" run --trace "$work/smc_next.elf"
# witnesses: a random state saved and replayed gives the same run
"$tool" run --seed 7 --save-input "$work/w.txt" "$work/fib.elf" >"$work/o1" 2>&1
s1=$?
grep -q '^reg r1 ' "$work/w.txt" || fail "witness lacks register inputs: $(cat "$work/w.txt")"
"$tool" run --input "$work/w.txt" "$work/fib.elf" >"$work/o2" 2>&1
s2=$?
[ "$s1" = "$s2" ] && cmp -s "$work/o1" "$work/o2" || fail "replay of a saved input differs"
printf 'reg r1 zz\n' >"$work/bad.txt"
expect 2 '' 'bad.txt:1: expected .reg NAME VALUE.' -- "$tool" run --input "$work/bad.txt" "$work/fib.elf"
# witness files: everything wrong is refused with the file and line (issue 32)
wit() { printf "$1" >"$work/w2.txt"; expect 2 '' "w2.txt:$2" -- "$tool" run --input "$work/w2.txt" "$work/fib.elf"; }
wit '# ok\nreg nosuch 1\n' '2: unknown register .nosuch.'
wit 'reg R1 1\n' '1: unknown register .R1. \(did you mean r1\?'
wit 'reg PC 0x1000\n' '1: PC is not an input'
wit 'reg r7 0x1000\n' '1: r7 is not an input'
wit 'reg r1 1\nreg r1 2\n' '2: register r1 given again with a different value'
wit 'reg r1 0x100000000\n' '1: value 0x100000000 does not fit in the 32-bit register r1'
wit 'reg Z 2\n' '1: value 2 does not fit in the 1-bit register Z'
wit 'mem 0x100000000 00\n' '1: address 0x100000000 is outside the 32-bit address space'
wit 'mem 0xffffffff 00 01\n' '1: address 0x100000000 \(where the bytes from it run\) is outside'
wit 'mem 0x10 01\nmem 0x10 02\n' '2: the byte at 0x10 is given again with a different value'
wit 'mem 0x10\n' '1: expected .mem ADDRESS BYTE.*no bytes'
wit 'reg r1 1\0\n' '1: NUL byte'
printf 'reg r1 1\nreg r1 1\nmem 0x10 01\nmem 0x10 01\n' >"$work/w3.txt"
expect 55 '^34$' '^$' -- "$tool" run --input "$work/w3.txt" "$work/fib.elf"
expect 2 '' "$work: is a directory, not a witness file" -- "$tool" run --input "$work" "$work/fib.elf"
expect 2 '' '/dev/zero:1: NUL byte' -- timeout 10 "$tool" run --input /dev/zero "$work/fib.elf"
expect 2 '' 'larger than 67108864 bytes' -- timeout 20 bash -c "yes 'stdin 00' | \"$tool\" run --input /dev/stdin \"$work/fib.elf\""
# 100,000 distinct register names (the linear search took 48 s); in_set_reg is hashed
# so a witness of all registers repeated is read in a moment
for i in $(seq 1 20000); do echo "reg r1 1"; echo "reg r2 2"; echo "reg Z 1"; echo "mem $i 00"; done >"$work/big.txt"
expect 55 '^34$' '^$' -- timeout 10 "$tool" run --input "$work/big.txt" "$work/fib.elf"
# a program name with a newline cannot inject witness lines (it is escaped)
cp "$work/fib.elf" "$work/fib
reg r1 0x5.elf"
expect 55 '^34$' '' -- "$tool" run --save-input "$work/w4.txt" "$work/fib
reg r1 0x5.elf"
grep -q '^reg r1 0x5' "$work/w4.txt" && fail "a newline in the program name injected a witness line: $(cat "$work/w4.txt")"
grep -q 'fib\\x0areg r1 0x5.elf$' "$work/w4.txt" || fail "the program name is not escaped in the witness: $(head -1 "$work/w4.txt")"
# run --stop-at: before the instruction at the address first executes
# (after the call returned from fib's first step), with status 5; an address
# never reached lets the run end as it would; one outside the code, a
# missing symbol, no argument, or twice: status 2
expect 5 '^0$' 'stopped at 0x1018 after 26 steps' -- "$tool" run --stop-at 0x1018 "$work/fib.elf"
expect 55 '^34$' '^$' -- "$tool" run --stop-at 0x1001 "$work/fib.elf"
expect 2 '' 'not in an executable segment' -- "$tool" run --stop-at 0x5000 "$work/fib.elf"
expect 2 '' "no symbol 'nosuch'" -- "$tool" run --stop-at nosuch "$work/fib.elf"
expect 2 '' 'needs an address or a symbol' -- "$tool" run "$work/fib.elf" --stop-at
expect 2 '' '--stop-at given twice' -- "$tool" run --stop-at 0x1018 --stop-at 0x1019 "$work/fib.elf"
# run --max-steps 0 is refused like verify's
expect 2 '' '--max-steps needs a positive number' -- "$tool" run --max-steps 0 "$work/fib.elf"
expect 2 '' '--seed given twice' -- "$tool" run --seed 1 --seed 2 "$work/fib.elf"
expect 2 '' '--input given twice' -- "$tool" run --input "$work/w3.txt" --input "$work/w3.txt" "$work/fib.elf"
expect 2 '' '--addr given twice' -- "$tool" explain 01 d8 --addr 0x1000 --addr 0x2000
# run streams the real standard input: 64 MiB read by a program through run
# --save-input is refused (witnesses keep 16 MiB), without it the run works
# and its peak memory stays far below the 64 MiB (it kept all: 526 MB RSS for 512 MB)
expect 3 '' '^$' -- bash -c "head -c 67108864 /dev/zero | \"$tool\" run \"$work/drain.elf\""
expect 2 '' 'w5.txt not written: the run read more than 16777216 bytes of standard input' -- \
  bash -c "head -c 20000000 /dev/zero | \"$tool\" run --save-input \"$work/w5.txt\" \"$work/drain.elf\""
expect 3 '' '^$' -- bash -c "head -c 100000 /dev/urandom | \"$tool\" run --save-input \"$work/w6.txt\" \"$work/drain.elf\""
[ "$(grep -c '^stdin' "$work/w6.txt")" = 3125 ] || fail "the saved witness lacks the 100000 bytes of standard input"
expect 3 '' '^$' -- "$tool" run --input "$work/w6.txt" "$work/drain.elf"
rm -f "$work/fifo" && mkfifo "$work/fifo"
"$tool" run "$work/drain.elf" <"$work/fifo" &
tpid=$!
exec 3>"$work/fifo"
head -c 67108864 /dev/zero >&3
# all but a pipe's worth is read; the run waits for the rest
hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$tpid/status")
exec 3>&-
wait "$tpid"
[ "${hwm:-0}" -gt 0 ] && [ "$hwm" -lt 49152 ] || fail "run kept the standard input it read: peak RSS ${hwm:-?} kB after 64 MiB"
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
# explain --pre: nesting is bounded, integers are decimal or 0x and must fit (issue 32)
deep() { printf "%${2}s" '' | tr ' ' "$1"; }
expect 2 '' 'nests deeper than 256 levels' -- "$tool" explain 01 d8 --pre "$(deep - 100000)r0 == 0"
expect 2 '' 'nests deeper than 256 levels' -- "$tool" explain 01 d8 --pre "$(deep '(' 100000)Z"
expect 2 '' 'nests deeper than 256 levels' -- "$tool" explain 01 d8 --pre "$(deep '!' 100000)Z"
expect 2 '' 'nests deeper than 256 levels' -- "$tool" explain 01 d8 --pre "$(printf 'mem32[%.0s' $(seq 300))0"
expect 0 '^  \(\(r0 \+ r3\) == 0\)$' '^$' -- "$tool" explain 01 d8 --pre "$(deep '(' 200)r0 == 0$(deep ')' 200)"
expect 2 '' 'the integer 0x100000000 does not fit in the other operand.s 32 bits' -- "$tool" explain 01 d8 --pre 'r0 == 0x100000000'
expect 2 '' 'the integer is wider than 64 bits' -- "$tool" explain 01 d8 --pre 'r0 == 0x10000000000000000'
expect 2 '' 'the integer is wider than 64 bits' -- "$tool" explain 01 d8 --pre 'r0 == 99999999999999999999'
expect 2 '' 'the integer 0x100 does not fit in the other operand.s 8 bits' -- "$tool" explain 01 d8 --pre 'r0l == 256'
expect 2 '' 'an integer where a condition is expected \(write Z or !Z, true or false\) at column 7' -- "$tool" explain 01 d8 --pre 'Z == 1'
expect 2 '' 'an integer where a condition is expected' -- "$tool" explain 01 d8 --pre 'Z && 1'
expect 0 '== 0xffffffff' '^$' -- "$tool" explain 01 d8 --pre 'r0 == -1'
expect 0 '== 0xffffffff' '^$' -- "$tool" explain 01 d8 --pre 'r0 == ~0'
expect 2 '' 'does not fit' -- "$tool" explain 01 d8 --pre 'r0 == -0x80000001'
expect 0 '== 0xa\)' '^$' -- "$tool" explain 01 d8 --pre 'r0 == 010'
expect 2 '' 'bad digit in an integer at column 9' -- "$tool" explain 01 d8 --pre 'r0 == 12ab'
expect 2 '' 'expected hex digits after 0x' -- "$tool" explain 01 d8 --pre 'r0 == 0x'
expect 0 '^  \(\(r0 \+ r3\) == 0\)$' '^$' -- "$tool" explain 01 d8 --pre '!!Z'
expect 0 '^  !\(\(r0 \+ r3\) == 0\)$' '^$' -- "$tool" explain 01 d8 --pre '!!!Z'
expect 2 '' 'unknown name' -- "$tool" explain 01 d8 --pre 'mem8xyz[0] == 0'
expect 2 '' 'unknown name' -- "$tool" explain 01 d8 --pre 'mem12[0] == 0'
expect 2 '' "expected '\[' after a memN" -- "$tool" explain 01 d8 --pre 'mem8 == 0'
# explain: values wider than their register or the address space are refused
expect 2 '' '--state: r0=0x100000000 does not fit in the 32-bit register' -- "$tool" explain 01 d8 --state r0=0x100000000
expect 2 '' '--state: Z=2 does not fit in the 1-bit register' -- "$tool" explain 01 d8 --state Z=2
expect 2 '' '--addr 0x100000000 is outside the address space' -- "$tool" explain 01 d8 --addr 0x100000000
expect 2 '' "--mem '0x100000000=01': expected ADDR=HEXBYTES, all in the address space" -- "$tool" explain 01 d8 --mem 0x100000000=01
expect 2 '' "--mem '0xffffffff=0102'" -- "$tool" explain 01 d8 --mem 0xffffffff=0102
expect 2 '' '--mem given more than 16 times' -- "$tool" explain 01 d8 $(for i in $(seq 17); do echo --mem $i=00; done)
expect 2 '' '--state given twice' -- "$tool" explain 01 d8 --state r0=1 --state r3=1
expect 0 'usage: mcveto-toy explain HEX.*--mem ADDR=HEX' '^$' -- "$tool" explain --help
# bad input: one line naming the file and the problem, status 2
expect 2 '' 'nosuch.elf: .*No such file' -- "$tool" run "$work/nosuch.elf"
printf 'hello\n' >"$work/text.elf"
expect 2 '' 'text.elf: .*not an ELF' -- "$tool" run "$work/text.elf"
head -c 30 "$work/hello.elf" >"$work/trunc.elf"
expect 2 '' 'trunc.elf: ' -- "$tool" run "$work/trunc.elf"
"$hex2elf" "$toy/hello.hex" "$work/x86.elf" 3
expect 2 '' 'x86.elf: .*machine' -- "$tool" run "$work/x86.elf"
# the loader looks at the header before reading a large file, and refuses files over 256 MiB
rm -f "$work/big.elf" && truncate -s 1G "$work/big.elf"
expect 2 '' 'big.elf: not an ELF file \(it starts with bytes 00 00 00 00' -- timeout 10 "$tool" disasm "$work/big.elf"
head -c 64 "$work/hello.elf" >"$work/big.elf" && truncate -s 300M "$work/big.elf"
expect 2 '' 'big.elf: the file has 314572800 bytes; the most el_load reads is 268435456' -- timeout 10 "$tool" run "$work/big.elf"
rm -f "$work/big.elf"
expect 2 '' 'unknown option' -- "$tool" run --frobnicate "$work/hello.elf"
expect 2 '' 'unknown subcommand' -- "$tool" frobnicate
expect 0 'usage: mcveto-toy run' '^$' -- "$tool" run --help
expect 0 'usage: mcveto-toy explain' '^$' -- "$tool" explain --help
expect 0 'usage: mcveto-toy disasm' '^$' -- "$tool" disasm --help
expect 0 'Exit status: 0 listed, 2 usage or file error' '^$' -- "$tool" disasm --help
expect 0 'a run that reads over 16 MiB of standard input is not saved' '^$' -- "$tool" run --help
expect 0 'Exit status: 0 explained, 2 usage error' '^$' -- "$tool" explain --help

[ "$fails" = 0 ] && echo "cli: all checks passed" || echo "cli: $fails check(s) failed"
[ "$fails" = 0 ]
