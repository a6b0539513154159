# shellcheck shell=bash disable=SC2034 # sourced: its names are used by the scripts that source it
# Shared by the cluster scripts: sourced, not run. The names, addresses and helpers of the cluster
# that scripts/cluster/up.sh builds.
#
# Every namespace hangs off one bridge that lives in a namespace of its own (nl-switch), so the root
# namespace gets no address and no route into 10.77.0.0/24: a client in the root namespace cannot
# reach the cluster by mistake, and nothing of the cluster leaks onto the machine's own network.

cluster_state="${NAVLAYOUT_CLUSTER_DIR:-${TMPDIR:-/tmp}/navlayout-cluster}"
cluster_marker=".navlayout-cluster"
pg_bin=/usr/lib/postgresql/15/bin

switch_namespace=nl-switch
client_namespace=nl-client
haproxy_namespace=nl-haproxy
haproxy_address=10.77.0.20
client_address=10.77.0.50
node_count=3

node_address() { echo "10.77.0.$((10 + $1))"; }
app_address() { echo "10.77.0.$((30 + $1))"; }

# in_ns NAMESPACE COMMAND...: runs COMMAND in that namespace.
in_ns() {
    local namespace="$1"
    shift
    ip netns exec "$namespace" "$@"
}

# The start time of a running process (field 22 of /proc/PID/stat, after the command name, which may
# hold spaces): kept beside each recorded PID so that a PID the kernel has since reused is never
# signalled. A zombie (state Z) has ended: its parent, often init here, may take a while to reap it.
process_start_time() {
    local stat
    stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
    stat="${stat##*) }"
    # shellcheck disable=SC2086 # split on purpose: the fields of the stat line
    set -- $stat
    [ "$1" != Z ] || return 1
    echo "${20}"
}

# record_pid NAME PID: remembers PID (with its start time) in the state folder for down.sh.
record_pid() {
    local start
    start="$(process_start_time "$2")" || start=gone
    printf '%s %s\n' "$2" "$start" >"$cluster_state/pids/$1.pid"
}

# recorded_pid NAME: prints the PID recorded as NAME when that process still runs, else nothing.
recorded_pid() {
    local file="$cluster_state/pids/$1.pid" pid start
    [ -f "$file" ] || return 0
    read -r pid start <"$file" || return 0
    [ -n "$pid" ] && [ "$(process_start_time "$pid" 2>/dev/null || true)" = "$start" ] && echo "$pid"
    return 0
}

# stop_recorded SECONDS NAME...: TERM to each recorded process that still runs, KILL to those still
# running SECONDS later. Returns when they are gone (or after 5 more seconds, with a warning).
stop_recorded() {
    local grace="$1" name pid
    shift
    local -a pids=()
    for name in "$@"; do
        pid="$(recorded_pid "$name")"
        if [ -n "$pid" ]; then
            kill -TERM "$pid" 2>/dev/null || true
            pids+=("$pid:$name")
        fi
    done
    [ ${#pids[@]} -gt 0 ] || return 0
    wait_gone "$grace" "${pids[@]}" && return 0
    for entry in "${pids[@]}"; do
        name="${entry#*:}"
        pid="$(recorded_pid "$name")"
        if [ -n "$pid" ]; then
            echo "${script_name:-cluster}: $name (PID $pid) ignored TERM for ${grace}s: KILL" >&2
            kill -KILL "$pid" 2>/dev/null || true
        fi
    done
    wait_gone 5 "${pids[@]}" || echo "${script_name:-cluster}: some processes outlived KILL: ${pids[*]}" >&2
}

# wait_gone SECONDS PID:NAME...: whether the recorded processes all ended within SECONDS.
wait_gone() {
    local seconds="$1" entry alive
    shift
    for _ in $(seq 1 $((seconds * 10))); do
        alive=no
        for entry in "$@"; do
            [ -n "$(recorded_pid "${entry#*:}")" ] && alive=yes
        done
        [ "$alive" = no ] && return 0
        sleep 0.1
    done
    return 1
}

# wait_for WHAT SECONDS COMMAND...: runs COMMAND every 0.2 s until it succeeds; after SECONDS says
# what it waited for, and what the last attempt printed, and returns 1. COMMAND must bound its own
# run (curl --max-time, timeout).
wait_for() {
    local what="$1" seconds="$2" deadline output=""
    shift 2
    deadline=$(($(date +%s) + seconds))
    for _ in $(seq 1 $((seconds * 5))); do
        if output="$("$@" 2>&1)"; then
            return 0
        fi
        [ "$(date +%s)" -lt "$deadline" ] || break
        sleep 0.2
    done
    echo "${script_name:-cluster}: gave up after ${seconds}s waiting for $what" >&2
    [ -z "$output" ] || echo "$output" | head -n 5 | sed 's/^/    /' >&2
    return 1
}

# http_ok URL: whether URL answers 2xx to a client in the client namespace within 2 s.
http_ok() {
    in_ns "$client_namespace" curl -sf -o /dev/null --max-time 2 "$1"
}

# primary_node: prints the number of the node whose Patroni says it runs the primary (GET /primary
# answers 200 on that node only), or nothing when none does.
primary_node() {
    local n
    for n in $(seq 1 "$node_count"); do
        if http_ok "http://$(node_address "$n"):8008/primary"; then
            echo "$n"
            return 0
        fi
    done
    return 0
}

has_primary() { [ -n "$(primary_node)" ]; }

# haproxy_servers PROXY: each server of PROXY (postgres, navlayout) with the state haproxy gives it,
# "node1 UP", one a line. A server between states reads "UP 1/2" (still taking traffic) or "DOWN 1/2".
haproxy_servers() {
    in_ns "$client_namespace" curl -sf --max-time 2 "http://$haproxy_address:8404/stats;csv" |
        awk -F, -v proxy="$1" '$1 == proxy && $2 != "FRONTEND" && $2 != "BACKEND" { print $2, $18 }'
}
