import Cassowary

/// A hiding stack being laid out: its arranged views in this state and how many are shown.
struct StackState: Sendable {
    let stack: HidingStack
    let arranged: [String]
    var visibleCount: Int
    var constraints: [Constraint] = []
}
