#!/usr/bin/env bash
# run_cases.sh — the bad-input catalogue (tests/bad_input/*.cases): every
# tool of the project given input it must refuse, each case with the exact
# exit status and a pattern of the message it must print.
#
#   run_cases.sh OPTIONS --prepare          build the fixtures (once per build)
#   run_cases.sh OPTIONS FILE.cases...      run the cases of FILE.cases
#
# OPTIONS (all required): --x86 MCVETO_X86 --ppc MCVETO_PPC --isagen ISAGEN
#   --cc MCVETO_CC --src SOURCE_ROOT --fix FIXTURE_DIR; optional
#   --timeout S (seconds per case, default 60).
#
# Format of a .cases file: one case per line, four tab-separated fields
#     NAME<TAB>STATUS<TAB>REGEX<TAB>COMMAND
# Lines starting with '#' and blank lines are comments.  COMMAND runs under
# `bash -c` in a fresh empty directory $T (also the working directory), with
# standard input from /dev/null, and these variables exported:
#     X86 PPC      the build's mcveto-x86 and mcveto-ppc
#     ISAGEN       the build's isagen
#     MCVETO_CC    the build's mcveto-cc
#     SRC          the source root
#     FIX          the fixtures (read-only for cases: copy a file before
#                  changing it):
#                  magic32.x86 magic32.ppc  tests/verify/programs/magic32_reach.c
#                  safe_abs.x86 safe_abs.ppc  tests/verify/programs/safe_abs.c
#                      (mcveto-cc -O2, not stripped)
#                  magic32.x86.witness  what `$X86 verify magic32.x86 --target
#                      reach_error --witness FILE` writes
# and these bash functions, for making bad files out of good ones:
#     poke FILE OFFSET XX...   write the bytes XX (two hex digits each) at
#                              OFFSET (decimal or 0x...) into FILE in place
#     le16 V, le32 V, be16 V, be32 V   print V as hex bytes for poke
# A case passes when COMMAND's exit status is STATUS exactly and its standard
# output and standard error together match the extended regular expression
# REGEX (grep -E).  It fails on any other status, when a process of COMMAND
# is killed by a signal, when the output holds a sanitizer report
# (AddressSanitizer, LeakSanitizer, UndefinedBehaviorSanitizer), when it
# changes a fixture, and after the timeout.  grep matches lines, so no
# REGEX matches empty output: a case whose command prints nothing ends with
# `; s=$?; echo "status $s"; exit $s` and matches ^status N$.
#
# A known bug: NAME starting with "XFAIL:" marks a case whose STATUS and
# REGEX are the right behaviour but which fails today (the comment above
# it says why).  A wrong status or message is then reported as XFAIL and
# does not fail the run; a signal, a sanitizer report, a changed fixture or
# a timeout still do, and so does an XPASS (the bug is fixed: remove the
# mark).
#
# Exit status: 0 every case passed; 1 some case failed (or a .cases file is
# malformed); 2 usage error; 77 (skip) a cross compiler or qemu-user is
# missing.  The fixtures are built under a lock (flock), so concurrent runs
# share one build; they are rebuilt when missing or when the verifier, the
# compiler wrapper, the harness or the programs change.

set -u
me=run_cases.sh
usage="usage: $me --x86 P --ppc P --isagen P --cc P --src DIR --fix DIR [--timeout S] (--prepare | FILE.cases...)"
X86='' PPC='' ISAGEN='' MCVETO_CC='' SRC='' FIX='' tmo=60 prepare=0
while [ $# -gt 0 ]; do
    case $1 in
        --x86|--ppc|--isagen|--cc|--src|--fix|--timeout)
            [ $# -ge 2 ] || { echo "$me: option '$1' needs an argument" >&2; exit 2; }
            case $1 in
                --x86) X86=$2 ;; --ppc) PPC=$2 ;; --isagen) ISAGEN=$2 ;; --cc) MCVETO_CC=$2 ;;
                --src) SRC=$2 ;; --fix) FIX=$2 ;; --timeout) tmo=$2 ;;
            esac
            shift 2 ;;
        --prepare) prepare=1; shift ;;
        -h|--help) echo "$usage"; exit 0 ;;
        -*) echo "$me: unknown option '$1'" >&2; echo "$usage" >&2; exit 2 ;;
        *) break ;;
    esac
done
for v in X86 PPC ISAGEN MCVETO_CC SRC FIX; do
    [ -n "${!v}" ] || { echo "$me: missing option for \$$v" >&2; echo "$usage" >&2; exit 2; }
