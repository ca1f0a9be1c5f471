#!/usr/bin/env bash
# determinism.sh ISAGEN SOURCE_ROOT SPEC NAME
# Runs isagen twice on SPEC (a path relative to SOURCE_ROOT, run from there,
# as the build does) into two fresh directories and requires byte-identical
# output: the same set of files and every file equal (cmp).
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 ISAGEN SOURCE_ROOT SPEC NAME" >&2
  exit 2
fi
isagen=$1 root=$2 spec=$3 name=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/a" "$tmp/b"
cd "$root"
"$isagen" -o "$tmp/a" -n "$name" "$spec"
"$isagen" -o "$tmp/b" -n "$name" "$spec"
(cd "$tmp/a" && find . -type f | LC_ALL=C sort) >"$tmp/list.a"
(cd "$tmp/b" && find . -type f | LC_ALL=C sort) >"$tmp/list.b"
if ! cmp -s "$tmp/list.a" "$tmp/list.b"; then
  echo "determinism: the two runs wrote different sets of files:" >&2
  diff "$tmp/list.a" "$tmp/list.b" >&2 || true
  exit 1
fi
if [ ! -s "$tmp/list.a" ]; then
  echo "determinism: isagen wrote no files" >&2
  exit 1
fi
status=0
while IFS= read -r f; do
  if ! cmp "$tmp/a/$f" "$tmp/b/$f"; then
    status=1
  fi
done <"$tmp/list.a"
if [ $status -eq 0 ]; then
  echo "determinism: $(wc -l <"$tmp/list.a") files identical across two runs"
fi
exit $status
