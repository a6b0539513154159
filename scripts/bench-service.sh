#!/usr/bin/env bash
# The whole service under load next to nginx, in the same run, on 127.0.0.1 only.
#
#   scripts/bench-service.sh [rounds]          (default 3 rounds; medians are reported)
#
# Builds navlayout in release mode and serves it on a temporary database; starts nginx (its own
# temporary prefix) serving a static JSON file with exactly the bytes of the service's answer to
# the seed's sample delegate. Each round runs `wrk -t2 -c64 -d10s --latency` against:
#   recorded     POST /v1/layouts                 (the seed sample, solved and written to history)
#   unrecorded   POST /v1/layouts?record=false    (solved only)
#   nginx        GET of the static JSON
# and prints requests/s, p99 and the ratios to nginx (targets: recorded >= 0.1x, unrecorded >= 0.2x,
# p99 < 10 ms). Afterwards it checks that every recorded answer is in history: the layouts table
# holds at least as many rows as wrk counted 200 answers to recorded requests (and at most one more
# per connection: answers in flight when wrk stops are written but not counted).
# The service's CPU time per request (user + system, from /proc) is printed next to each of its runs.
# A GLIBC_TUNABLES in the caller's environment reaches the service, which then leaves glibc's
# allocator as the variable sets it (`GLIBC_TUNABLES=glibc.malloc.perturb=0` changes nothing in glibc
# and so runs the service on glibc's default thresholds, for comparison).
# Then it times the device matrix (every preset x orientation x direction x state) per cell
# against a single solve, both as the engine measured it and as the client waited for it.
#
# BENCH_POSTGRES=1 also serves a second navlayout on a throwaway PostgreSQL 15 server on 127.0.0.1
# (scripts/postgres/local.sh; Debian's postgresql-15) and measures its recorded POSTs in each round,
# right after the SQLite service's, with the same history check (target: at least 0.5x the SQLite
# backend's requests/s, in the same run).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/navlayout-server.sh
. scripts/lib/static-nginx.sh
. scripts/lib/wrk.sh

rounds="${1:-3}"
nginx_port="${NGINX_PORT:-18491}"
connections=64
sample="Tests/Fixtures/seed-delegate-guidance.json"

