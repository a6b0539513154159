extension Solver {
    /// Makes `variable` an edit variable at a non-required priority, with `initialValue` as its
    /// first suggestion (0 unless given, as in kiwi). Giving the value you are about to suggest
    /// saves the solver a detour: the variable is pulled straight there instead of to 0 and back.
    ///
    /// - Throws: ``SolverError/requiredEditVariable(_:)`` for a required priority,
    ///   ``SolverError/duplicateEditVariable(_:)`` when it already is an edit variable.
    public mutating func addEditVariable(
        _ variable: Variable, priority: Priority, initialValue: Double = 0
    ) throws(SolverError) {
        let key = variable
        guard editOfVariable[key] == nil else { throw .duplicateEditVariable(variable) }
        guard !priority.isRequired else { throw .requiredEditVariable(variable) }
        let constraint = Constraint(
            Expression(termList: TermList(variable, 1), constant: -initialValue), .equal, priority: priority)
        let record = try insert(constraint, isEdit: true)
        let edit = EditRecord(variable: variable, record: record, constant: initialValue)
        if let reused = freeEdits.popLastIfAny() {
            edits[Int(reused)] = edit
            editOfVariable[key] = reused
        } else {
            editOfVariable[key] = Int32(edits.count)
            edits.append(edit)
        }
    }

    /// Stops editing `variable` and re-optimises without its suggestion.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` when it is not an edit variable.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        let key = variable
        guard let index = editOfVariable[key], let edit = edits[Int(index)] else {
            throw .unknownEditVariable(variable)
        }
        editOfVariable[key] = nil
        edits[Int(index)] = nil
        freeEdits.append(index)
        erase(recordIndex: edit.record)
    }

    /// Suggests a value for an edit variable and re-optimises with the dual simplex: only the rows
    /// that contain the edit's error move, and only those that turn infeasible cost a pivot.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` when it is not an edit variable.
    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let index = editOfVariable[variable], let edit = edits[Int(index)],
            let record = records[Int(edit.record)]
        else { throw .unknownEditVariable(variable) }
        let delta = value - edit.constant
        edits[Int(index)]?.constant = value
        // The hidden row is `variable - constant - plus + minus = 0`: moving the constant by delta is
        // the same as moving the positive error by delta.
        let plus = record.marker
        let minus = record.other
        let plusSlot = tableau.rowOf[Int(plus)]
        let minusSlot = tableau.rowOf[Int(minus)]
        if plusSlot >= 0 {
            tableau.rows[Int(plusSlot)].constant -= delta
            if tableau.rows[Int(plusSlot)].constant < -Tableau.epsilon { tableau.infeasible.append(plus) }
        } else if minusSlot >= 0 {
            tableau.rows[Int(minusSlot)].constant += delta
            if tableau.rows[Int(minusSlot)].constant < -Tableau.epsilon { tableau.infeasible.append(minus) }
        } else {
            var node = tableau.columnHead[Int(plus)]
            while node >= 0 {
                let slot = tableau.columnNodes[Int(node)].slot
                node = tableau.columnNodes[Int(node)].next
                let coefficient = tableau.coefficient(in: slot, of: plus)
                tableau.rows[Int(slot)].constant += delta * coefficient
                let basic = tableau.rows[Int(slot)].basic
                if tableau.rows[Int(slot)].constant < -Tableau.epsilon && tableau.kind[Int(basic)] != .external {
                    tableau.infeasible.append(basic)
                }
            }
        }
        tableau.dualOptimize()
        // The dual simplex keeps the objective optimal in exact arithmetic; a primal pass repairs
        // what rounding may have tipped (usually nothing to do).
        tableau.optimize()
    }
}
