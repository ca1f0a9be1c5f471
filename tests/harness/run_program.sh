#!/usr/bin/env bash
# run_program.sh — build one harness test program with mcveto-cc and check
# it under qemu-user.
#
#   run_program.sh MCVETO_CC PROGRAMS_DIR PROG ISA OPT WORK_DIR
#
#   ISA   x86 | ppc          OPT   O0 | O1 | O2 | O3 | Os
#
# Expected results, looked up as PROG.ISA.EXT first, then PROG.EXT:
#   .in      standard input (default: empty)
#   .args    arguments, one line, split on blanks (default: none)
#   .out     expected standard output (default: empty)
#   .err     expected standard error (default: empty)
#   .status  expected exit status (default: 0)
#
# Checks, in order:
#   1. mcveto-cc builds PROGRAMS_DIR/PROG.c;
#   2. the disassembly has exactly one system-call instruction (int $0x80 /
#      sc), inside mcveto_syscall, and no floating-point, MMX or SSE
#      instruction;
#   3. qemu-i386 / qemu-ppc gives the expected status, stdout and stderr;
#   4. a second run under qemu -strace makes only the system calls the
#      harness documents: exit, exit_group, read, write, brk.
# Exit status: 0 pass, 1 fail, 77 skipped (a cross tool or qemu missing).

set -u

if [ $# -ne 6 ]; then
    echo "usage: $0 MCVETO_CC PROGRAMS_DIR PROG ISA OPT WORK_DIR" >&2
    exit 2
fi
cc=$1 pdir=$2 prog=$3 isa=$4 opt=$5 work=$6

case $isa in
    x86) qemu=qemu-i386 objdump=i686-linux-gnu-objdump gcc=${MCVETO_X86_CC:-i686-linux-gnu-gcc} ;;
    ppc) qemu=qemu-ppc objdump=powerpc-linux-gnu-objdump gcc=${MCVETO_PPC_CC:-powerpc-linux-gnu-gcc} ;;
    *) echo "unknown isa '$isa'" >&2; exit 2 ;;
esac
for tool in "$qemu" "$objdump" "$gcc"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is not installed (scripts/setup.sh installs it)"
        exit 77
    fi
done

fail() {
    echo "FAIL: $prog ($isa -$opt): $*" >&2
    exit 1
}

# The per-ISA file if there is one, else the common one, else nothing.
expect_file() {
    if [ -f "$pdir/$prog.$isa.$1" ]; then
        echo "$pdir/$prog.$isa.$1"
    elif [ -f "$pdir/$prog.$1" ]; then
        echo "$pdir/$prog.$1"
    fi
}

mkdir -p "$work" || fail "cannot create $work"
base=$work/$prog.$isa.$opt
bin=$base.elf
rm -f "$bin" "$base".*

# 1. Build.
"$cc" --isa "$isa" "-$opt" "$pdir/$prog.c" -o "$bin" || fail "mcveto-cc failed"

# 2. The disassembly.
"$objdump" -d --no-show-raw-insn "$bin" >"$base.dis" || fail "$objdump failed"
awk -v isa="$isa" '
    /^[0-9a-f]+ <.*>:$/ { fn = $2; next }
    /^ *[0-9a-f]+:\t/ {
        split($0, f, "\t")
        insn = f[2]; sub(/^ +/, "", insn)
        split(insn, w, /[ \t]+/); m = w[1]
        if (isa == "x86") {
            if (m == "int" && insn ~ /\$0x80/) { n++; where = where " " fn }
            if (m ~ /^f/ || insn ~ /%x?mm[0-9]/) { print "floating-point/SIMD instruction in " fn ": " insn; bad = 1 }
        } else {
            if (m == "sc") { n++; where = where " " fn }
            if (m ~ /^(f|lf|stf|mffs|mtfs)/) { print "floating-point instruction in " fn ": " insn; bad = 1 }
        }
    }
    END {
        if (n != 1 || where != " <mcveto_syscall>:") {
            print "expected one system-call instruction, in mcveto_syscall; found " n + 0 " in:" where
            bad = 1
        }
        exit bad
    }' "$base.dis" >"$base.discheck" || fail "disassembly check: $(cat "$base.discheck")"

# 3. Run under qemu and compare.
in=$(expect_file in)
[ -n "$in" ] || in=/dev/null
args=()
argsfile=$(expect_file args)
[ -z "$argsfile" ] || read -r -a args <"$argsfile"
"$qemu" "$bin" "${args[@]}" <"$in" >"$base.stdout" 2>"$base.stderr"
status=$?

want_status=0
sf=$(expect_file status)
[ -z "$sf" ] || want_status=$(tr -d ' \n' <"$sf")
ok=1
if [ "$status" != "$want_status" ]; then
    echo "exit status $status, expected $want_status" >&2
    ok=0
fi
for stream in out err; do
    got=$base.std$stream
    want=$(expect_file "$stream")
    [ -n "$want" ] || want=/dev/null
    if ! cmp -s "$want" "$got"; then
        echo "std$stream differs from ${want##*/} (expected <, got >):" >&2
        diff "$want" "$got" | head -40 >&2
        ok=0
    fi
done
[ "$ok" = 1 ] || fail "output or status differs from the expected files"

# 4. The system calls actually made.
"$qemu" -strace -D "$base.strace" "$bin" "${args[@]}" <"$in" >/dev/null 2>&1
others=$(awk '/^[0-9]+ [a-z_0-9]+\(/ { c = $2; sub(/\(.*/, "", c); print c }' "$base.strace" |
    grep -Ev '^(exit|exit_group|read|write|brk)$' | sort -u | tr '\n' ' ')
[ -z "$others" ] || fail "system calls outside exit, exit_group, read, write, brk: $others"
grep -q 'exit' "$base.strace" || fail "no exit system call in the strace log"

echo "PASS: $prog ($isa -$opt)"
exit 0
