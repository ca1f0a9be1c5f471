# shellcheck shell=bash
# build_key.sh — sourced by tests/corpus/corpus_lib.sh (corpus_key) and
# tests/verify/verify_lib.sh (vl_build's cache).
#
# build_key EXTRA CC ARGS...: prints a fingerprint (cksum) of what a build by
# mcveto-cc depends on: the compiler command `CC ARGS... --print-cmd -o prog`
# prints, every file that command names, the headers of its -I directories,
# and the file EXTRA when it exists ('' for none).  Status 1 when CC cannot
# print its command.
build_key() {
    local extra=$1 cmd tok files=()
    shift
    cmd=$("$@" --print-cmd -o prog 2>/dev/null) || return 1
    for tok in $cmd; do
        case $tok in
            -I?*) tok=${tok#-I} ;;
            -*) continue ;;
        esac
        if [ -d "$tok" ]; then
            files+=("$tok"/*.h)
        elif [ -f "$tok" ]; then
            files+=("$tok")
        fi
    done
    [ -n "$extra" ] && [ -f "$extra" ] && files+=("$extra")
    { printf '%s\n' "$cmd"; cat "${files[@]}"; } | cksum
}
