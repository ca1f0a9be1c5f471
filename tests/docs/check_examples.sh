#!/usr/bin/env bash
# check_examples.sh ISAGEN [DOC.md ...] — keep the spec examples of the
# documentation honest.
#
# Every fenced block opened by a line that is exactly ```spec (possibly
# indented, e.g. inside a list item) in the given Markdown files is extracted
# and checked with `ISAGEN --check`.  Without DOC arguments the files are
# docs/spec-language.md and docs/tutorial-new-isa.md next to this script.
#
# The first line of a block says how it is checked (spec-language.md, "About
# the examples", states the same convention for readers):
#
#   // prelude          the prelude: a complete spec, checked on its own; the
#                       blocks checked "with the prelude" are appended to it.
#                       Exactly one block of all the files may be the prelude.
#   // fragment         checked appended to the prelude; must be accepted
#                       with no diagnostic at all (no error, no warning).
#   // error            isagen must fail (exit status 1) and print at least
#                       one "error:" line.
#   // error: MESSAGE   the same, and one of the errors must be exactly
#                       MESSAGE (the text after "file:line:col: error: " or
#                       "isagen: error: ").
#   // warning: MESSAGE isagen must succeed (exit status 0), print no error,
#                       and one of the warnings must be exactly MESSAGE.
#   // part of FILE     a piece of a larger spec: its lines (without this
#                       marker) must appear verbatim and contiguously in the
#                       block of the same document whose first line starts
#                       with "// FILE"; that block is checked as a complete
#                       spec.
#   anything else       a complete spec: it must contain an arch declaration
#                       and is checked on its own; it must be accepted with
#                       no diagnostic at all.
#
# "error" and "warning" blocks are checked on their own if they contain an
# arch declaration (a line "arch NAME {"), otherwise appended to the prelude.
# Options in parentheses after the kind change that:
#   // error (no prelude): MESSAGE     never append the prelude
#   // error (--Werror): MESSAGE       run isagen with --Werror as well
# (several options are separated by commas).
#
# Each block is written to a fresh directory as example.spec and checked from
# that directory, so messages name the file "example.spec".  A block may be
# followed by its exact expected output: a line
#   <!-- isagen output of the spec block above -->
# directly before a ```text block; isagen's standard error must then equal
# that block's contents exactly.
#
# A fence such as ```spec-error or ```spec-fragment (a "spec" variant that
# would not be checked) is itself reported as a failure.
#
# Output: one line per failure, "DOC:LINE: what went wrong" (LINE is the line
# of the opening fence), followed by isagen's output indented; then a summary.
# Exit status: 0 if every block behaved as stated, 1 otherwise, 2 on usage
# errors.
set -u

if [ $# -lt 1 ]; then
  echo "usage: $0 ISAGEN [DOC.md ...]" >&2
  exit 2
fi
isagen=$1
shift
case $isagen in
  /*) ;;
  *) isagen=$PWD/$isagen ;;
esac
if [ ! -x "$isagen" ]; then
  echo "$0: $isagen is not an executable" >&2
  exit 2
fi
if [ $# -eq 0 ]; then
  here=$(cd -- "$(dirname -- "$0")" && pwd)
  set -- "$here/../../docs/spec-language.md" "$here/../../docs/tutorial-new-isa.md"
fi
for doc in "$@"; do
  if [ ! -f "$doc" ]; then
    echo "$0: cannot read $doc" >&2
    exit 2
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/check_examples.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT
index=$work/index

# ---- extraction ------------------------------------------------------------
# For block number N: $work/bN.spec (contents, indentation of the fence
# removed), optionally $work/bN.out (expected output), and one index line
#   N <TAB> doc <TAB> fence line <TAB> first line of the block
# Bad fences produce index lines "BAD <TAB> doc <TAB> line <TAB> info".
n=0
for doc in "$@"; do
  n=$(awk -v dir="$work" -v doc="$doc" -v n="$n" -v idx="$index" '
    function strip(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    BEGIN { inblk = 0; pending = 0; last = 0 }
    {
      line = $0
      if (inblk) {
        if (line ~ /^[ \t]*```[ \t]*$/) {
          inblk = 0
          if (kind != "other") close(file)
          if (kind == "spec") printf "%d\t%s\t%d\t%s\n", n, doc, start, first >> idx
          next
        }
        if (kind == "other") next
        # remove the fence indentation (at most that many leading blanks)
        for (i = 0; i < indent && substr(line, 1, 1) == " "; i++) line = substr(line, 2)
        if (kind == "spec" && !got_first) { first = line; got_first = 1 }
        print line > file
        next
      }
      if (line ~ /^[ \t]*```/) {
        match(line, /^[ \t]*/)
        indent = RLENGTH
        info = strip(substr(line, RLENGTH + 4))
        inblk = 1
        start = NR
        if (info == "spec") {
          n++; last = n; kind = "spec"; got_first = 0; first = ""
          file = dir "/b" n ".spec"
          printf "" > file
        } else if (info == "text" && pending) {
          kind = "out"
          file = dir "/b" pending ".out"
          printf "" > file
        } else {
          if (info ~ /^spec/) printf "BAD\t%s\t%d\t%s\n", doc, NR, info >> idx
          kind = "other"
        }
        pending = 0
        next
      }
      if (line ~ /^[ \t]*<!-- isagen output of the spec block above -->[ \t]*$/) { pending = last; next }
      if (strip(line) != "") pending = 0
    }
    END { if (inblk) printf "BAD\t%s\t%d\t%s\n", doc, start, "unterminated fence" >> idx; print n }
  ' "$doc") || exit 2
