#!/usr/bin/env bash
# How fast GET /healthz answers while the most expensive accepted layouts keep every solver busy, on
# 127.0.0.1 only.
#
#   scripts/health-under-load.sh [BINARY] [CLIENTS]    (default: this checkout's release build, 4)
#
# Serves BINARY on a temporary database, then runs CLIENTS loops (4 by default: twice the cores of
# a two-core machine), each posting the same costly layout 25 times with ?record=false, within every
# default limit and among the most expensive requests they accept. SHAPE picks it: `column` (the
# default), 499 views each at least 2 points below the one before and preferring to touch it;
# `pile`, 499 views piled on one another, every pair overlapping and every view free to move;
# `small-pile`, 150 such views in a body under 16 KiB. Meanwhile it asks GET /healthz
# 200 times, one after the other, and prints the median, p99 and maximum in milliseconds, with how
# many layouts were answered 200 meanwhile. Pass another build's binary to compare. Stops only the
# processes it started; about a minute at most.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/navlayout-server.sh
. scripts/lib/navlayout-server.sh

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
binary="${1:-}"
clients="${2:-4}"
shape="${SHAPE:-column}"
case "$shape" in column | pile | small-pile) ;; *) echo "SHAPE is column, pile or small-pile" >&2; exit 2 ;; esac
if [ -z "$binary" ]; then
    swift build -c release --product navlayout >/dev/null
    binary="$(swift build -c release --show-bin-path)/navlayout"
fi

workdir="$(mktemp -d)"
server_pid=""
loaders=()
cleanup() {
    for pid in "${loaders[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
    rm -rf "$workdir"
}
trap cleanup EXIT

admin="health-admin-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
start_navlayout health-under-load "$binary" "$workdir" "$admin"
secret="$(create_tenant_key "$base" "$admin" loaded)"

python3 - "$workdir/body.json" "$shape" <<'PY'
import json, sys
shape = sys.argv[2]
views = {"column": 499, "pile": 499, "small-pile": 150}[shape]
names = [f"v{i}" for i in range(views)]
if shape == "column":
    constraints = ["v0.top == map.top", "v0.leading == map.leading"]
    for i in range(1, views):
        constraints += [f"v{i}.top >= v{i-1}.bottom + 2", f"v{i}.top == v{i-1}.bottom @low", f"v{i}.leading == map.leading"]
else:
    constraints = ["v0.top == safeArea.top"] + [f"v{i}.top >= v{i-1}.top" for i in range(1, views)]
json.dump({"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"},
           "delegate": {"views": {n: {"width": 100, "height": 10} for n in names},
                        "ready": {"views": names, "constraints": constraints}}}, open(sys.argv[1], "w"))
PY

for client in $(seq 1 "$clients"); do
    (
        for _ in $(seq 1 25); do
            timeout 30 curl -s -o /dev/null -w '%{http_code}\n' -X POST "$base/v1/layouts?record=false" \
                -H "Authorization: Bearer $secret" -H 'Content-Type: application/json' \
                --data-binary "@$workdir/body.json" || echo 000
        done >"$workdir/layouts-$client"
    ) &
    loaders+=($!)
done
sleep 1
# 200 requests, or as many as 60 seconds allow; one unanswered in 10 s counts as 10 s.
deadline=$((SECONDS + 60))
for _ in $(seq 1 200); do
    [ "$SECONDS" -lt "$deadline" ] || break
    curl -s -o /dev/null --max-time 10 -w '%{time_total}\n' "$base/healthz" || echo 10
done >"$workdir/health"
answered=$(cat "$workdir"/layouts-* 2>/dev/null | grep -c '^200$' || true)
sort -n "$workdir/health" | awk -v answered="$answered" -v shape="$shape" '
    { t[NR] = $1 * 1000 }
    END {
        p99 = t[int(NR * 0.99 + 0.999)]
        printf "%s: healthz over %d requests: median %.1f ms, p99 %.1f ms, max %.1f ms (layouts answered 200 meanwhile: %d)\n",
            shape, NR, t[int((NR + 1) / 2)], p99, t[NR], answered
    }'
