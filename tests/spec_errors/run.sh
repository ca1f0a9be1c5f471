#!/usr/bin/env bash
# run.sh ISAGEN SPEC [ARG...] — one negative test of the spec checker.
#
# Runs `ISAGEN --check` on SPEC from inside SPEC's directory (so diagnostics
# name the file without a directory), then
#   * compares stderr with SPEC's .expected file exactly (diff -u on mismatch);
#   * checks the exit status: 1 if the .expected file contains "error:",
#     else 0 (warnings only).
#
# isagen's arguments (the spec's file name is always appended):
#   * ARG... if given on the command line;
#   * else the contents of NAME.args next to NAME.spec, if it exists (split on
#     whitespace), e.g. `--check --Werror -n spec_errors`;
#   * else `--check -n spec_errors`.  The -n keeps isagen from deriving a C
#     prefix from the file name: names like 001_x.spec are not C identifiers,
#     and isagen (as of this writing) rejects them with exit status 2 even
#     under --check; the ctest test spec_errors.XFAIL_check_needs_no_c_name
#     runs without -n to track that.
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 ISAGEN SPEC [ARG...]" >&2
  exit 2
fi
isagen=$1
spec=$2
shift 2
case $isagen in
  /*) ;;
  *) isagen=$PWD/$isagen ;;
esac
dir=$(dirname -- "$spec")
base=$(basename -- "$spec")
name=${base%.spec}
cd -- "$dir" || exit 2

expected=$name.expected
if [ ! -f "$expected" ]; then
  echo "FAIL $name: $expected is missing" >&2
  exit 1
fi
if [ $# -gt 0 ]; then
  args=("$@")
elif [ -f "$name.args" ]; then
  read -r -a args < "$name.args"
else
  args=(--check -n spec_errors)
fi

actual=$(mktemp "${TMPDIR:-/tmp}/spec_errors.$name.XXXXXX") || exit 2
trap 'rm -f -- "$actual"' EXIT

"$isagen" "${args[@]}" "$base" 2> "$actual"
status=$?

want=0
if grep -q 'error:' "$expected"; then want=1; fi

fail=0
if ! diff -u --label "$expected" --label "stderr of isagen ${args[*]} $base" "$expected" "$actual"; then
  echo "FAIL $name: diagnostics differ from $expected" >&2
  fail=1
fi
if [ "$status" -ne "$want" ]; then
  echo "FAIL $name: exit status $status, expected $want" >&2
  fail=1
fi
if [ $fail -eq 0 ]; then echo "ok $name"; fi
exit $fail
