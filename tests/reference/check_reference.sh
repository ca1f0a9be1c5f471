#!/bin/bash
# check_reference.sh MODE OUT X86_BIN PPC_BIN
#   MODE html:     write the x86 and PowerPC references into OUT/x86 and OUT/ppc
#                  and check them without a browser: every rule has a page,
#                  every link resolves, x86 alu_rm32_i32 and PowerPC add show
#                  their fixed bits, x86 alu_rm32_r32 and alu_rm32_i32 and
#                  PowerPC add and lwz name their spec fields (mod, reg, rm;
#                  rt, ra, …), every page is well-formed (xmllint), and
#                  the symbolic transformer, worked example and Pre of x86
#                  alu_rm32_r32 (add) and PowerPC add are what explain prints.
#   MODE chromium: open OUT/x86/index.html and a rule page in headless
#                  chromium: the DOM after the scripts ran, and screenshots
#                  (OUT/*.png); exit 77 (skipped) when chromium is not installed.
set -u
mode=$1 out=$2 x86=$3 ppc=$4
fail=0
mkdir -p "$out"
bad() { echo "FAIL: $*"; fail=1; }

gen() { # ISA BIN
  rm -rf "$out/$1"
  "$2" reference --out "$out/$1" || { bad "$2 reference --out $out/$1 exited $?"; return 1; }
}

# the fixed bits of the first byte row of PAGE's first form, as 0/1 text
first_fixed() {
  sed -n '/<table class="bits">/,/<\/table>/p' "$1" | grep -m1 'class="fixed"\|class="field\|class="sel\|class="ign' |
    sed 's/<td colspan="\([0-9]*\)"[^>]*>[^<]*<\/td>/{\1}/g; s/<td class="fixed">\([01]\)<\/td>/\1/g; s/<[^>]*>//g'
}

# the field names under the bits of PAGE's first form (the first row of the
# first diagram), one line, each name once per span
first_names() {
  sed -n '/<table class="bits">/,/<\/table>/p' "$1" | grep -m1 '<tr class="fname">' | sed 's/<\/td>/ /g; s/<[^>]*>//g; s/  */ /g'
}
has_names() { # PAGE WHAT NAME... : every NAME is a field of the first diagram
  local p=$1 what=$2 names
  shift 2
  names=" $(first_names "$p") "
  for n in "$@"; do
    case $names in *" $n "*) ;; *) bad "$what: the first diagram names the fields '$names', not $n" ;; esac
  done
}

check_site() { # ISA
  local d=$out/$1
  [ -f "$d/index.html" ] || { bad "$1: no index.html"; return; }
  local n rows pages
  n=$(sed -n 's/.*<p>\([0-9][0-9]*\) rules, .*/\1/p' "$d/index.html")
  rows=$(grep -c '^<tr><td><a href="' "$d/index.html")
  pages=$(ls "$d" | grep -c '\.html$')
  [ -n "$n" ] && [ "$n" -gt 0 ] || bad "$1: index.html does not say how many rules"
  [ "$rows" = "$n" ] || bad "$1: index lists $rows rules, says $n"
  [ "$pages" = $((n + 1)) ] || bad "$1: $pages pages for $n rules (+ index)"
  # every link of every page resolves to a file of the site (no network)
  local links missing=0
  links=$(grep -ho 'href="[^"#]*"' "$d"/*.html | sed 's/href="//; s/"$//' | sort -u)
  for l in $links; do
    case $l in http:* | https:* | //*) bad "$1: external link $l"; continue ;; esac
    [ -f "$d/$l" ] || { bad "$1: link $l does not resolve"; missing=1; }
  done
  grep -l 'src="http\|<link ' "$d"/*.html >/dev/null && bad "$1: a page loads something from outside"
  # well-formed: strict XML, and libxml2's HTML parser without errors (but
  # the HTML5 tags it does not know)
  if command -v xmllint >/dev/null; then
    # one xmllint for all pages (one per page took most of the test's
    # time); its messages name the file
    xmllint --noout "$d"/*.html 2>"$out/xmllint.err" || { bad "$1: pages that are not well-formed:"; head -5 "$out/xmllint.err"; }
    xmllint --html --noout "$d"/*.html 2>&1 | grep -v 'Tag \(details\|summary\) invalid' | grep 'error' >"$out/xmllint.html.err"
    [ -s "$out/xmllint.html.err" ] && { bad "$1: xmllint --html errors:"; head -3 "$out/xmllint.html.err"; }
  else
    local f
    for f in "$d"/*.html; do
      [ "$(grep -c '<tr' "$f")" = "$(grep -c '</tr>' "$f")" ] || bad "$f: unbalanced <tr>"
      grep -q '</html>' "$f" || bad "$f: no </html>"
    done
  fi
  # every rule page has its sections (a rule without an example has no semantics)
  local f
  for f in $( (grep -L '<h2 id="encoding">' "$d"/*.html; grep -L '<h2 id="spec">' "$d"/*.html) | sort -u); do
    case $f in */index.html) continue ;; esac
    bad "$f: missing sections"
  done
}

