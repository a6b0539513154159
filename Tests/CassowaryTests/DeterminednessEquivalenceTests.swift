import Testing

@testable import Cassowary

/// The tableau shortcut of `undeterminedVariables()` against the probe of every variable it replaced:
/// on random systems (seeded, so every run checks the same ones), with and without edit suggestions,
/// both must name the same variables in the same order.
@Suite struct DeterminednessEquivalenceTests {
    static func names(_ variables: [Variable]) -> [String] { variables.map(\.name) }

    @Test(arguments: 0..<300 as Range<UInt64>)
    func tableauShortcutAgreesWithProbingEveryVariable(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 0xD37E_2A1D &+ seed)
        let system = RandomizedPropertyTests.makeSystem(&generator)
        var solver = Solver()
        // Some systems keep only a few required constraints, so that many variables stay free.
        let required = system.required.prefix(Int.random(in: 0...system.required.count, using: &generator))
        for constraint in (required + system.preferences).shuffled(using: &generator) {
            try solver.add(constraint)
        }
        let shortcut = Self.names(solver.undeterminedVariables())
        #expect(shortcut == Self.names(solver.undeterminedVariablesByProbingEveryVariable()), "seed \(seed)")

        // Ties between equally strong wishes, then an edit suggestion on one variable.
        if let first = system.variables.first, let last = system.variables.last {
            try solver.add((first - last == 7).withPriority(.low))
            try solver.add((first - last == -7).withPriority(.low))
            try solver.addEditVariable(first, priority: .high)
            try solver.suggestValue(Double(Int.random(in: -60...60, using: &generator)), for: first)
        }
        #expect(
            Self.names(solver.undeterminedVariables())
                == Self.names(solver.undeterminedVariablesByProbingEveryVariable()), "seed \(seed) with edits")
    }
}
