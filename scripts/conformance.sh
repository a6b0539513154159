#!/usr/bin/env bash
# API conformance: serves navlayout on a temporary database with a known admin token, creates a
# tenant and its key, and runs Schemathesis with every check against the served OpenAPI document.
# Fails on any failure.
#
#   scripts/conformance.sh                 # EXAMPLES=25 by default
#   EXAMPLES=200 scripts/conformance.sh    # more generated cases per operation
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/navlayout-server.sh
. scripts/lib/navlayout-server.sh

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
EXAMPLES="${EXAMPLES:-25}"

if ! command -v st >/dev/null 2>&1; then
    python3 -m pip install --quiet schemathesis
fi

swift build --product navlayout
binary="$(swift build --product navlayout --show-bin-path)/navlayout"

workdir="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$workdir"
}
trap cleanup EXIT

admin_token="conformance-admin-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
start_navlayout conformance "$binary" "$workdir" "$admin_token"

# A tenant and its first key, through the API itself.
api_key="$(create_tenant_key "$base" "$admin_token" conformance)"

# Pagination cursors are opaque tokens the server issues; a made-up one is rightly a 400, so the
# cursor parameters get real cursors: one from the audit listing (its first page holds the tenant's
# creation events) and one for the history and diff listings (same form), built as the server
# builds them.
audit_cursor="$(curl -sf "$base/v1/audit?limit=1" -H "Authorization: Bearer $api_key" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["nextCursor"])')"
layouts_cursor="$(python3 -c '
import base64, time
text = "layouts1|%d|%s" % (int(time.time() * 1e6), "0" * 25 + "1")
print(base64.urlsafe_b64encode(text.encode()).decode().rstrip("="))')"

# Operations documented as 501 (layout routes of a build configured without the layout engine)
# cannot pass "not a server error"; they are listed, not tested. The default build serves them all.
mapfile -t unimplemented < <(curl -sf "$base/openapi.json" | python3 -c '
import json, sys
document = json.load(sys.stdin)
for path, item in document["paths"].items():
    for method, operation in item.items():
        if "501" in operation.get("responses", {}):
            print(operation["operationId"])')
exclusions=()
for operation_id in "${unimplemented[@]}"; do
    echo "conformance: not tested (not implemented in this build): $operation_id"
    exclusions+=(--exclude-operation-id "$operation_id")
done

# Each security scheme of the document gets its own credential. A conditional write whose If-Match
# (valid by the schema) names another version is answered 412 by design, so 412 is an expected
# answer to valid data for the two conditional operations.
#
# Layout documents have rules that relate members to each other, which JSON Schema cannot state:
# the safe area must fit inside the screen, a prompt exists only during guidance, a scenario's
# resize step carries a screen, and the delegate's constraint strings are a language whose items
# must exist and whose anchors must be of one axis. The document states every member, type, range
# and enumeration exactly (so schema-violating bodies are still checked to be refused), and a body
# that passes the schema but breaks one of those rules is answered 422 with the path of the
# offending member, by design (api.md); 422 is therefore an expected answer to schema-valid data
# for the operations that take such documents. The same goes for tenant archives (below).
cat >"$workdir/schemathesis.toml" <<TOML
[auth.openapi.adminToken]
bearer = "$admin_token"

[auth.openapi.apiKey]
bearer = "$api_key"

[[operations]]
include-name = "GET /v1/audit"
parameters = { cursor = "$audit_cursor" }

[[operations]]
include-name = "GET /v1/layouts"
parameters = { cursor = "$layouts_cursor" }

[[operations]]
include-name = "GET /v1/diffs"
parameters = { cursor = "$layouts_cursor" }

[[operations]]
include-name = "PUT /v1/profiles/{name}"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 409, 412, 422]

[[operations]]
include-name = "DELETE /v1/profiles/{name}"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 409, 412]

[[operations]]
include-name = "POST /v1/layouts"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 422]

[[operations]]
include-name = "POST /v1/layouts/svg"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 422]

[[operations]]
include-name = "POST /v1/layouts/matrix"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 422]

[[operations]]
include-name = "POST /v1/convert"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 422]

[[operations]]
include-name = "POST /v1/scenarios"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 422]

# A diff's sides are layout documents (above), and a stored profile or layout solved across the
# matrix meets the same rules.
[[operations]]
include-name = "POST /v1/diffs"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 422]

[[operations]]
include-name = "GET /v1/profiles/{name}/versions/{n}/diff/{b}"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 422]

[[operations]]
include-name = "POST /v1/layouts/{id}/replay"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 422]

# A Swift file is any string to JSON Schema; it must be a layout delegate the importer can read
# (422 with the errors at their lines otherwise).
[[operations]]
include-name = "POST /v1/imports/swift"
checks.positive_data_acceptance.expected-statuses = ["2XX", 401, 403, 404, 422]

# A tenant archive is any string to JSON Schema; its lines must be JSON records in order (400 for a
# line that is not JSON, 422 for a record that is not valid, 409 for a tenant that exists).
[[operations]]
include-name = "POST /v1/admin/tenants/import"
checks.positive_data_acceptance.expected-statuses = ["2XX", 400, 401, 403, 404, 409, 422]
TOML

# Tenant archives are JSON lines (application/x-ndjson), which Schemathesis cannot write by itself:
# the body the schema describes (a string) is sent as its UTF-8 bytes, anything else as one JSON
# document per line.
cat >"$workdir/navlayout_hooks.py" <<'PY'
import json

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def json_lines(ctx, value):
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    if isinstance(value, str):
        return value.encode("utf-8")
    items = value if isinstance(value, list) else [value]
    return "".join(json.dumps(item) + "\n" for item in items).encode("utf-8")
PY

cd "$workdir"  # Schemathesis keeps its state in the current folder
PYTHONPATH="$workdir${PYTHONPATH:+:$PYTHONPATH}" SCHEMATHESIS_HOOKS=navlayout_hooks \
    st --config-file "$workdir/schemathesis.toml" run "$base/openapi.json" \
    --checks all --max-examples "$EXAMPLES" --seed "${SEED:-1}" --workers 1 \
    --request-timeout 10 --report junit --report-dir "$workdir/report" "${exclusions[@]}"
echo "conformance: zero failures with $EXAMPLES examples per operation"
