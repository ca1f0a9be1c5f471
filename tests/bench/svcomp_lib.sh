# shellcheck shell=bash
# svcomp_lib.sh — shared by svcomp_split.sh and bench_svcomp.sh (sourced,
# not run): the SV-COMP tasks of a benchmark directory, read from their
# task-definition files.  Bash, awk and coreutils only.

# sv_tasks DIR: one line per task-definition file DIR/*.yml that lists the
# property unreach-call.prp with an expected verdict, sorted bytewise:
#     TASK <TAB> safe|reachable <TAB> PROGRAM
# TASK is the yml's base name; PROGRAM is the file its input_files names,
# as stored in DIR: the task's directory prefix (the part of TASK up to and
# including "__") followed by the input file's name.  A yml that lists no
# unreach-call verdict, or whose program is not in DIR, is reported on
# standard error and left out.
sv_tasks() {
    local dir=$1 y task prefix line verdict input
    for y in "$dir"/*.yml; do
        [ -f "$y" ] || continue
        task=${y##*/}
        task=${task%.yml}
        line=$(awk '
            /^input_files:/ { v = $0; sub(/^input_files:[[:space:]]*/, "", v); gsub(/[\047"]/, "", v); input = v }
            /property_file:.*unreach-call\.prp/ { inprop = 1; next }
            /property_file:/ { inprop = 0 }
            inprop && /expected_verdict:/ { v = $0; sub(/.*expected_verdict:[[:space:]]*/, "", v); verdict = v; inprop = 0 }
            END { printf "%s\t%s\n", verdict, input }' "$y")
        verdict=${line%%$'\t'*}
        input=${line#*$'\t'}
        case $verdict in
            true) verdict=safe ;;
            false) verdict=reachable ;;
            *) echo "$y: no expected verdict for unreach-call.prp; skipped" >&2; continue ;;
        esac
        prefix=
        [[ $task == *__* ]] && prefix=${task%%__*}__
        if [ -z "$input" ] || [ ! -f "$dir/$prefix$input" ]; then
            echo "$y: program '$prefix$input' not found in $dir; skipped" >&2
            continue
        fi
        printf '%s\t%s\t%s\n' "$task" "$verdict" "$prefix$input"
    done | LC_ALL=C sort
}

# sv_target FILE: the error function the task calls — reach_error, or
# __VERIFIER_error for the older tasks that call only that.
sv_target() {
    if grep -q 'reach_error' "$1"; then
        echo reach_error
    elif grep -q '__VERIFIER_error' "$1"; then
        echo __VERIFIER_error
    else
        echo reach_error
    fi
}
