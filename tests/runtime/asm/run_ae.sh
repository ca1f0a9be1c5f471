#!/bin/bash
# run_ae.sh — `mcveto-<isa> run` on programs whose _start returns with no
# call pending (MCVETO report Defn. 3 (i)): the exit status must be the
# documented one (docs/cli.md: the program's own, or 139 after a memory
# fault), the same as qemu's when qemu is there, and standard error must name
# the AE violation once: its step (counted from 0), the return's address and
# where it went.
#
# usage: run_ae.sh MCVETO NM QEMU -- ELF STATUS STEP TARGET [ELF STATUS STEP TARGET]...
#   TARGET is a symbol of ELF or an address (0x...).
# Exit: 0 pass, 1 fail, 77 skip (a tool is missing).
set -u
[ $# -ge 8 ] && [ "$4" = "--" ] || { echo "usage: $0 MCVETO NM QEMU -- ELF STATUS STEP TARGET..." >&2; exit 2; }
mcveto=$1 nm=$2 qemu=$3
shift 4
for t in "$mcveto" "$nm"; do
  command -v "$t" >/dev/null || { echo "SKIP: $t not found"; exit 77; }
done
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

addr_of() { # symbol or literal -> 0x... as the runtime prints it (%llx)
  local v=$1
  if [[ $v != 0x* ]]; then
    v=$("$nm" "$elf" | awk -v s="$v" '$3 == s { print $1 }')
    [ -n "$v" ] || { echo "FAIL $elf: no symbol $1" >&2; return 1; }
    v=0x$v
  fi
  printf '0x%x' "$v"
}

while [ $# -ge 4 ]; do
  elf=$1 want=$2 step=$3 target=$4
  shift 4
  name=$(basename "$elf")
  ret=$(addr_of ae_ret) && to=$(addr_of "$target") || { fails=$((fails + 1)); continue; }
  "$mcveto" run "$elf" </dev/null >"$tmp/out" 2>"$tmp/err"
  got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit status $got, expected $want" >&2
    fails=$((fails + 1))
  fi
  if [ -n "$qemu" ] && command -v "$qemu" >/dev/null; then
    { "$qemu" "$elf" </dev/null >/dev/null 2>&1; } 2>/dev/null # (and the shell's note of a signal)
    q=$?
    if [ "$q" != "$want" ]; then
      echo "FAIL $name: qemu's exit status is $q, the test expects $want" >&2
      fails=$((fails + 1))
    fi
  fi
  line="AE violation at step $step: the return at $ret went to $to with no pending call"
  n=$(grep -c "AE violation" "$tmp/err")
  if [ "$n" != 1 ] || ! grep -qF ": $elf: $line" "$tmp/err"; then
    echo "FAIL $name: standard error does not name the AE violation once as \"$line\":" >&2
    sed 's/^/  | /' "$tmp/err" >&2
    fails=$((fails + 1))
  else
    echo "ok $name: status $got; $line"
  fi
done
[ $# -eq 0 ] || { echo "FAIL: arguments left over: $*" >&2; fails=$((fails + 1)); }
[ "$fails" -eq 0 ] || exit 1
exit 0
