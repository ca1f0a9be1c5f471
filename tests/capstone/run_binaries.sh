#!/usr/bin/env bash
# run_binaries.sh — every instruction of the test programs against capstone.
#
#   run_binaries.sh [--reuse DIR] MCVETO_CC ISA CAPO WORK_DIR LEVELS K/N SRC_DIR...
#
# Builds the SRC_DIR/*.c that exist when the test runs (the directories are
# globbed now, not at configure time; of the sorted list, chunk K of N:
# the files whose index i has i mod N = K-1) with `MCVETO_CC --isa ISA` at
# each optimisation level of LEVELS (comma-separated, e.g. O0,O1,O2,Os) into
# WORK_DIR, then runs `CAPO --elf` on all of them:
# each instruction of their executable sections must be decoded by our
# decoder exactly as capstone decodes it (capo_main.c).  A program that does
# not compile is a failure.
# With --reuse DIR (tests/corpus's work directory), a corpus program that
# run_corpus.sh has already built at that level is taken from there when its
# corpus_key still matches (tests/corpus/corpus_lib.sh: the build command, the
# source, its headers): the same program, compiler and level, built once.
# Exit status: 0 pass, 1 failures, 2 usage, 77 skipped (no cross compiler,
# or no programs yet).
set -u
reuse=''
if [ "${1-}" = --reuse ]; then
    reuse=${2-}
    shift 2 || shift $#
fi
if [ $# -lt 7 ]; then
    echo "usage: $0 [--reuse DIR] MCVETO_CC ISA CAPO WORK_DIR LEVELS K/N SRC_DIR..." >&2
    exit 2
fi
cc=$1 isa=$2 capo=$3 work=$4 levels=${5//,/ } chunk=$6
shift 6
case $chunk in
    [1-9]/[1-9]|[1-9]/[1-9][0-9]) k=${chunk%/*} n=${chunk#*/} ;;
    *) echo "$0: bad chunk '$chunk' (K/N)" >&2; exit 2 ;;
esac
if [ "$k" -gt "$n" ]; then
    echo "$0: bad chunk '$chunk' (K > N)" >&2
    exit 2
fi
for opt in $levels; do
    case $opt in
        O0|O1|O2|O3|Os) ;;
        *) echo "$0: unknown level '$opt' (O0 O1 O2 O3 Os)" >&2; exit 2 ;;
    esac
done

case $isa in
    x86) tool=${MCVETO_X86_CC:-i686-linux-gnu-gcc} ;;
    ppc) tool=${MCVETO_PPC_CC:-powerpc-linux-gnu-gcc} ;;
    *) tool= ;;
esac
if [ -n "$tool" ] && ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed"
    exit 77
fi
mkdir -p "$work" || exit 1
rm -f "$work"/*.elf "$work"/*.log

srcs=()
i=0
for dir in "$@"; do
    for f in "$dir"/*.c; do # sorted by the glob
        [ -f "$f" ] || continue
        [ $((i % n)) -eq $((k - 1)) ] && srcs+=("$f")
        i=$((i + 1))
    done
done
if [ ${#srcs[@]} -eq 0 ]; then
    echo "SKIP: no C programs in $*"
    exit 77
fi

# The file names say program and level: prog.O2.elf.
if [ -n "$reuse" ]; then
    . "$(dirname "${BASH_SOURCE[0]}")/../corpus/corpus_lib.sh" || exit 2
fi
jobs=()
reused=0
for src in "${srcs[@]}"; do
    base=$(basename "$src" .c)
    for opt in $levels; do
        d=$reuse/$isa.$opt/$base.$isa.$opt
        if [ -n "$reuse" ] && corpus_reusable "$d" "$cc" "$isa" "$opt" "$src" &&
            cp "$d/prog" "$work/$base.$opt.elf"; then
            reused=$((reused + 1))
            continue
        fi
        jobs+=("$src" "$work/$base.$opt.elf" "-$opt")
    done
done
# the rest compiled in parallel (two jobs: the machine is shared)
[ ${#jobs[@]} -eq 0 ] || printf '%s\0' "${jobs[@]}" |
    xargs -0 -n 3 -P 2 sh -c '"$0" --isa "$1" "$4" "$2" -o "$3" >"$3.log" 2>&1 || echo "$2 $4" >"$3.failed"' \
        "$cc" "$isa"

bad=0
for f in "$work"/*.failed; do
    [ -f "$f" ] || continue
    echo "FAIL: mcveto-cc --isa $isa $(cat "$f") does not compile:"
    head -20 "${f%.failed}.log"
    rm -f "$f"
    bad=1
done

elfs=("$work"/*.elf)
echo "checking ${#elfs[@]} executables (${#srcs[@]} programs, chunk $chunk, x $levels; $reused builds reused from ${reuse:-(none)})"
"$capo" --elf "${elfs[@]}" || bad=1
exit $bad
