/// A non-required constraint that the current solution does not satisfy, with the amount by which
/// it is violated (always positive).
public struct BrokenConstraint: Sendable {
    public let constraint: Constraint
    public let violation: Double
}
