extension Solver {
    /// The non-required constraints the current solution violates, with their violation, in the
    /// order they were added. Edit variables' suggestions are not constraints and are not listed.
    public func brokenConstraints() -> [BrokenConstraint] {
        var broken: [BrokenConstraint] = []
        let values = tableau.solutionValues()
        for record in userRecordsInOrder() where !record.constraint.priority.isRequired {
            let violation = record.constraint.violation { variable in
                symbolOfVariable[variable].map { values[Int($0)] } ?? 0
            }
            if violation > Solver.reportTolerance {
                broken.append(BrokenConstraint(constraint: record.constraint, violation: violation))
            }
        }
        return broken
    }

    /// Violations and movements below this size are rounding, not results.
    static let reportTolerance = 1.0e-7

    /// The variables the constraints do not determine, in the order the solver first saw them.
    ///
    /// Definition: let P be the set of all assignments in which every required constraint holds and
    /// every non-required constraint and edit suggestion has exactly its current error. A variable is
    /// undetermined when it does not have the same value everywhere in P, i.e. it could move without
    /// changing any constraint's error. (An inequality that holds with room to spare leaves its
    /// variables free inside that room, as in `0 <= x <= 100`.)
    ///
    /// P is convex and contains the current solution, so a variable is determined exactly when it
    /// cannot move from its current value in either direction. The check builds a scratch solver
    /// whose required constraints describe P; a variable whose row there holds only required
    /// equalities' markers is fixed; any other is probed with a weak edit variable pulled one unit
    /// up and one unit down.
    public func undeterminedVariables() -> [Variable] {
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
        var undetermined: [Variable] = []
        for symbol in 0..<tableau.symbolCount where tableau.kind[symbol] == .external {
            guard let variable = variable(ofSymbol: symbol) else { continue }
            if !scratch.isFixed(variable) { undetermined.append(variable) }
        }
        return undetermined
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
