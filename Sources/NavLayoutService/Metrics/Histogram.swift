/// A Prometheus histogram's running state: cumulative counts per upper bound, the sum and the count.

import JSON

struct Histogram: Sendable {
    /// Upper bounds in seconds, from half a millisecond (a cached read) to ten seconds (a drained request).
    static let defaultBounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
    ]

    let bounds: [Double]
    private(set) var bucketCounts: [Int]
    private(set) var sum: Double = 0
    private(set) var count: Int = 0

    init(bounds: [Double] = Histogram.defaultBounds) {
        self.bounds = bounds
        bucketCounts = Array(repeating: 0, count: bounds.count)
    }

    mutating func observe(_ seconds: Double) {
        for index in bounds.indices where seconds <= bounds[index] {
            bucketCounts[index] += 1
        }
        sum += seconds
        count += 1
    }

    /// The exposition lines of this histogram; `labels` is the label set without braces ("" for none).
    func lines(name: String, labels: String) -> [String] {
        func withLabels(_ extra: String) -> String {
            let all = [labels, extra].filter { !$0.isEmpty }.joined(separator: ",")
            return all.isEmpty ? "" : "{\(all)}"
        }
        var lines: [String] = []
        for (bound, bucketCount) in zip(bounds, bucketCounts) {
            lines.append("\(name)_bucket\(withLabels("le=\"\(PrometheusText.number(bound))\"")) \(bucketCount)")
        }
        lines.append("\(name)_bucket\(withLabels("le=\"+Inf\"")) \(count)")
        lines.append("\(name)_sum\(withLabels("")) \(PrometheusText.number(sum))")
        lines.append("\(name)_count\(withLabels("")) \(count)")
        return lines
    }
}
