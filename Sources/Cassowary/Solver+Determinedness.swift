// Hot: measured by the `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

extension Solver {
    /// The variables the constraints do not determine, in the order the solver first saw them.
    ///
    /// Definition: let P be the set of all assignments in which every required constraint holds and
    /// every non-required constraint and edit suggestion has exactly its current error. A variable is
    /// undetermined when it does not have the same value everywhere in P, i.e. it could move without
    /// changing any constraint's error. (An inequality that holds with room to spare leaves its
    /// variables free inside that room, as in `0 <= x <= 100`.)
    ///
    /// Most variables are settled by the final tableau alone: proved constant by the symbols their
    /// expansion mentions (``isDeterminedByTableau(_:in:expansion:zeros:)``), or proved free by a
    /// direction in which they move (``FreeDirections``). Only the rest are probed in a scratch solver
    /// that describes P (``probeSolver()``), which is built at most once and only when some variable
    /// needs it. Each step looks at a symbol's row or definition once, so a layout whose variables
    /// chain through one another costs time in proportion to its size, not to the chain's square.
    public func undeterminedVariables() -> [Variable] {
        undeterminedVariablesUsingProbe().variables
    }

    /// ``undeterminedVariables()``, answered from `memo` when the tableau is the one the memo was
    /// made from but for its constants, with the same rows at zero: only constants moved (edit
    /// variables re-solved without a pivot, as a device matrix does from screen to screen).
    ///
    /// The answer depends on the constants only through which restricted rows are at zero. P's
    /// directions come from the rows' coefficients; a restricted basic symbol bounds them only where
    /// it is at zero, and a convex set's variable is constant all over it exactly when it is constant
    /// along the directions open at one of its points. The memo is kept only when the answer came
    /// from the tableau alone: the scratch solver of the last resort is built from the values, and
    /// its rounding is not a property of the rows.
    public func undeterminedVariables(memo: inout DeterminednessMemo) -> [Variable] {
        if memo.structureVersion == tableau.structureVersion, let variables = memo.variables,
            tableau.matchesZeroPattern(memo.pattern)
        {
            memo.wasReused = true
            return variables
        }
        let pattern = tableau.zeroPattern()
        let answer = undeterminedVariablesUsingProbe()
        memo = DeterminednessMemo(
            structureVersion: tableau.structureVersion, pattern: pattern ?? [],
            variables: answer.usedProbe || pattern == nil ? nil : answer.variables)
        return answer.variables
    }

    /// The undetermined variables, and whether the scratch solver was needed to find them.
    private func undeterminedVariablesUsingProbe() -> (variables: [Variable], usedProbe: Bool) {
        var probe: Solver?
        var undetermined: [Variable] = []
        // The exact expansion writes the tableau's accumulator, so it works on a copy (only that
        // scratch space is written, so the copy shares everything else); made only for a symbol the
        // read-only test below cannot settle, which in a layout without ambiguity is none.
        var exact: ExactExpansion?
        // Variables defined through others ask the same question of those others: answers are kept.
        var answers = [UInt8](repeating: 0, count: tableau.symbolCount)
        // The symbols the rows prove zero (see ``Tableau/zeroOnOptimalFace()``): found once, when the
        // first variable needs more than its own row or definition; empty until then.
        var zeros: [Bool] = []
        // Proofs that a variable moves (see ``FreeDirections``), found once, when needed.
        var directions: FreeDirections?
        for symbol in 0..<tableau.symbolCount where tableau.kind[symbol] == .external {
            if tableau.expandsOnlyToPinnedSymbols(Int32(symbol), answers: &answers, zeros: zeros) { continue }
            // A non-basic variable that nothing defines is a free direction by itself (see
            // ``FreeDirections``): nothing holds it.
            if tableau.rowOf[symbol] < 0 && tableau.definitionOf[symbol] < 0 {
                if let variable = variable(ofSymbol: symbol) { undetermined.append(variable) }
                continue
            }
            if zeros.isEmpty {
                zeros = tableau.zeroOnOptimalFace()
                // A "no" may become a "yes" with more symbols known to be zero; a "yes" stays.
                for index in answers.indices where answers[index] == 2 { answers[index] = 0 }
                if tableau.expandsOnlyToPinnedSymbols(Int32(symbol), answers: &answers, zeros: zeros) { continue }
            }
            guard let variable = variable(ofSymbol: symbol) else { continue }
            if directions == nil { directions = FreeDirections(tableau: tableau) }
            if directions?.moves(Int32(symbol), in: tableau) == true {
                undetermined.append(variable)
                continue
            }
            // Only a definition's expansion can say more than the read-only test: a row is its own
            // expansion, and a non-basic variable that nothing defines expands to itself.
            if tableau.definitionOf[symbol] >= 0 {
                if exact == nil { exact = ExactExpansion(tableau: tableau) }
                if exact?.determines(Int32(symbol), zeros: zeros) == true { continue }
            }
            if probe == nil { probe = probeSolver() }
            if probe?.isFixed(variable) == false { undetermined.append(variable) }
        }
        return (undetermined, probe != nil)
    }

