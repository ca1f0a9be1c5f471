#!/usr/bin/env bash
# check_report.sh ISA MCVETO MCVETO_CC WORK — `verify --report FILE.html`
# writes one self-contained page: the verdict and its reason, the statistics,
# the abstract graph (inline SVG when Graphviz dot is installed, else a note
# and the DOT text), for a reachable program the witness run's trace up to
# the target with the standard input it read, for a safe one the proof's
# states; nothing is fetched from elsewhere.  A report in a directory that
# does not exist is a usage error (2) before the search, as with --dot.
# When chromium is installed, both pages are also opened in headless
# chromium: the DOM it builds keeps the verdict, the graph and the trace, and
# screenshots (WORK/reach.png, WORK/safe.png) are kept as artefacts.
set -u
isa=$1 mc=$2 cc=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
"$cc" --isa "$isa" -O2 "$here/programs/magic32_reach.c" -o "$work/reach" || exit 77
"$cc" --isa "$isa" -O2 "$here/programs/safe_abs.c" -o "$work/safe" || exit 77

# report PROG VERDICT STATUS: verify PROG with --report PROG.html, which must
# exit STATUS and state VERDICT; sets h to the page
report() {
  "$mc" verify "$work/$1" --target reach_error --quiet --report "$work/$1.html" >/dev/null
  local rc=$?
  [ "$rc" = "$3" ] || fail "$2: verify exited $rc, expected $3"
  h=$work/$1.html
  grep -q '^<!DOCTYPE html>' "$h" || fail "$2: not an HTML page"
  grep -q "<p class=\"verdict\" id=\"verdict\">$2</p>" "$h" || fail "$2: no verdict"
}

report reach reachable 10
grep -q '<h2 id="stats">' "$h" || fail "reachable: no statistics"
if command -v dot >/dev/null; then
  grep -q '<svg' "$h" || fail "reachable: dot is installed, but there is no <svg"
else
  grep -q 'id="nodot"' "$h" && grep -q 'digraph G {' "$h" || fail "reachable: no note and DOT text without dot"
fi
grep -q '<h2 id="trace">Witness run</h2>' "$h" || fail "reachable: no witness trace"
grep -q 'It read 4 bytes of standard input' "$h" || fail "reachable: the trace does not say it read 4 bytes"
# the 4 bytes in the machine's order: the ELF header's EI_DATA (1 little, 2 big)
case $(od -An -tu1 -j5 -N1 "$work/reach" | tr -d ' ') in
1) stdin='ef be ad de' ;;
2) stdin='de ad be ef' ;;
*) fail "reachable: $work/reach has no ELF byte order" ;;
esac
grep -q ">00000000  $stdin" "$h" || fail "reachable: the input bytes are not $stdin"
grep -q 'stopped at 0x' "$h" || fail "reachable: the run does not stop at the target"
grep -Eq '<pre class="trace">0x[0-9a-f]+' "$h" || fail "reachable: the trace has no addresses"
grep -Eqi '(src|href)="(https?:)?//' "$h" && fail "reachable: the page loads something from the network"

report safe safe 0
grep -q '<h2 id="proof">Proof</h2>' "$h" || fail "safe: no proof"
grep -q '<td>accepting</td>' "$h" || fail "safe: the proof lists no accepting state"
grep -q '<h2 id="trace">' "$h" && fail "safe: a witness trace"

"$mc" verify "$work/safe" --target reach_error --quiet --report "$work/no/such/dir/r.html" >/dev/null 2>"$work/err"
rc=$?
[ "$rc" = 2 ] || fail "a report in a missing directory: exit $rc, expected 2"
grep -q "cannot write $work/no/such/dir/r.html" "$work/err" || fail "a report in a missing directory: $(cat "$work/err")"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ]; then
  prof=$(mktemp -d)
  trap 'rm -rf "$prof"' EXIT
  run() { # PAGE, extra arguments
    local page=$1
    shift
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
      --disable-component-update --disable-sync --no-first-run --user-data-dir="$prof" "$@" "file://$page" \
      2>>"$work/chromium.err"
  }
  dom=$(run "$work/reach.html" --dump-dom) || fail "chromium --dump-dom reach.html failed"
  grep -q 'id="verdict">reachable<' <<<"$dom" || fail "chromium: the reachable page's DOM has no verdict"
  grep -q '<pre class="trace">' <<<"$dom" || fail "chromium: the reachable page's DOM has no trace"
  if command -v dot >/dev/null; then
    grep -q '<svg' <<<"$dom" || fail "chromium: the reachable page's DOM has no <svg>"
  fi
  dom=$(run "$work/safe.html" --dump-dom) || fail "chromium --dump-dom safe.html failed"
  grep -q 'id="verdict">safe<' <<<"$dom" && grep -q 'id="proof"' <<<"$dom" || fail "chromium: the safe page's DOM has no verdict or proof"
  for p in reach safe; do
    rm -f "$work/$p.png"
    run "$work/$p.html" --screenshot="$work/$p.png" --window-size=1200,900 >/dev/null || fail "chromium --screenshot $p.html failed"
    [ -s "$work/$p.png" ] || fail "chromium: no screenshot of $p.html"
  done
  echo "ok: both reports in headless chromium (screenshots in $work)"
fi
echo "ok: reachable and safe reports"
