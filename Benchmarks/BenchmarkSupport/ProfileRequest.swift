/// A benchmark's `--profile STAGE COUNT` mode: one stage run for a counter rather than a clock.
///
/// Instructions and heap allocations are stable on a shared machine where wall-clock times are not,
/// but a counter such as valgrind sees the whole process. So scripts/check-budgets.sh runs a stage at
/// COUNT and at 2 × COUNT and divides the difference by COUNT: start-up, reading the input and the
/// warm-up cancel out, and what is left is the cost of one operation. The thresholds it checks are in
/// Benchmarks/Thresholds.
public struct ProfileRequest: Sendable {
    /// The stage's name, one of those the benchmark offers.
    public var stage: String
    /// How many times the operation runs after the warm-up.
    public var count: Int

    public init(stage: String, count: Int) {
        self.stage = stage
        self.count = count
    }

    /// Runs `operation` once as a warm-up (first-use caches, lazily built tables), then `count` times,
    /// and prints one line: the stage, the count and the sum of what `operation` returned, kept
    /// observable so the optimizer cannot drop the work. Nothing else is printed. The three are
    /// printed as separate items, not joined into one string first: a string of more than 15 bytes
    /// takes a heap block, so a longer line would count one allocation more at some counts.
    ///
    /// `@inlinable`: inlined into each benchmark, the loop calls `operation` as it would within one
    /// module.
    @inlinable
    public func run(_ operation: () -> Int) {
        var sink = operation()
        for _ in 0..<count { sink &+= operation() }
        print(stage, count, sink)
    }
}
