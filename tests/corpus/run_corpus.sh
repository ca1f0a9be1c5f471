#!/usr/bin/env bash
# run_corpus.sh — whole programs: mcveto-<isa> run against qemu-user.
#
#   run_corpus.sh --isa x86|ppc|rv32 --opt O0|O1|O2|O3|Os --cc MCVETO_CC
#                 --mcveto PATH --work DIR [--timeout SECONDS]
#                 [--max-inputs N] [--expect-fail] PROG...
#
# PROG is a program of this directory by name (crc32) or a path to a .c
# file.  Each is built with `mcveto-cc --isa ISA -OPT` and run, for every
# input of PROG.inputs (see README.md; no file: one empty input), under
# qemu-i386 / qemu-ppc / qemu-riscv32 and under `mcveto-<isa> run` with that standard
# input (only the first N with --max-inputs, which the sanitizer build
# uses: there the emulator is slow, and the plain build runs them all).
# Exit status, standard output and standard error must be the same.
# One line per (program, input): "ok: ..." or "FAIL: ..." with the
# differences; when mcveto stops on an instruction (undecodable, trap,
# fault), the line the cross objdump shows for that address.  Exit
# status: 0 all agree, 1 some differ or do not build, 2 usage error,
# 77 skipped (qemu or the cross compiler missing).
#
# --expect-fail is for the known-bad lists of CMakeLists.txt: every
# program must still disagree on at least one input (exit 0), and a
# program that now agrees everywhere is reported so that it can leave
# the list (exit 1).

set -u
. "$(dirname "${BASH_SOURCE[0]}")/corpus_lib.sh" || exit 2

usage() {
    sed -n '4,6p' "${BASH_SOURCE[0]}" | sed 's/^# *//; 1s/^/usage: /' >&2
    exit 2
}

isa='' opt='' cc='' mx='' work='' tmo=60 expect_fail=0 max_inputs=0
while [ $# -gt 0 ]; do
    case $1 in
        --isa) isa=${2-}; shift ;;
        --opt) opt=${2-}; shift ;;
        --cc) cc=${2-}; shift ;;
        --mcveto) mx=${2-}; shift ;;
        --work) work=${2-}; shift ;;
        --timeout) tmo=${2-}; shift ;;
        --max-inputs) max_inputs=${2-}; shift ;;
        --expect-fail) expect_fail=1 ;;
        -h|--help) usage ;;
        --) shift; break ;;
        -*) echo "run_corpus.sh: unknown option '$1'" >&2; usage ;;
        *) break ;;
    esac
    [ $# -gt 0 ] && shift
done
if [ -z "$isa" ] || [ -z "$opt" ] || [ -z "$cc" ] || [ -z "$mx" ] || [ -z "$work" ]; then usage; fi
[ $# -gt 0 ] || { echo "run_corpus.sh: no programs" >&2; exit 2; }
case $opt in O0|O1|O2|O3|Os) ;; *) echo "run_corpus.sh: bad --opt '$opt'" >&2; exit 2 ;; esac
corpus_tools "$isa" || { echo "run_corpus.sh: unknown ISA '$isa'" >&2; exit 2; }
corpus_have_tools "$isa" || exit 77
[ -x "$mx" ] || { echo "run_corpus.sh: $mx is not an executable" >&2; exit 2; }
mkdir -p "$work" || exit 2

# The cross objdump, to show the instruction where mcveto stopped.
objdump=${xcc%gcc*}objdump # i686-linux-gnu-gcc, riscv64-linux-gnu-gcc-12
command -v "$objdump" >/dev/null 2>&1 || objdump=

# Prints the objdump line for the address in mcveto's stop message.
show_insn() { # mcveto stderr file, program
    local a
    a=$(grep -o ' at 0x[0-9a-f]*' "$1" | head -1 | sed 's/ at 0x//')
    [ -n "$a" ] && [ -n "$objdump" ] || return 0
    "$objdump" -d "$2" | grep -m1 "^ *$a:" | sed 's/^/    instruction: /'
}

# Shows the first lines of a diff (qemu first) under a heading.
show_diff() { # what, qemu file, mcveto file
    echo "    $1 differs (< $qemu, > mcveto):"
    diff "$2" "$3" | head -12 | sed 's/^/      /'
}

