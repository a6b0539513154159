/// The timing loop the release-mode benchmarks share.
///
/// Runs `body` in batches sized to take about 20 ms (so the clock's resolution does not matter),
/// `repetitions` times, and returns the median of the mean microseconds per call. `body` returns a
/// number that is summed and kept observable, so the optimizer cannot drop the work.
///
/// `@inlinable`: inlined into each benchmark, the loop calls `body` as it would within one module,
/// so moving it here changes nothing that is measured.
@inlinable
public func medianMicroseconds(repetitions: Int, _ body: () -> Int) -> Double {
    let clock = ContinuousClock()
    var sink = 0
    var batch = 1
    while true {
        let elapsed = clock.measure { for _ in 0..<batch { sink &+= body() } }
        if elapsed >= .milliseconds(20) || batch >= 1 << 20 { break }
        batch *= 2
    }
    var samples: [Double] = []
    for _ in 0..<max(1, repetitions) {
        let elapsed = clock.measure { for _ in 0..<batch { sink &+= body() } }
        let (seconds, attoseconds) = elapsed.components
        samples.append((Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(batch))
    }
    if sink == 42 { print("") }
    samples.sort()
    return samples[samples.count / 2]
}
