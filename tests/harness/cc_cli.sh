#!/usr/bin/env bash
# cc_cli.sh — the command line of mcveto-cc: help, usage errors, a missing
# compiler, compile errors and floating point, with their exit statuses
# (0 built, 1 compile/link error, 2 usage, 3 compiler or harness missing).
#
#   cc_cli.sh MCVETO_CC WORK_DIR

set -u
cc=$1 work=$2
case $cc in
    /*) ;;
    */*) cc=$PWD/$cc ;; # relative path: we change directory below
esac
mkdir -p "$work" || exit 1
cd "$work" || exit 1
failures=0

# expect STATUS PATTERN -- COMMAND...: COMMAND exits with STATUS and its
# stderr (or stdout for status 0) matches the extended regex PATTERN.
expect() {
    local want=$1 pattern=$2
    shift 3
    "$@" >out.txt 2>err.txt
    local got=$?
    local text=err.txt
    [ "$want" != 0 ] || text=out.txt
    if [ "$got" != "$want" ] || { [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$text"; }; then
        echo "FAIL: $* -> status $got (expected $want), output:" >&2
        cat out.txt err.txt >&2
        failures=$((failures + 1))
    else
        echo "ok: $*"
    fi
}

printf 'int main(void) { return 0; }\n' >ok.c
printf 'int main(void) { return undeclared; }\n' >bad.c
printf 'double g = 1.5;\nint main(void) { volatile double d = g * 3; return (int)d; }\n' >float.c

expect 0 '^Usage: mcveto-cc' -- "$cc" --help
expect 2 "missing --isa" -- "$cc" ok.c -o ok
expect 2 "unknown instruction set 'arm'" -- "$cc" --isa arm ok.c -o ok
expect 2 "unknown option '-fPIC'" -- "$cc" --isa x86 -fPIC ok.c -o ok
expect 2 "no input file" -- "$cc" --isa x86 -o ok
expect 2 "no such file: 'missing.c'" -- "$cc" --isa x86 missing.c -o ok
expect 2 "not a C file" -- "$cc" --isa x86 ok.o -o ok
expect 2 "only one source file" -- "$cc" --isa ppc ok.c bad.c -o ok
expect 2 "option '-o' needs an argument" -- "$cc" --isa ppc ok.c -o
expect 3 "install gcc-i686-linux-gnu" -- env MCVETO_X86_CC=no-such-gcc "$cc" --isa x86 ok.c -o ok
expect 3 "install gcc-powerpc-linux-gnu" -- env MCVETO_PPC_CC=no-such-gcc "$cc" --isa ppc ok.c -o ok
expect 3 "harness not found" -- env MCVETO_HARNESS_DIR=/nonexistent "$cc" --isa ppc ok.c -o ok
expect 0 "-march=i686 .*-mno-80387.* -O2 -DX=1 -I .*ok.c .*harness.c .*arch/i386.c -o ok -lgcc" -- \
    "$cc" --isa x86 --print-cmd -O2 -DX=1 ok.c -o ok
expect 0 "-msoft-float .*-Os -g .*arch/ppc.c -o ok -lgcc" -- "$cc" --isa=powerpc --print-cmd -Os -g ok.c -o ok

for isa in x86 ppc; do
    case $isa in
        x86) gcc=${MCVETO_X86_CC:-i686-linux-gnu-gcc} ;;
        ppc) gcc=${MCVETO_PPC_CC:-powerpc-linux-gnu-gcc} ;;
    esac
    if ! command -v "$gcc" >/dev/null 2>&1; then
        echo "(skipping the $isa builds: $gcc is not installed)"
        continue
    fi
    expect 0 '' -- "$cc" --isa $isa -O1 ok.c -o ok.$isa
    [ -x ok.$isa ] || { echo "FAIL: no ok.$isa" >&2; failures=$((failures + 1)); }
    expect 1 "undeclared.*|building bad.c for $isa failed" -- "$cc" --isa $isa bad.c -o bad.$isa
    expect 1 "floating-point arithmetic is not supported" -- "$cc" --isa $isa float.c -o float.$isa
done

