# shellcheck shell=bash
# verify_lib.sh — shared by check_expect.sh, run_verify.sh, bad_input.sh and
# bench_verify.sh (sourced, not run): the header of a corpus program (see
# README.md), the per-ISA tools, building, and witness-stdin to bytes.
#
# Every function that fails prints a message naming the program on stderr
# and returns non-zero; the caller decides whether that is a failure.

# shellcheck source=../support/build_key.sh
. "$(dirname "${BASH_SOURCE[0]}")/../support/build_key.sh"

# The keys a header may have; any other "// word:" line in the header is an
# error (a misspelt key must not be silently ignored).
VL_KEYS="expect isa target target-exit cflags witness-stdin witness-stdin-x86 witness-stdin-ppc witness-stdin-rv32 random-misses unknown-ok fault-stdin endless"

# vl_header FILE: print the header's key lines as "KEY<TAB>VALUE".  The
# header is the leading block of "//" lines; its first line is the
# program's name and description, not a key.  Parsed in bash, once per
# file and shell (VL_HDR): the checkers ask for a dozen keys per program,
# and a sed or awk process per question cost more than building it.
declare -gA VL_HDR=()
vl_load() {
    [ -n "${VL_HDR[$1]+set}" ] && return 0
    local line out='' first=1
    local re='^// ([a-z][a-z0-9-]*):[[:space:]]*(.*[^[:space:]])?[[:space:]]*$'
    while IFS= read -r line || [ -n "$line" ]; do
        [[ $line == //* ]] || break
        [ "$first" = 1 ] && { first=0; continue; }
        [[ $line =~ $re ]] && out+="${BASH_REMATCH[1]}"$'\t'"${BASH_REMATCH[2]}"$'\n'
    done <"$1"
    VL_HDR[$1]=$out
}
vl_header() {
    vl_load "$1"
    printf '%s' "${VL_HDR[$1]}"
}

# vl_get FILE KEY: the value of KEY (empty if absent).
vl_get() {
    vl_load "$1"
    local key val
    while IFS=$'\t' read -r key val; do
        [ "$key" = "$2" ] && { printf '%s\n' "$val"; return 0; }
    done <<<"${VL_HDR[$1]}"
    return 0
}

# vl_count FILE KEY: how many times the header gives KEY.
vl_count() {
    vl_load "$1"
    local key val n=0
    while IFS=$'\t' read -r key val; do
        [ "$key" = "$2" ] && n=$((n + 1))
    done <<<"${VL_HDR[$1]}"
    echo "$n"
}

# vl_name FILE: the program's name (the file name without .c).
vl_name() {
    local b=${1##*/}
    printf '%s\n' "${b%.c}"
}

# vl_target FILE: the target symbol (default reach_error).
vl_target() {
    local t
    t=$(vl_get "$1" target)
    printf '%s\n' "${t:-reach_error}"
}

# vl_target_exit FILE: the exit status that shows the target was reached.
vl_target_exit() {
    local t
    t=$(vl_get "$1" target-exit)
    printf '%s\n' "${t:-99}"
}

# vl_runs_on FILE ISA: true if the program is for ISA (no "isa:" = both).
vl_runs_on() {
    local i
    i=$(vl_get "$1" isa)
    [ -z "$i" ] || [ "$i" = "$2" ]
}

# vl_witness_spec FILE ISA: the witness-stdin of the program for ISA.
vl_witness_spec() {
    local w
    w=$(vl_get "$1" "witness-stdin-$2")
    # rv32 lays out its input as x86 does (32-bit, little-endian)
    [ -n "$w" ] || [ "$2" != rv32 ] || w=$(vl_get "$1" witness-stdin-x86)
    [ -n "$w" ] || w=$(vl_get "$1" witness-stdin)
    printf '%s\n' "$w"
}

# vl_check_header FILE: the header's syntax (README.md, "File format").
vl_check_header() {
    local f=$1 name bad=0 key val n first tok i
    name=$(vl_name "$f")
    IFS= read -r first <"$f"
    vl_load "$f"
    case $first in
        "// $name: "?*) ;;
        *) echo "$f:1: the first line must be '// $name: <what it tests>'" >&2; bad=1 ;;
    esac
    while IFS=$'\t' read -r key val; do
        case " $VL_KEYS " in
            *" $key "*) ;;
            *) echo "$f: unknown header key '$key'" >&2; bad=1; continue ;;
        esac
        n=$(vl_count "$f" "$key")
        [ "$n" -eq 1 ] || { echo "$f: key '$key' given $n times" >&2; bad=1; }
        case $key in
            expect) [[ $val =~ ^(safe|reachable|ae)$ ]] || { echo "$f: expect must be safe, reachable or ae, not '$val'" >&2; bad=1; } ;;
            isa) [[ $val =~ ^(x86|ppc|rv32)$ ]] || { echo "$f: isa must be x86, ppc or rv32, not '$val'" >&2; bad=1; } ;;
            target) [[ $val =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo "$f: target must be a symbol, not '$val'" >&2; bad=1; } ;;
            target-exit) [[ $val =~ ^[0-9]+$ ]] && [ "$val" -ge 1 ] && [ "$val" -le 125 ] ||
                { echo "$f: target-exit must be a status in 1..125, not '$val'" >&2; bad=1; } ;;
            cflags) for tok in $val; do
                        [[ $tok =~ ^-W ]] || { echo "$f: cflags may only hold -W... options (mcveto-cc passes those), not '$tok'" >&2; bad=1; }
                    done ;;
            witness-stdin*|fault-stdin) vl_check_bytes "$f" "$key" "$val" || bad=1 ;;
            random-misses|unknown-ok|endless) [ "$val" = yes ] || { echo "$f: $key takes 'yes', not '$val'" >&2; bad=1; } ;;
        esac
    done < <(vl_header "$f")
    local expect isa
    expect=$(vl_get "$f" expect)
    isa=$(vl_get "$f" isa)
    [ -n "$expect" ] || { echo "$f: no 'expect:' line" >&2; bad=1; }
    if [ "$expect" = safe ]; then
        [[ $'\n'${VL_HDR[$f]} == *$'\n'witness-stdin* ]] &&
            { echo "$f: a safe program has no witness-stdin" >&2; bad=1; }
        [ -z "$(vl_get "$f" random-misses)" ] ||
            { echo "$f: random-misses is for reachable programs" >&2; bad=1; }
    elif [ -n "$expect" ]; then
        [ -z "$(vl_get "$f" endless)" ] ||
            { echo "$f: endless is for safe programs" >&2; bad=1; }
        for i in x86 ppc; do
            [ -z "$isa" ] || [ "$isa" = "$i" ] || continue
            [ -n "$(vl_witness_spec "$f" "$i")" ] ||
                { echo "$f: no witness-stdin (or witness-stdin-$i) for $i" >&2; bad=1; }
        done
        [ -z "$(vl_get "$f" target-exit)" ] ||
            { echo "$f: target-exit is for safe programs (a reachable target must call reach_error)" >&2; bad=1; }
    fi
    [ "$expect" = ae ] && [ -n "$(vl_get "$f" random-misses)" ] &&
        { echo "$f: random-misses is for reachable programs" >&2; bad=1; }
    return $bad
}

