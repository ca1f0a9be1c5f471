#!/usr/bin/env bash
# check_recursion_selftest.sh CC CHECKER — the checker fails on a recursive
# function missing from the list (direct and mutual recursion, static and
# global), passes when they are listed, and fails on a stale line; files are
# named from the source root, layer folder included (runtime/verify/rec.c).
set -euo pipefail
cc=$1 checker=$2
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/runtime/verify" # a layer folder, as in the tree
cat >"$t/runtime/verify/rec.c" <<'C'
static int down(int n) { return n ? down(n - 1) + 1 : 0; }
static int odd(int n);
static int even(int n) { return n == 0 ? 1 : odd(n - 1); }
static int odd(int n) { return n == 0 ? 0 : even(n - 1); }
int loop(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }
int api(int n) { return down(n) + even(n) + loop(n); }
C
mkdir -p "$t/obj"
(cd "$t" && "$cc" -O0 -fcallgraph-info -c runtime/verify/rec.c -o "$t/obj/rec.o")
printf '# none\n' >"$t/empty.txt"
printf 'runtime/verify/rec.c:down  test\nruntime/verify/rec.c:even  test\nruntime/verify/rec.c:odd  test\n' >"$t/all.txt"
printf 'runtime/verify/rec.c:down  test\nruntime/verify/rec.c:even  test\nruntime/verify/rec.c:odd  test\nruntime/verify/rec.c:loop  stale\n' >"$t/stale.txt"
fail() { echo "selftest FAIL: $*"; exit 1; }
out=$(bash "$checker" "$t/obj" "$t/empty.txt") && fail "an empty list passed"
for f in down even odd; do grep -q "runtime/verify/rec.c:$f" <<<"$out" || fail "$f not reported: $out"; done
grep -q "runtime/verify/rec.c:loop\|runtime/verify/rec.c:api" <<<"$out" && fail "a function that does not recurse was reported: $out"
bash "$checker" "$t/obj" "$t/all.txt" >/dev/null || fail "the full list did not pass"
out=$(bash "$checker" "$t/obj" "$t/stale.txt") && fail "a stale line passed"
grep -q "runtime/verify/rec.c:loop" <<<"$out" || fail "the stale line was not named: $out"
# a graph left in a reused build tree by a source since deleted (titled by
# an absolute path that no longer exists) is skipped, recursion and all
mkdir -p "$t/obj2"
printf 'int flat(int n) { return n + 1; }\n' >"$t/runtime/flat.c"
(cd "$t" && "$cc" -O0 -fcallgraph-info -c runtime/flat.c -o "$t/obj2/flat.o")
sed "1s|title: \"[^\"]*\"|title: \"$t/gone/rec.c\"|" "$t/obj/rec.ci" >"$t/obj2/gone.ci"
grep -q "$t/gone/rec.c" "$t/obj2/gone.ci" || fail "the stale graph was not made"
bash "$checker" "$t/obj2" "$t/empty.txt" >/dev/null || fail "a deleted source's graph was not skipped"
echo "selftest PASS"
