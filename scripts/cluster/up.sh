#!/usr/bin/env bash
# A replicated deployment on this one machine: three nodes, each one etcd member, Patroni and
# PostgreSQL 15 (synchronous replication, strict), one haproxy in front of the primary and of the
# replicas, and K navlayout replicas, each in a network namespace of its own (see lib.sh).
#
#   scripts/cluster/up.sh [K]            # K navlayout replicas (default 2); prints the variables of $STATE/env
#   scripts/cluster/exec.sh NS CMD...    # runs CMD in one of the cluster's namespaces (nl-client for clients)
#   scripts/cluster/primary.sh           # the node whose PostgreSQL is the primary, and its address
#   scripts/cluster/down.sh              # stops everything, removes the namespaces and the state folder
#   scripts/cluster/test.sh              # up, the replication and failover checks, down
#
# Needs root and Debian's postgresql-15, patroni, etcd-server, etcd-client and haproxy. The state
# (data, logs, PID files, secrets, env) is in NAVLAYOUT_CLUSTER_DIR (default $TMPDIR/navlayout-cluster).
# NAVLAYOUT_BIN names the binary (default .build/debug/navlayout); it is copied into the state folder
# with the migrations, so the original may be rebuilt while the cluster runs.
# NAVLAYOUT_CLUSTER_MAX_CONNECTIONS sets PostgreSQL's max_connections (default 100: K replicas with a
# pool of 4 each, psql, and room). NAVLAYOUT_CLUSTER_DATABASE_PARAMETERS adds libpq parameters to the
# database URL (the service already asks for a server that takes writes: target_session_attrs).
# A failure midway stops what was started (down.sh) after showing the end of the logs.
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/../.."
script_name="up.sh"
# shellcheck source=scripts/cluster/lib.sh
. scripts/cluster/lib.sh

replicas="${1:-2}"
case "$replicas" in
[1-9]) ;;
*)
    echo "usage: $0 [K]   (K navlayout replicas, 1 to 9; default 2)" >&2
    exit 2
    ;;
esac
[ "$(id -u)" = 0 ] || { echo "$0: needs root (network namespaces, and PostgreSQL runs as postgres)" >&2; exit 2; }
for command in ip etcd etcdctl patroni haproxy curl runuser python3 "$pg_bin/psql" "$pg_bin/initdb"; do
    command -v "$command" >/dev/null 2>&1 || {
        echo "$0: $command is missing (apt-get install postgresql-15 patroni etcd-server etcd-client haproxy curl)" >&2
        exit 2
    }
