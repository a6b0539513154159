// Hot: measured by the `matrix` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-matrix-bench --profile matrix`); changes here are checked by scripts/check-budgets.sh.

extension Solver {
    /// Replaces `old` with `new`.
    ///
    /// When both are the same required equality but for the constant (a size that follows the
    /// screen, say), the row stays where it is and only the constant moves, as an edit variable's
    /// suggestion does (Cassowary's constant change): the constraint's dummy marker `m` reads
    /// `expression + m = 0`, so moving the expression's constant by `delta` is the same as moving
    /// `m` by `delta`. Every row and definition that holds `m` shifts by its coefficient times
    /// `delta`, and the dual simplex repairs the rows that turn infeasible. The solver then holds
    /// exactly the system that ``remove(_:)`` and ``add(_:)`` would have built, at the cost of a
    /// suggestion instead of a row taken out and put back.
    ///
    /// Any other pair, and a new constant the required constraints contradict, is `remove(old)`
    /// then `add(new)`, with `add`'s error: after an error `old` is gone and `new` is not added.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` when `old` is not in the solver;
    ///   ``SolverError/duplicateConstraint(_:)`` when `new` already is;
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` as ``add(_:)`` does.
    public mutating func replace(_ old: Constraint, with new: Constraint) throws(SolverError) {
        guard let index = recordOfConstraint[old], let record = records[Int(index)], !record.isEdit else {
            throw .unknownConstraint(old)
        }
        guard recordOfConstraint[new] == nil else { throw .duplicateConstraint(new) }
        if differOnlyInConstant(old, new),
            shiftConstant(of: record, by: new.expression.constant - old.expression.constant)
        {
            recordOfConstraint[old] = nil
            recordOfConstraint[new] = index
            records[Int(index)] = ConstraintRecord(
                constraint: new, marker: record.marker, other: record.other, sequence: record.sequence,
                isEdit: false, defined: record.defined)
            return
        }
        erase(recordIndex: index)
        try add(new)
    }

    /// Whether both are required equalities with the same terms in the same order.
    private func differOnlyInConstant(_ old: Constraint, _ new: Constraint) -> Bool {
        guard old.relation == .equal, new.relation == .equal, old.priority.isRequired, new.priority.isRequired
        else { return false }
        let oldTerms = old.expression.termList
        let newTerms = new.expression.termList
        guard oldTerms.count == newTerms.count else { return false }
        for index in 0..<oldTerms.count {
            guard oldTerms.address(at: index) == newTerms.address(at: index),
                oldTerms.coefficient(at: index) == newTerms.coefficient(at: index)
            else { return false }
        }
        return true
    }

    /// Moves the dummy marker of a required equality by `delta` in every row and definition that
    /// holds it and re-optimises. Returns false, with the tableau as it was, when the moved
    /// constant contradicts the other required constraints.
    private mutating func shiftConstant(of record: ConstraintRecord, by delta: Double) -> Bool {
        let marker = record.marker
        if Tableau.nearZero(delta) { return true }
        // Basic, the marker heads a redundant row: an equality implied by the others, which no other
        // constant is implied by.
        if tableau.rowOf[Int(marker)] >= 0 { return false }
        tableau.beginJournal()
        var definitionIndex: Int32 = -1
        var definitionBefore: Definition?
        if record.defined >= 0 {
            definitionIndex = tableau.definitionOf[Int(record.defined)]
            if definitionIndex >= 0, let definition = tableau.definitions[Int(definitionIndex)] {
                definitionBefore = definition
                tableau.definitions[Int(definitionIndex)] = Definition(
                    symbol: definition.symbol, termStart: definition.termStart, termCount: definition.termCount,
                    constant: definition.constant + definition.markerCoefficient * delta, marker: definition.marker,
                    markerCoefficient: definition.markerCoefficient)
            }
        }
        var contradicts = false
        var node = tableau.columnHead[Int(marker)]
        while node >= 0 {
            let slot = tableau.columnNodes[Int(node)].slot
            node = tableau.columnNodes[Int(node)].next
            tableau.journalRow(slot)
            let coefficient = tableau.coefficient(in: slot, of: marker)
            tableau.rows[Int(slot)].constant += delta * coefficient
            let constant = tableau.rows[Int(slot)].constant
            let basic = tableau.rows[Int(slot)].basic
            switch tableau.kind[Int(basic)] {
            case .external: break
            // A dummy must stay zero: its row holds only dummies, which no pivot can bring in.
            case .dummy: if !Tableau.nearZero(constant) { contradicts = true }
            default: if constant < -Tableau.epsilon { tableau.infeasible.append(basic) }
            }
        }
        if contradicts || tableau.dualOptimize(stopAtInfeasibleRow: true) != nil {
            tableau.rollBackJournal()
            if let definitionBefore { tableau.definitions[Int(definitionIndex)] = definitionBefore }
            return false
        }
        tableau.commitJournal()
        // As after a suggestion: a primal pass repairs what rounding may have tipped.
        tableau.optimize()
        return true
    }
}

extension Constraint {
    /// The same terms, relation and priority with another constant, as a new constraint (see
    /// ``Solver/replace(_:with:)``).
    public func withConstant(_ constant: Double) -> Constraint {
        Constraint(Expression(termList: expression.termList, constant: constant), relation, priority: priority)
    }
}
