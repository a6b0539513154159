#!/usr/bin/env bash
# The replicated deployment under test: brings a cluster up with two navlayout replicas
# (scripts/cluster/up.sh), checks what the replicas must agree on and what a failover may cost, and
# always brings the cluster down. Every HTTP request is made from nl-client (cluster_driver.py).
#
#   a. a tenant made through replica 1 is used through replica 2 (its key, a profile it wrote);
#   b. a key revoked (and one rotated) through replica 1 is refused by replica 2 within 1 s, though
#      replica 2 has just authenticated it;
#   c. two PUTs with the same If-Match through the two replicas at once: one 200 and one 412 per
#      round, the versions 1..N without gaps or repeats;
#   d. a writer posts recorded layouts through the balancer while the primary's postmaster is killed
#      (kill -9): every non-2xx answer is a 503 with Retry-After (no 500, no broken or hung
#      connection), writes succeed again within 30 s, and every acknowledged layout is in the history;
#   e. optional (CLUSTER_SWIFT_SUITE=1): the repository's service test suite against the cluster's
#      database through haproxy, from nl-client.
#
#   scripts/cluster/test.sh
#   CLUSTER_KILL=node scripts/cluster/test.sh   # d kills the primary's Patroni too: another node takes over
#
# Exits 1 when a check fails, saying which and why; the logs of a failed run are copied to a folder
# it names (the state folder goes with the cluster; CLUSTER_KEEP_ON_FAILURE=1 leaves the cluster of a
# failed run up, for down.sh to remove). Needs what up.sh needs; under a minute.
set -euo pipefail
cd "$(dirname "$0")/../.."
script_name="test.sh"
# shellcheck source=scripts/cluster/lib.sh
. scripts/cluster/lib.sh

[ "$(id -u)" = 0 ] || { echo "$0: needs root (see scripts/cluster/up.sh)" >&2; exit 2; }
kill_mode="${CLUSTER_KILL:-postmaster}"
case "$kill_mode" in postmaster | node) ;; *) echo "$0: CLUSTER_KILL is postmaster or node" >&2; exit 2 ;; esac
rounds="${CLUSTER_IF_MATCH_ROUNDS:-10}"
# The service suite runs many live services at once, each with its own pool, as against the server
# .ci/run starts (max_connections 400); 100 runs out of connection slots.
if [ "${CLUSTER_SWIFT_SUITE:-0}" = 1 ]; then
    export NAVLAYOUT_CLUSTER_MAX_CONNECTIONS="${NAVLAYOUT_CLUSTER_MAX_CONNECTIONS:-400}"
fi
driver=(ip netns exec "$client_namespace" python3 scripts/cluster/cluster_driver.py)

# seconds_since START_NS LABEL [NOW_NS]: "LABEL   12.3 s".
seconds_since() {
    awk -v start="$1" -v now="${3:-$(date +%s%N)}" -v label="$2" 'BEGIN { printf "%-10s %6.1f s", label, (now - start) / 1e9 }'
}
run_started=$(date +%s%N)
phase_started=$run_started
phase_name=""
timings=()
# phase NAME: ends the phase before (its time goes into the summary) and starts NAME.
phase() {
    local now
    now=$(date +%s%N)
    if [ -n "$phase_name" ]; then
        timings+=("$(seconds_since "$phase_started" "$phase_name" "$now")")
    fi
    phase_name="$1"
    phase_started=$now
    [ -z "$1" ] || printf '%s == %s\n' "$(date +%T)" "$1" >&2
}
failures=()
failed() {
    failures+=("$1")
    echo "FAIL: $1" >&2
}
results=()
# field JSON KEY: a member of a one-line JSON object.
field() {
    python3 -c 'import json, sys; v = json.loads(sys.argv[1]).get(sys.argv[2]); print(json.dumps(v) if isinstance(v, (dict, list)) else v)' \
        "$1" "$2" 2>/dev/null || echo "?"
}

