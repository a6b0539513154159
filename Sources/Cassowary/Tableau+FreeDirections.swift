// Hot: measured by the `path`, `served` and `chain` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

/// A proof that a symbol is undetermined, found for every symbol in one pass over the tableau.
///
/// Some non-basic symbols can move on their own without leaving P (the solutions that keep every
/// required constraint and every non-required constraint's error, see
/// ``Solver/undeterminedVariables()``):
/// - a non-basic external: it appears in no restricted row and in no cost;
/// - a non-basic slack that costs nothing at any level and that, raised a little, lowers no
///   restricted basic symbol below zero and changes no basic error or marker: every row holding it
///   has an external basic symbol, or a slack basic symbol with room (constant above zero) or a
///   coefficient that is not negative.
///
/// A symbol moves with such a direction exactly when its expansion over non-basic symbols has a
/// coefficient on it that is not zero. Rather than build each expansion (whose length grows with a
/// chain of definitions), every movable symbol gets a fixed pseudo-random weight and every symbol the
/// weighted sum of its expansion, computed once per symbol through rows and definitions. A sum that
/// is not zero proves a movable coefficient that is not zero; a zero sum (with exact arithmetic, for
/// all but a measure-zero set of weights) means there is none, and the caller falls back to its
/// exact tests. Sums are compared with the sum of absolute values, so rounding in a cancellation
/// never passes for a direction.
struct FreeDirections {
    private var weighted: [Double]
    private var magnitude: [Double]
    /// Whether `weighted` and `magnitude` hold the symbol's sums yet.
    private var known: [Bool]

    init(tableau: Tableau) {
        weighted = [Double](repeating: 0, count: tableau.symbolCount)
        magnitude = [Double](repeating: 0, count: tableau.symbolCount)
        known = [Bool](repeating: false, count: tableau.symbolCount)
        for symbol in 0..<tableau.symbolCount where tableau.rowOf[symbol] < 0 && tableau.definitionOf[symbol] < 0 {
            let weight = tableau.isMovableAlone(Int32(symbol)) ? FreeDirections.weight(of: symbol) : 0
            weighted[symbol] = weight
            magnitude[symbol] = weight
            known[symbol] = true
        }
    }

    /// True when the symbol provably moves along a movable direction.
    mutating func moves(_ symbol: Int32, in tableau: Tableau) -> Bool {
        let (sum, size) = sums(symbol, in: tableau)
        return abs(sum) > 1.0e-6 * size
    }

    private mutating func sums(_ symbol: Int32, in tableau: Tableau) -> (Double, Double) {
        if known[Int(symbol)] { return (weighted[Int(symbol)], magnitude[Int(symbol)]) }
        var sum = 0.0
        var size = 0.0
        let index = tableau.definitionOf[Int(symbol)]
        if index >= 0, let definition = tableau.definitions[Int(index)] {
            for term in tableau.terms(of: definition) {
                let (termSum, termSize) = sums(term.symbol, in: tableau)
                sum += term.coefficient * termSum
                size += abs(term.coefficient) * termSize
            }
            let (markerSum, markerSize) = sums(definition.marker, in: tableau)
            sum += definition.markerCoefficient * markerSum
            size += abs(definition.markerCoefficient) * markerSize
        } else if tableau.rowOf[Int(symbol)] >= 0 {
            // A row mentions only non-basic symbols, which are all known from the start.
            for position in tableau.range(tableau.rowOf[Int(symbol)]) {
                let entry = tableau.entryPool[position]
                sum += entry.coefficient * weighted[Int(entry.symbol)]
                size += abs(entry.coefficient) * magnitude[Int(entry.symbol)]
            }
        }
        weighted[Int(symbol)] = sum
        magnitude[Int(symbol)] = size
        known[Int(symbol)] = true
        return (sum, size)
    }

    /// A weight in [1, 2) from the symbol's id alone (SplitMix64's finalizer), so every run agrees.
    private static func weight(of symbol: Int) -> Double {
        var bits = UInt64(truncatingIfNeeded: symbol) &+ 0x9E37_79B9_7F4A_7C15
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        bits ^= bits >> 31
        return 1 + Double(bits >> 11) / Double(1 << 53)
    }
}

extension Tableau {
    /// Whether a non-basic symbol can move on its own without leaving P (see ``FreeDirections``).
    func isMovableAlone(_ symbol: Int32) -> Bool {
        switch kind[Int(symbol)] {
        case .external: return true
        case .dummy, .error, .unused: return false
        case .slack: break
        }
        let base = Int(symbol) * levelStride
        for level in 0..<levelCount where !Tableau.nearZero(objective[base + level]) { return false }
        var node = columnHead[Int(symbol)]
        while node >= 0 {
            let slot = columnNodes[Int(node)].slot
            node = columnNodes[Int(node)].next
            let basic = rows[Int(slot)].basic
            switch kind[Int(basic)] {
            case .external: continue
            case .slack:
                if coefficient(in: slot, of: symbol) >= 0 || rows[Int(slot)].constant > Tableau.epsilon { continue }
                return false
            case .error, .dummy, .unused:
                return false
            }
        }
        return true
    }
}
