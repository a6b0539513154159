// Hot: measured by the `path` and `builtin-path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

import Cassowary

/// Expressions of a few terms built in place. `Expression(terms:constant:)` takes an array, which
/// costs an allocation, a copy of every term into the expression and the array's release, for every
/// constraint of every request; appending the terms one by one stores them straight into the
/// expression (up to four inline, see Cassowary's TermList), in the same order.
extension Expression {
    init(_ first: Term, constant: Double = 0) {
        self.init(constant: constant)
        append(first)
    }

    init(_ first: Term, _ second: Term, constant: Double = 0) {
        self.init(first, constant: constant)
        append(second)
    }

    init(_ first: Term, _ second: Term, _ third: Term, constant: Double = 0) {
        self.init(first, second, constant: constant)
        append(third)
    }

    init(_ first: Term, _ second: Term, _ third: Term, _ fourth: Term, constant: Double = 0) {
        self.init(first, second, third, constant: constant)
        append(fourth)
    }
}
