/// The median of `numerator`'s time over `denominator`'s, the two measured back to back in each
/// repetition: on a shared machine whose speed drifts from second to second, a ratio of two medians
/// taken apart mixes the drift in; a ratio taken within one repetition sees the same machine twice.
/// Each side runs in batches of at least 20 ms (calibrated once), as `medianMicroseconds` does.
import Foundation

public func medianRatio(repetitions: Int, _ numerator: () -> Int, over denominator: () -> Int) -> Double {
    let clock = ContinuousClock()
    var sink = 0
    func calibrated(_ body: () -> Int) -> Int {
        var batch = 1
        while true {
            let elapsed = clock.measure { for _ in 0..<batch { sink &+= body() } }
            if elapsed >= .milliseconds(20) || batch >= 1 << 20 { return batch }
            batch *= 2
        }
    }
    func perRun(_ body: () -> Int, _ batch: Int) -> Double {
        let (seconds, attoseconds) = clock.measure { for _ in 0..<batch { sink &+= body() } }.components
        return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(batch)
    }
    let top = calibrated(numerator)
    let bottom = calibrated(denominator)
    var ratios: [Double] = []
    for _ in 0..<max(1, repetitions) {
        ratios.append(perRun(numerator, top) / perRun(denominator, bottom))
    }
    if sink == 42 { print("") }
    ratios.sort()
    return ratios[ratios.count / 2]
}
