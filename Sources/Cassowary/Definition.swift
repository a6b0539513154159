// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

/// A variable defined by a required equality in which it appeared for the first time, like
/// `v1.left == v0.left + v0.width + 8`. Such a variable can never be what makes a system
/// infeasible or a priority lose, so it stays out of the tableau: the definition is kept as written
/// (in terms of other variables, possibly other defined ones) and expanded only when a row that
/// mentions the variable is built. Chains of such equalities, the bulk of a layout, then cost no
/// rows and no pivot ever touches them, instead of filling the tableau with long substituted rows.
///
/// The definition reads `symbol = constant + Σ terms + markerCoefficient · marker`, where `marker`
/// is the dummy of the defining constraint (always 0), exactly the row the constraint would have had
/// with the variable as its subject. Carrying the marker in every expansion keeps removal correct:
/// removing the constraint first turns the definition into that row (``Tableau/materialize(_:)``)
/// and then proceeds as for any constraint.
struct Definition: Sendable {
    let symbol: Int32
    /// Where the definition's (symbol, coefficient) terms over external symbols sit in
    /// `Tableau.definitionTerms`: one shared pool, so a definition costs no allocation of its own.
    let termStart: Int32
    let termCount: Int32
    let constant: Double
    let marker: Int32
    let markerCoefficient: Double
}

extension Tableau {
    /// The terms of a definition.
    @inline(__always)
    func terms(of definition: Definition) -> ArraySlice<RowEntry> {
        definitionTerms[Int(definition.termStart)..<Int(definition.termStart + definition.termCount)]
    }

    /// Records a definition of a symbol that is in no row; its terms are the last `termCount`
    /// entries of `definitionTerms`.
    mutating func define(_ definition: Definition) {
        let index: Int32
        if let reused = freeDefinitions.popLastIfAny() {
            index = reused
            definitions[Int(index)] = definition
        } else {
            index = Int32(definitions.count)
            definitions.append(definition)
        }
        definitionOf[Int(definition.symbol)] = index
        definitionOrder.append(index)
    }

    /// Turns the definition of `symbol` into an ordinary row with `symbol` as its basic symbol.
    mutating func materialize(_ symbol: Int32) {
        let index = definitionOf[Int(symbol)]
        guard index >= 0, let definition = definitions[Int(index)] else { return }
        definitionOf[Int(symbol)] = -1
        definitions[Int(index)] = nil
        freeDefinitions.append(index)
        if let position = definitionOrder.firstIndex(of: index) { definitionOrder.remove(at: position) }
        deadDefinitionTerms += Int(definition.termCount)
        var constant = definition.constant
        for term in terms(of: definition) {
            constant += accumulate(term.symbol, term.coefficient)
        }
        accumulateSymbol(definition.marker, definition.markerCoefficient)
        _ = insertRow(basic: symbol, entries: takeAccumulatedRow(), constant: constant)
        compactDefinitionTermsIfSparse()
    }

    /// Rewrites the term pool without the terms of removed definitions once they dominate it.
    mutating func compactDefinitionTermsIfSparse() {
        guard deadDefinitionTerms > 64 && deadDefinitionTerms * 2 > definitionTerms.count else { return }
        var compacted: [RowEntry] = []
        compacted.reserveCapacity(definitionTerms.count - deadDefinitionTerms)
        for index in definitionOrder {
            guard let definition = definitions[Int(index)] else { continue }
            let start = Int32(compacted.count)
            compacted.append(contentsOf: terms(of: definition))
            definitions[Int(index)] = Definition(
                symbol: definition.symbol, termStart: start, termCount: definition.termCount,
                constant: definition.constant, marker: definition.marker,
                markerCoefficient: definition.markerCoefficient)
        }
        definitionTerms = compacted
        deadDefinitionTerms = 0
    }

    /// The value of every symbol in the current solution (defined variables evaluated in the order
    /// they were defined, which is an order in which everything they mention comes first).
    func solutionValues() -> [Double] {
        var values = [Double](repeating: 0, count: kind.count)
        for slot in rows.indices where rows[slot].basic >= 0 {
            values[Int(rows[slot].basic)] = rows[slot].constant
        }
        for index in definitionOrder {
            guard let definition = definitions[Int(index)] else { continue }
            var value = definition.constant
            for term in terms(of: definition) { value += term.coefficient * values[Int(term.symbol)] }
            values[Int(definition.symbol)] = value
        }
        return values
    }

    /// The value of one symbol in the current solution.
    func evaluate(_ symbol: Int32) -> Double {
        let index = definitionOf[Int(symbol)]
        guard index >= 0, let definition = definitions[Int(index)] else { return value(of: symbol) }
        var value = definition.constant
        for term in terms(of: definition) { value += term.coefficient * evaluate(term.symbol) }
        return value
    }
}
