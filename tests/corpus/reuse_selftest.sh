#!/usr/bin/env bash
# reuse_selftest.sh — corpus_reusable (corpus_lib.sh) accepts a build
# directory only while everything its build read is unchanged.
#
#   reuse_selftest.sh MCVETO_CC
#
# On a copy of arith32.c and its .inputs: a directory with prog and the
# current key is reusable; after an edit to the source or to the inputs,
# for another ISA or level, or without prog, it is not.  Exit status: 0
# pass, 1 a wrong answer, 2 usage, 77 MCVETO_CC cannot print its command.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/corpus_lib.sh" || exit 2
cc=${1-}
[ -n "$cc" ] || { echo "usage: $0 MCVETO_CC" >&2; exit 2; }
t=$(mktemp -d "${TMPDIR:-/tmp}/reuse_selftest.XXXXXX") || exit 2
trap 'rm -rf -- "$t"' EXIT
cp "$corpus_dir/arith32.c" "$corpus_dir/arith32.inputs" "$t/" || exit 2
src=$t/arith32.c d=$t/build
mkdir -p "$d" && : >"$d/prog"
corpus_key "$cc" x86 O2 "$src" >"$d/qemu.key" || { echo "SKIP: $cc --print-cmd failed"; exit 77; }
bad=0
expect() { # expect yes|no WHAT ISA OPT
    local got=no
    corpus_reusable "$d" "$cc" "$3" "$4" "$src" && got=yes
    if [ "$got" = "$1" ]; then echo "ok   $2: reusable=$got"
    else echo "FAIL $2: reusable=$got, want $1"; bad=1; fi
}
expect yes "unchanged" x86 O2
expect no "another ISA" ppc O2
expect no "another level" x86 O0
echo '/* edited */' >>"$src"
expect no "source edited" x86 O2
cp "$corpus_dir/arith32.c" "$src"
expect yes "source restored" x86 O2
echo '' >>"$t/arith32.inputs"
expect no "inputs edited" x86 O2
cp "$corpus_dir/arith32.inputs" "$t/"
rm -f "$d/prog"
expect no "no prog" x86 O2
exit $bad
