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

/// The parts of the tableau shortcut that keep it linear on long chains of views: sizes held from both
/// sides are proved constant by the rows (``Tableau/zeroOnOptimalFace()``), and free variables are
/// proved free by a direction they move in (``FreeDirections``), each without building the variable's
/// expansion or probing it.
@Suite("Determinedness on chains")
struct DeterminednessChainTests {
    /// A column of `count` boxes: each top on the previous bottom; each height as `size` says.
    enum Size { case free, intrinsic, onlyHugging, required, roomy }

    static func column(_ sizes: [Size], pinFirstTop: Bool) throws -> (Solver, tops: [Variable], heights: [Variable]) {
        var solver = Solver()
        let tops = sizes.indices.map { Variable("top\($0)") }
        let heights = sizes.indices.map { Variable("height\($0)") }
        if pinFirstTop { try solver.add(tops[0] == 59) }
        for index in sizes.indices {
            if index > 0 { try solver.add(tops[index] == tops[index - 1] + heights[index - 1]) }
            switch sizes[index] {
            case .free: break
            case .intrinsic:
                try solver.add((heights[index] <= 10).withPriority(.low))
                try solver.add((heights[index] >= 10).withPriority(.high))
            case .onlyHugging: try solver.add((heights[index] <= 10).withPriority(.low))
            case .required: try solver.add(heights[index] == 10)
            case .roomy: try solver.add(heights[index] >= 10)
            }
        }
        return (solver, tops, heights)
    }

    @Test("a size held from both sides by two preferences is proved constant by the rows alone")
    func bothSidesAreSettledByTheRows() throws {
        let (solver, tops, heights) = try Self.column([.intrinsic, .intrinsic], pinFirstTop: true)
        let tableau = solver.tableau
        let zeros = tableau.zeroOnOptimalFace()
        for variable in [heights[0], heights[1], tops[1]] {
            let symbol = try #require(solver.symbolOfVariable[variable])
            var before = [UInt8](repeating: 0, count: tableau.symbolCount)
            var after = before
            // Kind and cost alone cannot tell (a slack costs nothing); the rows can.
            #expect(!tableau.expandsOnlyToPinnedSymbols(symbol, answers: &before), "\(variable.name)")
            #expect(tableau.expandsOnlyToPinnedSymbols(symbol, answers: &after, zeros: zeros), "\(variable.name)")
        }
        #expect(solver.undeterminedVariables().isEmpty)
    }

    @Test("a free size is proved free by a direction, and so is every top below it")
    func freeSizesMoveEverythingBelow() throws {
        let (solver, tops, heights) = try Self.column(
            [.required, .free, .intrinsic, .intrinsic], pinFirstTop: true)
        var directions = FreeDirections(tableau: solver.tableau)
        func moves(_ variable: Variable) throws -> Bool {
            directions.moves(try #require(solver.symbolOfVariable[variable]), in: solver.tableau)
        }
        #expect(try moves(heights[1]))
        #expect(try moves(tops[2]))
        #expect(try moves(tops[3]))
        #expect(try !moves(tops[1]))
        #expect(try !moves(heights[2]))
        #expect(solver.undeterminedVariables().map(\.name) == ["top2", "height1", "top3"])
    }

    @Test(
        "random columns name the same undetermined variables as probing every variable",
        arguments: 0..<200 as Range<UInt64>)
    func randomColumnsAgreeWithProbing(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 0xC4A1_0000 &+ seed)
        let kinds: [Size] = [.free, .intrinsic, .onlyHugging, .required, .roomy]
        let sizes = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
            kinds.randomElement(using: &generator) ?? .intrinsic
        }
        let (solver, _, _) = try Self.column(sizes, pinFirstTop: Bool.random(using: &generator))
        #expect(
            DeterminednessEquivalenceTests.names(solver.undeterminedVariables())
                == DeterminednessEquivalenceTests.names(solver.undeterminedVariablesByProbingEveryVariable()),
            "seed \(seed): \(sizes)")
    }

    @Test("a column of two thousand boxes with intrinsic sizes is fully determined")
    func longColumnIsDetermined() throws {
        var (solver, tops, _) = try Self.column(Array(repeating: .intrinsic, count: 2000), pinFirstTop: true)
        #expect(solver.undeterminedVariables().isEmpty)
        solver.updateVariables()
        #expect(solver.value(of: tops[1999]) == 59 + 1999 * 10)
    }
}
