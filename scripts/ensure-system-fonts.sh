#!/usr/bin/env bash
# The page benchmarks and the browser tests look at what a visitor's phone shows. Android phones
# carry Noto Sans Devanagari as their system font, which the Hindi pages' fallback is sized for
# and the English pages' language link is drawn from; a machine without any Devanagari font would
# draw empty boxes until the web font arrives. Find the font, or install Debian's fonts-noto-core
# where we may.
set -euo pipefail
if fc-list 2>/dev/null | grep -qi "Noto Sans Devanagari"; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "No Devanagari system font: installing Debian's fonts-noto-core for the page benchmarks and browser tests."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends fonts-noto-core fontconfig >/dev/null
  exit 0
fi
cat >&2 <<MSG
The page benchmarks and browser tests need a Devanagari system font, as phones have (Noto Sans Devanagari).
Install it with:   sudo apt-get install fonts-noto-core
MSG
exit 1
