#!/usr/bin/env bash
# A throwaway PostgreSQL 15 server on 127.0.0.1 for the tests: its own data folder, a free port,
# a role with a password (scram-sha-256 over TCP) and a database.
#
#   scripts/postgres/local.sh start DIR     # prints the URL: postgres://navlayout:PASSWORD@127.0.0.1:PORT/navlayout
#   scripts/postgres/local.sh stop DIR      # stops that server (by the PID in its folder) and removes DIR
#
# Needs Debian's postgresql-15 (initdb and pg_ctl in /usr/lib/postgresql/15/bin). As root, the
# server runs as the postgres user, which PostgreSQL requires; DIR is made for it.
set -euo pipefail

command="${1:-}"
dir="${2:-}"
if [ -z "$command" ] || [ -z "$dir" ]; then
    echo "usage: $0 start|stop DIR" >&2
    exit 2
fi
bin=/usr/lib/postgresql/15/bin
[ -x "$bin/pg_ctl" ] || { echo "$0: PostgreSQL 15 is not installed ($bin/pg_ctl)" >&2; exit 2; }

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
start)
    mkdir -p "$dir"
    password="$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
    printf '%s\n' "$password" >"$dir/password"
    if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$dir"; fi
    as_owner "$bin/initdb" --pgdata="$dir/data" --username=postgres --auth-local=trust --auth-host=scram-sha-256 \
        --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
fsync = on
max_connections = 400
CONF
    as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --timeout=60 start >/dev/null \
        || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/psql" --host="$dir" --port="$port" --username=postgres --dbname=postgres --quiet \
        --set=ON_ERROR_STOP=1 --command="CREATE ROLE navlayout LOGIN PASSWORD '$password'" \
        --command="CREATE DATABASE navlayout OWNER navlayout" >/dev/null
    echo "postgres://navlayout:$password@127.0.0.1:$port/navlayout"
    ;;
stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait --timeout=60 stop >/dev/null || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
