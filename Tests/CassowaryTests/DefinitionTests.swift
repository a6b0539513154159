import Cassowary
import Testing

/// Variables defined by a required equality on a fresh variable stay out of the tableau; they must
/// behave exactly like any other variable.
@Suite("Definitions")
struct DefinitionTests {
    @Test("a chain of definitions follows its root")
    func chainOfDefinitionsFollowsItsRoot() throws {
        let lefts = (0..<50).map { Variable("v\($0).left") }
        var solver = Solver()
        try solver.add(lefts[0] == 8)
        for index in 1..<lefts.count {
            try solver.add(lefts[index] == lefts[index - 1] + 52)
        }
        #expect(solver.solvedValue(of: lefts[49]) == 8 + 49 * 52)
    }

    @Test("removing many definitions leaves the others intact, and adding them back restores the chain")
    func manyRemovedDefinitionsLeaveTheOthersIntact() throws {
        // Removing most links of a long chain compacts the shared storage of definitions.
        let count = 300
        let lefts = (0..<count).map { Variable("v\($0).left") }
        let widths = (0..<count).map { Variable("v\($0).width") }
        var solver = Solver()
        var links: [Constraint] = []
        try solver.add(lefts[0] == 0)
        for index in 0..<count {
            try solver.add(widths[index] == Double(index % 7))
        }
        for index in 1..<count {
            let link = lefts[index] == lefts[index - 1] + widths[index - 1] + 1
            links.append(link)
            try solver.add(link)
        }
        for (index, link) in links.enumerated() where index % 10 != 0 {
            try solver.remove(link)
        }
        solver.updateVariables()
        // Links kept: the one into v(10k+1) from v(10k). v0 stays at 0, so v1 = 0 + 0 + 1.
        #expect(solver.value(of: lefts[1]) == 1)
        #expect(solver.value(of: lefts[11]) == solver.value(of: lefts[10]) + 3 + 1)
        for (index, link) in links.enumerated() where index % 10 != 0 {
            try solver.add(link)
        }
        var expected = 0.0
        for index in 1..<count { expected += Double((index - 1) % 7) + 1 }
        #expect(solver.solvedValue(of: lefts[count - 1]) == expected)
    }

    @Test("removing a definition frees its variable and keeps the rest")
    func removingADefinitionFreesItsVariableAndKeepsTheRest() throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        var solver = Solver()
        let anchor = x == 10
        let link = y == x + 5
        let next = z == 2 * y
        try solver.add(anchor)
        try solver.add(link)
        try solver.add(next)
        try solver.add((y == 100).withPriority(.low))
        #expect(solver.solvedValue(of: z) == 30)
        try solver.remove(link)
        // y is now free to follow its low-priority wish; z still doubles it; x keeps its anchor.
        solver.updateVariables()
        #expect(solver.value(of: y) == 100)
        #expect(solver.value(of: z) == 200)
        #expect(solver.value(of: x) == 10)
        try solver.add(link)
        #expect(solver.solvedValue(of: z) == 30)
    }

    @Test("a defined variable can be an edit variable, and its definition wins over the suggestion")
    func definedVariableCanBeAnEditVariable() throws {
        let root = Variable("root")
        let child = Variable("child")
        var solver = Solver()
        try solver.add(root == 0)
        try solver.add(child == root + 20)
        try solver.addEditVariable(child, priority: .high)
        try solver.suggestValue(50, for: child)
        // The required definition wins over the suggestion.
        #expect(solver.solvedValue(of: child) == 20)
        #expect(solver.brokenConstraints().isEmpty)
    }

    @Test("a conflict through definitions names them in order and changes nothing")
    func conflictThroughDefinitionsNamesThem() throws {
        let a = Variable("a")
        let b = Variable("b")
        let c = Variable("c")
        var solver = Solver()
        let start = a == 1
        let step1 = b == a + 1
        let step2 = c == b + 1
        try solver.add(start)
        try solver.add(step1)
        try solver.add(step2)
        do {
            try solver.add(c <= 2)
            Issue.record("c <= 2 was accepted")
        } catch {
            guard case .unsatisfiableConstraint(_, let conflicts) = error else { return }
            #expect(conflicts.map(ObjectIdentifier.init) == [start, step1, step2].map(ObjectIdentifier.init))
        }
        #expect(solver.solvedValue(of: c) == 3)
    }

    @Test("a definition with a repeated fresh variable uses its total coefficient")
    func definitionWithRepeatedFreshVariableUsesItsTotalCoefficient() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(y == 4)
        try solver.add(x + x + y == 10)  // 2x = 6
        #expect(solver.solvedValue(of: x) == 3)
        let cancelled = Variable("cancelled")
        try solver.add(cancelled - cancelled + y == 4)  // says nothing about `cancelled`
        #expect(solver.solvedValue(of: cancelled) == 0)
    }

    @Test("removing everything unwinds definitions in any order")
    func removingEverythingUnwindsDefinitionsInAnyOrder() throws {
        let vars = (0..<6).map { Variable("v\($0)") }
        let constraints = [
            vars[0] == 3, vars[1] == vars[0] * 2, vars[2] == vars[1] + vars[0], vars[3] >= vars[2],
            (vars[3] == 100).withPriority(.low), vars[4] == vars[3] - 1, vars[5] + vars[4] == 0,
        ]
        for order in [[0, 1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1, 0], [2, 0, 5, 1, 6, 3, 4]] {
            var solver = Solver()
            for constraint in constraints { try solver.add(constraint) }
            solver.updateVariables()
            #expect(solver.value(of: vars[5]) == -99)
            for index in order { try solver.remove(constraints[index]) }
            solver.updateVariables()
            #expect(vars.allSatisfy { solver.value(of: $0) == 0 })
        }
    }
}
