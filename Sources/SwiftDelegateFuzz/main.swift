// libFuzzer harness for the Swift delegate importer; the entry point is in FuzzTarget.swift.
//
// This file holds no statements on purpose. Built with `--sanitize=fuzzer`, the compiler parses it as a
// library and libFuzzer supplies `main`; in a plain `swift build` it compiles to an empty program, so the
// package still builds without the fuzzer runtime. Build and run from the package root:
//
//     swift build --product SwiftDelegateFuzz --scratch-path .build/fuzz --sanitize=fuzzer \
//         --sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
//     mkdir -p CORPUS_DIR
//     SWIFT_BACKTRACE=enable=no .build/fuzz/debug/SwiftDelegateFuzz CORPUS_DIR Tests/Fixtures/swift \
//         -dict=Tests/Fixtures/swift-fuzz.dict -max_len=2048 -runs=1000000 -fork=2
//
// The toolchain's SwiftParser libraries are not instrumented: coverage steers by the reading of the
// tree (the interpreter, the document writer, the checks), which is the code this package wrote; a
// crash anywhere, the parser included, is a finding.
