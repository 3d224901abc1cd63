#!/usr/bin/env bash
# The reliability and scale-out tests run Debian's redis-server, caddy and prometheus (with its
# promtool), the mailbox tests Debian's dovecot-imapd, as processes of their own, and the documents'
# tests read the PDFs back with poppler-utils (pdftotext, pdftoppm): find them, or install the
# missing ones where we may (one apt-get for all).
set -euo pipefail
missing=()
command -v "${REDIS_SERVER_PATH:-redis-server}" >/dev/null 2>&1 || missing+=(redis-server)
command -v "${CADDY_PATH:-caddy}" >/dev/null 2>&1 || missing+=(caddy)
if ! command -v "${PROMETHEUS_PATH:-prometheus}" >/dev/null 2>&1 || ! command -v promtool >/dev/null 2>&1; then
  missing+=(prometheus)
fi
if ! command -v "${DOVECOT_PATH:-dovecot}" >/dev/null 2>&1 && [ ! -x /usr/sbin/dovecot ]; then
  missing+=(dovecot-imapd)
fi
if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then
  missing+=(poppler-utils)
fi
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Missing ${missing[*]}: installing Debian's packages for the tests."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
cat >&2 <<MSG
The tests need Debian's ${missing[*]} (or REDIS_SERVER_PATH / CADDY_PATH / PROMETHEUS_PATH / DOVECOT_PATH set to them).
Install with:   sudo apt-get install ${missing[*]}
MSG
exit 1
