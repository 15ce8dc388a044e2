#!/usr/bin/env bash
# Runs a command next to a throwaway PostgreSQL server:
#
#   bash scripts/support/postgres-cluster.sh npx vitest run
#
# PGlite, which the other test targets use, runs one query at a time, so a race test on it never
# contests a row lock or SKIP LOCKED. This makes a cluster of its own in a temporary folder, serves
# it on 127.0.0.1 at a free port (and a socket inside that folder) with a random password, exports
# ORX_TEST_POSTGRES_URL for the command, and on exit, whatever the command's outcome, stops the
# server and removes the folder. The command's exit status is this script's.
#
# It needs Debian's PostgreSQL server binaries (scripts/test.sh installs them when missing).
# Postgres refuses to run as root, so as root the server runs as the `postgres` user the Debian
# package creates.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [arguments...]" >&2
  exit 64
fi

# The newest installed major version, as Debian lays them out.
bindir="${ORX_POSTGRES_BINDIR:-$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "No PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)." >&2
  exit 69
fi

as_server=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "Running as root and there is no 'postgres' user for the server to run as." >&2
    exit 69
  fi
  as_server=(runuser -u postgres --)
fi

folder="$(mktemp -d "${TMPDIR:-/tmp}/orx-postgres.XXXXXX")"
data="$folder/data"
started=""

stop() {
  status=$?
  if [ -n "$started" ]; then
    # Immediate: the data is thrown away, so there is nothing to flush.
    "${as_server[@]}" "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$folder"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

password="$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$password" >"$folder/password"
[ "${#as_server[@]}" -eq 0 ] || chown -R postgres: "$folder"
chmod 700 "$folder"

"${as_server[@]}" "$bindir/initdb" -D "$data" -U postgres --pwfile="$folder/password" \
  --auth-local=scram-sha-256 --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$folder/initdb.log" 2>&1 ||
  { cat "$folder/initdb.log" >&2; exit 1; }
rm -f "$folder/password"

free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

# A free port can be taken between the look and the start: try a few.
for attempt in 1 2 3 4 5; do
  port="$(free_port)"
  # Durability settings off: every database here is thrown away, and fsyncs would only slow the
  # tests. max_connections leaves room for every test file's pool at once.
  if "${as_server[@]}" "$bindir/pg_ctl" -D "$data" -l "$folder/server.log" -w -t 60 start -o "\
      -c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$folder \
      -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >/dev/null; then
    started=1
    break
  fi
  "${as_server[@]}" "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  if [ "$attempt" -eq 5 ]; then
    cat "$folder/server.log" >&2
    exit 1
  fi
done

export ORX_TEST_POSTGRES_URL="postgres://postgres:$password@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') for the tests on 127.0.0.1:$port ($folder)." >&2

# Not exec: the trap has to run after the command to stop the server.
status=0
"$@" || status=$?
exit "$status"
