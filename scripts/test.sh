#!/usr/bin/env bash
# The README's test command: installs what the tests need on a fresh clone (the npm packages,
# Debian's Chromium headless shell and PostgreSQL server when they are missing), then runs the
# whole suite with `npm test`, next to a PostgreSQL server of its own that the store contract
# suites also run against (scripts/support/postgres-cluster.sh starts it and, at the end, stops it
# and removes its folder).
set -euo pipefail
cd "$(dirname "$0")/.."

export NEXT_TELEMETRY_DISABLED=1
export E2E_CHROMIUM_PATH="${E2E_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"

npm ci --no-audit --no-fund

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then
    $sudo apt-get update -qq
    apt_updated=1
  fi
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

if [ ! -x "$E2E_CHROMIUM_PATH" ]; then
  echo "No browser at $E2E_CHROMIUM_PATH: installing Debian's chromium-headless-shell."
  apt_install chromium-headless-shell
fi

if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  echo "No PostgreSQL server: installing Debian's postgresql."
  apt_install postgresql postgresql-contrib
fi

bash scripts/support/postgres-cluster.sh npm test
