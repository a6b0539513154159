# shellcheck shell=bash
# Shared by the scripts that run the command-line tool: sourced, not run.
#
# navlayout_binary [BINARY]
#   Puts the toolchain on the PATH when it is not there, builds navlayout when BINARY (by default
#   .build/debug/navlayout) is missing, and sets binary to its absolute path, so that the script may
#   run it from another folder.
navlayout_binary() {
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    binary=${1:-.build/debug/navlayout}
    [ -x "$binary" ] || swift build --product navlayout
    binary=$(readlink -f "$binary")
}
