#!/usr/bin/env bash
# `npm test` after its pretest: the unit, web and API tests (`test:fast`) with the web build
# running beside them, then the browser tests on that build. vitest leaves part of the cores idle
# while the API tests wait on their databases and timers; the build (vite) fills it instead of
# taking its own seconds after. Its output is shown only when it fails.
set -uo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
npm run build >"$log" 2>&1 &
build=$!
npm run test:fast
fast=$?
wait "$build"
built=$?
if [ "$built" = 0 ]; then
  grep -m1 'built in' "$log" || true
else
  cat "$log"
  echo "The web build failed (exit $built)." >&2
fi
[ "$fast" = 0 ] && [ "$built" = 0 ] || exit 1
npm run test:e2e
