#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server from Debian's packages:
#   scripts/with-postgres.sh npm test
# Installs the server when absent, initialises a temporary cluster as the postgres user (initdb refuses root) on a
# free port, exports DATABASE_URL for the command, and removes the cluster afterwards.
# The tests' cluster runs with fsync and synchronous_commit off (a crash of a throwaway cluster loses nothing anyone
# needs). POSTGRES_DURABLE=1 keeps PostgreSQL's defaults (fsync, synchronous_commit, full_page_writes on), as a
# brokerage runs it: the bench sets it unless BENCH_PG_FAST=1. POSTGRES_SOCKET=1 points DATABASE_URL at the cluster's
# Unix-domain socket instead of loopback TCP. POSTGRES_OPTIONS adds server options ("-c name=value ...").
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
fi
bin=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
dir=$(mktemp -d /tmp/brokerage-pg.XXXXXX)
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
cleanup() {
  as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

durability="-c fsync=off -c synchronous_commit=off"
[ "${POSTGRES_DURABLE:-}" = 1 ] && durability=""
as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 $durability ${POSTGRES_OPTIONS:-}" start >/dev/null
as_postgres "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres brokerage

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/brokerage"
[ "${POSTGRES_SOCKET:-}" = 1 ] && export DATABASE_URL="postgres://postgres@localhost:$port/brokerage?host=$dir"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port" >&2
"$@"