command -v wrk >/dev/null || { echo "wrk is required (apt-get install wrk)" >&2; exit 1; }
command -v nginx >/dev/null || { echo "nginx is required (apt-get install nginx-light)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "sqlite3 is required (apt-get install sqlite3)" >&2; exit 1; }

swift build -c release --product navlayout >/dev/null
binary="$(swift build -c release --show-bin-path)/navlayout"

workdir="$(mktemp -d)"
chmod 755 "$workdir"
server_pid=""
nginx_pid=""
database=""
postgres_pid=""
postgres_dir=""
cleanup() {
    [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
    [ -n "$postgres_pid" ] && kill -TERM "$postgres_pid" 2>/dev/null && wait "$postgres_pid" 2>/dev/null || true
    [ -n "$postgres_dir" ] && scripts/postgres/local.sh stop "$postgres_dir"
    [ -n "$nginx_pid" ] && kill -QUIT "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
    rm -rf "$workdir"
    [ -n "$database" ] && rm -f "$database" "$database-wal" "$database-shm"
}
trap cleanup EXIT

admin_token="bench-admin-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
# BENCH_DATABASE_DIR puts the database elsewhere, e.g. /dev/shm to see what the disk's syncs cost.
database="${BENCH_DATABASE_DIR:-$workdir}/navlayout-bench-$$.sqlite"
start_navlayout bench-service "$binary" "$workdir" "$admin_token" "$database"
api_key="$(create_tenant_key "$base" "$admin_token" bench)"
sqlite_pid="$server_pid"

if [ "${BENCH_POSTGRES:-0}" = 1 ]; then
    postgres_dir="$workdir/postgres"
    postgres_url="$(scripts/postgres/local.sh start "$postgres_dir")"
    mkdir -p "$workdir/pg-service"
    sqlite_base="$base"
    start_navlayout bench-service-postgres "$binary" "$workdir/pg-service" "$admin_token" "$postgres_url"
    postgres_pid="$server_pid"
    postgres_base="$base"
    postgres_key="$(create_tenant_key "$postgres_base" "$admin_token" bench)"
    server_pid="$sqlite_pid"
    base="$sqlite_base"
fi

# nginx serves the service's own answer (unrecorded: no id) as a static file of the same size.
mkdir -p "$workdir/html"
curl -sf -X POST "$base/v1/layouts?record=false" -H "Authorization: Bearer $api_key" \
    -H 'Content-Type: application/json' --data-binary "@$sample" -o "$workdir/html/result.json"
start_static_nginx "$workdir" "$nginx_port" result.json

# The wrk scripts POST the sample with the key (this route never answers 3xx, so wrk's counts give
# the 200s; nginx's run has no script at all).
write_post_script "$workdir/post.lua" "$sample" "$api_key"
if [ -n "$postgres_pid" ]; then
    write_post_script "$workdir/post-postgres.lua" "$sample" "$postgres_key"
fi

to_ms() {
    awk -v value="$1" 'BEGIN {
        if (value ~ /us$/) { sub(/us$/, "", value); printf "%.3f", value / 1000 }
        else if (value ~ /ms$/) { sub(/ms$/, "", value); printf "%.3f", value }
        else if (value ~ /s$/) { sub(/s$/, "", value); printf "%.3f", value * 1000 }
    }'
}
rows() { sqlite3 "$database" "SELECT count(*) FROM layouts"; }
postgres_rows() { psql -qtA "$postgres_url" -c "SELECT count(*) FROM layouts"; }

# The service's CPU time so far (user + system), in clock ticks: read around each run, it gives the
# service's CPU time per request, which the machine's load changes far less than req/s or p99.
# measured_pid is the service being measured: the SQLite one, or the PostgreSQL one.
measured_pid="$server_pid"
service_ticks() { awk '{ print $14 + $15 }' "/proc/$measured_pid/stat"; }
ticks_per_second="$(getconf CLK_TCK)"

# measure NAME URL [LUA] -> appends "rps p99_ms ok200 other cpu_us_per_request" to NAME.results
# (cpu_us_per_request is the service's, 0 for nginx)
measure() {
    local name="$1" url="$2" script="${3:-}" output ticks_before
    ticks_before="$(service_ticks)"
    if [ -n "$script" ]; then
        output="$(wrk -t2 -c"$connections" -d10s --latency -s "$script" "$url")"
    else
        output="$(wrk -t2 -c"$connections" -d10s --latency "$url")"
    fi
    local rps p99 ok other
    rps="$(awk '/^Requests\/sec:/ { print $2 }' <<<"$output")"
    p99="$(to_ms "$(awk '$1 == "99%" { print $2 }' <<<"$output")")"
    local total
    total="$(awk '$2 == "requests" && $3 == "in" { print $1 }' <<<"$output")"
    other="$(awk '/Non-2xx or 3xx responses:/ { print $NF }' <<<"$output")"
    other="${other:-0}"
    ok=""
    if [ -n "$script" ]; then ok=$((total - other)); fi
    if grep -q "Socket errors" <<<"$output"; then grep "Socket errors" <<<"$output" >&2; fi
    local cpu=0
    if [ -n "$script" ]; then
        cpu="$(awk -v t="$(( $(service_ticks) - ticks_before ))" -v hz="$ticks_per_second" -v n="$total" \
            'BEGIN { printf "%.1f", t * 1000000 / hz / n }')"
    fi
    echo "$rps $p99 ${ok:-0} ${other:-0} $cpu" >> "$workdir/$name.results"
    printf "round %s  %-11s %10s req/s  p99 %8s ms  %s\n" "$round" "$name" "$rps" "$p99" \
        "$([ -n "$ok" ] && echo "(200: $ok, other: $other; service CPU $cpu us per request)")"
}

echo "warming up"
round=0
wrk -t2 -c"$connections" -d2s -s "$workdir/post.lua" "$base/v1/layouts?record=false" >/dev/null
wrk -t2 -c"$connections" -d2s "http://127.0.0.1:$nginx_port/result.json" >/dev/null

missing=0
# check_history NAME BEFORE AFTER: every 200 answer of NAME's last run is a row in history.
check_history() {
    local ok other written
    read -r _ _ ok other _ <<<"$(tail -n 1 "$workdir/$1.results")"
    written=$(($3 - $2))
    if [ "$other" -ne 0 ] || [ "$written" -lt "$ok" ] || [ "$written" -gt $((ok + connections)) ]; then
        echo "  history check FAILED: $ok answers 200 (and $other others), $written rows written" >&2
        missing=1
    else
        echo "  history check: $ok answers 200, $written rows written (every answered layout is recorded)"
    fi
}
for round in $(seq 1 "$rounds"); do
    before="$(rows)"
    measure recorded "$base/v1/layouts" "$workdir/post.lua"
    sleep 1  # answers in flight when wrk stopped finish their writes
    check_history recorded "$before" "$(rows)"
    if [ -n "$postgres_pid" ]; then
        measured_pid="$postgres_pid"
        before="$(postgres_rows)"
        measure recorded-pg "$postgres_base/v1/layouts" "$workdir/post-postgres.lua"
        sleep 1
        check_history recorded-pg "$before" "$(postgres_rows)"
        measured_pid="$server_pid"
    fi
    measure unrecorded "$base/v1/layouts?record=false" "$workdir/post.lua"
    measure nginx "http://127.0.0.1:$nginx_port/result.json"
done

column() { awk -v n="$2" '{ print $n }' "$workdir/$1.results" | median; }
nginx_rps="$(column nginx 1)"
echo
echo "median of $rounds rounds, wrk -t2 -c$connections -d10s --latency; body: $sample ($(wc -c < "$sample") bytes),"
echo "answer: $(wc -c < "$workdir/html/result.json") bytes (nginx serves the same bytes as a static file)"
for name in recorded unrecorded nginx; do
    rps="$(column "$name" 1)"
    p99="$(column "$name" 2)"
    ratio="$(awk -v a="$rps" -v b="$nginx_rps" 'BEGIN { printf "%.3f", a / b }')"
    printf "  %-11s %10s req/s   p99 %8s ms   ratio to nginx %s" "$name" "$rps" "$p99" "$ratio"
    if [ "$name" != nginx ]; then printf "   service CPU %s us per request" "$(column "$name" 5)"; fi
    echo
done
echo "  targets: recorded >= 0.1 x nginx, unrecorded >= 0.2 x nginx, p99 < 10 ms"
if [ -n "$postgres_pid" ]; then
    pg_rps="$(column recorded-pg 1)"
    printf "  %-11s %10s req/s   p99 %8s ms   ratio to SQLite's recorded %s   service CPU %s us per request\n" \
        recorded-pg "$pg_rps" "$(column recorded-pg 2)" \
        "$(awk -v a="$pg_rps" -v b="$(column recorded 1)" 'BEGIN { printf "%.3f", a / b }')" "$(column recorded-pg 5)"
    echo "  target: PostgreSQL's recorded >= 0.5 x SQLite's, in the same run"
fi
echo "  history rows: $(rows)"
# Where the writer's time went: writes per commit, and the share of its transactions spent in COMMIT
# (writing and syncing the log).
curl -sf "$base/metrics" | awk '
    $1 == "navlayout_database_commits_total" { commits = $2 }
    $1 == "navlayout_database_committed_writes_total" { writes = $2 }
    $1 == "navlayout_database_transaction_seconds_total" { transactions = $2 }
    $1 == "navlayout_database_commit_seconds_total" { committing = $2 }
    END { if (commits > 0 && transactions > 0) printf "  writer: %d commits, %.1f writes per commit, COMMIT %.0f%% of transaction time\n", commits, writes / commits, 100 * committing / transactions }'

# The device matrix against a single solve: engine time per cell (solveMicros) and the time the
# client waits, per cell, both as medians over 15 requests.
echo
matrix_body="$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps(d))' "$sample")"
: > "$workdir/single.times"
: > "$workdir/matrix.times"
for _ in $(seq 1 15); do
    curl -sf -o "$workdir/single.json" -w '%{time_total}\n' -X POST "$base/v1/layouts?record=false" \
        -H "Authorization: Bearer $api_key" -H 'Content-Type: application/json' --data-binary "@$sample" \
        >> "$workdir/single.times"
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["solveMicros"])' "$workdir/single.json" \
        >> "$workdir/single.micros"
    curl -sf -o "$workdir/matrix.json" -w '%{time_total}\n' -X POST "$base/v1/layouts/matrix?record=false" \
        -H "Authorization: Bearer $api_key" -H 'Content-Type: application/json' -d "$matrix_body" \
        >> "$workdir/matrix.times"
    python3 -c '