# vl_check_bytes FILE KEY VALUE: witness syntax, tokens "hh", "{SYMBOL}",
# each optionally followed by "*N" (repeat N times).
vl_check_bytes() {
    local tok
    [ -n "$3" ] || { echo "$1: $2 is empty" >&2; return 1; }
    for tok in $3; do
        [[ $tok =~ ^([0-9a-fA-F]{2}|\{[A-Za-z_][A-Za-z0-9_]*\})(\*[1-9][0-9]*)?$ ]] ||
            { echo "$1: $2: bad token '$tok' (want hex byte 'hh' or '{SYMBOL}', optionally '*N')" >&2; return 1; }
    done
}

# vl_tools ISA: set QEMU, STRIP, NM for ISA; false if one is missing.
vl_tools() {
    case $1 in
        x86) QEMU=qemu-i386; STRIP=i686-linux-gnu-strip; NM=i686-linux-gnu-nm ;;
        ppc) QEMU=qemu-ppc; STRIP=powerpc-linux-gnu-strip; NM=powerpc-linux-gnu-nm ;;
        rv32) QEMU=qemu-riscv32; STRIP=riscv64-linux-gnu-strip; NM=riscv64-linux-gnu-nm ;;
        *) echo "unknown isa '$1'" >&2; return 2 ;;
    esac
    local t
    for t in "$QEMU" "$STRIP" "$NM"; do
        command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t not found" >&2; return 1; }
    done
}

