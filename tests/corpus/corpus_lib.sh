# shellcheck shell=bash
# corpus_lib.sh — shared by run_corpus.sh and check_portable.sh (sourced).
#
# corpus_src PROG          the C file of PROG (a name in this directory or a path)
# corpus_name PROG         PROG's name (basename without .c)
# corpus_inputs SRC DIR    writes DIR/<n>.in (n = 1, 2, ...) from SRC's .inputs
#                          file, DIR/<n>.label the input as written there;
#                          prints the count.  No .inputs file: one empty input.
# corpus_tools ISA         sets qemu and xcc for ISA (x86, ppc or rv32); status 1 if
#                          the ISA is unknown
# corpus_key CC ISA OPT SRC
#                          prints a fingerprint of what a build of SRC and its
#                          qemu runs depend on: the compiler command, every
#                          file it names, the headers of its -I directories,
#                          the .inputs file.  run_corpus.sh leaves it beside
#                          a complete set of qemu results (qemu.key), and
#                          check_portable.sh reuses those results only when
#                          its own key is the same.
# corpus_reusable DIR CC ISA OPT SRC
#                          true if DIR (a run_corpus.sh build directory) holds
#                          prog and a qemu.key equal to corpus_key's now
#
# The .inputs format (README.md): one input per line, as printf's %b
# escapes (\xHH, \n, \t, \\, \0NNN); an empty line is the empty input;
# lines starting with '#' are comments; a line cannot end in a newline
# character of its own, write \n for it.

corpus_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../support/build_key.sh
. "$corpus_dir/../support/build_key.sh"

corpus_src() {
    case $1 in
        *.c) printf '%s\n' "$1" ;;
        *) printf '%s\n' "$corpus_dir/$1.c" ;;
    esac
}

corpus_name() {
    local b=${1##*/}
    printf '%s\n' "${b%.c}"
}

corpus_inputs() {
    local dir=$2 file=${1%.c}.inputs n=0 line
    mkdir -p "$dir" || return 1
    rm -f "$dir"/*.in "$dir"/*.label
    if [ ! -f "$file" ]; then
        : >"$dir/1.in"
        printf '(no input)\n' >"$dir/1.label"
        echo 1
        return 0
    fi
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in '#'*) continue ;; esac
        n=$((n + 1))
        printf '%b' "$line" >"$dir/$n.in"
        if [ -z "$line" ]; then
            printf '(empty)\n' >"$dir/$n.label"
        elif [ ${#line} -gt 48 ]; then
            printf "'%s...'\n" "${line:0:45}" >"$dir/$n.label"
        else
            printf "'%s'\n" "$line" >"$dir/$n.label"
        fi
    done <"$file"
    echo "$n"
}

corpus_tools() {
    case $1 in
        x86) qemu=qemu-i386 xcc=${MCVETO_X86_CC:-i686-linux-gnu-gcc} ;;
        ppc) qemu=qemu-ppc xcc=${MCVETO_PPC_CC:-powerpc-linux-gnu-gcc} ;;
        rv32) qemu=qemu-riscv32 xcc=${MCVETO_RV32_CC:-riscv64-linux-gnu-gcc-12} ;;
        *) return 1 ;;
    esac
}

# corpus_have_tools ISA: 0 if qemu and the cross compiler for ISA exist,
# else prints a SKIP line and returns 1.
corpus_have_tools() {
    corpus_tools "$1" || return 1
    local t
    for t in "$qemu" "$xcc"; do
        if ! command -v "$t" >/dev/null 2>&1; then
            echo "SKIP: $t is not installed"
            return 1
        fi
    done
}

corpus_key() {
    build_key "${4%.c}.inputs" "$1" --isa "$2" "-$3" -Wall -Wextra -I "$corpus_dir" "$4"
}

corpus_reusable() {
    [ -f "$1/qemu.key" ] && [ -f "$1/prog" ] && [ "$(cat "$1/qemu.key")" = "$(corpus_key "$2" "$3" "$4" "$5")" ]
}
