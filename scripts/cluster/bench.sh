#!/usr/bin/env bash
# Recorded POSTs through the replicated deployment: a release navlayout as K=2 replicas behind
# haproxy on the three-node cluster (scripts/cluster/up.sh), against one of those replicas alone, in
# the same run. wrk runs in nl-client; each round is `wrk -t2 -c64 -d10s --latency` of the seed's
# sample delegate POSTed to /v1/layouts (solved and written to history), through the balancer and
# then straight to replica 1; medians of the rounds are printed. Every answer must be 200.
#
#   scripts/cluster/bench.sh [rounds]      (default 3)
#
# Builds navlayout in release mode first. Needs what up.sh needs, and wrk. The cluster goes when the
# script ends, however it ends.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/cluster/lib.sh
. scripts/cluster/lib.sh
# shellcheck source=scripts/lib/wrk.sh
. scripts/lib/wrk.sh

rounds="${1:-3}"
sample="Tests/Fixtures/seed-delegate-guidance.json"
command -v wrk >/dev/null || { echo "$0: wrk is required (apt-get install wrk)" >&2; exit 2; }

swift build -c release --product navlayout >/dev/null
NAVLAYOUT_BIN="$(swift build -c release --show-bin-path)/navlayout" scripts/cluster/up.sh 2 >/dev/null
trap 'scripts/cluster/down.sh >/dev/null' EXIT
# shellcheck source=/dev/null
. "$cluster_state/env"

key="$(ip netns exec "$client_namespace" python3 scripts/cluster/cluster_driver.py tenant \
    "$CLUSTER_ADMIN_TOKEN" "$CLUSTER_BALANCER_URL" "bench-$(date +%s)")"
script="$cluster_state/post.lua"
write_post_script "$script" "$sample" "$key"
# measure NAME URL: one wrk run from nl-client; appends "req/s p99" to NAME's results.
measure() {
    local output rps p99 other
    output="$(ip netns exec "$client_namespace" wrk -t2 -c64 -d10s --latency -s "$script" "$2/v1/layouts")"
    rps="$(awk '/^Requests\/sec:/ { print $2 }' <<<"$output")"
    p99="$(awk '$1 == "99%" { print $2 }' <<<"$output")"
    other="$(awk '/Non-2xx or 3xx responses:/ { print $NF }' <<<"$output")"
    if [ -n "$other" ] || grep -q "Socket errors" <<<"$output"; then
        echo "$1: answers other than 200 or socket errors:" >&2
        echo "$output" >&2
        exit 1
    fi
    echo "$rps" >>"$cluster_state/$1.rps"
    printf "round %s  %-22s %10s req/s  p99 %s\n" "$round" "$1" "$rps" "$p99"
}

round=0
ip netns exec "$client_namespace" wrk -t2 -c64 -d2s -s "$script" "$CLUSTER_BALANCER_URL/v1/layouts" >/dev/null
for round in $(seq 1 "$rounds"); do
    measure "two replicas (haproxy)" "$CLUSTER_BALANCER_URL"
    measure "replica 1 alone" "$CLUSTER_REPLICA_1_URL"
done
both="$(median <"$cluster_state/two replicas (haproxy).rps")"
one="$(median <"$cluster_state/replica 1 alone.rps")"
echo
echo "median of $rounds rounds, wrk -t2 -c64 -d10s, recorded POST /v1/layouts of $sample"
echo "  two replicas behind haproxy  $both req/s"
echo "  replica 1 alone              $one req/s"
awk -v a="$both" -v b="$one" 'BEGIN { printf "  ratio                        %.3f\n", a / b }'
