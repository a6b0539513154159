/// A linear relation `expression <relation> 0` with a priority.
///
/// A constraint is identified by the object: adding the same object twice is an error, while two
/// constraints with equal content are two constraints. Immutable, hence safe to share between tasks.
public final class Constraint: Sendable, Identifiable, CustomStringConvertible {
    /// The left-hand side minus the right-hand side, compared with zero.
    public let expression: Expression
    public let relation: Relation
    public let priority: Priority

    public init(_ expression: Expression, _ relation: Relation, priority: Priority = .required) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }

    /// `lhs <relation> rhs`, kept as `lhs - rhs <relation> 0`.
    public convenience init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression, priority: Priority = .required)
    {
        self.init(lhs - rhs, relation, priority: priority)
    }

    /// The same relation at another priority, as a new constraint.
    public func withPriority(_ priority: Priority) -> Constraint {
        Constraint(expression, relation, priority: priority)
    }

    /// How far the constraint is from holding when every variable takes the value `value(variable)`;
    /// zero when it holds.
    public func violation(_ value: (Variable) -> Double) -> Double {
        let amount = expression.value(value)
        switch relation {
        case .equal: return abs(amount)
        case .lessThanOrEqual: return max(0, amount)
        case .greaterThanOrEqual: return max(0, -amount)
        }
    }

    public var description: String {
        description(naming: \.name)
    }

    /// The constraint as `description` prints it, each variable printed as `name` says.
    public func description(naming name: (Variable) -> String) -> String {
        "\(expression.description(naming: name)) \(relation) 0 @\(priority)"
    }
}
