#!/usr/bin/env bash
# Install what mcveto needs on Debian 12 (idempotent).  Run as root.
#   scripts/setup.sh          build dependencies
#   scripts/setup.sh --tests  build and test dependencies
# Never installs gcc-multilib: it conflicts with the cross compilers.
set -euo pipefail
usage="usage: scripts/setup.sh [--tests]"
tests=false
for a in "$@"; do
  case "$a" in
    --tests) tests=true ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "setup: unknown argument '$a' ($usage)" >&2; exit 2 ;;
  esac
done
pkgs=(cmake make ninja-build gcc flex bison libz3-dev libelf-dev)
if $tests; then
  pkgs+=(gcc-i686-linux-gnu gcc-powerpc-linux-gnu qemu-user libcapstone-dev libunicorn-dev
         clang libclang-rt-14-dev)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
