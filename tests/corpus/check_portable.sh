#!/usr/bin/env bash
# check_portable.sh — the corpus's own sanity check, with qemu only.
#
#   check_portable.sh --cc MCVETO_CC --work DIR [--opts "O0 O2"] [--reuse DIR] PROG...
#
# Builds each program for x86 and ppc at every level of --opts and runs
# each input under qemu-i386 and qemu-ppc.  All variants must give the
# same exit status, standard output and standard error as x86 at the first
# level: the programs are free of undefined behaviour and of byte-order
# dependence, so the qemu results that run_corpus.sh takes as the oracle
# are the program's meaning, not an accident of one compiler or ISA.  A
# program whose source contains the marker "corpus: isa-dependent output"
# is compared only between levels of the same ISA.  With --reuse DIR (the
# work directory of run_corpus.sh), a build whose qemu results are already
# in DIR/ISA.OPT/PROG.ISA.OPT with the same corpus_key is not built or run
# again: ctest orders corpus.portable after corpus.<isa>.O2.  Exit status:
# 0 all agree, 1 some differ, 2 usage error, 77 a qemu or cross compiler
# missing.

set -u
. "$(dirname "${BASH_SOURCE[0]}")/corpus_lib.sh" || exit 2

cc='' work='' opts="O0 O2" tmo=30 reuse=''
while [ $# -gt 0 ]; do
    case $1 in
        --cc) cc=${2-}; shift 2 ;;
        --work) work=${2-}; shift 2 ;;
        --opts) opts=${2-}; shift 2 ;;
        --reuse) reuse=${2-}; shift 2 ;;
        --) shift; break ;;
        -*) echo "check_portable.sh: unknown option '$1'" >&2; exit 2 ;;
        *) break ;;
    esac
done
if [ -z "$cc" ] || [ -z "$work" ] || [ $# -eq 0 ]; then
    sed -n '4p' "${BASH_SOURCE[0]}" | sed 's/^# */usage: /' >&2
    exit 2
fi
corpus_have_tools x86 || exit 77
corpus_have_tools ppc || exit 77

# build_and_run DIR: build $src for $isa -$opt into DIR/prog and run every
# input under qemu (DIR/<i>.qemu.{out,err,status}); sets n.  False if the
# build failed (reported).
build_and_run() {
    local d=$1 i
    mkdir -p "$d" && rm -f "$d"/*.out "$d"/*.err "$d"/*.status "$d/prog"
    if ! "$cc" --isa "$isa" "-$opt" -Wall -Wextra -I "$corpus_dir" "$src" -o "$d/prog" >"$d/cc.log" 2>&1; then
        echo "FAIL: $name $isa -$opt: mcveto-cc failed:"; sed 's/^/    /' "$d/cc.log" | head -20
        bad=1
        return 1
    fi
    n=$(corpus_inputs "$src" "$d")
    for i in $(seq 1 "$n"); do
        runs=$((runs + 1))
        timeout "$tmo" "$qemu" "$d/prog" <"$d/$i.in" >"$d/$i.qemu.out" 2>"$d/$i.qemu.err"
        echo $? >"$d/$i.qemu.status"
    done
}

bad=0 runs=0 reused=0
for p in "$@"; do
    src=$(corpus_src "$p")
    name=$(corpus_name "$p")
    dep=0
    grep -q 'corpus: isa-dependent output' "$src" 2>/dev/null && dep=1
    declare -A first=()
    x86dir=
    for isa in x86 ppc; do
        corpus_tools "$isa"
        for opt in $opts; do
            d=$reuse/$isa.$opt/$name.$isa.$opt
            if [ -n "$reuse" ] && corpus_reusable "$d" "$cc" "$isa" "$opt" "$src"; then
                reused=$((reused + 1))
                n=$(find "$d" -maxdepth 1 -name '*.qemu.status' | wc -l)
            else
                d=$work/$name.$isa.$opt
                build_and_run "$d" || continue
            fi
            if [ -s "$d/cc.log" ]; then
                echo "FAIL: $name $isa -$opt: compiler warnings:"; sed 's/^/    /' "$d/cc.log" | head -20
                bad=1
            fi
            [ "$isa" = x86 ] && [ -z "$x86dir" ] && x86dir=$d
            key=x86
            [ "$dep" = 1 ] && key=$isa
            [ -n "${first[$key]-}" ] || first[$key]=$d
            r=${first[$key]}
            [ "$r" != "$d" ] || continue
            for i in $(seq 1 "$n"); do
                for f in status out err; do
                    if ! cmp -s "$r/$i.qemu.$f" "$d/$i.qemu.$f"; then
                        echo "FAIL: $name input #$i $(cat "$d/$i.label"): $f of $isa -$opt differs from ${r##*/}:"
                        diff "$r/$i.qemu.$f" "$d/$i.qemu.$f" | head -10 | sed 's/^/    /'
                        bad=1
                    fi
                done
            done
        done
    done
    unset first
    if [ -n "$x86dir" ] && [ -f "$x86dir/1.qemu.status" ]; then
        for i in $(seq 1 "$n"); do
            st=$(cat "$x86dir/$i.qemu.status")
            [ "$st" != 124 ] || { echo "FAIL: $name input #$i: qemu timed out"; bad=1; }
        done
        echo "checked: $name ($n inputs$([ "$dep" = 1 ] && echo ', isa-dependent output'))"
    fi
done
echo "check_portable: $# programs, $runs qemu runs, $reused builds' results reused from ${reuse:-(none)}"
exit $bad
