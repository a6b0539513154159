import Cassowary

/// How a constraint is named in messages; rendered only when a message needs it (most never do).
///
/// Plain data (positions, numbers, static text): the text is almost never printed, so the session
/// renders it when a message needs it, from its own items, stacks and constraints
/// (`LayoutSession.text(of:for:)`).
enum ConstraintLabel: Sendable {
    /// As the document wrote it: the position in the session's constraints in force.
    case written(Int)
    /// A component's SDK size: the placed item's position, the axis, the value.
    case sdkSize(item: Int, axis: SizeRule.Axis, value: Double)
    /// A custom view's intrinsic size: the placed item's position, the axis, the relation, the value,
    /// the priority (nil when required) and what it is.
    case intrinsic(
        item: Int, axis: SizeRule.Axis, relation: StaticString, value: Double, priority: Int?, what: StaticString)
    /// A hiding stack's own arrangement constraint: the stack's position in the session's stacks.
    case stack(Int)
    /// What makes a view's safe-area guide (the placed guide's position) its part inside the safe area.
    case safeAreaGuide(item: Int)

    /// Whether `broken` lists the constraint when it gives way: the document's constraints and intrinsic
    /// sizes (as Auto Layout's own logs would name them), not the engine's internal arrangement.
    var isReported: Bool {
        switch self {
        case .written, .intrinsic: return true
        case .sdkSize, .stack, .safeAreaGuide: return false
        }
    }

    /// Whether the constraint changes with the screen: an SDK size follows the safe area and the
    /// width, a hiding stack's arrangement the room there is. A conflict that involves one holds on
    /// some screens and not on others.
    var changesWithScreen: Bool {
        switch self {
        case .sdkSize, .stack: return true
        case .written, .intrinsic, .safeAreaGuide: return false
        }
    }
}

/// An installed constraint with its label.
struct InstalledConstraint: Sendable {
    let constraint: Constraint
    let label: ConstraintLabel
}
