#!/usr/bin/env bash
# HTTP server throughput and latency against nginx, in the same run, on 127.0.0.1 only.
#
#   scripts/bench-http.sh [rounds]          (default 3 rounds; medians are reported)
#
# Builds navlayout-http-bench in release mode, starts it and nginx (its own temporary prefix and
# configuration, serving a static file with exactly the bytes of the server's GET /healthz body),
# alternates `wrk -t2 -c64 -d10s --latency` between the two, prints requests/s and p99 for both
# and their ratio, then measures the server's resident memory (VmRSS) while it answers 1,000,000
# requests on keep-alive connections. Stops both servers on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/static-nginx.sh
. scripts/lib/wrk.sh

rounds="${1:-3}"
server_port="${SERVER_PORT:-18480}"
nginx_port="${NGINX_PORT:-18481}"
memory_requests="${MEMORY_REQUESTS:-1000000}"

command -v wrk >/dev/null || { echo "wrk is required (apt-get install wrk)" >&2; exit 1; }
command -v nginx >/dev/null || { echo "nginx is required (apt-get install nginx-light)" >&2; exit 1; }

swift build -c release --product navlayout-http-bench >/dev/null
binary="$(swift build -c release --show-bin-path)/navlayout-http-bench"

workdir="$(mktemp -d)"
chmod 755 "$workdir"
server_pid=""
nginx_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
    [ -n "$nginx_pid" ] && kill -QUIT "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
    rm -rf "$workdir"
}
trap cleanup EXIT

mkdir -p "$workdir/html"
"$binary" --print-body > "$workdir/html/healthz"
start_static_nginx "$workdir" "$nginx_port" healthz

"$binary" --port "$server_port" > "$workdir/server.out" &
server_pid=$!

for url in "http://127.0.0.1:$server_port/healthz" "http://127.0.0.1:$nginx_port/healthz"; do
    for _ in $(seq 1 50); do
        curl -sf -o /dev/null "$url" && break
        sleep 0.1
    done
    curl -sf -o /dev/null "$url" || { echo "not answering: $url" >&2; exit 1; }
done
if ! cmp -s <(curl -s "http://127.0.0.1:$server_port/healthz") <(curl -s "http://127.0.0.1:$nginx_port/healthz"); then
    echo "the two bodies differ" >&2
    exit 1
fi

# wrk latency lines read like "99%    1.23ms"; convert to milliseconds.
to_ms() {
    awk -v value="$1" 'BEGIN {
        if (value ~ /us$/) { sub(/us$/, "", value); printf "%.3f", value / 1000 }
        else if (value ~ /ms$/) { sub(/ms$/, "", value); printf "%.3f", value }
        else if (value ~ /s$/) { sub(/s$/, "", value); printf "%.3f", value * 1000 }
    }'
}

measure() {  # url -> "requests_per_second p99_ms"
    local output
    output="$(wrk -t2 -c64 -d10s --latency "$1")"
    local rps p99
    rps="$(awk '/^Requests\/sec:/ { print $2 }' <<<"$output")"
    p99="$(awk '$1 == "99%" { print $2 }' <<<"$output")"
    if grep -q "Non-2xx\|Socket errors" <<<"$output"; then
        echo "wrk reported errors for $1:" >&2
        grep "Non-2xx\|Socket errors" <<<"$output" >&2
    fi
    echo "$rps $(to_ms "$p99")"
}

echo "warming up both servers"
wrk -t2 -c64 -d2s "http://127.0.0.1:$server_port/healthz" >/dev/null
wrk -t2 -c64 -d2s "http://127.0.0.1:$nginx_port/healthz" >/dev/null

: > "$workdir/server.results"
: > "$workdir/nginx.results"
for round in $(seq 1 "$rounds"); do
    read -r rps p99 <<<"$(measure "http://127.0.0.1:$server_port/healthz")"
    echo "$rps $p99" >> "$workdir/server.results"
    echo "round $round  navlayout-http-bench  ${rps} req/s  p99 ${p99} ms"
    read -r rps p99 <<<"$(measure "http://127.0.0.1:$nginx_port/healthz")"
    echo "$rps $p99" >> "$workdir/nginx.results"
    echo "round $round  nginx                 ${rps} req/s  p99 ${p99} ms"
done

server_rps="$(awk '{ print $1 }' "$workdir/server.results" | median)"
server_p99="$(awk '{ print $2 }' "$workdir/server.results" | median)"
nginx_rps="$(awk '{ print $1 }' "$workdir/nginx.results" | median)"
nginx_p99="$(awk '{ print $2 }' "$workdir/nginx.results" | median)"
ratio="$(awk -v a="$server_rps" -v b="$nginx_rps" 'BEGIN { printf "%.2f", a / b }')"
echo
echo "median of $rounds rounds, wrk -t2 -c64 -d10s --latency, GET /healthz ($(wc -c < "$workdir/html/healthz") byte JSON body)"
printf "  %-22s %12s req/s   p99 %8s ms\n" "navlayout-http-bench" "$server_rps" "$server_p99"
printf "  %-22s %12s req/s   p99 %8s ms\n" "nginx $(nginx -v 2>&1 | sed 's/.*nginx\///')" "$nginx_rps" "$nginx_p99"
echo "  ratio (server / nginx): $ratio"

# Resident memory while serving $memory_requests requests on keep-alive connections, in 3 s wrk
# slices (64 connections each), sampled after every slice.
echo
echo "resident memory of navlayout-http-bench (pid $server_pid) over $memory_requests keep-alive requests"
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }
echo "  requests served      VmRSS (kB)"
printf "  %15s %12s\n" 0 "$(rss)"
total=0
while [ "$total" -lt "$memory_requests" ]; do
    output="$(wrk -t2 -c64 -d3s "http://127.0.0.1:$server_port/healthz")"
    served="$(awk '/requests in/ { print $1 }' <<<"$output")"
    total=$((total + served))
    printf "  %15s %12s\n" "$total" "$(rss)"
done
