import Cassowary
import Testing

/// Cases every Cassowary implementation carries (kiwi's and cassowary.js's suites).
@Suite("Simple systems")
struct SimpleSystemTests {
    @Test("a simple equality between two variables holds")
    func simpleEqualityBetweenTwoVariablesHolds() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(x == y)
        try solver.add((x == 167).withPriority(.low))
        #expect(solver.solvedValue(of: x) == 167)
        #expect(solver.solvedValue(of: y) == 167)
    }

    @Test("an equality between expressions solves both sides")
    func equalityWithExpressionsSolvesBothSides() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(x + y == 0)
        try solver.add(x == 10)
        try solver.add((y >= 0).withPriority(.low))
        #expect(solver.solvedValue(of: x) == 10)
        #expect(solver.solvedValue(of: y) == -10)
    }

    @Test("zero equals zero is accepted and can be removed, one equals zero is rejected")
    func zeroEqualsZeroIsAcceptedAndOneEqualsZeroIsNot() throws {
        var solver = Solver()
        let trivial = Constraint(Expression(constant: 0), .equal)
        try solver.add(trivial)
        #expect(solver.contains(trivial))
        let impossible = Constraint(Expression(constant: 1), .equal)
        #expect(throws: SolverError.self) { try solver.add(impossible) }
        #expect(!solver.contains(impossible))
        // And removing the trivial one works.
        try solver.remove(trivial)
        #expect(!solver.contains(trivial))
    }

    @Test("one equals zero is rejected with no conflicting constraints")
    func oneEqualsZeroConflictsWithNothing() {
        var solver = Solver()
        let impossible = Constraint(Expression(constant: 1), .equal)
        do {
            try solver.add(impossible)
            Issue.record("1 == 0 was accepted")
        } catch {
            guard case .unsatisfiableConstraint(let rejected, let conflicts) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(rejected === impossible)
            #expect(conflicts.isEmpty)
        }
    }

    @Test("redundant required constraints that agree are accepted, and each still holds when another goes")
    func redundantRequiredConstraintsThatAgreeAreAccepted() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        let first = x == 10
        let twin = x == 10
        try solver.add(first)
        try solver.add(twin)
        try solver.add(x + y == 30)
        try solver.add(y == 20)  // implied by the two above
        try solver.add(x <= 10)  // holds with equality
        #expect(solver.solvedValue(of: x) == 10)
        #expect(solver.solvedValue(of: y) == 20)
        // Each twin still holds x when the other goes.
        try solver.remove(first)
        try solver.add((x == 0).withPriority(.high))
        #expect(solver.solvedValue(of: x) == 10)
        try solver.remove(twin)
        #expect(solver.solvedValue(of: x) == 10)  // still implied by x + y == 30 and y == 20
    }

    @Test("an under-constrained system follows its edit variable")
    func underConstrainedSystemFollowsItsEditVariable() throws {
        // kiwi: test_solving_under_constrained_system
        let v = Variable("v")
        let constraint = 2 * v + 1 >= 0
        var solver = Solver()
        try solver.addEditVariable(v, priority: .fittingSize)
        try solver.add(constraint)
        try solver.suggestValue(10, for: v)
        solver.updateVariables()
        #expect(constraint.expression.value { solver.value(of: $0) } == 21)
        #expect(solver.value(of: v) == 10)
    }

    @Test("variables start at zero, and a lone inequality holds at its bound")
    func variablesStartAtZeroAndALoneInequalityHoldsAtItsBound() throws {
        let x = Variable("x")
        var solver = Solver()
        #expect(solver.value(of: x) == 0)
        // Cassowary has no stay constraints: a variable only bounded below sits on its bound.
        try solver.add(x >= -5)
        #expect(solver.solvedValue(of: x) == -5)
    }

    @Test("adding and removing bounds restores the earlier values")
    func addDeleteRestoresValues() throws {
        // cassowary.js: addDelete1
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 100).withPriority(.low))
        let atMost10 = x <= 10
        let atMost20 = x <= 20
        try solver.add(atMost10)
        try solver.add(atMost20)
        #expect(solver.solvedValue(of: x) == 10)
        try solver.remove(atMost10)
        #expect(solver.solvedValue(of: x) == 20)
        try solver.remove(atMost20)
        #expect(solver.solvedValue(of: x) == 100)
        let atMost10Again = x <= 10
        try solver.add(atMost10)
        try solver.add(atMost10Again)
        #expect(solver.solvedValue(of: x) == 10)
        try solver.remove(atMost10)
        #expect(solver.solvedValue(of: x) == 10)
        try solver.remove(atMost10Again)
        #expect(solver.solvedValue(of: x) == 100)
    }

    @Test("adding and removing bounds restores the earlier values of two linked variables")
    func addDeleteWithTwoVariablesRestoresValues() throws {
        // cassowary.js: addDelete2
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add((x == 100).withPriority(.low))
        try solver.add((y == 120).withPriority(.high))
        let atMost10 = x <= 10
        let atMost20 = x <= 20
        try solver.add(atMost10)
        try solver.add(atMost20)
        #expect(solver.solvedValue(of: x) == 10)
        #expect(solver.solvedValue(of: y) == 120)
        try solver.remove(atMost10)
        #expect(solver.solvedValue(of: x) == 20)
        let doubled = 2 * x == y
        try solver.add(doubled)
        #expect(solver.solvedValue(of: x) == 20)
        #expect(solver.solvedValue(of: y) == 40)
        try solver.remove(atMost20)
        #expect(solver.solvedValue(of: x) == 60)
        #expect(solver.solvedValue(of: y) == 120)
        try solver.remove(doubled)
        #expect(solver.solvedValue(of: x) == 100)
        #expect(solver.solvedValue(of: y) == 120)
    }

    @Test("a system with two equally good optima reaches one of them")
    func cassowaryOneReachesOneOfItsTwoOptima() throws {
        // cassowary.js: casso1 (two optima with equal error)
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(x <= y)
        try solver.add(y == x + 3)
        try solver.add((x == 10).withPriority(.low))
        try solver.add((y == 10).withPriority(.low))
        solver.updateVariables()
        let pair = (solver.value(of: x), solver.value(of: y))
        #expect((pair.0 == 10 && pair.1 == 13) || (pair.0 == 7 && pair.1 == 10))
    }

    @Test("removing every constraint returns the variables to zero")
    func removingEveryConstraintReturnsVariablesToZero() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        let constraints = [x == 10, y >= x + 5, (y == 40).withPriority(.low)]
        for constraint in constraints { try solver.add(constraint) }
        #expect(solver.solvedValue(of: y) == 40)
        for constraint in constraints { try solver.remove(constraint) }
        solver.updateVariables()
        #expect(solver.value(of: x) == 0)
        #expect(solver.value(of: y) == 0)
        #expect(solver.constraints.isEmpty)
    }

    @Test("constraints are listed in insertion order, a re-added one last")
    func constraintsAreListedInInsertionOrder() throws {
        let x = Variable("x")
        var solver = Solver()
        let a = x >= 1
        let b = x <= 9
        let c = (x == 5).withPriority(.low)
        try solver.add(a)
        try solver.add(b)
        try solver.add(c)
        try solver.remove(b)
        try solver.add(b)
        #expect(solver.constraints.map(ObjectIdentifier.init) == [a, c, b].map(ObjectIdentifier.init))
    }
}
