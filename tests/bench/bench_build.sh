#!/usr/bin/env bash
# bench_build.sh — what the build costs: isagen, generated C, binaries, build times.
#
#   bench_build.sh ISAGEN SRC WORK [JOBS] [GENERATOR]
#
# Prints, for every real spec (SRC/specs/*.spec): isagen's best time of 3
# runs and the size of the C it writes; then copies the sources (without
# .git and build trees) to WORK/src, configures a Release build of the copy
# in WORK/scratch, times the full build (cmake --build -jJOBS, default 2),
# prints the size of each mcveto-<isa> binary, touches one x86 spec file of
# the copy (specs/x86/alu.spec) and times the incremental rebuild.  The copy
# keeps the real tree's timestamps and other build directories untouched.
# Exit status: 0, 1 on any failure.
set -u
if [ $# -lt 3 ]; then
    echo "usage: $0 ISAGEN SRC WORK [JOBS] [GENERATOR]" >&2
    exit 2
fi
isagen=$1 src=$(cd "$2" && pwd) work=$3 jobs=${4:-2} generator=${5:-Ninja}
mkdir -p "$work" || exit 1
work=$(cd "$work" && pwd)
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a - b }'; }

echo "isagen on the real specs (best of 3) and the C it writes"
printf '  %-6s %10s %12s %10s\n' spec "isagen (s)" "C (bytes)" "C (lines)"
for spec in "$src"/specs/*.spec; do
    name=$(basename "$spec" .spec)
    out=$work/gen/$name
    mkdir -p "$out" || exit 1
    best=
    for i in 1 2 3; do
        t0=$(now)
        (cd "$src" && "$isagen" -o "$out" -n "$name" "specs/$name.spec") || { echo "FAIL: isagen $name"; exit 1; }
        t1=$(now)
        best=$(awk -v t="$(secs "$t1" "$t0")" -v c="$best" 'BEGIN { print (c == "" || t < c) ? t : c }')
    done
    bytes=$(cat "$out"/*.c "$out"/*.h | wc -c)
    lines=$(cat "$out"/*.c "$out"/*.h | wc -l)
    printf '  %-6s %10.2f %12d %10d\n' "$name" "$best" "$bytes" "$lines"
done

# a private copy of the sources: touching its spec leaves the real tree alone
rm -rf "$work/src" "$work/scratch"
mkdir -p "$work/src" || exit 1
(cd "$src" && tar cf - --exclude=./.git --exclude='./build*' --exclude="./${work#"$src"/}" .) |
    (cd "$work/src" && tar xf -) || { echo "FAIL: copying the sources"; exit 1; }
cmake -S "$work/src" -B "$work/scratch" -G "$generator" -DCMAKE_BUILD_TYPE=Release >"$work/configure.log" 2>&1 ||
    { echo "FAIL: configure (see $work/configure.log)"; exit 1; }
t0=$(now)
cmake --build "$work/scratch" -j"$jobs" >"$work/full.log" 2>&1 || { echo "FAIL: full build (see $work/full.log)"; exit 1; }
t1=$(now)
full=$(secs "$t1" "$t0")

echo "binaries of the Release build"
printf '  %-14s %12s %10s %10s %12s\n' binary text data bss "file (bytes)"
for b in "$work"/scratch/targets/mcveto-*; do
    [ -x "$b" ] || continue
    read -r text data bss _ < <(size "$b" | tail -1)
    printf '  %-14s %12d %10d %10d %12d\n' "$(basename "$b")" "$text" "$data" "$bss" "$(wc -c <"$b")"
done

touch "$work/src/specs/x86/alu.spec"
t0=$(now)
cmake --build "$work/scratch" -j"$jobs" >"$work/incr.log" 2>&1 || { echo "FAIL: incremental build (see $work/incr.log)"; exit 1; }
t1=$(now)
echo "build times (-j$jobs, $(nproc) cores)"
printf '  %-48s %8s s\n' "full Release build (configure excluded)" "$full"
printf '  %-48s %8s s\n' "rebuild after touching specs/x86/alu.spec" "$(secs "$t1" "$t0")"