import json, sys
table = json.load(open(sys.argv[1]))
print(table["summary"]["solveMicros"]["total"] / len(table["cells"]), len(table["cells"]))' "$workdir/matrix.json" \
        >> "$workdir/matrix.micros"
done
cells="$(awk 'NR == 1 { print $2 }' "$workdir/matrix.micros")"
single_us="$(median < "$workdir/single.micros")"
cell_us="$(awk '{ print $1 }' "$workdir/matrix.micros" | median)"
single_ms="$(awk '{ print $1 * 1000 }' "$workdir/single.times" | median)"
matrix_ms="$(awk '{ print $1 * 1000 }' "$workdir/matrix.times" | median)"
echo "device matrix of the sample: $cells cells (every preset x 2 orientations x 2 directions x 3 states), record=false"
printf "  engine time:  single solve %8.1f us   matrix per cell %8.1f us   ratio %.2f\n" "$single_us" "$cell_us" \
    "$(awk -v a="$cell_us" -v b="$single_us" 'BEGIN { print a / b }')"
printf "  client time:  single request %6.3f ms   matrix %8.3f ms = %.3f ms per cell   ratio %.2f\n" "$single_ms" \
    "$matrix_ms" "$(awk -v m="$matrix_ms" -v c="$cells" 'BEGIN { print m / c }')" \
    "$(awk -v m="$matrix_ms" -v c="$cells" -v s="$single_ms" 'BEGIN { print m / c / s }')"

exit "$missing"
