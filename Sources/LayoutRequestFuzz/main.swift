// libFuzzer harness for the request decoder and the expression parser; the entry point is in
// FuzzTarget.swift.
//
// This file holds no statements on purpose. Built with `--sanitize=fuzzer`, the compiler parses it as a
// library and libFuzzer supplies `main`; in a plain `swift build` it compiles to an empty program, so the
// package still builds without the fuzzer runtime. Build and run (see README.md, "Fuzzing"):
//
//     swift build --product LayoutRequestFuzz --sanitize=fuzzer --sanitize=address \
//         -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
//     SWIFT_BACKTRACE=enable=no .build/debug/LayoutRequestFuzz Tests/NavigationLayoutTests/Fixtures/fuzz-corpus