    /// The exact tableau test (``isDeterminedByTableau(_:in:expansion:)``) on a scratch copy.
    struct ExactExpansion {
        var tableau: Tableau
        var expansion: [RowEntry] = []

        mutating func determines(_ symbol: Int32, zeros: [Bool]) -> Bool {
            Solver.isDeterminedByTableau(symbol, in: &tableau, expansion: &expansion, zeros: zeros)
        }
    }

    /// The former whole check, which probes every variable in the scratch solver; kept as the
    /// reference the tableau shortcut is compared against in tests.
    func undeterminedVariablesByProbingEveryVariable() -> [Variable] {
        var probe = probeSolver()
        var undetermined: [Variable] = []
        for symbol in 0..<tableau.symbolCount where tableau.kind[symbol] == .external {
            guard let variable = variable(ofSymbol: symbol) else { continue }
            if !probe.isFixed(variable) { undetermined.append(variable) }
        }
        return undetermined
    }

    /// True when the optimal tableau alone proves the symbol constant over P.
    ///
    /// Write the symbol over non-basic symbols: `x = c + Σ aⱼ·sⱼ`. Every point of P keeps every error
    /// at its current value, so it has the current (optimal) objective and lies on the optimal face of
    /// the simplex problem. There, a non-basic dummy is zero (it marks a required equality), and so is
    /// a non-basic slack or error whose objective coefficients are lexicographically positive: it is
    /// never negative, and raising it would raise the objective at the first level where its
    /// coefficient is not zero. When every sⱼ in the expansion is one of those, x equals c all over P.
    ///
    /// `zeros`, when not empty, adds the restricted symbols the rows prove zero
    /// (``Tableau/zeroOnOptimalFace()``), such as the slacks of two inequalities that pin a size from
    /// both sides.
    ///
    /// Anything else (a non-basic external, or a restricted symbol whose objective coefficients are all
    /// near zero, such as an inequality's slack that no error depends on) may or may not let x move,
    /// and is left to the probe. The test is only ever conservative: "true" is a proof, "false" is
    /// "don't know". The coefficients are read with the simplex's own tolerance, so a coefficient the
    /// simplex treats as zero is treated as zero here too.
    static func isDeterminedByTableau(
        _ symbol: Int32, in tableau: inout Tableau, expansion: inout [RowEntry], zeros: [Bool] = []
    ) -> Bool {
        _ = tableau.accumulate(symbol, 1)
        tableau.takeAccumulatedRow(into: &expansion)
        for entry in expansion where !tableau.isPinnedAtZero(entry.symbol, zeros: zeros) { return false }
        return true
    }

