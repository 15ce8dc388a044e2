#!/usr/bin/env bash
# `npm test`: the whole suite. Vitest and ESLint start in the background, the production build in
# the foreground; once it is made, the Playwright suite runs against it, and the type check joins
# the background jobs. Each is CPU work of its own, and each has stretches where it waits (Vitest's
# files on disks, the PostgreSQL server, the local chain, receivers; Playwright's on pages, shops and
# the clocks they wait for), so side by side they fill each other's gaps instead of adding their
# minutes one after the other (docs/testing.md, "One run, its jobs side by side").
#
# The type check waits for the build: `npm run typecheck` remakes dist/, which the Playwright suite's
# shops run, and `next typegen` writes into .next, which a build empties; after the build, its dist/
# serves `next typegen` as well. Nothing runs at a lower priority: a process competing for the cores
# (the proof of issue 48 runs the suite beside two `yes` loops) would then take them from the
# background jobs almost entirely. The background jobs' output is kept and printed once Playwright is
# done, so that the log reads in order; a failure of any of them fails the suite.
set -euo pipefail
cd "$(dirname "$0")/../.."

declare -A job_pid job_log
# Each in its own process group (job control), so that a failure stops the whole job with it.
start_beside() {
  local name=$1
  shift
  job_log[$name]="$(mktemp)"
  set -m
  "$@" >"${job_log[$name]}" 2>&1 &
  job_pid[$name]=$!
  set +m
}
stop_all() {
  for name in "${!job_pid[@]}"; do
    kill -- "-${job_pid[$name]}" 2>/dev/null || true
    rm -f "${job_log[$name]}"
  done
}
trap stop_all EXIT
finish() {
  local name=$1 status=0
  echo "> $name (in the background)"
  wait "${job_pid[$name]}" || status=$?
  cat "${job_log[$name]}"
  [ "$status" -eq 0 ] || exit "$status"
}

start_beside 'npm run test:unit' npm run test:unit
start_beside 'npm run lint' npm run lint
npm run build:e2e
start_beside 'npm run typecheck:after-build' npm run typecheck:after-build
npm run test:e2e
finish 'npm run test:unit'
finish 'npm run lint'
finish 'npm run typecheck:after-build'