unhtml() { sed 's/&gt;/>/g; s/&lt;/</g; s/&quot;/"/g; s/&#39;/'"'"'/g; s/&amp;/\&/g'; }
# the <pre class=CLASS> block of PAGE, unescaped, without empty lines
block() { sed -n "/<pre class=\"$2\">/,/<\/pre>/p" "$1" | sed "s/<pre class=\"$2\">//; s/<\/pre>//" | unhtml | sed '/^$/d'; }
# the explain command line the page gives before "prints it", for SECTION (symbolic, concrete, pre)
cmdline() { sed -n "/<h2 id=\"$2\">/,/<pre/p" "$1" | sed -n "s/.*[Aa]s <code>$3 explain \([^<]*\)<\/code> prints it.*/\1/p" | unhtml | head -1; }
same_as_explain() { # PAGE BIN PROG
  local c want got
  c=$(cmdline "$1" symbolic "$3")
  [ -n "$c" ] || { bad "$1: no explain command for the symbolic transformer"; return; }
  # shellcheck disable=SC2086
  want=$("$2" explain $c | sed -n '/^symbolic transformer/,/^$/p' | sed 1d | sed '/^$/d')
  got=$(block "$1" sym)
  [ -n "$want" ] && [ "$want" = "$got" ] || { bad "$1: the symbolic transformer differs from explain $c:"; diff <(echo "$want") <(echo "$got") | head; }
  c=$(cmdline "$1" concrete "$3")
  [ -n "$c" ] || { bad "$1: no explain --state command"; return; }
  # shellcheck disable=SC2086
  want=$("$2" explain $c | sed -n '/^concrete effect/,/^$/p' | sed 1d | sed '/^$/d')
  got=$(block "$1" concrete)
  [ -n "$want" ] && [ "$want" = "$got" ] || { bad "$1: the worked example differs from explain $c:"; diff <(echo "$want") <(echo "$got") | head; }
  c=$(cmdline "$1" pre "$3")
  local phi=${c#*--pre \'}
  phi=${phi%\'}
  c=${c%% --pre*}
  [ -n "$c" ] && [ -n "$phi" ] || { bad "$1: no explain --pre command"; return; }
  # shellcheck disable=SC2086
  want=$("$2" explain $c --pre "$phi" | sed -n '/^Pre(/,$p' | sed '/^$/d')
  got=$(block "$1" pre)
  [ -n "$want" ] && [ "$want" = "$got" ] || { bad "$1: Pre differs from explain $c --pre '$phi':"; diff <(echo "$want") <(echo "$got") | head; }
}

case $mode in
html)
  gen x86 "$x86" && check_site x86
  gen ppc "$ppc" && check_site ppc
  # x86 add r/m32, imm32 is 81 /0, the first operation of the group rule
  # alu_rm32_i32 (table gop on ModRM reg beside rm32L): opcode 0x81 and, in
  # its shortest form, ModRM mod = 11 and reg = 000 are fixed, rm is a field
  p=$out/x86/alu_rm32_i32.html
  [ -f "$p" ] || bad "no page for x86 alu_rm32_i32"
  [ "$(first_fixed "$p" | cut -c1-17)" = '1000000111000{3}{' ] ||
    bad "x86 alu_rm32_i32: the first form shows '$(first_fixed "$p")', not 10000001 11000 and a 3-bit field"
  # add r/m32, r32 is opcode 0x01 (the ALU block 00 ooo 001 with ooo = add):
  # its shortest form, the first drawn, is add reg, reg
  q=$out/x86/alu_rm32_r32.html
  [ "$(first_fixed "$q" | cut -c1-10)" = 0000000111 ] || bad "x86 alu_rm32_r32: the first form shows '$(first_fixed "$q")', not 00000001 11..."
  grep -q 'example <code>add ' "$q" || bad "x86 alu_rm32_r32: the example is not an add"
  # the diagram names the spec's fields: ModRM mod, reg, rm (the free ones also in the bit row)
  has_names "$q" "x86 alu_rm32_r32" mod reg rm
  grep -m1 -q '<td colspan="3" class="field s[0-7]">reg</td><td colspan="3" class="field s[0-7]">rm</td>' "$q" ||
    bad "x86 alu_rm32_r32: the free bits of add reg, reg are not labelled reg and rm"
  has_names "$p" "x86 alu_rm32_i32" opcode mod reg rm imm32
  grep -q '<h2 id="symbolic">' "$p" && grep -q '<h2 id="concrete">' "$p" && grep -q '<h2 id="pre">' "$p" ||
    bad "x86 alu_rm32_i32: no symbolic, concrete or Pre section"
  grep -q 'template <code>{gop} {' "$p" || bad "x86 alu_rm32_i32: no assembly template"
  grep -q 'alu.spec:[0-9]' "$p" || bad "x86 alu_rm32_i32: no spec file and line"
  # PowerPC add: primary opcode 31 = 011111 in the first six bits
  p=$out/ppc/add.html
  [ -f "$p" ] || bad "no page for PowerPC add"
  case $(first_fixed "$p") in 011111*) ;; *) bad "ppc add: first byte shows '$(first_fixed "$p")', not 011111..." ;; esac
  grep -q '<h2 id="pre">' "$p" || bad "ppc add: no Pre section"
  has_names "$p" "ppc add" opcd rt ra rb oe xo9 rc
  has_names "$out/ppc/lwz.html" "ppc lwz" opcd rt ra d
  # a template as written, with the template constant it uses
  grep -qF 'template <code>add{OE_RC} {r[rt]}, {r[ra]}, {r[rb]}</code>' "$p" ||
    bad "ppc add: the assembly template is not shown whole"
  # a template with strings of its own inside {...}, escaped
  grep -qF 'template <code>{bo == 20 &amp;&amp; bi == 0 ? &quot;bctr&quot; : &quot;bcctr {bo}, {bi}&quot;}</code>' "$out/ppc/bcctr_always.html" ||
    bad "ppc bcctr_always: the assembly template is not shown whole, escaped"
  # the pages' symbolic transformer, worked example and Pre are what explain prints
  same_as_explain "$out/x86/alu_rm32_r32.html" "$x86" mcveto-x86
  same_as_explain "$out/ppc/add.html" "$ppc" mcveto-ppc
  ;;
