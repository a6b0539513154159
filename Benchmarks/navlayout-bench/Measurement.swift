/// Timing statistics in microseconds, computed exactly as the peer harness does.
struct Measurement {
    let iterations: Int
    let median: Double
    let minimum: Double
    let maximum: Double
    let percentile90: Double

    /// Runs `body` once to warm up, then until `maxIterations` runs or, after at least
    /// `minIterations`, until `budget` seconds have passed.
    static func run(budget: Double, minIterations: Int, maxIterations: Int, _ body: () -> Void) -> Measurement {
        let clock = ContinuousClock()
        body()
        var samples: [Double] = []
        let start = clock.now
        let budgetDuration = Duration.nanoseconds(Int64(budget * 1e9))
        while samples.count < maxIterations {
            let before = clock.now
            body()
            let after = clock.now
            samples.append(microseconds(after - before))
            if samples.count >= minIterations && clock.now - start > budgetDuration { break }
        }
        samples.sort()
        let count = samples.count
        let middle = count / 2
        let median = count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
        let rank = Int((0.9 * Double(count)).rounded(.up)) - 1
        let p90 = samples[min(count - 1, max(0, rank))]
        return Measurement(
            iterations: count, median: median, minimum: samples[0], maximum: samples[count - 1], percentile90: p90)
    }

    static func microseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12
    }
}

/// Keeps results alive so the optimiser cannot drop the work that produced them.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
