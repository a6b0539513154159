# Shared by the scripts that test a live service: sourced, not run.
#
# start_navlayout LABEL BINARY WORKDIR ADMIN_TOKEN [DATABASE]
#   Serves BINARY on an ephemeral 127.0.0.1 port with a fresh database (DATABASE, by default
#   WORKDIR/navlayout.sqlite) and the given admin token, waits for it to report its port, and sets server_pid, port and base. LABEL prefixes
#   the error messages. The caller's EXIT trap stops server_pid.
start_navlayout() {
    local label="$1" binary="$2" workdir="$3" admin_token="$4" database="${5:-$3/navlayout.sqlite}"
    NAVLAYOUT_ADMIN_TOKEN="$admin_token" "$binary" serve --port 0 --database "$database" \
        --migrations "$PWD/Migrations" --access-log off >"$workdir/stdout" 2>"$workdir/stderr" &
    server_pid=$!
    port=""
    for _ in $(seq 1 100); do
        port="$(sed -n 's|^navlayout listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$workdir/stdout")"
        [ -n "$port" ] && break
        if ! kill -0 "$server_pid" 2>/dev/null; then
            echo "$label: the server did not start" >&2
            cat "$workdir/stderr" >&2
            exit 1
        fi
        sleep 0.1
    done
    [ -n "$port" ] || { echo "$label: the server did not report its port" >&2; exit 1; }
    base="http://127.0.0.1:$port"
}

# create_tenant_key BASE ADMIN_TOKEN NAME: creates a tenant through the API and prints its first key.
create_tenant_key() {
    curl -sf -X POST "$1/v1/tenants" -H "Authorization: Bearer $2" \
        -H 'Content-Type: application/json' -d "{\"name\":\"$3\"}" |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["key"]["secret"])'
}
