#!/usr/bin/env bash
# `npm test`: the whole suite. The type check comes first, route types included (`next typegen`
# writes them into .next, which the build then empties). The production build the e2e specs run
# is then made in the background while ESLint and Vitest run: the build is CPU work of its own
# and Vitest's files often wait (on disks, the PostgreSQL server, the local chain, receivers), so
# the build fills those gaps instead of adding its own minutes after them. Its output is kept and
# printed once it is done, so that the log reads in order.
set -euo pipefail
cd "$(dirname "$0")/../.."

npm run typecheck

build_log="$(mktemp)"
# Its own process group (job control), so that a failure below stops the whole build with it.
set -m
npm run build:e2e >"$build_log" 2>&1 &
build=$!
set +m
trap 'kill -- "-$build" 2>/dev/null || true; rm -f "$build_log"' EXIT

npm run lint
npm run test:unit

echo "> npm run build:e2e (made beside ESLint and Vitest)"
build_status=0
wait "$build" || build_status=$?
cat "$build_log"
[ "$build_status" -eq 0 ] || exit "$build_status"

npm run test:e2e