    /// A required-only scratch solver whose solutions are exactly P: required constraints as they
    /// are, each non-required constraint pinned to its current error (an inequality that holds with
    /// room keeps its room).
    func probeSolver() -> Solver {
        var scratch = Solver()
        scratch.explainsConflicts = false
        let values = tableau.solutionValues()
        for record in records.live.sorted(by: { $0.sequence < $1.sequence }) {
            let constraint = record.constraint
            if constraint.priority.isRequired {
                try? scratch.add(constraint)
                continue
            }
            let amount = constraint.expression.value { variable in
                symbolOfVariable[variable].map { values[Int($0)] } ?? 0
            }
            let holdsWithRoom: Bool
            switch constraint.relation {
            case .equal: holdsWithRoom = false
            case .lessThanOrEqual: holdsWithRoom = amount <= Solver.reportTolerance
            case .greaterThanOrEqual: holdsWithRoom = amount >= -Solver.reportTolerance
            }
            let pinned =
                holdsWithRoom
                ? Constraint(constraint.expression, constraint.relation)
                : Constraint(constraint.expression - amount, .equal)
            // Rounding could make a pinned copy disagree with the others; leaving it out only makes
            // P larger, so such a variable is reported rather than hidden.
            try? scratch.add(pinned)
        }
        return scratch
    }

    /// True when `variable` has one value over all solutions of this (required-only) solver.
    mutating func isFixed(_ variable: Variable) -> Bool {
        guard let symbol = symbolOfVariable[variable] else { return false }
        // The variable in terms of non-basic symbols: its row, its expanded definition, or itself.
        _ = tableau.accumulate(symbol, 1)
        let expansion = tableau.takeAccumulatedRow()
        if expansion.allSatisfy({ tableau.kind[Int($0.symbol)] == .dummy }) { return true }
        // A non-basic variable appears in no restricted row and in no cost: nothing holds it.
        if expansion.contains(where: { tableau.kind[Int($0.symbol)] == .external }) { return false }
        let start = tableau.evaluate(symbol)
        guard let weak = Priority(1) else { return true }
        do {
            try addEditVariable(variable, priority: weak)
            try suggestValue(start + 1, for: variable)
            let high = tableau.evaluate(symbol)
            try suggestValue(start - 1, for: variable)
            let low = tableau.evaluate(symbol)
            try removeEditVariable(variable)
            return high - low <= Solver.reportTolerance
        } catch {
            return true
        }
    }
}

extension Tableau {
    /// A sufficient condition for ``Solver/isDeterminedByTableau(_:in:expansion:)``, read from the
    /// tableau without building the expansion: every symbol the expansion could mention (the row's
    /// entries, or through a definition its marker and the expansions of its terms) is one that test
    /// accepts (a dummy, or a slack or error that costs to raise). The expansion mentions a subset of
    /// these (sums may cancel, near-zero sums are dropped), so "true" here means "true" there; on
    /// "false" the caller runs the exact test. Definitions recurse as `accumulate` does.
    ///
    /// `answers` (one per symbol, 0 while unknown, 1 for true, 2 for false) keeps the answer for every
    /// symbol asked, so that a symbol many definitions mention is looked at once.
    ///
    /// `zeros` is as in the exact test: empty, or every symbol's ``zeroOnOptimalFace()`` answer.
    func expandsOnlyToPinnedSymbols(_ symbol: Int32, answers: inout [UInt8], zeros: [Bool] = []) -> Bool {
        switch answers[Int(symbol)] {
        case 1: return true
        case 2: return false
        default: break
        }
        let answer = expansionIsPinned(symbol, answers: &answers, zeros: zeros)
        answers[Int(symbol)] = answer ? 1 : 2
        return answer
    }

    private func expansionIsPinned(_ symbol: Int32, answers: inout [UInt8], zeros: [Bool]) -> Bool {
        let index = definitionOf[Int(symbol)]
        if index >= 0, let definition = definitions[Int(index)] {
            guard isPinnedAtZero(definition.marker, zeros: zeros) else { return false }
            let end = Int(definition.termStart + definition.termCount)
            for position in Int(definition.termStart)..<end
            where !expandsOnlyToPinnedSymbols(definitionTerms[position].symbol, answers: &answers, zeros: zeros) {
                return false
            }
            return true
        }
        let slot = rowOf[Int(symbol)]
        guard slot >= 0 else { return isPinnedAtZero(symbol, zeros: zeros) }
        for position in range(slot) where !isPinnedAtZero(entryPool[position].symbol, zeros: zeros) { return false }
        return true
    }

