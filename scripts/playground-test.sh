#!/usr/bin/env bash
# The playground in a real browser: installs Debian's chromium when missing, serves navlayout on a
# temporary database with a tenant key, loads GET / in headless Chromium and drives it through the
# DevTools protocol (scripts/playground_driver.py): the page, the editor and the device picker; then
# the picture and the diagnostics of the sample, and that both change with the device; then the
# compare view: identical sides give an all-unchanged contact sheet, an edited after side gives
# changed cells whose overlay loads on a click, and a bad after side is shown as that side's error.
# Saves a screenshot (PNG) for people to look at, and one of the compare view when asked.
#
#   scripts/playground-test.sh                          # screenshot: ./playground.png
#   SCREENSHOT=/tmp/p.png scripts/playground-test.sh
#   COMPARE_SCREENSHOT=/tmp/compare.png scripts/playground-test.sh
#
# Exit status: 0 passed; 1 anything else.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/navlayout-server.sh
. scripts/lib/navlayout-server.sh

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
SCREENSHOT="${SCREENSHOT:-$PWD/playground.png}"
COMPARE_SCREENSHOT="${COMPARE_SCREENSHOT:-}"

if ! command -v chromium >/dev/null 2>&1; then
    sudo_prefix=""
    [ "$(id -u)" -ne 0 ] && sudo_prefix="sudo"
    $sudo_prefix apt-get install -y chromium
fi

swift build --product navlayout
binary="$(swift build --product navlayout --show-bin-path)/navlayout"

workdir="$(mktemp -d)"
server_pid=""
browser_pid=""
cleanup() {
    for pid in "$browser_pid" "$server_pid"; do
        if [ -n "$pid" ]; then
            kill "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$workdir"
}
trap cleanup EXIT

admin_token="playground-admin-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
start_navlayout playground "$binary" "$workdir" "$admin_token"

api_key="$(create_tenant_key "$base" "$admin_token" playground)"

# Headless Chromium with DevTools on a free port it picks and writes into its profile folder.
chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --no-default-browser-check --disable-extensions --user-data-dir="$workdir/profile" \
    --remote-debugging-address=127.0.0.1 --remote-debugging-port=0 about:blank \
    >"$workdir/chromium.log" 2>&1 &
browser_pid=$!
devtools_port=""
for _ in $(seq 1 200); do
    if [ -s "$workdir/profile/DevToolsActivePort" ]; then
        devtools_port="$(head -n 1 "$workdir/profile/DevToolsActivePort")"
        [ -n "$devtools_port" ] && break
    fi
    if ! kill -0 "$browser_pid" 2>/dev/null; then
        echo "playground: chromium did not start" >&2
        cat "$workdir/chromium.log" >&2
        exit 1
    fi
    sleep 0.1
done
[ -n "$devtools_port" ] || { echo "playground: chromium did not open DevTools" >&2; exit 1; }

status=0
python3 scripts/playground_driver.py "$devtools_port" "$base/" "$api_key" "$SCREENSHOT" "$COMPARE_SCREENSHOT" ||
    status=$?
case "$status" in
    0) echo "playground: passed" ;;
    *) echo "playground: failed" >&2 ;;
esac
exit "$status"