done
[ -f "$index" ] || : >"$index"

# ---- the prelude -------------------------------------------------------------
prelude=
while IFS=$'\t' read -r num doc line first; do
  [ "$num" = BAD ] && continue
  if [ "$first" = "// prelude" ]; then
    if [ -n "$prelude" ]; then
      echo "$doc:$line: a second prelude block" >&2
      exit 1
    fi
    prelude=$work/b$num.spec
  fi
done <"$index"

# ---- helpers -------------------------------------------------------------------
failures=0
checked=0

fail() { # fail DOC LINE MESSAGE [OUTPUT-FILE]
  echo "$1:$2: $3"
  if [ $# -ge 4 ] && [ -s "$4" ]; then sed 's/^/    | /' "$4"; fi
  failures=$((failures + 1))
}

has_arch() { grep -Eq '^[[:space:]]*arch[[:space:]]+[A-Za-z_][A-Za-z0-9_]*[[:space:]]*\{' "$1"; }

# messages KIND FILE: the messages of KIND (error, warning) printed by isagen,
# one per line, without the "file:line:col: KIND: " or "isagen: KIND: " prefix.
messages() {
  sed -n -E "s/^([^ ]+:[0-9]+:[0-9]+|isagen): $1: //p" "$2"
}

# run_isagen N SPECFILE WITH_PRELUDE WERROR: check SPECFILE as example.spec in
# a fresh directory; sets $out (stderr file) and $status.
run_isagen() {
  local d=$work/run$1
  mkdir -p "$d"
  if [ "$3" = yes ]; then cat "$prelude" "$2" >"$d/example.spec"; else cp "$2" "$d/example.spec"; fi
  out=$d/stderr
  local args=(--check)
  [ "$4" = yes ] && args+=(--Werror)
  (cd "$d" && "$isagen" "${args[@]}" example.spec) >"$d/stdout" 2>"$out"
  status=$?
  cat "$d/stdout" >>"$out"
}

# contained PIECE WHOLE: are PIECE's lines (after its first) a contiguous run
# of WHOLE's lines?
contained() {
  awk 'NR == FNR { if (FNR > 1) p[++np] = $0; next }
       { w[++nw] = $0 }
       END {
         if (np == 0) exit 1
         for (i = 1; i + np - 1 <= nw; i++) {
           for (k = 1; k <= np && w[i + k - 1] == p[k]; k++) ;
           if (k > np) exit 0
         }
         exit 1
       }' "$1" "$2"
}

# ---- checking ------------------------------------------------------------------
while IFS=$'\t' read -r num doc line first; do
  if [ "$num" = BAD ]; then
    fail "$doc" "$line" "fence '$first' is not checked; use \`\`\`spec with a marker line (see tests/docs/check_examples.sh)"
    continue
  fi
  checked=$((checked + 1))
  block=$work/b$num.spec
  kind=complete opts="" want=""
  case $first in
    "// prelude") kind=prelude ;;
    "// fragment") kind=fragment ;;
    "// part of "*) kind=part ;;
    "// error" | "// error:"* | "// error ("* | "// warning:"* | "// warning ("*)
      rest=${first#// }
      kind=${rest%%[ :]*}
      rest=${rest#"$kind"}
      if [ "${rest# }" != "$rest" ] && [ "${rest:1:1}" = "(" ]; then
        opts=${rest#*(}
        opts=${opts%%)*}
        rest=${rest#*)}
      fi
      case $rest in
        ": "*) want=${rest#: } ;;
        "") ;;
        *) fail "$doc" "$line" "malformed marker line: $first"; continue ;;
      esac
      if [ "$kind" = warning ] && [ -z "$want" ]; then
        fail "$doc" "$line" "a warning block must name its warning: // warning: MESSAGE"
        continue
      fi
      ;;
  esac
  [ -n "$prelude" ] || { fail "$doc" "$line" "no '// prelude' block found"; continue; }

  with_prelude=no werror=no
  case $kind in
    prelude | complete)
      if ! has_arch "$block"; then
        fail "$doc" "$line" "no arch declaration: mark the block '// fragment' (checked with the prelude), '// error…' or '// part of FILE'"
        continue
      fi
      ;;
    fragment)
      if has_arch "$block"; then
        fail "$doc" "$line" "a '// fragment' declares an arch; drop the marker to check it as a complete spec"
        continue
      fi
      with_prelude=yes
      ;;
    error | warning)
      has_arch "$block" || with_prelude=yes
      IFS=, read -ra optv <<<"$opts"
      for o in "${optv[@]}"; do
        o=${o# }
        o=${o% }
        case $o in
          "no prelude") with_prelude=no ;;
          --Werror) werror=yes ;;
          *) fail "$doc" "$line" "unknown option '$o' in marker: $first"; continue 2 ;;
        esac
      done
      ;;
    part)
      file=${first#// part of }
      target=
      while IFS=$'\t' read -r num2 doc2 _ first2; do
        [ "$num2" = BAD ] && continue
        [ "$doc2" = "$doc" ] || continue
        case $first2 in
          "// $file" | "// $file "*) target=$work/b$num2.spec; break ;;
        esac
      done <"$index"
      if [ -z "$target" ]; then
        fail "$doc" "$line" "no block of this document starts with '// $file'"
      elif ! contained "$block" "$target"; then
        fail "$doc" "$line" "this piece does not appear verbatim in the block '// $file'"
      fi
      continue
      ;;
  esac

  run_isagen "$num" "$block" "$with_prelude" "$werror"
  errs=$(messages error "$out")
  case $kind in
    prelude | complete | fragment)
      if [ "$status" -ne 0 ] || [ -s "$out" ]; then
        fail "$doc" "$line" "expected to be accepted without diagnostics, got exit status $status" "$out"
        continue
      fi
      ;;
    error)
      if [ "$status" -ne 1 ] || [ -z "$errs" ]; then
        fail "$doc" "$line" "expected an error (exit status 1), got exit status $status" "$out"
        continue
      fi
      if [ -n "$want" ] && ! grep -Fxq -- "$want" <<<"$errs"; then
        fail "$doc" "$line" "expected the error: $want" "$out"
        continue
      fi
      ;;
    warning)
      if [ "$status" -ne 0 ] || [ -n "$errs" ]; then
        fail "$doc" "$line" "expected only warnings (exit status 0), got exit status $status" "$out"
        continue
      fi
      if ! messages warning "$out" | grep -Fxq -- "$want"; then
        fail "$doc" "$line" "expected the warning: $want" "$out"
        continue
      fi
      ;;
  esac
  if [ -f "$work/b$num.out" ] && ! diff -u "$work/b$num.out" "$out" >"$work/diff$num"; then
    fail "$doc" "$line" "isagen's output differs from the text block that follows (- documented, + actual)" "$work/diff$num"
  fi
done <"$index"

echo "checked $checked spec blocks in $*: $failures failure(s)"
[ "$failures" -eq 0 ]
