# shellcheck shell=bash
# Shared by the benchmark scripts that drive wrk: sourced, not run.

# median: the median of the numbers on standard input, one per line.
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# write_post_script FILE BODY_FILE KEY: a wrk script that POSTs BODY_FILE's bytes as JSON with the
# API key KEY. It defines no response callback: wrk's own counts (completed requests, and "Non-2xx
# or 3xx responses") tell how many answers were 2xx, and a Lua callback per response would take CPU
# from the service on the shared cores.
write_post_script() {
    local body
    body="$(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read()))' "$2")"
    cat >"$1" <<LUA
wrk.method = "POST"
wrk.body = $body
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $3"
LUA
}
