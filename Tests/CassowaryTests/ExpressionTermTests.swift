import Cassowary
import Testing

/// Expressions keep up to four terms inline and move to an array beyond that; every way of building
/// one must keep the terms, their order and their coefficients, on both sides of that limit.
@Suite("Expression terms")
struct ExpressionTermTests {
    /// (variable index, coefficient) lists, from empty to past the inline limit, with a repeated
    /// variable in the longest.
    static let termLists: [[(Int, Double)]] = [
        [],
        [(0, 1)],
        [(0, 2), (1, -1)],
        [(0, 1), (1, 2), (2, 3), (3, 4)],
        [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)],
        [(0, 1), (1, -2), (2, 3), (3, -4), (4, 5), (0, 6)],
    ]

    static func coefficients(_ terms: [Term]) -> [Double] { terms.map(\.coefficient) }

    @Test(
        "appending terms keeps their order and coefficients, as do the array initializer and setter",
        arguments: termLists)
    func appendingTermsKeepsOrderAndCoefficients(_ list: [(Int, Double)]) {
        let variables = (0..<5).map { Variable("v\($0)") }
        var expression = Expression(constant: 7)
        for (index, coefficient) in list { expression.append(Term(variables[index], coefficient)) }
        #expect(expression.termCount == list.count)
        #expect(expression.terms.count == list.count)
        for (term, expected) in zip(expression.terms, list) {
            #expect(term.variable === variables[expected.0])
            #expect(term.coefficient == expected.1)
        }
        #expect(expression.constant == 7)
        // The array initializer and the setter give the same terms.
        let fromArray = Expression(terms: expression.terms, constant: 7)
        #expect(Self.coefficients(fromArray.terms) == list.map(\.1))
        var replaced = Expression(variables[0])
        replaced.terms = expression.terms
        #expect(Self.coefficients(replaced.terms) == list.map(\.1))
        #expect(zip(replaced.terms, list).allSatisfy { $0.variable === variables[$1.0] })
    }

    @Test("operators scale and join terms on both sides of the inline limit", arguments: termLists)
    func operatorsScaleAndJoinTermsOnBothSidesOfTheInlineLimit(_ list: [(Int, Double)]) {
        let variables = (0..<5).map { Variable("v\($0)") }
        let expression = Expression(terms: list.map { Term(variables[$0.0], $0.1) }, constant: 1)
        let doubled = 2 * expression
        #expect(Self.coefficients(doubled.terms) == list.map { $0.1 * 2 })
        #expect(doubled.constant == 2)
        let joined = expression - expression + variables[4]
        #expect(joined.termCount == 2 * list.count + 1)
        #expect(Self.coefficients(joined.terms) == list.map(\.1) + list.map { -$0.1 } + [1])
        #expect(joined.terms.last?.variable === variables[4])
        // The value sums every term, repeated variables included.
        let value = expression.value { variable in
            Double((variables.firstIndex { $0 === variable } ?? 0) + 1)
        }
        #expect(value == 1 + list.reduce(0) { $0 + $1.1 * Double($1.0 + 1) })
    }

    @Test("a constraint with more than four terms solves and removes cleanly")
    func constraintWithMoreThanFourTermsSolvesAndRemovesCleanly() throws {
        let v = (0..<6).map { Variable("v\($0)") }
        var solver = Solver()
        for index in 1..<6 { try solver.add(v[index] == Double(index)) }
        // v0 = v1 + v2 + v3 + v4 + v5 - v1 (six terms, v1 twice) = 14.
        let wide = v[0] == v[1] + v[2] + v[3] + v[4] + v[5] - v[1]
        #expect(wide.expression.termCount == 7)
        try solver.add(wide)
        #expect(solver.solvedValue(of: v[0]) == 14)
        try solver.remove(wide)
        try solver.add((v[0] == 3).withPriority(.low))
        #expect(solver.solvedValue(of: v[0]) == 3)
    }
}
