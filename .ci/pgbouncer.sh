#!/usr/bin/env bash
# Starts PgBouncer on 127.0.0.1:6432 in transaction mode in front of the PostgreSQL on
# 127.0.0.1:5432, with .ci/pgbouncer.ini; installs Debian's pgbouncer when missing. Idempotent: the
# PgBouncer this script started before reloads the configuration instead. Run as root (CI) or as a
# user that may run pgbouncer; started by root, PgBouncer runs as `postgres` (it refuses root).
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$PATH:/usr/sbin"
run=/tmp/portal-pgbouncer

if ! command -v pgbouncer >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq pgbouncer >/dev/null
fi

mkdir -p "$run"
cp pgbouncer.ini "$run/pgbouncer.ini"
echo '"postgres" ""' >"$run/userlist.txt"
as=()
if [ "$(id -u)" = 0 ]; then
  chown -R postgres:postgres "$run"
  as=(-u postgres)
fi

pid=$(cat "$run/pgbouncer.pid" 2>/dev/null || true)
# Ours and answering (a killed one may linger as a zombie, which `kill -0` still finds).
if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && pg_isready -h 127.0.0.1 -p 6432 -q; then
  kill -HUP "$pid"
else
  # A PgBouncer that died leaves its pid file behind, which stops the next start.
  rm -f "$run/pgbouncer.pid"
  pgbouncer -d "${as[@]}" "$run/pgbouncer.ini" || { tail -20 "$run/pgbouncer.log" >&2; exit 1; }
fi
for _ in $(seq 1 50); do pg_isready -h 127.0.0.1 -p 6432 -q && break; sleep 0.2; done
pg_isready -h 127.0.0.1 -p 6432 -q || { tail -20 "$run/pgbouncer.log" >&2; exit 1; }
echo "PgBouncer $(pgbouncer --version | head -1 | cut -d' ' -f2) on 127.0.0.1:6432, transaction mode"
