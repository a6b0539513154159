import Cassowary
import CassowaryScenario
import Testing

/// Reserving capacity is invisible in the results, and a required equality over restricted symbols
/// only (the phase-one case, including its one-pivot shortcut) solves and rejects as it must.
@Suite("Reserved capacity and phase one")
struct CapacityAndPhaseOneTests {
    /// Every constraint and edit of a scenario, added to `solver` as `ScenarioSystem.solve()` does.
    static func build(_ system: ScenarioSystem, into solver: inout Solver) throws {
        for constraint in system.constraints { try solver.add(constraint) }
        for edit in system.scenario.edits {
            let variable = system.variables[edit.variable]
            try solver.addEditVariable(variable, priority: edit.priority, initialValue: edit.initialValue)
            try solver.suggestValue(edit.initialValue, for: variable)
        }
        solver.updateVariables()
    }

    @Test("reserving capacity gives bit-identical values, whatever the hint", arguments: ["nav", "enaml"])
    func reservedCapacityGivesBitIdenticalValues(scenarioName: String) throws {
        let system = ScenarioSystem(try FixtureFiles.scenario("\(scenarioName).txt"))
        var plain = Solver()
        try Self.build(system, into: &plain)
        let hints: [(constraints: Int, variables: Int?)] = [
            (1, nil), (system.constraints.count, nil), (system.constraints.count, system.variables.count),
            (10 * system.constraints.count, 1),
        ]
        for hint in hints {
            var reserved = Solver(expectedConstraints: hint.constraints, expectedVariables: hint.variables)
            try Self.build(system, into: &reserved)
            for variable in system.variables {
                #expect(
                    reserved.value(of: variable).bitPattern == plain.value(of: variable).bitPattern,
                    "\(scenarioName), hint \(hint): \(variable.name)")
            }
        }
    }

    @Test("a required equality between determined variables moves them as little as possible")
    func requiredEqualityBetweenDeterminedVariablesMovesThemAsLittleAsPossible() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(x >= 10)
        try solver.add(y >= 20)
        try solver.add((x == 0).withPriority(.low))
        try solver.add((y == 0).withPriority(.low))
        // x and y are basic in rows over slacks and errors only: no external subject exists.
        try solver.add(x + 15 == y)
        #expect(isClose(solver.solvedValue(of: x), 10))
        #expect(isClose(solver.solvedValue(of: y), 25))
    }

    @Test("a required equality over slacks that contradicts two bounds is rejected atomically, naming both")
    func contradictingRequiredEqualityOverSlacksIsRejectedAtomically() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        let lower = x >= 10
        let upper = y <= 5
        try solver.add(lower)
        try solver.add(upper)
        try solver.add((x == 0).withPriority(.low))
        let impossible = x == y
        do {
            try solver.add(impossible)
            Issue.record("x == y was accepted next to x >= 10 and y <= 5")
        } catch {
            guard case .unsatisfiableConstraint(let rejected, let conflicts) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(rejected === impossible)
            #expect(conflicts.count == 2)
            #expect(conflicts.contains { $0 === lower } && conflicts.contains { $0 === upper })
        }
        #expect(!solver.contains(impossible))
        #expect(isClose(solver.solvedValue(of: x), 10))
        try solver.add(x + 1 == y + 6)
        #expect(isClose(solver.solvedValue(of: x), 10))
        #expect(isClose(solver.solvedValue(of: y), 5))
    }
}
