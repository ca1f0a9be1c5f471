#!/usr/bin/env bash
# check_recursion.sh DIR LIST — the recursive functions of the call graphs
# GCC wrote under DIR (*.ci, from -fcallgraph-info) against the reviewed
# list LIST: one line per function, "FILE:FUNCTION  BOUND" (FILE relative
# to the source root, BOUND the reason its depth is small); # comments.
# Fails on a recursive function not on the list (a new one: make it a
# loop, or bound it and add it with its bound) and on a listed one that is
# no longer recursive (a stale line).  Prints what it found either way.
set -euo pipefail
dir=$1 list=$2
mapfile -t all < <(find "$dir" -name '*.ci' | sort)
# a reused build tree keeps the graphs of sources since deleted: skip those
# (titled by their absolute path, which no longer exists)
cis=()
for ci in ${all[@]+"${all[@]}"}; do
  src=$(head -n 1 "$ci" | sed -n 's/^graph: { title: "\(.*\)"$/\1/p')
  case $src in /*) [ -f "$src" ] || continue ;; esac
  cis+=("$ci")
done
if [ ${#cis[@]} -eq 0 ]; then
  echo "check_recursion: no call graphs (*.ci) under $dir" >&2
  exit 1
fi
# A function is on a cycle when it can reach itself.  Nodes defined in a
# file (no "shape : ellipse") are ours; static ones are titled "path:name".
found=$(awk '
  /^node: / {
    if (match($0, /title: "[^"]*"/)) t = substr($0, RSTART + 8, RLENGTH - 9); else next
    if ($0 ~ /shape : ellipse/) next
    if (match($0, /\\n[^"]*"/)) loc = substr($0, RSTART + 2, RLENGTH - 3); else loc = "?"
    def[t] = loc
  }
  /^edge: / {
    match($0, /sourcename: "[^"]*"/); s = substr($0, RSTART + 13, RLENGTH - 14)
    match($0, /targetname: "[^"]*"/); d = substr($0, RSTART + 13, RLENGTH - 14)
    if (!((s, d) in seen)) { seen[s, d] = 1; succ[s] = succ[s] " " d }
  }
  END {
    for (v in def) {
      split("", vis); n = 0; hit = 0
      k = split(succ[v], a, " "); for (i = 1; i <= k; i++) if (a[i] in def && !(a[i] in vis)) { vis[a[i]] = 1; q[++n] = a[i] }
      for (h = 1; h <= n && !hit; h++) {
        u = q[h]; if (u == v) { hit = 1; break }
        k = split(succ[u], a, " "); for (i = 1; i <= k; i++) if (a[i] in def && !(a[i] in vis)) { vis[a[i]] = 1; q[++n] = a[i] }
      }
      if (hit) {
        name = v; sub(/.*:/, "", name)
        file = def[v]; sub(/:[0-9]+:[0-9]+$/, "", file)
        print file ":" name "\t" def[v]
      }
    }
  }' "${cis[@]}" | sort)
# files as the list names them: relative to the source root (runtime/<layer>/…, gen/…)
found=$(printf '%s\n' "$found" | sed -E 's#^[^\t]*/((runtime|gen)/([^/:]+/)?[^/:]+:)#\1#; s#\t[^\t]*/((runtime|gen)/)#\t\1#')
listed=$( { grep -v '^[[:space:]]*#' "$list" || true; } | awk 'NF { print $1 }' | sort -u)
new=$(comm -23 <(printf '%s\n' "$found" | cut -f1 | sort -u) <(printf '%s\n' "$listed"))
stale=$(comm -13 <(printf '%s\n' "$found" | cut -f1 | sort -u) <(printf '%s\n' "$listed"))
echo "recursive functions found: $(printf '%s\n' "$found" | grep -c . || true) (reviewed list: $(printf '%s\n' "$listed" | grep -c . || true))"
rc=0
if [ -n "$new" ]; then
  echo "FAIL: recursive and not on the reviewed list ($list):"
  while read -r f; do printf '  %s  (%s)\n' "$f" "$(printf '%s\n' "$found" | awk -F'\t' -v f="$f" '$1 == f { print $2 }')"; done <<<"$new"
  echo "  A walk over terms, graphs or input must not recurse: use tm_walk_run (runtime/symbolic/terms.h) or a loop with its own stack; if the depth is bounded by construction, add the function to the list with the bound."
  rc=1
fi
if [ -n "$stale" ]; then
  echo "FAIL: on the reviewed list but not recursive (remove the line):"
  printf '  %s\n' $stale
  rc=1
fi
[ $rc -eq 0 ] && echo "PASS: every recursive function is on the reviewed list"
exit $rc
