// Hot: measured by the `path` and `builtin-path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

import Cassowary

/// Where an anchor's terms are written while a document constraint is built: straight into an
/// `Expression` (up to four terms stay inline in it), or into an array sized beforehand.
///
/// An expression that grows past four terms moves them into an array of four and then grows that
/// array for the fifth: two heap blocks and a copy. A constraint known to need more terms (an anchor
/// on the map's margins or the safe area has up to four of its own) is written into an array of its
/// exact size instead, which the expression then takes over: one heap block.
protocol TermSink {
    mutating func append(_ term: consuming Term)
    var constant: Double { get set }
}

extension Expression: TermSink {}

/// Terms gathered into an array reserved at its final size.
struct TermArray: TermSink {
    private(set) var terms: [Term] = []
    var constant = 0.0

    init(capacity: Int) {
        terms.reserveCapacity(capacity)
    }

    mutating func append(_ term: consuming Term) {
        terms.append(term)
    }

    /// The expression of the terms, in the order written (the same expression appending them one by
    /// one would give).
    var expression: Expression { Expression(terms: terms, constant: constant) }
}
