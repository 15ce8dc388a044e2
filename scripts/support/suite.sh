#!/usr/bin/env bash
# `npm test`: the whole suite. Vitest starts in the background, the production build in the
# foreground; once it is made, the Playwright suite runs against it. ESLint and the type check join
# the background once Vitest has ended. Each is CPU work of its own, and each has stretches where it
# waits (Vitest's files on disks, the PostgreSQL server, the local chain, receivers; Playwright's on
# pages, shops and the clocks they wait for), so side by side they fill each other's gaps instead of
# adding their minutes one after the other (docs/testing.md, "One run, its jobs side by side").
#
# What the run waits for comes first: the build, then Playwright's start (its shops) gate every e2e
# test, so nothing else shares the cores with them but Vitest, the longest background job. ESLint and
# the type check are short; they run in the second half of the Playwright run, where its workers
# leave part of the cores idle. The type check must follow the build anyway: `npm run typecheck`
# remakes dist/, which the Playwright suite's shops run, and `next typegen` writes into .next, which
# a build empties; after the build, its dist/ serves `next typegen` as well. Nothing runs at a lower
# priority: a process competing for the cores (the proof of issue 48 runs the suite beside two `yes`
# loops) would then take them from the background jobs almost entirely. The background jobs' output
# is kept and printed once Playwright is done, so that the log reads in order; a failure of any of
# them fails the suite.
set -euo pipefail
cd "$(dirname "$0")/../.."

suite_dir="$(mktemp -d "${TMPDIR:-/tmp}/orx-suite-XXXXXX")"
declare -A job_pid job_log
jobs_started=0
# Each in its own process group (job control), so that a failure stops the whole job with it.
start_beside() {
  local name=$1
  shift
  jobs_started=$((jobs_started + 1))
  job_log[$name]="$suite_dir/job-$jobs_started.log"
  set -m
  "$@" >"${job_log[$name]}" 2>&1 &
  job_pid[$name]=$!
  set +m
}
stop_all() {
  for name in "${!job_pid[@]}"; do
    kill -- "-${job_pid[$name]}" 2>/dev/null || true
  done
  rm -rf "$suite_dir"
}
trap stop_all EXIT
finish() {
  local name=$1 status=0
  echo "> $name (in the background)"
  wait "${job_pid[$name]}" || status=$?
  cat "${job_log[$name]}"
  [ "$status" -eq 0 ] || exit "$status"
}

# Vitest's end, for the jobs that wait for it.
unit_tests_ended="$suite_dir/unit-tests-ended"
start_beside 'npm run test:unit' bash -c 'npm run test:unit; status=$?; touch "$0"; exit "$status"' "$unit_tests_ended"
after_unit_tests() {
  start_beside "$1" bash -c 'until [ -e "$0" ]; do sleep 1; done; exec "$@"' "$unit_tests_ended" "${@:2}"
}

# The e2e shops' data folders are copies of one image (e2e/support/run-image.ts), made here beside
# the build, where Playwright's launcher would make it while every shop waits for it. The run's
# folder is Playwright's own (playwright.config.ts keeps one that is set), removed by its teardown.
export ORX_E2E_RUN_DIR="$suite_dir/e2e-run"
mkdir "$ORX_E2E_RUN_DIR"
start_beside 'the e2e data folder image' npx tsx --conditions=react-server e2e/support/make-run-image.ts

npm run build:e2e
finish 'the e2e data folder image'
after_unit_tests 'npm run lint' npm run lint
after_unit_tests 'npm run typecheck:after-build' npm run typecheck:after-build
npm run test:e2e
finish 'npm run test:unit'
finish 'npm run lint'
finish 'npm run typecheck:after-build'