done
[[ $tmo =~ ^[1-9][0-9]*$ ]] || { echo "$me: --timeout needs a whole number of seconds, not '$tmo'" >&2; exit 2; }
[ $prepare = 1 ] || [ $# -gt 0 ] || { echo "$me: no .cases file given" >&2; echo "$usage" >&2; exit 2; }
abspath() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s/%s\n' "$PWD" "$1" ;; esac; }
X86=$(abspath "$X86") PPC=$(abspath "$PPC") ISAGEN=$(abspath "$ISAGEN")
MCVETO_CC=$(abspath "$MCVETO_CC") SRC=$(abspath "$SRC") FIX=$(abspath "$FIX")
for v in X86 PPC ISAGEN MCVETO_CC; do
    [ -x "${!v}" ] || { echo "$me: \$$v: '${!v}' is not an executable file" >&2; exit 2; }
done

# The cases need the cross compilers (fixtures) and qemu-user (mcveto-cc's
# checks and some cases); without them the catalogue is skipped, not failed.
for t in "${MCVETO_X86_CC:-i686-linux-gnu-gcc}" "${MCVETO_PPC_CC:-powerpc-linux-gnu-gcc}" \
         qemu-i386 qemu-ppc timeout flock sha256sum; do
    command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t not found (scripts/setup.sh --tests installs it)"; exit 77; }
done

fixfiles=(magic32.x86 magic32.ppc safe_abs.x86 safe_abs.ppc magic32.x86.witness)

# The inputs of the fixtures: a change to any of them rebuilds them.
fix_key() {
    local hdir
    hdir=$(dirname "$MCVETO_CC")
    cat "$X86" "$MCVETO_CC" "$hdir"/mcveto.h "$hdir"/harness.c "$hdir"/arch/*.c \
        "$SRC"/tests/verify/programs/magic32_reach.c "$SRC"/tests/verify/programs/safe_abs.c \
        2>/dev/null | sha256sum | cut -d' ' -f1
}
# The fixtures' own contents (a case must not change them).
fix_sum() { (cd "$FIX" && cat "${fixfiles[@]}" 2>/dev/null) | sha256sum | cut -d' ' -f1; }

# build_fixtures [force]: under the lock, (re)build $FIX unless it is there
# and up to date; a new set is built beside it and renamed into place.
build_fixtures() {
    local force=${1:-0} key tmp isa p rc
    mkdir -p "$(dirname "$FIX")" || return 1
    exec 9>"$FIX.lock" || return 1
    flock 9
    key=$(fix_key)
    if [ "$force" = 0 ] && [ -f "$FIX/key" ] && [ "$(cat "$FIX/key")" = "$key" ] &&
       [ "$(cat "$FIX/sum" 2>/dev/null)" = "$(fix_sum)" ]; then
        exec 9>&-
        return 0
    fi
    echo "building the fixtures in $FIX"
    tmp=$FIX.new.$$
    rm -rf "$tmp" && mkdir -p "$tmp" || { exec 9>&-; return 1; }
    for isa in x86 ppc; do
        for p in magic32:magic32_reach safe_abs:safe_abs; do
            if ! "$MCVETO_CC" --isa $isa -O2 "$SRC/tests/verify/programs/${p#*:}.c" -o "$tmp/${p%%:*}.$isa"; then
                echo "$me: cannot build the fixture ${p%%:*}.$isa" >&2
                rm -rf "$tmp"; exec 9>&-; return 1
            fi
        done
    done
    "$X86" verify "$tmp/magic32.x86" --target reach_error --witness "$tmp/magic32.x86.witness" >"$tmp/verify.out" 2>&1
    rc=$?
    if [ $rc -ne 10 ] || [ ! -s "$tmp/magic32.x86.witness" ]; then
        echo "$me: verify of the fixture magic32.x86 ended with status $rc (expected 10, reachable) or wrote no witness:" >&2
        cat "$tmp/verify.out" >&2
        rm -rf "$tmp"; exec 9>&-; return 1
    fi
    rm -f "$tmp/verify.out"
    echo "$key" >"$tmp/key"
    rm -rf "$FIX" && mv "$tmp" "$FIX" || { exec 9>&-; return 1; }
    fix_sum >"$FIX/sum"
    exec 9>&-
}

build_fixtures || exit 1
[ $prepare = 1 ] && [ $# -eq 0 ] && exit 0

SLOW=${MCVETO_TEST_SLOWDOWN:-1}
case $SLOW in '' | *[!0-9]* | 0) echo "$me: MCVETO_TEST_SLOWDOWN is a positive integer" >&2; exit 2 ;; esac
export X86 PPC ISAGEN MCVETO_CC SRC FIX SLOW
poke() {
    local f=$1 off=$(($2)) b s=''
    shift 2
    for b in "$@"; do s+="\\x$b"; done
    # shellcheck disable=SC2059 # s is the escapes of the bytes
    printf "$s" | dd of="$f" bs=1 seek="$off" conv=notrunc status=none
}
le16() { printf '%02x %02x\n' $(($1 & 255)) $(($1 >> 8 & 255)); }
be16() { printf '%02x %02x\n' $(($1 >> 8 & 255)) $(($1 & 255)); }
le32() { printf '%02x %02x %02x %02x\n' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) $(($1 >> 24 & 255)); }
be32() { printf '%02x %02x %02x %02x\n' $(($1 >> 24 & 255)) $(($1 >> 16 & 255)) $(($1 >> 8 & 255)) $(($1 & 255)); }
export -f poke le16 be16 le32 be32
scratch=$(mktemp -d "${TMPDIR:-/tmp}/bad_input.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
out=$scratch/out

# What a process killed by a signal makes bash print, and sanitizer reports.
sigre='^(bash: )?(line [0-9]+: )? *[0-9]+ (Segmentation fault|Aborted|Bus error|Illegal instruction|Floating point exception|Trace/breakpoint trap|Killed|Terminated|Bad system call|Alarm clock|CPU time limit exceeded|File size limit exceeded|Quit|Hangup|User defined signal [12])'
sanre='ERROR: (AddressSanitizer|LeakSanitizer)|SUMMARY: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer)|:[0-9]+(:[0-9]+)?: runtime error: '
fixsum=$(fix_sum)
total=0 failed=0 xfailed=0

fail() { # NAME WHY
    failed=$((failed + 1))
    echo "FAIL $1: $2"
    [ -s "$out" ] && head -n 8 "$out" | sed 's/^/    | /'
}

for file in "$@"; do
    [ -f "$file" ] && [ -r "$file" ] || { echo "FAIL $file: cannot read the file"; failed=$((failed + 1)); continue; }
    declare -A seen=()
    lineno=0
    while IFS= read -r line || [ -n "$line" ]; do
        lineno=$((lineno + 1))
        [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
        where="${file##*/}:$lineno"
        IFS=$'\t' read -r name status regex cmd <<<"$line"
        total=$((total + 1))
        : >"$out"
        if [ -z "$name" ] || [ -z "$regex" ] || [ -z "$cmd" ] || ! [[ $status =~ ^[0-9]+$ ]] || [ "$status" -gt 255 ]; then
            fail "$where" "malformed line (expected NAME<TAB>STATUS<TAB>REGEX<TAB>COMMAND, STATUS 0-255)"
            continue
        fi
        status=$((10#$status))
        if [ -n "${seen[$name]+set}" ]; then
            fail "$name" "$where: the name is used before, on line ${seen[$name]}"
            continue
        fi
        seen[$name]=$lineno
        T=$(mktemp -d "$scratch/case.XXXXXX") || exit 1
        export T
        # "exit $?" after COMMAND keeps bash from exec'ing its last command,
        # so that bash itself reports a process killed by a signal.
        (cd "$T" && exec timeout --verbose -k 5 "$tmo" bash -c "$cmd"$'\n''exit $?') </dev/null >"$out" 2>&1
        rc=$?
        rm -rf "$T"
        if [ "$(fix_sum)" != "$fixsum" ]; then
            fail "$name" "the case changed a fixture in \$FIX ($where); rebuilding them"
            build_fixtures 1 >/dev/null || exit 1
            fixsum=$(fix_sum)
        elif grep -q "^timeout: sending signal" "$out"; then
            fail "$name" "timed out after $tmo s ($where)"
        elif grep -Eq "$sigre" "$out"; then
            fail "$name" "a process was killed by a signal (status $rc; $where)"
        elif grep -Eq "$sanre" "$out"; then
            fail "$name" "sanitizer report (status $rc; $where)"
        else
            why=''
            if [ "$rc" != "$status" ]; then
                why="exit status $rc, expected $status ($where)"
            elif ! grep -Eq -- "$regex" "$out"; then
                why="the output does not match /$regex/ ($where)"
            fi
            case $name:$why in
                XFAIL:*:) fail "$name" "XPASS: the case passes now; remove its XFAIL: mark ($where)" ;;
                XFAIL:*) xfailed=$((xfailed + 1)); echo "XFAIL $name: $why" ;;
                *:) echo "PASS $name" ;;
                *) fail "$name" "$why" ;;
            esac
        fi
    done <"$file"
    unset seen
done
echo "bad_input: $total cases in $*: $((total - failed - xfailed)) passed, $failed failed$(
    [ $xfailed -eq 0 ] || echo ", $xfailed known bugs (XFAIL)")"
[ $failed -eq 0 ]
