#!/usr/bin/env bash
# The page benchmarks measure what a visitor's phone shows. Android phones carry Noto Sans
# Devanagari as their system font, which the Hindi pages' fallback is sized for; a bench machine
# without any Devanagari font would draw empty boxes until the web font arrives and measure a
# layout shift no phone has. Find the font, or install Debian's fonts-noto-core where we may.
set -euo pipefail
if fc-list 2>/dev/null | grep -qi "Noto Sans Devanagari"; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "No Devanagari system font: installing Debian's fonts-noto-core for the page benchmarks."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends fonts-noto-core fontconfig >/dev/null
  exit 0
fi
cat >&2 <<MSG
The page benchmarks need a Devanagari system font, as phones have (Noto Sans Devanagari).
Install it with:   sudo apt-get install fonts-noto-core
MSG
exit 1
