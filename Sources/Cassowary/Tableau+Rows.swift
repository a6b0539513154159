// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

extension Tableau {
    /// Adds `coefficient · symbol` to the row being built, expanding a basic symbol into its row so
    /// that the new row mentions only non-basic symbols. Returns the constant the expansion adds.
    mutating func accumulate(_ symbol: Int32, _ coefficient: Double) -> Double {
        let definition = definitionOf[Int(symbol)]
        if definition >= 0, let definition = definitions[Int(definition)] {
            var constant = coefficient * definition.constant
            for position in Int(definition.termStart)..<Int(definition.termStart + definition.termCount) {
                let term = definitionTerms[position]
                constant += accumulate(term.symbol, coefficient * term.coefficient)
            }
            accumulateSymbol(definition.marker, coefficient * definition.markerCoefficient)
            return constant
        }
        let slot = rowOf[Int(symbol)]
        guard slot >= 0 else {
            accumulateSymbol(symbol, coefficient)
            return 0
        }
        for position in range(slot) {
            let entry = entryPool[position]
            accumulateSymbol(entry.symbol, coefficient * entry.coefficient)
        }
        return coefficient * rows[Int(slot)].constant
    }

    @inline(__always)
    mutating func accumulateSymbol(_ symbol: Int32, _ coefficient: Double) {
        if accumulator[Int(symbol)] == 0 { accumulated.append(symbol) }
        accumulator[Int(symbol)] += coefficient
    }

    /// The accumulated row as sorted entries (not yet linked); clears the accumulator. A symbol may
    /// be listed twice when its sum passed through zero: the second read finds zero and is skipped.
    mutating func takeAccumulatedRow() -> [RowEntry] {
        var entries: [RowEntry] = []
        takeAccumulatedRow(into: &entries)
        return entries
    }

    /// `takeAccumulatedRow()` into a caller's buffer, reusing its capacity.
    mutating func takeAccumulatedRow(into entries: inout [RowEntry]) {
        if accumulated.count <= 16 {
            // Insertion sort: rows being built are short, and this beats the general sort there.
            accumulated.withUnsafeMutableBufferPointer { symbols in
                for index in symbols.indices.dropFirst() {
                    let symbol = symbols[index]
                    var position = index
                    while position > 0 && symbols[position - 1] > symbol {
                        symbols[position] = symbols[position - 1]
                        position -= 1
                    }
                    symbols[position] = symbol
                }
            }
        } else {
            accumulated.sort()
        }
        entries.truncate(to: 0)
        entries.reserveCapacity(accumulated.count)
        accumulated.withUnsafeBufferPointer { symbols in
            accumulator.withUnsafeMutableBufferPointer { accumulator in
                for symbol in symbols {
                    let coefficient = accumulator[Int(symbol)]
                    accumulator[Int(symbol)] = 0
                    if !Tableau.nearZero(coefficient) {
                        entries.append(RowEntry(symbol: symbol, node: -1, coefficient: coefficient))
                    }
                }
            }
        }
        accumulated.truncate(to: 0)
    }

    /// The slot of the row to pivot `marker` into when its constraint is removed and it is not basic.
    /// Prefers the restricted row that keeps every restricted symbol feasible (minimum ratio where
    /// the marker's coefficient is negative, then where it is positive), then any external row.
    /// Ties go to the lowest basic id.
    @inline(__always)
    func markerLeavingSlot(_ marker: Int32) -> Int32? {
        var first: Int32 = -1
        var firstRatio = Double.infinity
        var firstBasic = Int32.max
        var second: Int32 = -1
        var secondRatio = Double.infinity
        var secondBasic = Int32.max
        var third: Int32 = -1
        var thirdBasic = Int32.max
        var node = columnHead[Int(marker)]
        while node >= 0 {
            let slot = columnNodes[Int(node)].slot
            node = columnNodes[Int(node)].next
            let basic = rows[Int(slot)].basic
            let coefficient = self.coefficient(in: slot, of: marker)
            if kind[Int(basic)] == .external {
                if basic < thirdBasic {
                    third = slot
                    thirdBasic = basic
                }
            } else if coefficient < 0 {
                let ratio = -rows[Int(slot)].constant / coefficient
                if ratio < firstRatio || (ratio == firstRatio && basic < firstBasic) {
                    first = slot
                    firstRatio = ratio
                    firstBasic = basic
                }
            } else {
                let ratio = rows[Int(slot)].constant / coefficient
                if ratio < secondRatio || (ratio == secondRatio && basic < secondBasic) {
                    second = slot
                    secondRatio = ratio
                    secondBasic = basic
                }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }
}
