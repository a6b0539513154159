import Testing

@testable import Cassowary

/// The tableau shortcut of `undeterminedVariables()` against the probe of every variable it replaced:
/// on random systems (seeded, so every run checks the same ones), with and without edit suggestions,
/// both must name the same variables in the same order.
@Suite("Determinedness shortcut")
struct DeterminednessEquivalenceTests {
    static func names(_ variables: [Variable]) -> [String] { variables.map(\.name) }

    /// A solver with the system's preferences and a random prefix of its required constraints, added in
    /// a random order: some systems keep only a few required constraints, so that many variables stay
    /// free.
    static func solver(for system: RandomizedPropertyTests.RandomSystem, using generator: inout SeededGenerator) throws
        -> Solver
    {
        var solver = Solver()
        let required = system.required.prefix(Int.random(in: 0...system.required.count, using: &generator))
        for constraint in (required + system.preferences).shuffled(using: &generator) {
            try solver.add(constraint)
        }
        return solver
    }

    @Test(
        "the tableau shortcut names the same undetermined variables as probing every variable",
        arguments: 0..<300 as Range<UInt64>)
    func tableauShortcutAgreesWithProbingEveryVariable(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 0xD37E_2A1D &+ seed)
        let system = RandomizedPropertyTests.makeSystem(&generator)
        var solver = try Self.solver(for: system, using: &generator)
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

    /// The read-only test that lets most variables skip the expansion must never accept a symbol the
    /// expansion's test rejects (it may reject more: those get the expansion).
    @Test("the read-only test accepts only what the expansion accepts")
    func readOnlyTestAcceptsOnlyWhatTheExpansionAccepts() throws {
        var accepted = 0
        var rejected = 0
        for seed in 0..<300 as Range<UInt64> {
            var generator = SeededGenerator(seed: 0x5EED_0F_BA5E &+ seed)
            let system = RandomizedPropertyTests.makeSystem(&generator)
            let solver = try Self.solver(for: system, using: &generator)
            var tableau = solver.tableau
            var expansion: [RowEntry] = []
            var answers = [UInt8](repeating: 0, count: tableau.symbolCount)
            for symbol in 0..<tableau.symbolCount where tableau.kind[symbol] == .external {
                guard solver.tableau.expandsOnlyToPinnedSymbols(Int32(symbol), answers: &answers) else {
                    rejected += 1
                    continue
                }
                accepted += 1
                #expect(
                    Solver.isDeterminedByTableau(Int32(symbol), in: &tableau, expansion: &expansion),
                    "seed \(seed), symbol \(symbol)")
            }
        }
        // The systems mix determined and free variables: both answers must have come up.
        #expect(accepted > 0 && rejected > 0)
    }
}
