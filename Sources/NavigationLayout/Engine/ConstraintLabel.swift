import Cassowary

/// How a constraint is named in messages; rendered only when a message needs it (most never do).
enum ConstraintLabel: Sendable {
    /// As the document wrote it (the constraint itself: its text is made only when printed).
    case written(DelegateConstraint)
    /// A component's SDK size: item, axis, value.
    case sdkSize(String, String, Double)
    /// A custom view's intrinsic size: item, axis, relation, value, priority, what it is.
    case intrinsic(String, String, String, Double, Int?, String)
    /// A hiding stack's own arrangement constraint.
    case stack(String, Constraint)

    /// Whether `broken` lists the constraint when it gives way: the document's constraints and intrinsic
    /// sizes (as Auto Layout's own logs would name them), not the engine's internal arrangement.
    var isReported: Bool {
        switch self {
        case .written, .intrinsic: return true
        case .sdkSize, .stack: return false
        }
    }

    /// The text; `describe` prints a solver constraint (for the arrangement constraints).
    func text(describing describe: (Constraint) -> String) -> String {
        switch self {
        case .written(let constraint): return constraint.text
        case .sdkSize(let item, let axis, let value):
            return "\(item).\(axis) == \(formatNumber(roundMilli(value))) (SDK size)"
        case .intrinsic(let item, let axis, let relation, let value, let priority, let what):
            return "\(item).\(axis) \(relation) \(formatNumber(value))" + (priority.map { " @\($0)" } ?? "")
                + " (\(what))"
        case .stack(let name, let constraint): return "\(name) arrangement: \(describe(constraint))"
        }
    }
}
