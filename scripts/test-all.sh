#!/usr/bin/env bash
# npm test: every check, as CI runs it on a fresh clone (docs/development.md).
#
# On a two-core machine the steps that use one core each run side by side:
# - the programs the tests run beside Node, Chromium and the Devanagari font are found (or installed)
#   while the checks run; on a fresh machine that is mostly waiting on the package mirror;
# - lint (ESLint, Prettier) reads only the sources, so it runs beside the type check and the build,
#   which follow one another (both generate React Router's route types).
# Then the Vitest suites, the browser tests and the suites of the finished build, one after another.
# Each side step's output is shown whole once it ends, not mixed into the others'.
set -euo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

(bash scripts/ensure-services.sh && bash scripts/ensure-chromium.sh && bash scripts/ensure-system-fonts.sh) \
  >"$logs/programs" 2>&1 &
programs=$!
npm run lint >"$logs/lint" 2>&1 &
lint=$!

checks=0
npm run typecheck && npm run build || checks=$?

lint_status=0
wait "$lint" || lint_status=$?
cat "$logs/lint"
programs_status=0
wait "$programs" || programs_status=$?
cat "$logs/programs"

if [ "$lint_status" -ne 0 ]; then
  echo "npm test: lint failed" >&2
  exit "$lint_status"
fi
if [ "$checks" -ne 0 ]; then
  echo "npm test: the type check or the build failed" >&2
  exit "$checks"
fi
if [ "$programs_status" -ne 0 ]; then
  echo "npm test: the programs the tests need are missing" >&2
  exit "$programs_status"
fi

vitest run
playwright test
npm run test:build
