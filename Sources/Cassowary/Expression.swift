/// A linear expression: the sum of its terms plus a constant.
///
/// Build expressions with the arithmetic operators (`2 * x - y + 10`); a variable may occur in several
/// terms, the solver adds their coefficients up.
public struct Expression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) {
        self.init(terms: [Term(variable)])
    }

    public init(constant: Double) {
        self.init(terms: [], constant: constant)
    }

    /// The expression's value when every variable takes the value `value(variable)`.
    public func value(_ value: (Variable) -> Double) -> Double {
        var sum = constant
        for term in terms {
            sum += term.coefficient * value(term.variable)
        }
        return sum
    }

    func scaled(by factor: Double) -> Expression {
        Expression(
            terms: terms.map { Term($0.variable, $0.coefficient * factor) },
            constant: constant * factor)
    }

    func adding(_ other: Expression) -> Expression {
        Expression(terms: terms + other.terms, constant: constant + other.constant)
    }

    public var description: String {
        var text = ""
        for term in terms {
            if !text.isEmpty {
                text += term.coefficient < 0 ? " - " : " + "
            } else if term.coefficient < 0 {
                text += "-"
            }
            let magnitude = abs(term.coefficient)
            if magnitude != 1 { text += "\(magnitude) * " }
            text += term.variable.name
        }
        if text.isEmpty { return "\(constant)" }
        if constant != 0 { text += constant < 0 ? " - \(-constant)" : " + \(constant)" }
        return text
    }
}
