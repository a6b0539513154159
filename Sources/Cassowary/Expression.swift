/// A linear expression: the sum of its terms plus a constant.
///
/// Build expressions with the arithmetic operators (`2 * x - y + 10`) or term by term with
/// ``append(_:)``; a variable may occur in several terms, the solver adds their coefficients up.
/// Up to four terms are stored in the value itself, more in an array (see TermList.swift).
public struct Expression: Sendable, CustomStringConvertible {
    var termList: TermList
    public var constant: Double

    /// The terms, in the order they were given.
    public var terms: [Term] {
        get { termList.array }
        set { termList = TermList(newValue) }
    }

    public init(terms: [Term] = [], constant: Double = 0) {
        self.termList = TermList(terms)
        self.constant = constant
    }

    public init(_ variable: Variable) {
        self.init(termList: TermList(variable, 1), constant: 0)
    }

    public init(constant: Double) {
        self.init(termList: TermList(), constant: constant)
    }

    init(termList: TermList, constant: Double) {
        self.termList = termList
        self.constant = constant
    }

    /// The number of terms.
    public var termCount: Int { termList.count }

    /// Adds a term: the expression grows by `term.coefficient · term.variable`.
    public mutating func append(_ term: consuming Term) {
        termList.append(term.variable, term.coefficient)
    }

    /// The expression's value when every variable takes the value `value(variable)`.
    public func value(_ value: (Variable) -> Double) -> Double {
        var sum = constant
        for index in 0..<termList.count {
            sum += termList.coefficient(at: index) * value(termList.variable(at: index))
        }
        return sum
    }

    func scaled(by factor: Double) -> Expression {
        Expression(termList: termList.scaled(by: factor), constant: constant * factor)
    }

    func adding(_ other: Expression) -> Expression {
        Expression(termList: termList.appending(other.termList), constant: constant + other.constant)
    }

    public var description: String {
        description(naming: \.name)
    }

    /// The expression as `description` prints it, each variable printed as `name` says (for callers
    /// that know their variables by other names than the ones they were made with).
    public func description(naming name: (Variable) -> String) -> String {
        var text = ""
        for term in terms {
            if !text.isEmpty {
                text += term.coefficient < 0 ? " - " : " + "
            } else if term.coefficient < 0 {
                text += "-"
            }
            let magnitude = abs(term.coefficient)
            if magnitude != 1 { text += "\(magnitude) * " }
            text += name(term.variable)
        }
        if text.isEmpty { return "\(constant)" }
        if constant != 0 { text += constant < 0 ? " - \(-constant)" : " + \(constant)" }
        return text
    }
}
