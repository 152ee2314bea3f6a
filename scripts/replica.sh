#!/usr/bin/env bash
# A streaming replica for the read replica test (docs/scaling.md "Read replicas"): a base backup of
# a primary (pg_basebackup -R) into /tmp, started as a hot standby on 127.0.0.1:5433, ready once it
# is in recovery and streaming. The test finds the primary from the replica.
#
#   scripts/replica.sh start                replica of the local PostgreSQL (127.0.0.1:5432)
#   scripts/replica.sh start --own-primary  replica of a new, empty primary on 127.0.0.1:5434
#   scripts/replica.sh stop                 stops what `start` started and removes its data
#
# `start` prints TEST_READ_REPLICA_URL=... once the replica streams. A base backup copies the whole
# cluster: of a local PostgreSQL that holds other databases (benchmarks) it takes as long as their
# size asks; --own-primary copies an empty cluster in a second or two and leaves the local
# PostgreSQL untouched (CI uses it). Replicating the local PostgreSQL needs it to trust replication
# connections from 127.0.0.1: when no pg_hba.conf line allows replication, one is added (trust, as
# the local cluster trusts its other connections) and the configuration reloaded. No replication
# slot is made: a replica left behind holds no WAL on its primary. Run as root (the servers then
# run as `postgres`) or as a user that may run them.
set -euo pipefail
# The servers run as `postgres`, which may not enter the checkout.
cd /tmp

LOCAL_PORT="${PRIMARY_PORT:-5432}"
OWN_PORT="${OWN_PRIMARY_PORT:-5434}"
REPLICA_PORT="${REPLICA_PORT:-5433}"
dir="${REPLICA_DIR:-/tmp/portal-replica}"
own="$dir-primary"
replica=(-h 127.0.0.1 -p "$REPLICA_PORT" -U postgres)

as=()
[ "$(id -u)" = 0 ] && as=(runuser -u postgres --)

# The newest PostgreSQL installed (Debian keeps each version under its own folder), as .ci/run.
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -n "$bin" ] || bin="$(dirname "$(command -v pg_ctl)")"

sql_on() { psql -h 127.0.0.1 -p "$1" -U postgres -d postgres -qAtX -v ON_ERROR_STOP=1 -c "$2"; }
replica_sql() { psql "${replica[@]}" -d postgres -qAtX -v ON_ERROR_STOP=1 -c "$1" 2>/dev/null; }

stop_cluster() {
  if [ -f "$1/postmaster.pid" ]; then
    "${as[@]}" "$bin/pg_ctl" -D "$1" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$1"
}

stop() {
  stop_cluster "$dir"
  stop_cluster "$own"
}

streaming() {
  [ "$(replica_sql 'select pg_is_in_recovery()')" = t ] &&
    [ "$(replica_sql 'select status from pg_stat_wal_receiver')" = streaming ]
}

new_dir() {
  mkdir -p "$1"
  chmod 700 "$1"
  if [ ${#as[@]} -gt 0 ]; then chown postgres:postgres "$1"; fi
}

# Writes a cluster's own configuration (Debian keeps the local one outside its data directory).
configure() {
  local data="$1" port="$2" extra="$3"
  "${as[@]}" tee "$data/postgresql.conf" >/dev/null <<EOF
port = $port
listen_addresses = '127.0.0.1'
# TCP only: a socket in the data directory would be in the base backup.
unix_socket_directories = ''
# A throwaway cluster: nothing to keep across a crash.
fsync = off
shared_buffers = 32MB
logging_collector = off
$extra
EOF
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n' |
    "${as[@]}" tee "$data/pg_hba.conf" >/dev/null
  "${as[@]}" touch "$data/pg_ident.conf"
}

start_own_primary() {
  stop_cluster "$own"
  new_dir "$own"
  "${as[@]}" "$bin/initdb" -D "$own" -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
  configure "$own" "$OWN_PORT" "wal_level = replica"
  "${as[@]}" "$bin/pg_ctl" -D "$own" -l "$own/server.log" -w -t 60 start >/dev/null
}

allow_replication() {
  local port="$1"
  if [ "$(sql_on "$port" "select count(*) from pg_hba_file_rules where 'replication' = any(database)")" = 0 ]; then
    echo "allowing replication connections from 127.0.0.1 on 127.0.0.1:$port" >&2
    echo 'host replication all 127.0.0.1/32 trust' >>"$(sql_on "$port" 'show hba_file')"
    sql_on "$port" 'select pg_reload_conf()' >/dev/null
  fi
}

start() {
  local port="$LOCAL_PORT"
  [ "${1:-}" = --own-primary ] && port="$OWN_PORT"
  if streaming && [[ "$(replica_sql 'select conninfo from pg_stat_wal_receiver')" == *" port=$port "* ]]; then
    echo "TEST_READ_REPLICA_URL=postgres://postgres@127.0.0.1:$REPLICA_PORT/postgres"
    return
  fi
  stop
  if [ "$port" = "$OWN_PORT" ]; then
    start_own_primary
  else
    # A standby runs the major version of its primary.
    local version
    version="$(sql_on "$port" 'show server_version_num')"
    [ -x "/usr/lib/postgresql/$((version / 10000))/bin/pg_ctl" ] && bin="/usr/lib/postgresql/$((version / 10000))/bin"
    allow_replication "$port"
  fi

  new_dir "$dir"
  # -X stream: the WAL written during the copy comes with it; -R: standby.signal.
  "${as[@]}" "$bin/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$dir" -R -X stream -c fast
  # A hot standby needs these at least as high as on its primary.
  local settings=""
  for name in max_connections max_worker_processes max_wal_senders max_prepared_transactions \
    max_locks_per_transaction; do
    settings+="$name = $(sql_on "$port" "show $name")"$'\n'
  done
  configure "$dir" "$REPLICA_PORT" "hot_standby = on
# Queries on the standby hold back the primary's cleanup instead of being cancelled by its replay.
hot_standby_feedback = on
primary_conninfo = 'host=127.0.0.1 port=$port user=postgres application_name=portal_replica'
$settings"
  # The line -R wrote would override the one above (postgresql.auto.conf is read last).
  "${as[@]}" sed -i '/^primary_conninfo/d' "$dir/postgresql.auto.conf"

  "${as[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 start >/dev/null
  for _ in $(seq 1 100); do
    streaming && break
    sleep 0.1
  done
  if ! streaming; then
    cat "$dir/server.log" >&2
    echo "the replica on port $REPLICA_PORT did not start streaming" >&2
    exit 1
  fi
  echo "replica of 127.0.0.1:$port streaming on 127.0.0.1:$REPLICA_PORT ($dir)" >&2
  echo "TEST_READ_REPLICA_URL=postgres://postgres@127.0.0.1:$REPLICA_PORT/postgres"
}

case "${1:-start}" in
  start) start "${2:-}" ;;
  stop) stop ;;
  *)
    echo "usage: $0 start [--own-primary] | stop" >&2
    exit 2
    ;;
esac
