import Cassowary

/// A hiding stack being laid out: its arranged views in this state and how many are shown.
struct StackState: Sendable {
    let stack: HidingStack
    /// The positions (in the session's items) of the arranged views this state places, in order.
    let arranged: [Int]
    var visibleCount: Int
    var constraints: [Constraint] = []
}
