// libFuzzer harness for the request decoder and the expression parser; the entry point is in
// FuzzTarget.swift.
//
// This file holds no statements on purpose. Built with `--sanitize=fuzzer`, the compiler parses it as a
// library and libFuzzer supplies `main`; in a plain `swift build` it compiles to an empty program, so the
// package still builds without the fuzzer runtime. Build and run from the package root:
//
//     swift build --product LayoutRequestFuzz --scratch-path .build/fuzz --sanitize=fuzzer \
//         --sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
//     mkdir -p CORPUS_DIR
//     SWIFT_BACKTRACE=enable=no .build/fuzz/debug/LayoutRequestFuzz CORPUS_DIR Tests/Fixtures \
//         -dict=Tests/Fixtures/fuzz.dict -max_len=4096 -max_total_time=600
//
// The coverage flags matter: `-sanitize=fuzzer` alone links libFuzzer but leaves the code without the
// coverage counters it steers by. A separate scratch path keeps the instrumented build apart from the
// ordinary one.
