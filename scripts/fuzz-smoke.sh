#!/usr/bin/env bash
# The fuzzers for a short, fixed budget: the HTTP request parser (HTTPParserFuzz), the layout
# request decoder and expression parsers (LayoutRequestFuzz) and the Swift delegate importer
# (SwiftDelegateFuzz), each built with libFuzzer and
# AddressSanitizer in .build/fuzz and run from its seeds for SECONDS (60 by default) with a fixed
# seed, so that every run explores the same inputs first. Fails when one finds a crash, a hang, a
# sanitizer report or a disagreement its harness checks; libFuzzer then writes the input to
# .build/fuzz/findings. `.ci/run` calls it on every run; longer campaigns use the commands in each
# harness's main.swift.
#
#   scripts/fuzz-smoke.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
seconds="${1:-60}"
flags=(--scratch-path .build/fuzz --sanitize=fuzzer --sanitize=address
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
for product in HTTPParserFuzz LayoutRequestFuzz SwiftDelegateFuzz; do
    swift build --product "$product" "${flags[@]}"
done
bin="$(swift build --show-bin-path "${flags[@]}")"
findings=.build/fuzz/findings
mkdir -p "$findings"
export SWIFT_BACKTRACE=enable=no

run() {
    local product="$1"
    shift
    local corpus
    corpus="$(mktemp -d)"
    echo "fuzz-smoke: $product for ${seconds}s"
    if ! "$bin/$product" "$corpus" "$@" -seed=1 -max_total_time="$seconds" -timeout=10 \
        -artifact_prefix="$findings/$product-" -print_final_stats=1 2>"$corpus.log"; then
        tail -n 40 "$corpus.log" >&2
        echo "fuzz-smoke: $product found a failure; the input is in $findings" >&2
        rm -rf "$corpus" "$corpus.log"
        exit 1
    fi
    grep -E '^stat::number_of_executed_units' "$corpus.log" || true
    rm -rf "$corpus" "$corpus.log"
}

run HTTPParserFuzz Fuzz/http-corpus -max_len=1024
run LayoutRequestFuzz Tests/Fixtures -dict=Tests/Fixtures/fuzz.dict -max_len=4096
run SwiftDelegateFuzz Tests/Fixtures/swift -dict=Tests/Fixtures/swift-fuzz.dict -max_len=2048
echo "fuzz-smoke: no findings"
