// Arithmetic that builds linear expressions: `x + 10`, `2 * x - y`, `(left + right) / 2`.
// Overloads cover Variable, Expression and Double on either side so that no conversion is needed
// at call sites; products and quotients are only defined with a Double, which keeps every result linear.

public prefix func - (operand: Variable) -> Expression { Expression(termList: TermList(operand, -1), constant: 0) }
public prefix func - (operand: Expression) -> Expression { operand.scaled(by: -1) }

public func * (lhs: Double, rhs: Variable) -> Expression { Expression(termList: TermList(rhs, lhs), constant: 0) }
public func * (lhs: Variable, rhs: Double) -> Expression { Expression(termList: TermList(lhs, rhs), constant: 0) }
public func * (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: lhs) }
public func * (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: rhs) }
public func / (lhs: Variable, rhs: Double) -> Expression { Expression(termList: TermList(lhs, 1 / rhs), constant: 0) }
public func / (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: 1 / rhs) }

public func + (lhs: Expression, rhs: Expression) -> Expression { lhs.adding(rhs) }
public func + (lhs: Expression, rhs: Variable) -> Expression { lhs.adding(Expression(rhs)) }
public func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs).adding(rhs) }
public func + (lhs: Variable, rhs: Variable) -> Expression {
    Expression(termList: TermList(lhs, 1).appending(TermList(rhs, 1)), constant: 0)
}
public func + (lhs: Expression, rhs: Double) -> Expression {
    Expression(termList: lhs.termList, constant: lhs.constant + rhs)
}
public func + (lhs: Double, rhs: Expression) -> Expression { rhs + lhs }
public func + (lhs: Variable, rhs: Double) -> Expression { Expression(termList: TermList(lhs, 1), constant: rhs) }
public func + (lhs: Double, rhs: Variable) -> Expression { rhs + lhs }

public func - (lhs: Expression, rhs: Expression) -> Expression { lhs.adding(-rhs) }
public func - (lhs: Expression, rhs: Variable) -> Expression { lhs.adding(-rhs) }
public func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs).adding(-rhs) }
public func - (lhs: Variable, rhs: Variable) -> Expression {
    Expression(termList: TermList(lhs, 1).appending(TermList(rhs, -1)), constant: 0)
}
public func - (lhs: Expression, rhs: Double) -> Expression { lhs + -rhs }
public func - (lhs: Double, rhs: Expression) -> Expression { -rhs + lhs }
public func - (lhs: Variable, rhs: Double) -> Expression { lhs + -rhs }
public func - (lhs: Double, rhs: Variable) -> Expression { -rhs + lhs }
