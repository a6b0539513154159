// Hot: measured by the `path` and `builtin-path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

import Cassowary

/// The four variables of a view or guide the solver places.
///
/// A variable is only an identity for the solver: the engine never reads its name (messages name an
/// item's variables through the session, see `LayoutSession.name(of:)`). So the item at position `i` of
/// every session uses the same four shared variables instead of allocating four named ones per item and
/// per request; different solvers keep their own state for them, and `Variable` is immutable and
/// Sendable, so sharing across threads is safe.
struct ItemVariables: Sendable {
    let left: Variable
    let top: Variable
    let width: Variable
    let height: Variable

    /// The variables of the item at `position` of a session.
    init(position: Int) {
        if position < Self.sharedCount {
            let base = 4 * position
            let shared = Self.shared
            left = shared[base]
            top = shared[base + 1]
            width = shared[base + 2]
            height = shared[base + 3]
        } else {
            left = Variable()
            top = Variable()
            width = Variable()
            height = Variable()
        }
    }

    /// Sessions place a dozen or two items; a document with more gets fresh variables past this count.
    static let sharedCount = 64
    private static let shared: [Variable] = (0..<(4 * sharedCount)).map { _ in Variable() }
}