done
# A NAVLAYOUT_BIN given as a relative path is taken from where up.sh was called.
binary=".build/debug/navlayout"
if [ -n "${NAVLAYOUT_BIN:-}" ]; then
    case "$NAVLAYOUT_BIN" in /*) binary="$NAVLAYOUT_BIN" ;; *) binary="$caller_dir/$NAVLAYOUT_BIN" ;; esac
fi
[ -x "$binary" ] || { echo "$0: no navlayout binary at $binary (set NAVLAYOUT_BIN)" >&2; exit 2; }
[ -d Migrations/postgres ] || { echo "$0: no Migrations/postgres in $PWD" >&2; exit 2; }
if [ -e "$cluster_state" ]; then
    echo "$0: $cluster_state exists: a cluster is up (or was not taken down); run scripts/cluster/down.sh first" >&2
    exit 2
fi
# The namespaces' names are fixed, so one cluster per machine.
namespaces=("$switch_namespace")
for n in $(seq 1 "$node_count"); do namespaces+=("nl-node$n"); done
namespaces+=("$haproxy_namespace")
for i in $(seq 1 "$replicas"); do namespaces+=("nl-app$i"); done
namespaces+=("$client_namespace")
for namespace in "${namespaces[@]}"; do
    if ip netns list | awk '{print $1}' | grep -qx "$namespace"; then
        echo "$0: namespace $namespace exists but no state folder records it; remove it (ip netns del $namespace)" >&2
        exit 2
    fi
done
max_connections="${NAVLAYOUT_CLUSTER_MAX_CONNECTIONS:-100}"
case "$max_connections" in
[1-9][0-9] | [1-9][0-9][0-9] | 1[0-9][0-9][0-9]) ;;
*) echo "$0: NAVLAYOUT_CLUSTER_MAX_CONNECTIONS is 10 to 1999" >&2; exit 2 ;;
esac
# PostgreSQL's socket lives in each node's folder, and a socket path is at most 107 bytes.
if [ ${#cluster_state} -gt 70 ]; then
    echo "$0: the state folder's path is too long for PostgreSQL's socket: $cluster_state" >&2
    exit 2
fi

started=$(date +%s)
say() { printf '%s [%3ds] %s\n' "$(date +%T)" $(($(date +%s) - started)) "$*" >&2; }

# The trap writes to the script's own standard error (3), even when it runs from within a command
# whose output is discarded; the long-running processes do not inherit it (3>&-), so that a pipe
# reading up.sh's output ends with up.sh.
exec 3>&2
finished=no
on_exit() {
    local status=$?
    exec 2>&3
    if [ "$finished" != yes ]; then
        echo "$0: failed; the end of each log:" >&2
        local log
        for log in "$cluster_state"/*/*.log "$cluster_state"/*/stderr; do
            [ -s "$log" ] || continue
            echo "--- ${log#"$cluster_state"/}" >&2
            tail -n 15 "$log" >&2
        done
        scripts/cluster/down.sh >&2 || true
        [ "$status" != 0 ] || status=1
    fi
    exit "$status"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

mkdir -p "$cluster_state"
touch "$cluster_state/$cluster_marker"
chmod 755 "$cluster_state"
mkdir -p "$cluster_state/pids" "$cluster_state/bin"
: >"$cluster_state/namespaces"
: >"$cluster_state/veths"

secret() { od -An -N16 -tx1 /dev/urandom | tr -d ' \n'; }
superuser_password="$(secret)"
replication_password="$(secret)"
db_password="$(secret)"
admin_token="cluster-admin-$(secret)"
(
    umask 077
    printf '%s\n' "$db_password" >"$cluster_state/db-password"
    printf '%s\n' "$admin_token" >"$cluster_state/admin-token"
)

cp "$binary" "$cluster_state/bin/navlayout"
cp -R Migrations "$cluster_state/bin/Migrations"

# Processes are started with ip netns exec itself (never through a shell function) so that $! is the
# process to stop: ip netns exec replaces itself with its command.

# --- Network: the bridge in nl-switch, a veth pair from it to each namespace. Each name is recorded
# before it is made, so that down.sh removes what a failure left half made.
say "network: ${#namespaces[@]} namespaces on 10.77.0.0/24"
make_namespace() {
    echo "$1" >>"$cluster_state/namespaces"
    ip netns add "$1"
    ip -n "$1" link set lo up
}
# connect NAMESPACE ADDRESS: eth0 in NAMESPACE with ADDRESS/24, its peer a port of the bridge. Both
# ends are made inside their namespaces, so the root namespace never holds them.
connect() {
    local port="s-${1#nl-}"
    echo "$port" >>"$cluster_state/veths"
    ip -n "$switch_namespace" link add "$port" type veth peer name eth0 netns "$1"
    ip -n "$switch_namespace" link set "$port" master br0 up
    ip -n "$1" addr add "$2/24" dev eth0
    ip -n "$1" link set eth0 up
}
make_namespace "$switch_namespace"
ip -n "$switch_namespace" link add br0 type bridge
ip -n "$switch_namespace" link set br0 up
for n in $(seq 1 "$node_count"); do
    make_namespace "nl-node$n"
    connect "nl-node$n" "$(node_address "$n")"
done
make_namespace "$haproxy_namespace"
connect "$haproxy_namespace" "$haproxy_address"
for i in $(seq 1 "$replicas"); do
    make_namespace "nl-app$i"
    connect "nl-app$i" "$(app_address "$i")"
done
make_namespace "$client_namespace"
connect "$client_namespace" "$client_address"

# --- etcd: a static three-member cluster, the DCS Patroni keeps its leader lock in.
say "etcd: $node_count members"
initial_cluster=""
for n in $(seq 1 "$node_count"); do
    initial_cluster+="${initial_cluster:+,}node$n=http://$(node_address "$n"):2380"
done
etcd_endpoints=""
for n in $(seq 1 "$node_count"); do
    etcd_endpoints+="${etcd_endpoints:+,}$(node_address "$n"):2379"
done
for n in $(seq 1 "$node_count"); do
    dir="$cluster_state/node$n"
    address="$(node_address "$n")"
    mkdir -p "$dir/etcd"
    chmod 700 "$dir/etcd"
    ip netns exec "nl-node$n" etcd --name "node$n" --data-dir "$dir/etcd" \
        --listen-peer-urls "http://$address:2380" --initial-advertise-peer-urls "http://$address:2380" \
        --listen-client-urls "http://$address:2379,http://127.0.0.1:2379" --advertise-client-urls "http://$address:2379" \
        --initial-cluster "$initial_cluster" --initial-cluster-state new --initial-cluster-token navlayout-cluster \
        --heartbeat-interval 100 --election-timeout 1000 --quota-backend-bytes $((64 * 1024 * 1024)) \
        --logger zap --log-outputs stderr --log-level warn >"$dir/etcd.log" 2>&1 3>&- &
    record_pid "etcd$n" $!
done
wait_for "the etcd cluster to be healthy ($etcd_endpoints)" 60 \
    in_ns "$client_namespace" etcdctl --endpoints="$etcd_endpoints" --dial-timeout=2s --command-timeout=3s endpoint health

# --- Patroni and PostgreSQL. Short ttl, loop_wait and retry_timeout so a failover takes seconds;
# synchronous_mode_strict so that no lone primary acknowledges a commit no standby has.
say "patroni: $node_count nodes"
for n in $(seq 1 "$node_count"); do
    dir="$cluster_state/node$n"
    address="$(node_address "$n")"
    cat >"$dir/patroni.yml" <<YAML
scope: navlayout
namespace: /navlayout-cluster/
name: node$n

log:
  level: INFO

restapi:
  listen: $address:8008
  connect_address: $address:8008

etcd3:
  hosts: $etcd_endpoints

bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    synchronous_mode_strict: true
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        max_connections: $max_connections
        max_wal_senders: 10
        max_replication_slots: 10
        max_worker_processes: 8
        wal_level: replica
        wal_log_hints: "on"
        wal_keep_size: 128MB
        hot_standby: "on"
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - auth-host: scram-sha-256
    - auth-local: peer

postgresql:
  listen: $address,127.0.0.1:5432
  connect_address: $address:5432
  use_unix_socket: true
  data_dir: $dir/data
  bin_dir: $pg_bin
  pgpass: $dir/pgpass
  authentication:
    superuser:
      username: postgres
      password: $superuser_password
    replication:
      username: replicator
      password: $replication_password
    rewind:
      username: postgres
      password: $superuser_password
  parameters:
    unix_socket_directories: '$dir'
    password_encryption: scram-sha-256
    shared_buffers: 16MB
    work_mem: 2MB
    maintenance_work_mem: 16MB
    logging_collector: "off"
    log_line_prefix: '%m [%p] %q%u@%d '
  pg_hba:
    - local all all peer
    - host replication replicator 10.77.0.0/24 scram-sha-256
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 10.77.0.0/24 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256

tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
YAML
    chown postgres:postgres "$dir" "$dir/patroni.yml"
    chmod 600 "$dir/patroni.yml"
    chmod 755 "$dir"
    # runuser forks: the shell in between records the PID of Patroni itself, then becomes it.
    # shellcheck disable=SC2016 # expanded by that shell
    ip netns exec "nl-node$n" runuser -u postgres -- sh -c 'echo $$ >"$1"; exec patroni "$2"' \
        patroni "$dir/patroni.pid" "$dir/patroni.yml" >"$dir/patroni.log" 2>&1 3>&- &
    record_pid "runuser-patroni$n" $!
done
for n in $(seq 1 "$node_count"); do
    dir="$cluster_state/node$n"
    wait_for "Patroni of node $n to write its PID" 10 test -s "$dir/patroni.pid"
    record_pid "patroni$n" "$(cat "$dir/patroni.pid")"
done
wait_for "a primary (Patroni's GET /primary answering 200 on one node)" 120 has_primary
primary="$(primary_node)"
say "patroni: node$primary is the primary; waiting for the standbys"

# Writes block until a synchronous standby confirms them (strict mode), so wait for one, and for every
# member to run.
cluster_complete() {
    in_ns "$client_namespace" curl -sf --max-time 2 "http://$(node_address "$primary"):8008/cluster" |
        python3 -c '
import json, sys
members = json.load(sys.stdin)["members"]
running = [m for m in members if m.get("state") in ("running", "streaming")]
sync = [m for m in members if m.get("role") == "sync_standby" and m.get("state") in ("running", "streaming")]
sys.exit(0 if len(running) == int(sys.argv[1]) and sync else 1)' "$node_count"
}
wait_for "all $node_count members running with a synchronous standby" 180 cluster_complete

# The service's role and database, made on the primary through its socket.
say "postgres: role and database navlayout"
primary_dir="$cluster_state/node$primary"
in_ns "nl-node$primary" timeout 60 runuser -u postgres -- "$pg_bin/psql" --host="$primary_dir" --port=5432 \
    --username=postgres --dbname=postgres --quiet --set=ON_ERROR_STOP=1 >/dev/null <<SQL
CREATE ROLE navlayout LOGIN PASSWORD '$db_password';
CREATE DATABASE navlayout OWNER navlayout;
SQL

# --- haproxy: :5432 to the node whose Patroni answers GET /primary, :8080 round-robin over the
# replicas whose /readyz is 200. Its own 503 (no replica ready) carries Retry-After as the service's does.
say "haproxy"
haproxy_dir="$cluster_state/haproxy"
mkdir -p "$haproxy_dir"
printf '%s\r\n' "HTTP/1.1 503 Service Unavailable" "Content-Type: application/problem+json" "Retry-After: 5" \
    "Cache-Control: no-store" "Connection: close" "" \
    '{"type":"about:blank","title":"Service Unavailable","status":503,"detail":"no navlayout replica is ready (answered by the balancer)"}' \
    >"$haproxy_dir/503.http"
{
    cat <<CFG
global
    maxconn 2000
    nbthread 1
    log stderr format short local0 notice

defaults
    log global
    timeout connect 2s
    timeout check 2s
    timeout client 90s
    timeout server 90s

# What haproxy thinks of each server, for up.sh (and people): http://$haproxy_address:8404/stats
listen stats
    bind $haproxy_address:8404
    mode http
    stats enable
    stats uri /stats
    stats refresh 5s

listen postgres
    bind $haproxy_address:5432
    mode tcp
    # Pooled connections idle between requests: long time-outs, so that only a failover breaks them.
    timeout client 30m
    timeout server 30m
    option httpchk GET /primary
    http-check expect status 200
    default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
CFG
    for n in $(seq 1 "$node_count"); do
        echo "    server node$n $(node_address "$n"):5432 check port 8008"
    done
    cat <<CFG

listen navlayout
    bind $haproxy_address:8080
    mode http
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    timeout http-request 10s
    errorfile 503 $haproxy_dir/503.http
    default-server inter 1s fall 2 rise 1
CFG
    for i in $(seq 1 "$replicas"); do
        echo "    server app$i $(app_address "$i"):8080 check"
    done
} >"$haproxy_dir/haproxy.cfg"
haproxy -c -q -f "$haproxy_dir/haproxy.cfg" || { echo "$0: haproxy refuses its configuration" >&2; exit 1; }
ip netns exec "$haproxy_namespace" haproxy -db -f "$haproxy_dir/haproxy.cfg" >"$haproxy_dir/haproxy.log" 2>&1 3>&- &
record_pid haproxy $!
database_parameters="${NAVLAYOUT_CLUSTER_DATABASE_PARAMETERS:+?$NAVLAYOUT_CLUSTER_DATABASE_PARAMETERS}"
database_url="postgres://navlayout:$db_password@$haproxy_address:5432/navlayout$database_parameters"
# haproxy starts with every server up and takes a standby down only after two failed checks: wait
# until the primary is the only PostgreSQL server it keeps, so no replica starts on a standby.
only_primary_up() {
    local primary expected="" n
    primary="$(primary_node)"
    for n in $(seq 1 "$node_count"); do
        expected+="node$n $([ "$n" = "$primary" ] && echo UP || echo DOWN)"$'\n'
    done
    [ -n "$primary" ] && [ "$(haproxy_servers postgres)"$'\n' = "$expected" ]
}
wait_for "haproxy to keep the primary alone in its PostgreSQL servers" 30 only_primary_up
primary_through_haproxy() {
    [ "$(in_ns "$client_namespace" timeout 5 "$pg_bin/psql" "$database_url" -XAtq \
        -c 'SELECT pg_is_in_recovery()')" = f ]
}
wait_for "haproxy :5432 to lead to the primary" 30 primary_through_haproxy

# --- The navlayout replicas, each in its own namespace and folder.
say "navlayout: $replicas replicas"
for i in $(seq 1 "$replicas"); do
    dir="$cluster_state/app$i"
    mkdir -p "$dir"
    (
        cd "$dir"
        exec ip netns exec "nl-app$i" env NAVLAYOUT_ADMIN_TOKEN="$admin_token" \
            NAVLAYOUT_DATABASE_PASSWORD_FILE="$cluster_state/db-password" \
            "$cluster_state/bin/navlayout" serve --address "$(app_address "$i")" --port 8080 \
            --database "postgres://navlayout@$haproxy_address:5432/navlayout$database_parameters" --database-pool 4 \
            --migrations "$cluster_state/bin/Migrations" \
            --max-connections 1000 --max-connections-per-address 1000
    ) >"$dir/stdout" 2>"$dir/stderr" 3>&- &
    record_pid "app$i" $!
done
# Bounded like wait_for, but a replica that exits fails at once with the end of its log.
for i in $(seq 1 "$replicas"); do
    deadline=$(($(date +%s) + 90))
    for attempt in $(seq 1 450); do
        if [ -z "$(recorded_pid "app$i")" ]; then
            echo "$0: navlayout replica $i exited; the end of its log:" >&2
            tail -n 20 "$cluster_state/app$i/stderr" >&2
            exit 1
        fi
        http_ok "http://$(app_address "$i"):8080/readyz" && break
        if [ "$(date +%s)" -ge "$deadline" ] || [ "$attempt" = 450 ]; then
            echo "$0: gave up after 90s waiting for replica $i to answer /readyz 200" >&2
            exit 1
        fi
        sleep 0.2
    done
done
all_replicas_up() {
    [ "$(haproxy_servers navlayout | grep -cx 'app[0-9]* UP')" = "$replicas" ]
}
wait_for "haproxy to count every replica up" 30 all_replicas_up
wait_for "haproxy :8080 to answer /readyz 200" 30 http_ok "http://$haproxy_address:8080/readyz"

# --- What a test or a person needs to talk to the cluster, as shell assignments.
{
    printf 'CLUSTER_STATE=%q\n' "$cluster_state"
    printf 'CLUSTER_REPLICAS=%q\n' "$replicas"
    printf 'CLUSTER_CLIENT_NAMESPACE=%q\n' "$client_namespace"
    printf 'CLUSTER_BALANCER_URL=%q\n' "http://$haproxy_address:8080"
    printf 'CLUSTER_HAPROXY_STATS_URL=%q\n' "http://$haproxy_address:8404/stats"
    urls=""
    for i in $(seq 1 "$replicas"); do
        printf 'CLUSTER_REPLICA_%d_URL=%q\n' "$i" "http://$(app_address "$i"):8080"
        printf 'CLUSTER_REPLICA_%d_NAMESPACE=%q\n' "$i" "nl-app$i"
        urls+="${urls:+ }http://$(app_address "$i"):8080"
    done
    printf 'CLUSTER_REPLICA_URLS=%q\n' "$urls"
    printf 'CLUSTER_DATABASE_URL=%q\n' "$database_url"
    printf 'CLUSTER_ADMIN_TOKEN=%q\n' "$admin_token"
    nodes=""
    for n in $(seq 1 "$node_count"); do
        printf 'CLUSTER_NODE_%d_NAME=%q\n' "$n" "node$n"
        printf 'CLUSTER_NODE_%d_NAMESPACE=%q\n' "$n" "nl-node$n"
        printf 'CLUSTER_NODE_%d_ADDRESS=%q\n' "$n" "$(node_address "$n")"
        printf 'CLUSTER_NODE_%d_PATRONI_URL=%q\n' "$n" "http://$(node_address "$n"):8008"
        printf 'CLUSTER_NODE_%d_DATA=%q\n' "$n" "$cluster_state/node$n/data"
        nodes+="${nodes:+ }node$n"
    done
    printf 'CLUSTER_NODES=%q\n' "$nodes"
    printf 'CLUSTER_NODE_COUNT=%q\n' "$node_count"
} >"$cluster_state/env"
chmod 600 "$cluster_state/env"
finished=yes
say "up: source $cluster_state/env"
cat "$cluster_state/env"
