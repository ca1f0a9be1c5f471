#!/usr/bin/env bash
# svcomp_split.sh — the seeded split of the SV-COMP tasks into a development
# half and an evaluation half (docs/benchmarks.md).  Prints the split as TSV
# on standard output; svcomp_split.tsv next to this script is its output for
# the benchmark directory, made once, before any verifier run:
#
#     tests/bench/svcomp_split.sh --seed 3101 ../shared/bench/svcomp >tests/bench/svcomp_split.tsv
#
# The rule: stratified by expected verdict.  Each task's key is the first
# 16 hex digits of sha256("SEED:TASK") (TASK = the yml's base name); within
# each verdict the tasks are ordered by key, and the first ceil(n/2) form
# the development half, the rest the evaluation half.  Only the seed and
# the task names decide it (no awk or shell random number generator, whose
# sequences differ between implementations), so it is the same on every
# machine.
#
# Usage: svcomp_split.sh --seed N DIR
#        svcomp_split.sh --check SPLIT.tsv DIR   (exit 1 if SPLIT.tsv is not
#                                               what its recorded seed gives,
#                                               77 if DIR does not exist)

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=svcomp_lib.sh
. "$here/svcomp_lib.sh"

usage() {
    echo "usage: svcomp_split.sh --seed N DIR | --check SPLIT.tsv DIR" >&2
    exit 2
}

split() { # SEED DIR
    local seed=$1 dir=$2 task verdict key
    printf '# svcomp_split.tsv: development/evaluation halves of the SV-COMP tasks (docs/benchmarks.md)\n'
    printf '# made by: tests/bench/svcomp_split.sh --seed %s DIR/svcomp\n' "$seed"
    printf '# seed: %s\n' "$seed"
    printf '# rule: per expected verdict, tasks ordered by sha256("SEED:TASK") (first 16 hex digits); first ceil(n/2) -> dev, rest -> eval\n'
    printf 'task\texpected\thalf\n'
    sv_tasks "$dir" | while IFS=$'\t' read -r task verdict _; do
        key=$(printf '%s:%s' "$seed" "$task" | sha256sum | cut -c1-16)
        printf '%s\t%s\t%s\n' "$verdict" "$key" "$task"
    done | LC_ALL=C sort -k1,1 -k2,2 | awk -F'\t' '
        { v[NR] = $1; t[NR] = $3; n[$1]++ }
        END {
            for (i = 1; i <= NR; i++) {
                seen[v[i]]++
                half = (seen[v[i]] <= int((n[v[i]] + 1) / 2)) ? "dev" : "eval"
                printf "%s\t%s\t%s\n", t[i], v[i], half
            }
        }' | LC_ALL=C sort
}

case ${1:-} in
    --seed)
        [ $# -eq 3 ] || usage
        [[ $2 =~ ^[0-9]+$ ]] || usage
        [ -d "$3" ] || { echo "svcomp_split.sh: no directory $3" >&2; exit 2; }
        split "$2" "$3"
        ;;
    --check)
        [ $# -eq 3 ] || usage
        [ -f "$2" ] || { echo "svcomp_split.sh: no file $2" >&2; exit 2; }
        [ -d "$3" ] || { echo "SKIP: no benchmark directory $3"; exit 77; }
        seed=$(awk -F': ' '/^# seed: / { print $2; exit }' "$2")
        [ -n "$seed" ] || { echo "svcomp_split.sh: $2 records no seed" >&2; exit 1; }
        if diff <(split "$seed" "$3") "$2" >/dev/null; then
            echo "svcomp_split.sh: $2 is the split of seed $seed"
        else
            echo "svcomp_split.sh: $2 differs from the split of seed $seed over $3" >&2
            exit 1
        fi
        ;;
    *) usage ;;
esac
