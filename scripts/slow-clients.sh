#!/usr/bin/env bash
# What a normal client gets while 200 connections trickle request bodies, on 127.0.0.1 only.
#
#   scripts/slow-clients.sh [BINARY]      (default: this checkout's release build)
#
# Serves BINARY with --max-connections 200 on a temporary database, then runs
# scripts/slow_clients_driver.py twice: 200 tricklers from one address (127.0.0.2) for 15 s, and
# 200 tricklers from 200 addresses (127.0.1.1 to 127.0.1.200) for 40 s, each beside a normal client
# on 127.0.0.3 asking GET /healthz. A trickler sends the head of a POST /v1/layouts announcing
# 100,000 bytes, then a body byte every 3 s. Prints the driver's JSON for each run: requests served
# and refused, p50/p99 of the served ones, and what the tricklers got. Pass another build's binary
# to compare (a checkout of an older commit built with `swift build -c release`). Stops only the
# server it started; about a minute in all.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/navlayout-server.sh
. scripts/lib/navlayout-server.sh

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
binary="${1:-}"
if [ -z "$binary" ]; then
    swift build -c release --product navlayout >/dev/null
    binary="$(swift build -c release --show-bin-path)/navlayout"
fi

workdir="$(mktemp -d)"
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
    rm -rf "$workdir"
}
trap cleanup EXIT

run() {
    local spread="$1" seconds="$2"
    NAVLAYOUT_MAX_CONNECTIONS=200 start_navlayout slow-clients "$binary" "$workdir" \
        "slow-clients-admin-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')" "$workdir/navlayout-$spread.sqlite"
    local label="200 tricklers from one address"
    [ "$spread" = many ] && label="200 tricklers from 200 addresses"
    echo "$label, ${seconds}s: $(python3 scripts/slow_clients_driver.py "$port" 200 "$spread" "$seconds")"
    kill -TERM "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}

echo "binary: $binary"
run one 15
run many 40
