// libFuzzer supplies `main` in a fuzzing build, where this file is compiled as a library file; a
// plain `swift build` links it as an empty program. Build and run the fuzzer with:
//
//   swift build --product HTTPParserFuzz --sanitize=fuzzer --sanitize=address \
//       -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
//   SWIFT_BACKTRACE=enable=no .build/debug/HTTPParserFuzz Fuzz/http-corpus -max_total_time=600
//
// The explicit coverage flags matter: without them the toolchain links no coverage counters and
// libFuzzer mutates blindly.
