import Cassowary
import Testing

@Suite("Printing expressions and constraints")
struct DescriptionTests {
    @Test("a constraint prints its terms, constant, relation and priority, with the variables' own names")
    func ownNames() {
        let width = Variable("width")
        let left = Variable("left")
        let constraint = Constraint(
            Expression(terms: [Term(width, 2), Term(left, -1)], constant: -8), .greaterThanOrEqual)
        #expect(constraint.description == "2.0 * width - left - 8.0 >= 0 @\(constraint.priority)")
    }

    @Test("a caller can print variables under names of its own, and nameless variables with them")
    func namedByCaller() {
        let unnamed = Variable()
        let other = Variable()
        let constraint = Constraint(Expression(terms: [Term(unnamed, -1), Term(other)], constant: 3), .equal)
        let text = constraint.description(naming: { $0 === unnamed ? "card.top" : "viewport.bottom" })
        #expect(text == "-card.top + viewport.bottom + 3.0 == 0 @\(constraint.priority)")
        #expect(Expression(constant: 5).description(naming: { _ in "x" }) == "5.0")
    }
}
