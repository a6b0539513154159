#!/usr/bin/env bash
# Stops what scripts/cluster/up.sh started, by the PIDs it recorded (TERM, then KILL after a bounded
# wait), removes the namespaces and veths it recorded, and removes the state folder. Safe to run
# twice, and after an up.sh that failed midway: whatever is not there is skipped.
#
#   scripts/cluster/down.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
script_name="down.sh"
# shellcheck source=scripts/cluster/lib.sh
. scripts/cluster/lib.sh

[ "$(id -u)" = 0 ] || { echo "$0: needs root" >&2; exit 2; }
if [ ! -d "$cluster_state" ]; then
    left="$(ip netns list 2>/dev/null | awk '{print $1}' | grep -E '^nl-(switch|node[0-9]|haproxy|app[0-9]|client)$' || true)"
    if [ -n "$left" ]; then
        echo "$0: no state folder at $cluster_state, but these namespaces exist (not removed: nothing records them):" \
            "$(echo "$left" | tr '\n' ' ')" >&2
    else
        echo "down.sh: no cluster at $cluster_state; nothing to do"
    fi
    exit 0
fi
if [ ! -f "$cluster_state/$cluster_marker" ]; then
    echo "$0: $cluster_state was not made by up.sh (no $cluster_marker); leaving it alone" >&2
    exit 2
fi

names_like() {
    local file
    for file in "$cluster_state/pids/$1"*.pid; do
        [ -f "$file" ] || continue
        file="${file##*/}"
        echo "${file%.pid}"
    done
}

# Clients and replicas first, so nothing writes while the database goes; Patroni stops its
# PostgreSQL itself on TERM (a fast shutdown), which may take a while, then etcd.
# shellcheck disable=SC2046 # one name a word
stop_recorded 10 $(names_like writer) $(names_like app)
# shellcheck disable=SC2046
stop_recorded 5 $(names_like haproxy)
# shellcheck disable=SC2046
stop_recorded 40 $(names_like patroni)
# runuser ends when its Patroni does; signalled only if it did not (it would KILL Patroni 2 s after a TERM).
# shellcheck disable=SC2046
stop_recorded 5 $(names_like runuser-)

# A PostgreSQL whose Patroni had to be killed outlives it: its postmaster is found by the data folder's
# postmaster.pid, and only when that process is a postgres working in that very folder.
for data in "$cluster_state"/node*/data; do
    [ -f "$data/postmaster.pid" ] || continue
    pid="$(head -n 1 "$data/postmaster.pid")"
    case "$pid" in '' | *[!0-9]*) continue ;; esac
    if [ "$(readlink "/proc/$pid/cwd" 2>/dev/null || true)" = "$data" ]; then
        echo "$0: PostgreSQL of ${data%/data} (PID $pid) still runs: immediate shutdown" >&2
        kill -QUIT "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do
            [ -d "/proc/$pid" ] || break
            sleep 0.1
        done
        if [ -d "/proc/$pid" ]; then kill -KILL "$pid" 2>/dev/null || true; fi
    fi
done
# One member at a time: stopped together, each waits out its attempt to hand leadership to another
# (seconds); one by one they end at once.
for name in $(names_like etcd); do
    stop_recorded 10 "$name"
done

# Whatever still runs in a namespace of the cluster was started in it by hand (exec.sh): named, not
# killed. The namespace goes away when it ends.
while read -r namespace; do
    [ -n "$namespace" ] || continue
    if ip netns list | awk '{print $1}' | grep -qx "$namespace"; then
        remaining="$(ip netns pids "$namespace" 2>/dev/null | tr '\n' ' ')"
        if [ -n "$remaining" ]; then
            echo "$0: still running in $namespace (not started by up.sh, not killed): $remaining" >&2
        fi
        ip netns del "$namespace"
    fi
done < <(tac "$cluster_state/namespaces" 2>/dev/null || true)
# The veths live in the namespaces and went with them; one left in the root namespace by a failure
# between its making and its move is removed here.
while read -r veth; do
    [ -n "$veth" ] || continue
    if ip link show dev "$veth" >/dev/null 2>&1; then
        ip link del dev "$veth"
    fi
done < <(cat "$cluster_state/veths" 2>/dev/null || true)

rm -rf "$cluster_state"
echo "down.sh: cluster at $cluster_state removed"
