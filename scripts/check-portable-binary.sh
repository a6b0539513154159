#!/usr/bin/env bash
# Proves that a navlayout binary needs nothing of the toolchain beyond the libraries
# scripts/bundle-binary.sh copies beside it (what the Docker image carries): the bundle, in an empty
# folder, imports the SDK documentation's Swift delegate with the toolchain's lib/swift hidden (an
# empty tmpfs mounted over it in a private mount namespace) and no toolchain on the PATH.
#   scripts/check-portable-binary.sh [BINARY]      (default .build/debug/navlayout; needs root for unshare)
set -euo pipefail

cd "$(dirname "$0")/.."
binary=${1:-.build/debug/navlayout}
swiftc=$(command -v swiftc) || { echo "$0: no swiftc on the PATH" >&2; exit 2; }
libraries=$(dirname "$(dirname "$(readlink -f "$swiftc")")")/lib/swift
[ -d "$libraries/host" ] || { echo "$0: no $libraries/host" >&2; exit 2; }

[ -x "$binary" ] || swift build --product navlayout

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scripts/bundle-binary.sh "$binary" "$work/bundle" > /dev/null
cp Tests/Fixtures/swift/BasicLayoutDelegate.swift "$work/"

# Hidden, the toolchain's libraries cannot be what the binary loads; without the bundle it fails.
hide="mount -t tmpfs none '$libraries'"
if unshare --mount --propagation private sh -c "$hide && env -i PATH=/usr/bin:/bin '$binary' import-swift '$work/BasicLayoutDelegate.swift'" > /dev/null 2>&1; then
    echo "$0: the binary ran with the toolchain hidden and no bundle; the check cannot tell anything" >&2
    exit 1
fi
unshare --mount --propagation private sh -c \
    "$hide && cd '$work' && env -i PATH=/usr/bin:/bin ./bundle/navlayout import-swift BasicLayoutDelegate.swift" \
    > "$work/out.json"
if ! grep -q '"className": "BasicLayoutDelegate"' "$work/out.json"; then
    echo "$0: the bundled binary did not import the delegate" >&2
    cat "$work/out.json" >&2
    exit 1
fi
echo "portable: $(ls "$work/bundle" | wc -l) files ($(du -sh "$work/bundle" | cut -f1)) import a Swift delegate with the toolchain hidden"