chromium)
  browser=$(command -v chromium || command -v chromium-browser || true)
  if [ -z "$browser" ]; then
    echo "chromium is not installed: skipped"
    exit 77
  fi
  gen x86 "$x86" || exit 1
  prof=$(mktemp -d)
  trap 'rm -rf "$prof"' EXIT
  run() { # URL, extra arguments
    local url=$1
    shift
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
      --disable-component-update --disable-sync --no-first-run --user-data-dir="$prof" "$@" "$url" 2>"$out/chromium.err"
  }
  n=$(sed -n 's/.*<p>\([0-9][0-9]*\) rules, .*/\1/p' "$out/x86/index.html")
  dom=$(run "file://$out/x86/index.html" --dump-dom) || bad "chromium --dump-dom index.html failed"
  [ "$(grep -o '<tr><td><a href=' <<<"$dom" | wc -l)" = "$n" ] || bad "index.html DOM: not $n rule rows"
  # the search box, filled from the address: fewer rows shown
  dom=$(run "file://$out/x86/index.html#q=alu_rm32_i32" --dump-dom) || bad "chromium --dump-dom index.html#q= failed"
  shown=$(sed -n 's/.*<span id="count">\([0-9]*\) of .*/\1/p' <<<"$dom")
  [ -n "$shown" ] && [ "$shown" -ge 1 ] && [ "$shown" -lt "$n" ] || bad "index.html#q=alu_rm32_i32: the filter shows '$shown' of $n rows"
  dom=$(run "file://$out/x86/alu_rm32_i32.html" --dump-dom) || bad "chromium --dump-dom alu_rm32_i32.html failed"
  grep -q 'class="fixed"' <<<"$dom" && grep -q 'id="symbolic"' <<<"$dom" || bad "alu_rm32_i32.html DOM: no bit diagram or symbolic section"
  for p in index alu_rm32_i32; do
    rm -f "$out/$p.png"
    run "file://$out/x86/$p.html" --screenshot="$out/$p.png" --window-size=1200,900 >/dev/null
    [ -s "$out/$p.png" ] || bad "no screenshot $out/$p.png"
  done
  ;;
*)
  echo "usage: check_reference.sh html|chromium OUT X86_BIN PPC_BIN" >&2
  exit 2
  ;;
esac
[ $fail = 0 ] && echo "reference $mode: ok"
exit $fail
