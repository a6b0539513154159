#!/usr/bin/env bash
# Export that compiles: every fixture delegate written as Swift (navlayout export-swift) typechecks
# with swiftc -typecheck -swift-version 6 against the repository's stub of the UIKit and Navigation
# SDK surface (Tests/Fixtures/swift/stub), as the SDK documentation's own sample does, and is laid out
# exactly as the toolchain's swift-format (default configuration) lays it out. A script rather than a
# unit test: the compiler and the formatter would load the machine under the live-server tests.
#   scripts/check-swift-export.sh [NAVLAYOUT_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=lib/navlayout-binary.sh
. scripts/lib/navlayout-binary.sh
navlayout_binary "${1:-}"
stub=Tests/Fixtures/swift/stub
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swiftc -emit-module -parse-as-library -module-name UIKit -swift-version 6 "$stub/UIKit.swift" \
    -emit-module-path "$work/UIKit.swiftmodule"
swiftc -emit-module -parse-as-library -module-name GoogleNavigation -swift-version 6 -I "$work" \
    "$stub/GoogleNavigation.swift" -emit-module-path "$work/GoogleNavigation.swiftmodule"

files=()
index=0
for fixture in Tests/Fixtures/seed-delegate-guidance.json Tests/Fixtures/seed-delegate-prompt.json \
    Tests/Fixtures/seed-delegate-guidance-moved-logo.json Tests/Fixtures/delegate-short-header.json \
    Tests/Fixtures/delegate-layers.json \
    Tests/Fixtures/swift/corpus/*.json; do
    index=$((index + 1))
    export_file="$work/Export$index.swift"
    "$binary" export-swift "$fixture" --class "Export${index}Delegate" > "$export_file"
    # From the scratch folder, so that swift-format finds no configuration but its default.
    (cd "$work" && swift-format "Export$index.swift") > "$work/formatted.swift"
    if ! cmp -s "$export_file" "$work/formatted.swift"; then
        echo "check-swift-export: $fixture is not laid out as swift-format lays it out:" >&2
        diff "$export_file" "$work/formatted.swift" >&2 || true
        exit 1
    fi
    files+=("$export_file")
done
swiftc -typecheck -swift-version 6 -I "$work" "${files[@]}" Tests/Fixtures/swift/BasicLayoutDelegate.swift
echo "check-swift-export: ${#files[@]} exports and the documentation's sample typecheck against the stub; each export is as swift-format lays it out"
