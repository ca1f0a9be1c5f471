#!/usr/bin/env bash
# check_ub.sh — the corpus programs are free of undefined behaviour.
#
#   check_ub.sh --work DIR [--cc HOSTCC] PROG...
#
# Builds each program natively with the host compiler (default cc) at -O1
# with -fsanitize=address,undefined, against host/mcveto.h (the harness
# API on libc), and runs it on every input of PROG.inputs.  Any sanitizer
# report fails.  Outputs are not compared (run_corpus.sh and
# check_portable.sh do that on the targets): a program with undefined
# behaviour could make qemu and mcveto agree or differ by accident, so it
# must not be in the corpus.  Exit status: 0 clean, 1 a report or a build
# failure, 2 usage error, 77 the host compiler cannot build with the
# sanitizers.

set -u
. "$(dirname "${BASH_SOURCE[0]}")/corpus_lib.sh" || exit 2

work='' hcc=cc
while [ $# -gt 0 ]; do
    case $1 in
        --work) work=${2-}; shift 2 ;;
        --cc) hcc=${2-}; shift 2 ;;
        --) shift; break ;;
        -*) echo "check_ub.sh: unknown option '$1'" >&2; exit 2 ;;
        *) break ;;
    esac
done
if [ -z "$work" ] || [ $# -eq 0 ]; then
    sed -n '4p' "${BASH_SOURCE[0]}" | sed 's/^# */usage: /' >&2
    exit 2
fi
mkdir -p "$work" || exit 2
flags=(-std=gnu11 -O1 -g -w "-fsanitize=address,undefined" -fno-sanitize-recover=all -I "$corpus_dir/host" -I "$corpus_dir")
echo 'int main(void) { return 0; }' >"$work/probe.c"
if ! "$hcc" "${flags[@]}" "$work/probe.c" -o "$work/probe" >/dev/null 2>&1; then
    echo "SKIP: $hcc cannot build with -fsanitize=address,undefined"
    exit 77
fi
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1

bad=0 runs=0
for p in "$@"; do
    src=$(corpus_src "$p")
    name=$(corpus_name "$p")
    d=$work/$name
    mkdir -p "$d" && rm -f "$d/prog"
    if ! "$hcc" "${flags[@]}" "$src" -o "$d/prog" >"$d/cc.log" 2>&1; then
        echo "FAIL: $name: host build failed:"; sed 's/^/    /' "$d/cc.log" | head -20
        bad=1; continue
    fi
    n=$(corpus_inputs "$src" "$d")
    reports=0
    for i in $(seq 1 "$n"); do
        runs=$((runs + 1))
        # (abort() ends two programs by SIGABRT here; bash would say so)
        { timeout 60 "$d/prog" <"$d/$i.in" >"$d/$i.out" 2>"$d/$i.err"; } 2>/dev/null
        if grep -q 'runtime error\|ERROR: AddressSanitizer' "$d/$i.err"; then
            echo "FAIL: $name input #$i $(cat "$d/$i.label"):"
            grep -m3 'runtime error\|ERROR: AddressSanitizer\|#[0-3] ' "$d/$i.err" | sed 's/^/    /'
            reports=1
        fi
    done
    if [ "$reports" = 0 ]; then
        echo "ok: $name ($n inputs)"
    else
        bad=1
    fi
done
echo "check_ub: $# programs, $runs runs"
exit $bad
