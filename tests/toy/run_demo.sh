#!/usr/bin/env bash
# run_demo.sh TOYRUN PROGRAM.hex EXPECTED_STDOUT EXPECTED_STATUS
# Runs toyrun on one program and checks its standard output (byte for byte),
# its exit status, and that toyrun checked every step symbolically
# ("N steps, N checked symbolically" on stderr, the same N twice).
set -uo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 TOYRUN PROGRAM.hex EXPECTED_STDOUT EXPECTED_STATUS" >&2
  exit 2
fi
toyrun=$1 prog=$2 expected=$3 want=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$toyrun" "$prog" >"$tmp/out" 2>"$tmp/err"
status=$?
fail=0
if ! cmp -s "$tmp/out" "$expected"; then
  echo "demo: standard output differs from $expected:" >&2
  diff "$expected" "$tmp/out" >&2 || true
  fail=1
fi
if [ "$status" -ne "$want" ]; then
  echo "demo: exit status $status, expected $want" >&2
  fail=1
fi
line=$(tail -n 1 "$tmp/err")
if [[ ! $line =~ ^([0-9]+)\ steps,\ ([0-9]+)\ checked\ symbolically$ ]] ||
   [ "${BASH_REMATCH[1]}" != "${BASH_REMATCH[2]}" ] || [ "${BASH_REMATCH[1]}" -eq 0 ]; then
  echo "demo: expected every step checked symbolically, last stderr line: $line" >&2
  fail=1
fi
if [ $fail -ne 0 ]; then
  echo "--- toyrun stderr ---" >&2
  cat "$tmp/err" >&2
  exit 1
fi
echo "demo: $(basename "$prog"): output and exit status $status as expected; $line"