# -O is the program's level; the harness is always optimised: at -O0 main
# sets up a frame pointer, the harness's nondet_uchar does not.
if command -v i686-linux-gnu-gcc >/dev/null 2>&1 && command -v i686-linux-gnu-objdump >/dev/null 2>&1; then
    printf '#include "mcveto.h"\nint main(void) { return nondet_uchar(); }\n' >nd.c
    expect 0 '' -- "$cc" --isa x86 -O0 nd.c -o nd.x86
    first() { i686-linux-gnu-objdump -d nd.x86 | awk -v f="<$1>:" '$2 == f { getline; print; exit }'; }
    if ! first main | grep -q 'push *%ebp' || first nondet_uchar | grep -q 'push *%ebp'; then
        echo "FAIL: at -O0 the harness is not optimised (main: $(first main); nondet_uchar: $(first nondet_uchar))" >&2
        failures=$((failures + 1))
    else
        echo "ok: -O0 applies to the program, the harness is optimised"
    fi
    # no loop of the harness becomes a library call (gcc 12 made str_len a
    # recursion through strlen, one call per character of every message)
    printf '#include "mcveto.h"\nint main(void) { reach_error(); return 0; }\n' >re.c
    expect 0 '' -- "$cc" --isa x86 -O2 re.c -o re.x86
    calls=$(i686-linux-gnu-objdump -d re.x86 | grep -E 'call +[0-9a-f]+ <(strlen|memcpy|memset|memmove)>')
    if [ -n "$calls" ]; then
        echo "FAIL: the harness calls the memory and string functions from its own loops:" >&2
        echo "$calls" >&2
        failures=$((failures + 1))
    else
        echo "ok: the harness's loops stay loops"
    fi
fi

# The harness-object cache: a build from the cache is byte-identical to one
# from source, the cache directory is the one given, a change of flags is a
# different entry, and a harness warning is shown on a hit as on a miss.
if command -v i686-linux-gnu-gcc >/dev/null 2>&1; then
    rm -rf cache
    printf '#include "mcveto.h"\nint main(void) { return nondet_uchar() == 7; }\n' >c.c
    MCVETO_CC_NO_CACHE=1 "$cc" --isa x86 -O2 c.c -o c.src 2>/dev/null
    MCVETO_CC_CACHE=$PWD/cache "$cc" --isa x86 -O2 c.c -o c.miss 2>/dev/null
    MCVETO_CC_CACHE=$PWD/cache "$cc" --isa x86 -O2 c.c -o c.hit 2>/dev/null
    n1=$(find cache -name '*-harness.o' | wc -l)
    MCVETO_CC_CACHE=$PWD/cache "$cc" --isa x86 -O0 c.c -o c.o0 2>/dev/null
    n2=$(find cache -name '*-harness.o' | wc -l)
    # -I is not in the key, and a mcveto.h there does not reach the harness
    mkdir -p inc && printf '#error "the wrong mcveto.h"\n' >inc/mcveto.h
    printf 'int main(void) { return 3; }\n' >ci.c
    MCVETO_CC_NO_CACHE=1 "$cc" --isa x86 -O2 -I inc ci.c -o ci.src 2>/dev/null
    MCVETO_CC_CACHE=$PWD/cache "$cc" --isa x86 -O2 -I inc ci.c -o ci.hit 2>/dev/null
    n3=$(find cache -name '*-harness.o' | wc -l)
    if ! cmp -s c.src c.miss || ! cmp -s c.src c.hit || ! cmp -s ci.src ci.hit || [ "$n1" != 1 ] || [ "$n2" != 2 ] ||
        [ "$n3" != 2 ]; then
        echo "FAIL: harness cache (identical: $(cmp -s c.src c.miss && echo y)/$(cmp -s c.src c.hit && echo y)/$(cmp -s ci.src ci.hit && echo y); entries $n1, $n2, $n3)" >&2
        failures=$((failures + 1))
    else
        echo "ok: cached harness objects give the same executable"
    fi
    # -Wstack-usage=1 warns about every function, the harness's included
    MCVETO_CC_CACHE=$PWD/cache "$cc" --isa x86 -Wstack-usage=1 c.c -o c.w1 2>w1.txt
    MCVETO_CC_CACHE=$PWD/cache "$cc" --isa x86 -Wstack-usage=1 c.c -o c.w2 2>w2.txt
    if ! grep -q 'harness' w1.txt || ! diff -q w1.txt w2.txt >/dev/null; then
        echo "FAIL: harness warnings differ between a miss and a hit:" >&2
        diff w1.txt w2.txt >&2
        failures=$((failures + 1))
    else
        echo "ok: harness warnings are shown on a cache hit ($(grep -c harness w1.txt) lines)"
    fi
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all checks passed"
