#!/usr/bin/env bash
# Prints the node whose PostgreSQL is the primary, as "NAME ADDRESS" (node2 10.77.0.12): the one whose
# Patroni answers GET /primary with 200, asked from nl-client. Exit 1 when no node does (a failover in
# progress). For Patroni's whole view: scripts/cluster/exec.sh nl-node1 patronictl -c STATE/node1/patroni.yml list
#
#   scripts/cluster/primary.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/cluster/lib.sh
. scripts/cluster/lib.sh

[ -f "$cluster_state/env" ] || { echo "$0: no cluster is up at $cluster_state" >&2; exit 2; }
n="$(primary_node)"
[ -n "$n" ] || { echo "$0: no node answers GET /primary with 200" >&2; exit 1; }
echo "node$n $(node_address "$n")"
