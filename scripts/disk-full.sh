#!/usr/bin/env bash
# A real full disk under the service: the status a write gets, what /readyz says, that reads go on,
# that writes come back with space, and that every acknowledged layout is stored. Needs root (it
# mounts an 8 MiB tmpfs, and unmounts it on exit); 127.0.0.1 only.
#
#   scripts/disk-full.sh [BINARY]      (default: this checkout's release build)
#
# Serves BINARY with its database on the tmpfs, next to a 1 MiB ballast file, and records the seed's
# sample layout (POST /v1/layouts) until a write is refused (at most 20,000 requests). Prints the
# refused write's status and body, GET /readyz, a read of the first layout; then deletes the
# ballast, writes once more and asks /readyz again; finally stops the service and counts the
# acknowledged layout ids missing from the database file. Pass another build's binary to compare.
# Stops only the server it started.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/navlayout-server.sh
. scripts/lib/navlayout-server.sh

[ "$(id -u)" -eq 0 ] || { echo "disk-full: mounting a tmpfs needs root" >&2; exit 1; }
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
binary="${1:-}"
if [ -z "$binary" ]; then
    swift build -c release --product navlayout >/dev/null
    binary="$(swift build -c release --show-bin-path)/navlayout"
fi
sample="Tests/Fixtures/seed-delegate-guidance.json"

workdir="$(mktemp -d)"
disk="$workdir/disk"
mkdir "$disk"
server_pid=""
mounted=""
cleanup() {
    [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
    [ -n "$mounted" ] && umount "$disk"
    rm -rf "$workdir"
}
trap cleanup EXIT
mount -t tmpfs -o size=8m tmpfs "$disk"
mounted=yes
head -c 1048576 /dev/zero >"$disk/ballast"

admin_token="disk-full-admin-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
start_navlayout disk-full "$binary" "$workdir" "$admin_token" "$disk/navlayout.sqlite"
api_key="$(create_tenant_key "$base" "$admin_token" disk)"

post_layout() {
    curl -s -o "$workdir/answer" -w '%{http_code}' -X POST "$base/v1/layouts" \
        -H "Authorization: Bearer $api_key" -H 'Content-Type: application/json' --data-binary "@$sample"
}
# The answer starts with the layout's id: {"id":"01k…",...
layout_id() { printf '%s\n' "$(sed -n 's/^{"id":"\([^"]*\)".*/\1/p' "$workdir/answer")"; }

: >"$workdir/acknowledged"
status=200
for _ in $(seq 1 20000); do
    status="$(post_layout)"
    [ "$status" = 200 ] || break
    layout_id >>"$workdir/acknowledged"
done
echo "binary: $binary"
echo "acknowledged writes before the disk filled: $(wc -l <"$workdir/acknowledged")"
echo "refused write: $status $(head -c 400 "$workdir/answer")"
echo "readyz: $(curl -s -w ' (%{http_code}, Retry-After: %header{retry-after})' "$base/readyz")"
first="$(head -n 1 "$workdir/acknowledged")"
echo "read of the first layout: $(curl -s -o /dev/null -w '%{http_code}' "$base/v1/layouts/$first" -H "Authorization: Bearer $api_key")"
df -k "$disk" | awk 'NR == 2 { print "tmpfs: " $3 " KiB used, " $4 " KiB free" }'

rm -f "$disk/ballast"
status="$(post_layout)"
[ "$status" = 200 ] && layout_id >>"$workdir/acknowledged"
echo "write after the ballast was deleted: $status"
echo "readyz: $(curl -s -w ' (%{http_code})' "$base/readyz")"

kill -TERM "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=""
missing="$(python3 - "$disk/navlayout.sqlite" "$workdir/acknowledged" <<'PY'
import sqlite3, sys
stored = {row[0] for row in sqlite3.connect(sys.argv[1]).execute("SELECT id FROM layouts")}
print(sum(1 for line in open(sys.argv[2]) if line.strip() and line.strip() not in stored))
PY
)"
echo "acknowledged: $(wc -l <"$workdir/acknowledged"), missing from the database: $missing"
