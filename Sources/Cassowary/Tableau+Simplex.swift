// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

extension Tableau {
    /// The slot of the row that limits how far `entering` can grow: the restricted row that first
    /// reaches zero (minimum ratio). Ties go to the lowest basic symbol id (Bland's rule), so the
    /// choice never depends on the order of the column index and the simplex cannot cycle.
    @inline(__always)
    func leavingSlot(for entering: Int32) -> Int32? {
        leavingCandidate(for: entering)?.slot
    }

    /// The row `leavingSlot(for:)` picks, with its ratio and basic symbol.
    @inline(__always)
    func leavingCandidate(for entering: Int32) -> (slot: Int32, ratio: Double, basic: Int32)? {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        var node = columnHead[Int(entering)]
        while node >= 0 {
            let slot = columnNodes[Int(node)].slot
            node = columnNodes[Int(node)].next
            let basic = rows[Int(slot)].basic
            if kind[Int(basic)] == .external { continue }
            let coefficient = self.coefficient(in: slot, of: entering)
            if coefficient >= 0 { continue }
            let ratio = -rows[Int(slot)].constant / coefficient
            if ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
                best = slot
                bestRatio = ratio
                bestBasic = basic
            }
        }
        return best >= 0 ? (best, bestRatio, bestBasic) : nil
    }

    /// The lowest-id non-basic symbol that improves the objective (Bland's rule over the
    /// lexicographic objective). Only dirty symbols can have become improving; the others are
    /// dropped from the dirty list on the way.
    mutating func enteringSymbol() -> Int32? {
        var best: Int32 = -1
        var kept = 0
        var list: [Int32] = []
        swap(&list, &dirty)
        list.withUnsafeMutableBufferPointer { list in
            for read in 0..<list.count {
                let symbol = list[read]
                let symbolKind = kind[Int(symbol)]
                if (symbolKind == .slack || symbolKind == .error) && rowOf[Int(symbol)] < 0 && improvesObjective(symbol)
                {
                    list[kept] = symbol
                    kept += 1
                    if best < 0 || symbol < best { best = symbol }
                } else {
                    isDirty[Int(symbol)] = false
                }
            }
        }
        swap(&list, &dirty)
        dirty.truncate(to: kept)
        return best >= 0 ? best : nil
    }

    /// Primal simplex on the lexicographic objective.
    mutating func optimize() {
        while !isPastWorkLimit, let entering = enteringSymbol() {
            // The objective is a sum of non-negative errors, so it is bounded and a limiting row
            // exists; should rounding hide it, stop with a feasible solution rather than loop.
            guard let slot = leavingSlot(for: entering) else { return }
            pivot(entering: entering, slot: slot)
        }
    }

    /// Primal simplex on the phase-one objective (the artificial row), with Bland's rule.
    mutating func optimizeArtificial() {
        while !isPastWorkLimit {
            var entering: Int32 = -1
            for entry in artificialEntries where entry.coefficient < -Tableau.epsilon {
                let symbolKind = kind[Int(entry.symbol)]
                if symbolKind == .slack || symbolKind == .error {
                    entering = entry.symbol
                    break
                }
            }
            if entering < 0 { return }
            guard let slot = leavingSlot(for: entering) else { return }
            pivot(entering: entering, slot: slot)
        }
    }

    /// Dual simplex: restores feasibility after edit suggestions moved row constants, keeping the
    /// objective optimal. Works on the infeasible row with the highest basic id each time: a
    /// reproducible rule that, where the optimum is tied, lands on the same vertex as kiwi (whose
    /// work list is a stack filled in symbol order), so cross-checks compare like with like.
    ///
    /// Returns nil when every row is feasible again, or the slot of a row that no pivot can repair:
    /// its basic symbol is negative and every symbol that could raise it is fixed, which proves the
    /// required constraints inconsistent (only possible while adding one; suggestions never touch
    /// required constraints, and such a row left by rounding is skipped).
    @discardableResult
    mutating func dualOptimize(stopAtInfeasibleRow: Bool = false) -> Int32? {
        while !isPastWorkLimit {
            var leaving: Int32 = -1
            var kept = 0
            for read in 0..<infeasible.count {
                let symbol = infeasible[read]
                let slot = rowOf[Int(symbol)]
                guard slot >= 0, rows[Int(slot)].constant < -Tableau.epsilon else { continue }
                infeasible[kept] = symbol
                kept += 1
                if leaving < 0 || symbol > leaving { leaving = symbol }
            }
            infeasible.truncate(to: kept)
            if leaving < 0 { return nil }
            let slot = rowOf[Int(leaving)]
            guard let entering = dualEnteringSymbol(slot: slot) else {
                if stopAtInfeasibleRow { return slot }
                infeasible.removeAll { $0 == leaving }
                continue
            }
            pivot(entering: entering, slot: slot)
        }
        return nil
    }

    /// The symbol of an infeasible row whose entry keeps the objective optimal: the minimum
    /// lexicographic ratio objective / coefficient over positive coefficients, lowest id on ties.
    @inline(__always)
    func dualEnteringSymbol(slot: Int32) -> Int32? {
        var best: Int32 = -1
        var bestCoefficient = 0.0
        for position in range(slot) where entryPool[position].coefficient > Tableau.epsilon {
            let entry = entryPool[position]
            let symbolKind = kind[Int(entry.symbol)]
            guard symbolKind == .slack || symbolKind == .error else { continue }
            if best < 0 || ratioIsLess(entry.symbol, entry.coefficient, than: best, bestCoefficient) {
                best = entry.symbol
                bestCoefficient = entry.coefficient
            }
        }
        return best >= 0 ? best : nil
    }

    @inline(__always)
    func ratioIsLess(_ symbol: Int32, _ coefficient: Double, than other: Int32, _ otherCoefficient: Double) -> Bool {
        let base = Int(symbol) * levelStride
        let otherBase = Int(other) * levelStride
        for level in levelOrder {
            let difference = objective[base + level] / coefficient - objective[otherBase + level] / otherCoefficient
            if difference < -Tableau.epsilon { return true }
            if difference > Tableau.epsilon { return false }
        }
        return false
    }
}
