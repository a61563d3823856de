#!/usr/bin/env bash
# bench/perf.sh <bench> <out.data>: one benchmark (npm run bench -- <bench>) with Linux perf
# sampling its server by the CPU clock, so only time on a core is counted (docs/performance.md).
# Needs perf (Debian: linux-perf). Read it with, e.g.:
#   perf report -i <out.data> --sort sym --stdio          (--time A,B for the bench's busy seconds)
# PERF_ARGS adds perf record options (--call-graph=fp for stacks).
set -euo pipefail
bench=${1:?which benchmark}
out=${2:?where to write perf data}
cd "$(dirname "$0")/.."
command -v perf >/dev/null || { echo "perf is missing: apt-get install -y linux-perf" >&2; exit 1; }
BENCH_NODE_ARGS="--perf-basic-prof-only-functions --interpreted-frames-native-stack ${BENCH_NODE_ARGS:-}" \
  npm run bench -- "$bench" &
runner=$!
pid=
for _ in $(seq 1 300); do
  # The bench's server: the only process running apps/server/src/main.ts started after the runner.
  pid=$(pgrep -n -f "apps/server/src/main.ts" || true)
  [ -n "$pid" ] && [ "$pid" -gt "$runner" ] && break
  pid=
  sleep 0.1
done
[ -n "$pid" ] || { echo "the bench's server did not start" >&2; wait "$runner"; exit 1; }
# shellcheck disable=SC2086
perf record -e cpu-clock -F 1999 ${PERF_ARGS:-} -p "$pid" -o "$out" &
recorder=$!
status=0
wait "$runner" || status=$? # a bench that misses its budget still leaves its profile
kill -INT "$recorder" 2>/dev/null || true
wait "$recorder" || true
echo "perf data: $out (JavaScript names: /tmp/perf-$pid.map)"
exit "$status"
