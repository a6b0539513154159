#!/usr/bin/env bash
# Runs a command in one of the namespaces of the cluster scripts/cluster/up.sh built: clients
# (curl, psql, load drivers) belong in nl-client, since the root namespace has no route to the cluster.
#
#   scripts/cluster/exec.sh nl-client curl -s http://10.77.0.20:8080/readyz
#   scripts/cluster/exec.sh nl-node1 patronictl -c "$CLUSTER_STATE/node1/patroni.yml" list
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/cluster/lib.sh
. scripts/cluster/lib.sh

if [ $# -lt 2 ]; then
    echo "usage: $0 NAMESPACE COMMAND..." >&2
    exit 2
fi
namespace="$1"
shift
if ! grep -qx "$namespace" "$cluster_state/namespaces" 2>/dev/null; then
    echo "$0: $namespace is not a namespace of the cluster at $cluster_state:" \
        "$(tr '\n' ' ' <"$cluster_state/namespaces" 2>/dev/null || echo 'no cluster is up')" >&2
    exit 2
fi
exec ip netns exec "$namespace" "$@"
