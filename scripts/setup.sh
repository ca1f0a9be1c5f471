#!/usr/bin/env bash
# Install what mcveto needs on Debian 12 (idempotent).  Run as root.
#   scripts/setup.sh          build dependencies
#   scripts/setup.sh --demo   and what the main job (scripts/demo.sh) needs:
#                             the cross compilers (RISC-V too), qemu-user and jq
#   scripts/setup.sh --tests  and everything the test suite uses (--demo's,
#                             capstone, unicorn, clang, graphviz)
#   --list                    print the packages of the chosen set, one per
#                             line, and install nothing
# Never installs gcc-multilib: it conflicts with the cross compilers.
set -euo pipefail
usage="usage: scripts/setup.sh [--demo | --tests] [--list]"
level=build list=false
for a in "$@"; do
  case "$a" in
    --demo) [ $level = tests ] || level=demo ;;
    --tests) level=tests ;;
    --list) list=true ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "setup: unknown argument '$a' ($usage)" >&2; exit 2 ;;
  esac
done
pkgs=(cmake make ninja-build gcc flex bison libz3-dev libelf-dev)
if [ $level != build ]; then
  # the main job builds the examples with mcveto-cc (the cross compilers,
  # with their binutils), checks witnesses under qemu-user and reads the
  # verifier's JSON with jq
  pkgs+=(gcc-i686-linux-gnu gcc-powerpc-linux-gnu qemu-user jq)
  # RISC-V (rv32): the cross compiler for mcveto-cc --isa rv32, and its
  # binutils (strip; objdump, the decoder's oracle in the tests); qemu-user
  # has qemu-riscv32
  pkgs+=(gcc-12-riscv64-linux-gnu binutils-riscv64-linux-gnu)
fi
if [ $level = tests ]; then
  pkgs+=(libcapstone-dev libunicorn-dev clang libclang-rt-14-dev)
  # verify --report renders the graph with dot; the report tests check the SVG
  pkgs+=(graphviz)
fi
if $list; then
  printf '%s\n' "${pkgs[@]}"
  exit 0
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" != 0 ]; then
    echo "setup: ${missing[*]} missing; installing them needs root (run scripts/setup.sh as root)" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