bad=0 runs=0 fails=0 now_pass=
for p in "$@"; do
    pfails=$fails
    src=$(corpus_src "$p")
    name=$(corpus_name "$p")
    base=$work/$name.$isa.$opt
    mkdir -p "$base" || exit 2
    rm -f "$base"/*.out "$base"/*.err "$base"/*.status "$base/prog" "$base/qemu.key"
    if [ ! -f "$src" ]; then
        echo "FAIL: $name $isa -$opt: no such program $src"; bad=1; fails=$((fails + 1)); continue
    fi
    if ! "$cc" --isa "$isa" "-$opt" -Wall -Wextra -I "$corpus_dir" "$src" -o "$base/prog" >"$base/cc.log" 2>&1; then
        echo "FAIL: $name $isa -$opt: mcveto-cc failed:"; sed 's/^/    /' "$base/cc.log" | head -20
        bad=1; fails=$((fails + 1)); continue
    fi
    n=$(corpus_inputs "$src" "$base") || { echo "FAIL: $name: bad inputs"; bad=1; fails=$((fails + 1)); continue; }
    all=1
    [ "$max_inputs" -gt 0 ] && [ "$n" -gt "$max_inputs" ] && n=$max_inputs all=0
    for i in $(seq 1 "$n"); do
        runs=$((runs + 1))
        label=$(cat "$base/$i.label")
        timeout "$tmo" "$qemu" "$base/prog" <"$base/$i.in" >"$base/$i.qemu.out" 2>"$base/$i.qemu.err"
        qs=$?
        echo "$qs" >"$base/$i.qemu.status"
        [ "$qs" != 124 ] || all=0
        timeout "$tmo" "$mx" run "$base/prog" <"$base/$i.in" >"$base/$i.mcveto.out" 2>"$base/$i.mcveto.err"
        ms=$?
        what="$name $isa -$opt input #$i $label"
        if [ "$qs" = 124 ]; then
            echo "FAIL: $what: $qemu timed out after ${tmo}s (the program is too slow for the corpus)"
            bad=1; fails=$((fails + 1)); continue
        fi
        ok=1
        if [ "$qs" != "$ms" ]; then
            [ "$ms" = 124 ] && ms="124 (timed out after ${tmo}s)"
            echo "FAIL: $what: exit status $ms, $qemu $qs"
            head -5 "$base/$i.mcveto.err" | sed 's/^/    mcveto stderr: /'
            show_insn "$base/$i.mcveto.err" "$base/prog"
            ok=0
        fi
        if ! cmp -s "$base/$i.qemu.out" "$base/$i.mcveto.out"; then
            [ "$ok" = 0 ] || echo "FAIL: $what: standard output differs"
            show_diff "standard output" "$base/$i.qemu.out" "$base/$i.mcveto.out"
            ok=0
        fi
        if ! cmp -s "$base/$i.qemu.err" "$base/$i.mcveto.err"; then
            [ "$ok" = 0 ] || echo "FAIL: $what: standard error differs"
            show_diff "standard error" "$base/$i.qemu.err" "$base/$i.mcveto.err"
            ok=0
        fi
        if [ "$ok" = 1 ]; then
            echo "ok: $what (status $qs)"
        else
            bad=1; fails=$((fails + 1))
        fi
    done
    [ "$fails" != "$pfails" ] || now_pass="$now_pass $name"
    # every input's qemu result is here: check_portable.sh may reuse them
    if [ "$all" = 1 ] && [ -s "$base/prog" ]; then
        corpus_key "$cc" "$isa" "$opt" "$src" >"$base/qemu.key" || rm -f "$base/qemu.key"
    fi
done
echo "run_corpus: $isa -$opt: $# programs, $runs runs, $fails failed"
if [ "$expect_fail" = 1 ]; then
    if [ -n "$now_pass" ]; then
        echo "known-bad programs that now agree on every input (remove them from the list):$now_pass"
        exit 1
    fi
    echo "every known-bad program still disagrees somewhere"
    exit 0
fi
exit $bad
