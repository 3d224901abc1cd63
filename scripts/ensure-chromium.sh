#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium: find it, or install it where we may.
set -euo pipefail
browser="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then
  exit 0
fi
if [ -n "${CHROME_PATH:-}" ]; then
  echo "CHROME_PATH is set to '$CHROME_PATH', but no executable browser is there." >&2
  exit 1
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package for the end-to-end tests."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MSG
The end-to-end tests need Chromium at /usr/bin/chromium (or set CHROME_PATH to another Chromium).
Install it with:   sudo apt-get install chromium
MSG
exit 1
