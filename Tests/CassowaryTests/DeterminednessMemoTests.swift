import Testing

@testable import Cassowary

/// A kept answer of `undeterminedVariables(memo:)` must be the answer a fresh check gives: on random
/// systems with edit variables, suggestion after suggestion (some moving constants only, some making
/// the dual simplex pivot), and across constraints added and removed.
@Suite("Determinedness memo")
struct DeterminednessMemoTests {
    static func names(_ variables: [Variable]) -> [String] { variables.map(\.name) }

    @Test(
        "the memo's answer equals a fresh check after every suggestion and every change",
        arguments: 0..<200 as Range<UInt64>)
    func memoAgreesWithFreshCheck(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 0x3E30_0A11 &+ seed)
        let system = RandomizedPropertyTests.makeSystem(&generator)
        var solver = try DeterminednessEquivalenceTests.solver(for: system, using: &generator)
        var memo = DeterminednessMemo()
        let edited = Array(system.variables.shuffled(using: &generator).prefix(2))
        for variable in edited { try solver.addEditVariable(variable, priority: .high) }
        for step in 0..<12 {
            // Small moves mostly leave the basis alone; large ones make rows infeasible and pivot.
            for variable in edited {
                let scale = step % 3 == 2 ? 200.0 : 2.0
                try solver.suggestValue(Double.random(in: -scale...scale, using: &generator).rounded(), for: variable)
            }
            if step == 6, let extra = system.variables.last {
                let constraint = (extra >= Double(Int.random(in: -20...20, using: &generator))).withPriority(.low)
                try solver.add(constraint)
                if Bool.random(using: &generator) { try solver.remove(constraint) }
            }
            let kept = Self.names(solver.undeterminedVariables(memo: &memo))
            #expect(kept == Self.names(solver.undeterminedVariables()), "seed \(seed), step \(step)")
            #expect(
                kept == Self.names(solver.undeterminedVariablesByProbingEveryVariable()), "seed \(seed), step \(step)")
        }
    }

    @Test("screens that only move constants reuse the answer; a pivot or a new constraint asks again")
    func reuseAndInvalidation() throws {
        let x = Variable("x")
        let width = Variable("width")
        var solver = Solver()
        try solver.add(x >= 0)
        try solver.add(x + 10 <= width)
        try solver.add((x == 0).withPriority(.fittingSize))
        try solver.addEditVariable(width, priority: .high, initialValue: 100)
        var memo = DeterminednessMemo()
        #expect(solver.undeterminedVariables(memo: &memo).isEmpty)
        let version = solver.tableau.structureVersion
        #expect(memo.variables != nil)
        try solver.suggestValue(300, for: width)
        #expect(solver.tableau.structureVersion == version, "a wider screen moves constants only")
        #expect(solver.undeterminedVariables(memo: &memo).isEmpty)
        try solver.add(Variable("free") >= 0)
        #expect(solver.tableau.structureVersion != version)
        #expect(Self.names(solver.undeterminedVariables(memo: &memo)) == ["free"])
    }
}
