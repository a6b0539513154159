// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

extension Array {
    /// Drops the elements from `count` on, keeping the capacity. Scratch buffers are cleared after
    /// every use and are often empty or short already: popping is cheaper there than the general
    /// range replacement behind `removeAll(keepingCapacity:)`, but only for a few elements (each pop
    /// pays its own uniqueness check; a limit of three measures better than two or eight).
    @inline(__always)
    mutating func truncate(to count: Int) {
        let excess = self.count - count
        if excess <= 0 { return }
        if excess <= 3 {
            for _ in 0..<excess { removeLast() }
        } else {
            removeSubrange(count...)
        }
    }

    /// Makes the array equal to `other` in its own buffer (reusing its capacity), so that the two
    /// never share storage and appending to either copies nothing.
    @inline(__always)
    mutating func replaceContents(with other: [Element]) {
        truncate(to: 0)
        // Appended from a buffer pointer: a block copy, cheaper than the array-to-array append.
        other.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}