cluster_up=no
finish() {
    local status=$?
    if [ "$status" != 0 ] && [ ${#failures[@]} = 0 ]; then
        failures+=("test.sh stopped during the $phase_name phase (exit status $status; see the messages above)")
    fi
    phase ""
    if [ "$cluster_up" = yes ]; then
        if [ "$status" != 0 ] || [ ${#failures[@]} -gt 0 ]; then
            logs="$(mktemp -d "${TMPDIR:-/tmp}/navlayout-cluster-logs.XXXXXX")"
            (
                cd "$cluster_state"
                find . \( -name '*.log' -o -name stderr -o -name stdout -o -name haproxy.cfg -o -name 'writer.*' \) \
                    -not -path './node*/data/*' -not -path './pids/*' -print0 | xargs -0 -r cp --parents -t "$logs"
            ) || true
            echo "test.sh: the logs of this run are in $logs" >&2
        fi
        if [ "${CLUSTER_KEEP_ON_FAILURE:-0}" = 1 ] && { [ "$status" != 0 ] || [ ${#failures[@]} -gt 0 ]; }; then
            echo "test.sh: the cluster is left up for a look (source $cluster_state/env); scripts/cluster/down.sh removes it" >&2
        else
            local down_started
            down_started=$(date +%s%N)
            scripts/cluster/down.sh >/dev/null || echo "test.sh: down.sh failed" >&2
            timings+=("$(seconds_since "$down_started" down)")
        fi
    fi
    echo
    echo "summary:"
    local line
    for line in "${results[@]}"; do echo "  $line"; done
    echo "timings:"
    for line in "${timings[@]}"; do echo "  $line"; done
    echo "  $(seconds_since "$run_started" total)"
    if [ ${#failures[@]} -gt 0 ]; then
        echo "FAILED (${#failures[@]}):"
        for line in "${failures[@]}"; do echo "  $line"; done
        [ "$status" != 0 ] || status=1
    elif [ "$status" = 0 ]; then
        echo "PASSED"
    fi
    exit "$status"
}
trap finish EXIT
trap 'exit 130' INT TERM

# --- up. up.sh cleans up after itself when it fails; the trap above takes the cluster down after.
phase up
scripts/cluster/up.sh 2 >/dev/null
cluster_up=yes
# shellcheck source=/dev/null
. "$cluster_state/env"
r1="$CLUSTER_REPLICA_1_URL"
r2="$CLUSTER_REPLICA_2_URL"

# --- a and b.
phase replicas
if out="$("${driver[@]}" replicas "$CLUSTER_ADMIN_TOKEN" "$r1" "$r2")"; then
    results+=("a. tenant made through replica 1, key and profile used through replica 2: ok")
    results+=("b. revoked through replica 1, refused by replica 2 after $(field "$out" revokedRefusedAfter) s; rotated away: after $(field "$out" rotatedRefusedAfter) s (limit 1 s)")
else
    failed "a/b: cross-replica tenant, revocation or rotation (see above)"
fi

# --- c.
phase if-match
if out="$("${driver[@]}" if-match "$CLUSTER_ADMIN_TOKEN" "$r1" "$r2" "$rounds")"; then
    results+=("c. same If-Match through both replicas at once: $rounds rounds, one 200 and one 412 each (winning replica per round: $(field "$out" winners)), versions 1..$(field "$out" versions) without gaps")
else
    failed "c: concurrent If-Match through two replicas (see above)"
fi

# --- d.
phase failover
writer_key="$("${driver[@]}" tenant "$CLUSTER_ADMIN_TOKEN" "$CLUSTER_BALANCER_URL" "writer-$(date +%s)")"
writer_log="$cluster_state/writer.log"
kill_file="$cluster_state/writer.kill"
ip netns exec "$client_namespace" python3 scripts/cluster/cluster_driver.py writer "$CLUSTER_BALANCER_URL" \
    "$writer_key" "$writer_log" "$kill_file" >"$cluster_state/writer.out" 2>"$cluster_state/writer.err" &
writer_pid=$!
record_pid writer "$writer_pid"
acknowledged() { [ "$(grep -c '"id"' "$writer_log" 2>/dev/null || true)" -ge "$1" ]; }
wait_for "the writer's first 50 acknowledged layouts" 30 acknowledged 50
sleep 3
wait_for "a primary to kill" 15 has_primary || { failed "d: no node answers GET /primary before the kill"; exit 1; }
primary="$(primary_node)"
data="$cluster_state/node$primary/data"
postmaster="$(head -n 1 "$data/postmaster.pid")"
if [ "$(readlink "/proc/$postmaster/cwd" 2>/dev/null || true)" != "$data" ]; then
    failed "d: PID $postmaster of $data/postmaster.pid is not node$primary's postmaster"
    exit 1
fi
if [ "$kill_mode" = node ]; then
    # Patroni first, so that nothing restarts the postmaster: the leader key expires after its ttl.
    patroni="$(recorded_pid "patroni$primary")"
    [ -n "$patroni" ] || { failed "d: Patroni of node$primary does not run"; exit 1; }
    kill -KILL "$patroni"
fi
kill -KILL "$postmaster"
date +%s.%N >"$kill_file"
killed="the postmaster of node$primary (PID $postmaster)"
if [ "$kill_mode" = node ]; then killed+=" and its Patroni"; fi
echo "$(date +%T) killed $killed" >&2
for _ in $(seq 1 900); do
    kill -0 "$writer_pid" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$writer_pid" 2>/dev/null; then
    failed "d: the writer did not stop within 90 s of the kill"
    exit 1
fi
wait "$writer_pid" || { cat "$cluster_state/writer.err" >&2; failed "d: the writer failed"; }
new_primary=""
if wait_for "a primary after the kill" 30 has_primary; then new_primary="node$(primary_node)"; fi
out=""
if out="$("${driver[@]}" failover "$CLUSTER_BALANCER_URL" "$writer_key" "$writer_log" "$kill_file")"; then
    verdict=ok
else
    verdict=FAILED
    failed "d: failover under writes (see above; the replicas' logs: app*/stderr)"
    # The replicas' own account of each answer that was neither a 2xx nor a 503.
    echo "the replicas' log lines of those requests:" >&2
    python3 - "$writer_log" "$cluster_state"/app*/stderr <<'PY' >&2 || true
import json, os, sys
ids = {r["requestId"] for r in map(json.loads, open(sys.argv[1]))
       if "id" not in r and r.get("status") not in (None, 503) and r.get("requestId")}
shown = 0
for path in sys.argv[2:]:
    for line in open(path, errors="replace"):
        if shown < 20 and any(i in line for i in ids):
            print(f"  {os.path.basename(os.path.dirname(path))}: {line.rstrip()[:400]}")
            shown += 1
PY
fi
if [ -n "$out" ]; then
    results+=("d. failover ($verdict): killed $killed; primary after: ${new_primary:-none}; writer: $(field "$(cat "$cluster_state/writer.out")" stopped)")
    results+=("   first failure at $(field "$out" firstFailureAfterKill) s, first success after it at $(field "$out" killToFirstSuccess) s from the kill (limit 30 s); slowest write $(field "$out" slowestWriteSeconds) s")
    results+=("   writes $(field "$out" requests): acknowledged $(field "$out" acknowledged), kept $(field "$out" kept), missing $(field "$out" missing), stored but not acknowledged $(field "$out" storedUnacknowledged)")
    results+=("   not acknowledged: $(field "$out" notAcknowledged) (503 from the service $(field "$out" service503), from the balancer $(field "$out" balancer503))")
    while IFS= read -r line; do
        results+=("     $line")
    done < <(python3 -c 'import json, sys
summary = json.loads(sys.argv[1])
for detail, count in sorted(summary.get("details", {}).items()):
    print(f"{count} x {detail}")
for line in summary.get("storedButNotAcknowledged", []):
    print(f"NOTE: {line}")' "$out" 2>/dev/null || true)
fi

# --- e. The repository's Swift service suite against the cluster's database, through haproxy, from
# nl-client (swift test --skip-build --filter NavLayoutServiceTests, its live services on PostgreSQL,
# a fresh schema each). Off unless CLUSTER_SWIFT_SUITE=1: it needs a test build
# (.build/debug/navlayoutPackageTests.xctest) and takes a while.
if [ "${CLUSTER_SWIFT_SUITE:-0}" = 1 ]; then
    phase swift
    swift_bin="$(command -v swift)"
    run_suite() {
        ip netns exec "$client_namespace" env NAVLAYOUT_TEST_POSTGRES="$CLUSTER_DATABASE_URL" \
            NAVLAYOUT_TEST_SERVICE_DATABASE=postgres timeout "${CLUSTER_SWIFT_SUITE_TIMEOUT:-1200}" \
            "$swift_bin" test --skip-build --filter NavLayoutServiceTests
    }
    if [ ! -x .build/debug/navlayoutPackageTests.xctest ]; then
        failed "e: no test build at .build/debug/navlayoutPackageTests.xctest (swift build --build-tests)"
    elif run_suite >"$cluster_state/swift-suite.log" 2>&1; then
        results+=("e. swift test --filter NavLayoutServiceTests on the cluster's database: passed ($(grep -E 'Test run with|Executed .* tests' "$cluster_state/swift-suite.log" | tail -n 1))")
    else
        tail -n 40 "$cluster_state/swift-suite.log" >&2
        failed "e: the service suite on the cluster's database failed (the end of its log is above)"
    fi
fi