    /// Whether a non-basic symbol is zero all over the optimal face: by its kind and cost alone, or,
    /// when `zeros` is not empty, as ``zeroOnOptimalFace()`` found.
    @inline(__always)
    func isPinnedAtZero(_ symbol: Int32, zeros: [Bool] = []) -> Bool {
        if !zeros.isEmpty { return zeros[Int(symbol)] }
        return isPinnedByKindAndCost(symbol)
    }

    @inline(__always)
    private func isPinnedByKindAndCost(_ symbol: Int32) -> Bool {
        switch kind[Int(symbol)] {
        case .dummy: return true
        case .slack, .error: return costsToRaise(symbol)
        case .external, .unused: return false
        }
    }

    /// For every symbol, whether the tableau proves it zero all over the optimal face: the symbols
    /// ``isPinnedAtZero(_:zeros:)`` accepts by kind and cost, and those the rows then force to zero.
    ///
    /// A row `r = c + Σ aⱼ·sⱼ` whose basic symbol is restricted (r ≥ 0) and whose constant is zero,
    /// and in which every sⱼ not yet known to be zero is restricted (sⱼ ≥ 0) with aⱼ < 0, reads
    /// 0 ≤ r ≤ 0 on the face: r and every such sⱼ are zero. (A marker of a required equality as the
    /// basic symbol is zero itself, so the same holds when all those aⱼ share either sign.) This is how
    /// two inequalities that pin one size from both sides, such as the hugging and compression
    /// resistance of an intrinsic size, leave their slacks: one slack's row is minus the other's.
    /// Each new zero may complete another row, so the rows that hold it are looked at again; a row is
    /// looked at once more per zero found among its entries at most.
    func zeroOnOptimalFace() -> [Bool] {
        var zeros = [Bool](repeating: false, count: symbolCount)
        for symbol in 0..<symbolCount { zeros[symbol] = isPinnedByKindAndCost(Int32(symbol)) }
        var pending: [Int32] = []
        for slot in rows.indices where rows[slot].basic >= 0 {
            markZerosForcedByRow(Int32(slot), zeros: &zeros, found: &pending)
        }
        while let symbol = pending.popLast() {
            var node = columnHead[Int(symbol)]
            while node >= 0 {
                markZerosForcedByRow(columnNodes[Int(node)].slot, zeros: &zeros, found: &pending)
                node = columnNodes[Int(node)].next
            }
        }
        return zeros
    }

    /// Marks the symbols one row forces to zero (see ``zeroOnOptimalFace()``), adding each new one to
    /// `found`.
    private func markZerosForcedByRow(_ slot: Int32, zeros: inout [Bool], found: inout [Int32]) {
        let basic = rows[Int(slot)].basic
        let basicKind = kind[Int(basic)]
        guard basicKind == .slack || basicKind == .error || basicKind == .dummy,
            Tableau.nearZero(rows[Int(slot)].constant)
        else { return }
        var negative = false
        var positive = false
        for position in range(slot) {
            let entry = entryPool[position]
            if zeros[Int(entry.symbol)] { continue }
            switch kind[Int(entry.symbol)] {
            case .slack, .error:
                if entry.coefficient < 0 { negative = true } else { positive = true }
            case .external, .dummy, .unused:
                return
            }
        }
        // A restricted basic is never negative, so only terms that pull it down can balance to zero.
        if positive && (basicKind != .dummy || negative) { return }
        for position in range(slot) where !zeros[Int(entryPool[position].symbol)] {
            zeros[Int(entryPool[position].symbol)] = true
            found.append(entryPool[position].symbol)
        }
        if !zeros[Int(basic)] {
            zeros[Int(basic)] = true
            found.append(basic)
        }
    }

    /// True when raising the non-basic restricted `symbol` from zero would raise the objective: its
    /// first objective coefficient that is not near zero, highest level first, is positive.
    func costsToRaise(_ symbol: Int32) -> Bool {
        // Highest priority first: the tableau keeps levels in creation order, `levelOrder` ranks them.
        let base = Int(symbol) * levelStride
        for level in levelOrder {
            let coefficient = objective[base + level]
            if coefficient > Tableau.epsilon { return true }
            if coefficient < -Tableau.epsilon { return false }
        }
        return false
    }
}
