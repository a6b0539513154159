import Cassowary
import Testing

/// Contradicting required constraints are rejected atomically, with an irreducible explanation.
@Suite("Unsatisfiable constraints")
struct UnsatisfiableConstraintTests {
    /// The conflict the solver reports when `rejected` is added after `accepted`, or nil when it
    /// is accepted.
    func conflict(adding rejected: Constraint, after accepted: [Constraint]) throws -> [Constraint]? {
        var solver = Solver()
        for constraint in accepted { try solver.add(constraint) }
        do {
            try solver.add(rejected)
            return nil
        } catch {
            guard case .unsatisfiableConstraint(let offending, let conflicts) = error else {
                Issue.record("unexpected error \(error)")
                return nil
            }
            #expect(offending === rejected)
            #expect(!solver.contains(rejected))
            return conflicts
        }
    }

    func identities(_ constraints: [Constraint]?) -> [ObjectIdentifier]? {
        constraints?.map(ObjectIdentifier.init)
    }

    @Test("an equality contradicting another is rejected, naming that one")
    func contradictingEqualitiesAreRejected() throws {
        // cassowary.js: inconsistent1
        let x = Variable("x")
        let ten = x == 10
        #expect(identities(try conflict(adding: x == 5, after: [ten])) == identities([ten]))
    }

    @Test("an inequality contradicting another is rejected, naming that one")
    func contradictingInequalitiesAreRejected() throws {
        // cassowary.js: inconsistent2
        let x = Variable("x")
        let atLeast10 = x >= 10
        #expect(identities(try conflict(adding: x <= 5, after: [atLeast10])) == identities([atLeast10]))
    }

    @Test("a chain of inequalities is explained by exactly the chain, without a bystander")
    func chainOfInequalitiesIsExplainedByExactlyTheChain() throws {
        // cassowary.js: inconsistent3, plus a bystander (z >= 8) that must not be named.
        let w = Variable("w")
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let chain = [w >= 10, x >= w, y >= x, z >= y]
        let bystander = z >= 8
        let conflicts = try conflict(adding: z <= 4, after: chain + [bystander])
        #expect(identities(conflicts) == identities(chain))
    }

    @Test("unrelated and satisfied constraints are left out of the conflict")
    func unrelatedAndSatisfiedConstraintsAreLeftOut() throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let lower = x >= 10
        let link = y == x + 5
        let accepted = [z >= 0, lower, x <= 100, link, (y == 3).withPriority(.high), z + x == 50]
        let conflicts = try conflict(adding: y <= 12, after: accepted)
        #expect(identities(conflicts) == identities([lower, link]))
    }

    @Test("a conflict through equalities names them")
    func conflictThroughEqualitiesNamesThem() throws {
        let a = Variable("a")
        let b = Variable("b")
        let c = Variable("c")
        let ab = a == b + 1
        let bc = b == c + 1
        let c0 = c == 0
        let conflicts = try conflict(adding: a == 5, after: [ab, a >= -100, bc, c0])
        #expect(identities(conflicts) == identities([ab, bc, c0]))
    }

    @Test("of two identical constraints in a conflict, only one is named")
    func twinsInTheConflictAreReportedOnce() throws {
        let x = Variable("x")
        let first = x == 10
        let twin = x == 10
        let conflicts = try conflict(adding: x == 5, after: [first, twin])
        // Either twin alone explains the conflict; the set is irreducible, so exactly one is named.
        #expect(conflicts?.count == 1)
    }

    @Test("the explanation is irreducible: it conflicts, and no longer does with any one member removed")
    func explanationIsIrreducible() throws {
        let x = Variable("x")
        let y = Variable("y")
        let accepted = [x >= 0, y >= 0, x + y <= 10, x >= 4, y >= 4, x <= 8]
        let rejected = x - y >= 5
        let conflicts = try #require(try conflict(adding: rejected, after: accepted))
        // The conflict holds without any one of its members removed... and not with one removed.
        var all = Solver()
        for constraint in conflicts { try all.add(constraint) }
        #expect(throws: SolverError.self) { try all.add(rejected) }
        for index in conflicts.indices {
            var fewer = Solver()
            for (other, constraint) in conflicts.enumerated() where other != index { try fewer.add(constraint) }
            #expect(throws: Never.self) { try fewer.add(rejected) }
        }
    }

    @Test("a rejected add leaves the solver bit for bit as it was, through later edits, adds and removals")
    func rejectedAddLeavesTheSolverExactlyAsBefore() throws {
        // kiwi 1.5.1 reads x = 5 after rejecting x <= 5 next to x >= 10, and its next suggestValue
        // can abort. Here a rejected add changes nothing: the solver behaves bit for bit like a copy
        // taken before the bad constraint was offered.
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        var solver = Solver()
        try solver.add(x >= 10)
        try solver.add(y == x + 2 * z)
        try solver.add((z == 3).withPriority(.low))
        try solver.add((x == 30).withPriority(Priority(500)!))
        try solver.addEditVariable(y, priority: .high)
        try solver.suggestValue(50, for: y)
        solver.updateVariables()
        let untouched = solver

        let bad = [x <= 5, 2 * x <= 19, x - y == 1000 - 2 * z - x + x]
        for constraint in bad {
            #expect(throws: SolverError.self) { try solver.add(constraint) }
            #expect(!solver.contains(constraint))
        }
        var twin = untouched
        let variables = [x, y, z]
        func sameValues() -> Bool {
            solver.updateVariables()
            twin.updateVariables()
            return variables.allSatisfy { solver.value(of: $0).bitPattern == twin.value(of: $0).bitPattern }
        }
        #expect(sameValues())
        #expect(solver.value(of: x) == 30)
        // Later suggestions, adds and removals behave identically.
        for value in [10.0, 70, -5, 44.5] {
            try solver.suggestValue(value, for: y)
            try twin.suggestValue(value, for: y)
            #expect(sameValues())
        }
        let extra = x <= 25
        try solver.add(extra)
        try twin.add(extra)
        #expect(sameValues())
        let extraZ = (z >= 1).withPriority(.high)
        try solver.add(extraZ)
        try twin.add(extraZ)
        #expect(sameValues())
        try solver.remove(extra)
        try twin.remove(extra)
        #expect(sameValues())
        try solver.removeEditVariable(y)
        try twin.removeEditVariable(y)
        #expect(sameValues())
        #expect(solver.constraints.count == twin.constraints.count)
    }

    @Test("a rejected add forgets the new variables it brought, which can then be used afresh")
    func rejectedAddWithNewVariablesForgetsThem() throws {
        let x = Variable("x")
        let fresh = Variable("fresh")
        var solver = Solver()
        try solver.add(x == 1)
        #expect(throws: SolverError.self) { try solver.add(x + 0 * fresh == 2) }
        solver.updateVariables()
        #expect(solver.value(of: fresh) == 0)
        try solver.add(fresh == 4)
        #expect(solver.solvedValue(of: fresh) == 4)
    }
}
