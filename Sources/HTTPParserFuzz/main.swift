// libFuzzer supplies `main` in a fuzzing build, where this file is compiled as a library file; a
// plain `swift build` links it as an empty program. Build and run the fuzzer with:
//
//   swift build --product HTTPParserFuzz --sanitize=fuzzer --sanitize=address \
//       -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp --scratch-path .build/fuzz
//   mkdir -p .build/fuzz/corpus
//   SWIFT_BACKTRACE=enable=no .build/fuzz/debug/HTTPParserFuzz .build/fuzz/corpus Fuzz/http-corpus \
//       -max_len=1024 -max_total_time=600 -print_final_stats=1
//
// The explicit coverage flags matter: without them the toolchain links no coverage counters and
// libFuzzer mutates blindly. The separate scratch path keeps the sanitized objects apart from the
// normal build; new corpus units go to the first directory, the seeds in Fuzz/http-corpus stay put.