# vl_build CC ISA LEVEL FILE OUT: build with mcveto-cc, warnings are errors
# (compiler and linker: any output on stderr fails the build).
# VL_BUILD_CACHE=DIR (optional): a build is kept in DIR under a key made of
# the compiler command (mcveto-cc --print-cmd) and the contents of every
# file it names and of the headers of its -I directories, and a later
# vl_build with the same key copies it instead of compiling (ctest's
# verify.expect.* and verify.<isa>.<level>.* build the same programs).
# Only warning-free builds are kept; concurrent builds of one key are safe
# (each writes a file of its own and renames it).
vl_build() {
    local cc=$1 isa=$2 level=$3 f=$4 out=$5 cflags errs key='' cached=''
    cflags=$(vl_get "$f" cflags)
    if [ -n "${VL_BUILD_CACHE:-}" ]; then
        # shellcheck disable=SC2086 # cflags is a list of -W options
        key=$(vl_build_key "$cc" --isa "$isa" "-$level" -Wall -Wextra -Werror $cflags "$f") &&
            cached=$VL_BUILD_CACHE/$(basename "$f" .c).$isa.$level.$key
        if [ -n "$cached" ] && [ -f "$cached" ]; then
            cp "$cached" "$out.tmp$$" && mv -f "$out.tmp$$" "$out" && return 0
        fi
    fi
    # shellcheck disable=SC2086 # cflags is a list of -W options
    errs=$("$cc" --isa "$isa" "-$level" -Wall -Wextra -Werror $cflags "$f" -o "$out" 2>&1)
    local rc=$?
    if [ $rc -ne 0 ] || [ -n "$errs" ]; then
        printf '%s\n' "$errs" >&2
        echo "$f: building for $isa -$level failed (status $rc, or warnings above)" >&2
        return 1
    fi
    if [ -n "$cached" ] && mkdir -p "$VL_BUILD_CACHE" && cp "$out" "$cached.tmp$$"; then
        mv -f "$cached.tmp$$" "$cached"
    fi
    return 0
}

# vl_build_key CC ARGS... SRC: the cache key of a build (see vl_build), or
# false when mcveto-cc cannot print its command.
vl_build_key() {
    local k
    k=$(build_key '' "$@") || return 1
    printf '%s\n' "${k// /-}"
}

# vl_symaddr BIN SYMBOL: the symbol's address as 0x%x (from $NM); false if
# the binary has no such symbol.
vl_symaddr() {
    local a
    a=$("$NM" "$1" | awk -v s="$2" '$3 == s && $2 ~ /^[TtWwDdBbRr]$/ {print $1; exit}')
    [ -n "$a" ] || return 1
    printf '0x%x\n' "$((16#$a))"
}

# vl_bytes ISA BIN SPEC: the bytes of a witness spec as a printf format
# (\xhh...); {SYMBOL} is the symbol's 4-byte address in BIN, in the ISA's
# byte order.
vl_bytes() {
    local isa=$1 bin=$2 tok rep one a out='' i
    for tok in $3; do
        rep=1
        if [[ $tok == *'*'* ]]; then rep=${tok#*\*}; tok=${tok%%\**}; fi
        if [[ $tok == \{*\} ]]; then
            a=$(vl_symaddr "$bin" "${tok:1:${#tok}-2}") ||
                { echo "$bin: no symbol ${tok:1:${#tok}-2} for the witness" >&2; return 1; }
            a=$(printf '%08x' "$a")
            if [ "$isa" = x86 ]; then
                one="\\x${a:6:2}\\x${a:4:2}\\x${a:2:2}\\x${a:0:2}"
            else
                one="\\x${a:0:2}\\x${a:2:2}\\x${a:4:2}\\x${a:6:2}"
            fi
        else
            one="\\x$tok"
        fi
        for ((i = 0; i < rep; i++)); do out+=$one; done
    done
    printf '%s\n' "$out"
}

# vl_qemu BIN FORMAT ERRFILE: run BIN under $QEMU with the bytes of FORMAT
# (printf) on stdin, stderr to ERRFILE; sets VL_STATUS to the exit status
# (124: hung; VL_QEMU_SECONDS, default 20, is the limit).  Called in the checker's own shell, not in $(...), and the
# bytes go through ERRFILE.in, not a pipe: the random-input loops run it
# thousands of times, and each extra fork shows.
vl_qemu() {
    # shellcheck disable=SC2059 # FORMAT is the \xhh string of vl_bytes
    printf "$2" >"$3.in"
    # the braces' 2>/dev/null takes bash's own "Segmentation fault" notice
    { timeout "${VL_QEMU_SECONDS:-20}" "$QEMU" "$1" <"$3.in" >/dev/null 2>"$3"; } 2>/dev/null
    VL_STATUS=$?
}
