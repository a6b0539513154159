/// The constraints ``Solver/brokenConstraints(memo:)`` has to look at, kept for one structure of the
/// tableau (its ``Tableau/structureVersion``). Empty at first.
///
/// A constraint is broken only when one of its error symbols is non-zero, and a symbol outside the
/// basis is zero: while no pivot, constraint or edit variable changes the rows' structure, the same
/// symbols stay basic, so the constraints with an error symbol in the basis (usually a few) are the
/// only ones that can break, whatever the constants do.
public struct BrokenConstraintMemo: Sendable {
    var structureVersion: UInt64 = .max
    /// The constraints that can break, as their records' sequence numbers and indexes, in the order
    /// the constraints were added.
    var watched: [(sequence: Int, index: Int)] = []

    public init() {}
}
