#!/usr/bin/env bash
# `npm test`: the whole suite. The type check (route types included), ESLint and the production
# build the e2e specs run are made in the background while Vitest runs: each is CPU work of its own,
# and Vitest's files often wait (on disks, the PostgreSQL server, the local chain, receivers), so
# they fill those gaps instead of adding their own minutes before or after them. The type check and
# the build are one job, one after the other: `next typegen` writes the route types into .next, which
# the build then empties. Their output is kept and printed once Vitest is done, so that the log
# reads in order; a failure of any of them fails the suite.
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
  echo "> $name (beside Vitest)"
  wait "${job_pid[$name]}" || status=$?
  cat "${job_log[$name]}"
  [ "$status" -eq 0 ] || exit "$status"
}

start_beside 'npm run typecheck, then npm run build:e2e' bash -c 'npm run typecheck && npm run build:e2e'
start_beside 'npm run lint' npm run lint
npm run test:unit
finish 'npm run lint'
finish 'npm run typecheck, then npm run build:e2e'

npm run test:e2e
