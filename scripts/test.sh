#!/usr/bin/env bash
# The README's test command: installs what the tests need on a fresh clone (the npm packages, and
# Debian's Chromium when no browser is there), then runs the whole suite with `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."

export NEXT_TELEMETRY_DISABLED=1
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

npm ci --no-audit --no-fund

if [ ! -x "$CHROMIUM_PATH" ]; then
  echo "No browser at $CHROMIUM_PATH: installing Debian's chromium."
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq chromium
fi

npm test
