// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

extension Array {
    /// `popLast()` with the empty case decided inline. Free lists stay empty while a system only
    /// grows, and there the call into the stdlib's `popLast` costs more than the answer.
    @inline(__always)
    mutating func popLastIfAny() -> Element? {
        isEmpty ? nil : removeLast()
    }
}
