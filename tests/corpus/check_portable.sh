#!/usr/bin/env bash
# check_portable.sh — the corpus's own sanity check, with qemu only.
#
#   check_portable.sh --cc MCVETO_CC --work DIR [--opts "O0 O2"] PROG...
#
# Builds each program for x86 and ppc at every level of --opts and runs
# each input under qemu-i386 and qemu-ppc.  All variants must give the
# same exit status, standard output and standard error as x86 at the first
# level: the programs are free of undefined behaviour and of byte-order
# dependence, so the qemu results that run_corpus.sh takes as the oracle
# are the program's meaning, not an accident of one compiler or ISA.  A
# program whose source contains the marker "corpus: isa-dependent output"
# is compared only between levels of the same ISA.  Exit status: 0 all
# agree, 1 some differ, 2 usage error, 77 a qemu or cross compiler missing.

set -u
. "$(dirname "${BASH_SOURCE[0]}")/corpus_lib.sh" || exit 2

cc='' work='' opts="O0 O2" tmo=30
while [ $# -gt 0 ]; do
    case $1 in
        --cc) cc=${2-}; shift 2 ;;
        --work) work=${2-}; shift 2 ;;
        --opts) opts=${2-}; shift 2 ;;
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

bad=0 runs=0
for p in "$@"; do
    src=$(corpus_src "$p")
    name=$(corpus_name "$p")
    dep=0
    grep -q 'corpus: isa-dependent output' "$src" 2>/dev/null && dep=1
    declare -A first=()
    for isa in x86 ppc; do
        corpus_tools "$isa"
        for opt in $opts; do
            d=$work/$name.$isa.$opt
            mkdir -p "$d" && rm -f "$d"/*.out "$d"/*.err "$d"/*.status "$d/prog"
            if ! "$cc" --isa "$isa" "-$opt" -Wall -Wextra -I "$corpus_dir" "$src" -o "$d/prog" >"$d/cc.log" 2>&1; then
                echo "FAIL: $name $isa -$opt: mcveto-cc failed:"; sed 's/^/    /' "$d/cc.log" | head -20
                bad=1; continue
            fi
            if [ -s "$d/cc.log" ]; then
                echo "FAIL: $name $isa -$opt: compiler warnings:"; sed 's/^/    /' "$d/cc.log" | head -20
                bad=1
            fi
            n=$(corpus_inputs "$src" "$d")
            for i in $(seq 1 "$n"); do
                runs=$((runs + 1))
                timeout "$tmo" "$qemu" "$d/prog" <"$d/$i.in" >"$d/$i.out" 2>"$d/$i.err"
                echo $? >"$d/$i.status"
            done
            key=x86
            [ "$dep" = 1 ] && key=$isa
            [ -n "${first[$key]-}" ] || first[$key]=$d
            r=${first[$key]}
            [ "$r" != "$d" ] || continue
            for i in $(seq 1 "$n"); do
                for f in status out err; do
                    if ! cmp -s "$r/$i.$f" "$d/$i.$f"; then
                        echo "FAIL: $name input #$i $(cat "$d/$i.label"): $f of $isa -$opt differs from ${r##*/}:"
                        diff "$r/$i.$f" "$d/$i.$f" | head -10 | sed 's/^/    /'
                        bad=1
                    fi
                done
            done
        done
    done
    unset first
    if [ -f "$work/$name.x86.${opts%% *}/1.status" ]; then
        for i in $(seq 1 "$n"); do
            st=$(cat "$work/$name.x86.${opts%% *}/$i.status")
            [ "$st" != 124 ] || { echo "FAIL: $name input #$i: qemu timed out"; bad=1; }
        done
        echo "checked: $name ($n inputs$([ "$dep" = 1 ] && echo ', isa-dependent output'))"
    fi
done
echo "check_portable: $# programs, $runs qemu runs"
exit $bad
