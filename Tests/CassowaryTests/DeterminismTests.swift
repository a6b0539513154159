import Cassowary
import CassowaryScenario
import Testing

/// Same input, same output: bit for bit in one order, and the same optimum in any order where the
/// optimum is unique.
@Suite("Determinism")
struct DeterminismTests {
    func values(_ system: ScenarioSystem, order: [Int]) throws -> [[Double]] {
        var solver = Solver()
        for index in order { try solver.add(system.constraints[index]) }
        for edit in system.scenario.edits {
            try solver.addEditVariable(system.variables[edit.variable], priority: edit.priority)
            try solver.suggestValue(edit.initialValue, for: system.variables[edit.variable])
        }
        solver.updateVariables()
        var states = [system.variables.map { solver.value(of: $0) }]
        for step in 0..<system.resizeStepCount {
            try system.applyResize(step: step, to: &solver)
            states.append(system.variables.map { solver.value(of: $0) })
        }
        return states
    }

    @Test("the same order gives bit-identical values", arguments: ["nav", "enaml"])
    func sameOrderGivesBitIdenticalValues(scenarioName: String) throws {
        let system = ScenarioSystem(try FixtureFiles.scenario("\(scenarioName).txt"))
        let order = Array(system.constraints.indices)
        let first = try values(system, order: order)
        let again = try values(ScenarioSystem(system.scenario), order: order)
        #expect(first.map { $0.map(\.bitPattern) } == again.map { $0.map(\.bitPattern) })
    }

    @Test("a shuffled insertion order reaches the same unique optimum", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func shuffledInsertionReachesTheSameUniqueOptimum(seed: UInt64) throws {
        // nav.txt has a unique optimum in every state (checked against the peer in both orders).
        let system = ScenarioSystem(try FixtureFiles.scenario("nav.txt"))
        let reference = try values(system, order: Array(system.constraints.indices))
        var generator = SeededGenerator(seed: seed)
        let shuffled = try values(system, order: Array(system.constraints.indices).shuffled(using: &generator))
        for (state, (expected, actual)) in zip(reference, shuffled).enumerated() {
            for (index, (a, b)) in zip(expected, actual).enumerated() {
                #expect(isClose(a, b, within: 1e-9), "state \(state), \(system.variables[index].name)")
            }
        }
    }

    @Test("a strict-priority system reaches the same optimum in any order")
    func shuffledStrictPrioritySystemReachesTheSameOptimum() throws {
        let x = Variable("x")
        let y = Variable("y")
        let constraints: [Constraint] = [
            x + y == 100, (x >= 70).withPriority(.high), (y >= 50).withPriority(.low),
            (x <= 90).withPriority(Priority(500)!), y >= 0, (x == 85).withPriority(.fittingSize),
        ]
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<20 {
            var solver = Solver()
            for constraint in constraints.shuffled(using: &generator) { try solver.add(constraint) }
            solver.updateVariables()
            #expect(solver.value(of: x) == 70)
            #expect(solver.value(of: y) == 30)
        }
    }
}
