// Relations that build required constraints: `x + 10 == y`, `x <= 100`, `2 * w >= h`.
// Give a constraint another priority with `withPriority(_:)`: `(x == 10).withPriority(.low)`.
// Variable and Constraint are deliberately not Equatable, so `==` between them always means a constraint;
// compare identities with `===`.

public func == (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs, .equal, rhs) }
public func == (lhs: Expression, rhs: Variable) -> Constraint { Constraint(lhs, .equal, Expression(rhs)) }
public func == (lhs: Variable, rhs: Expression) -> Constraint { Constraint(Expression(lhs), .equal, rhs) }
public func == (lhs: Variable, rhs: Variable) -> Constraint { Constraint(Expression(lhs), .equal, Expression(rhs)) }
public func == (lhs: Expression, rhs: Double) -> Constraint { Constraint(lhs, .equal, Expression(constant: rhs)) }
public func == (lhs: Double, rhs: Expression) -> Constraint { Constraint(Expression(constant: lhs), .equal, rhs) }
public func == (lhs: Variable, rhs: Double) -> Constraint {
    Constraint(Expression(lhs), .equal, Expression(constant: rhs))
}
public func == (lhs: Double, rhs: Variable) -> Constraint {
    Constraint(Expression(constant: lhs), .equal, Expression(rhs))
}

public func <= (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs, .lessThanOrEqual, rhs) }
public func <= (lhs: Expression, rhs: Variable) -> Constraint { Constraint(lhs, .lessThanOrEqual, Expression(rhs)) }
public func <= (lhs: Variable, rhs: Expression) -> Constraint { Constraint(Expression(lhs), .lessThanOrEqual, rhs) }
public func <= (lhs: Variable, rhs: Variable) -> Constraint {
    Constraint(Expression(lhs), .lessThanOrEqual, Expression(rhs))
}
public func <= (lhs: Expression, rhs: Double) -> Constraint {
    Constraint(lhs, .lessThanOrEqual, Expression(constant: rhs))
}
public func <= (lhs: Double, rhs: Expression) -> Constraint {
    Constraint(Expression(constant: lhs), .lessThanOrEqual, rhs)
}
public func <= (lhs: Variable, rhs: Double) -> Constraint {
    Constraint(Expression(lhs), .lessThanOrEqual, Expression(constant: rhs))
}
public func <= (lhs: Double, rhs: Variable) -> Constraint {
    Constraint(Expression(constant: lhs), .lessThanOrEqual, Expression(rhs))
}

public func >= (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs, .greaterThanOrEqual, rhs) }
public func >= (lhs: Expression, rhs: Variable) -> Constraint { Constraint(lhs, .greaterThanOrEqual, Expression(rhs)) }
public func >= (lhs: Variable, rhs: Expression) -> Constraint { Constraint(Expression(lhs), .greaterThanOrEqual, rhs) }
public func >= (lhs: Variable, rhs: Variable) -> Constraint {
    Constraint(Expression(lhs), .greaterThanOrEqual, Expression(rhs))
}
public func >= (lhs: Expression, rhs: Double) -> Constraint {
    Constraint(lhs, .greaterThanOrEqual, Expression(constant: rhs))
}
public func >= (lhs: Double, rhs: Expression) -> Constraint {
    Constraint(Expression(constant: lhs), .greaterThanOrEqual, rhs)
}
public func >= (lhs: Variable, rhs: Double) -> Constraint {
    Constraint(Expression(lhs), .greaterThanOrEqual, Expression(constant: rhs))
}
public func >= (lhs: Double, rhs: Variable) -> Constraint {
    Constraint(Expression(constant: lhs), .greaterThanOrEqual, Expression(rhs))
}
