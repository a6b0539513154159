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
        let plus = records[Int(record)]?.marker ?? -1
        let minus = records[Int(record)]?.other ?? -1
        if let reused = freeEdits.popLastIfAny() {
            edits[Int(reused)] = edit
            editErrorSymbols[2 * Int(reused)] = plus
            editErrorSymbols[2 * Int(reused) + 1] = minus
            editOfVariable[key] = reused
        } else {
            editOfVariable[key] = Int32(edits.count)
            edits.append(edit)
            // A few edit variables are the usual (a screen's size and insets): room for eight at once.
            if editErrorSymbols.isEmpty { editErrorSymbols.reserveCapacity(16) }
            editErrorSymbols.append(plus)
            editErrorSymbols.append(minus)
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
        editErrorSymbols[2 * Int(index)] = -1
        editErrorSymbols[2 * Int(index) + 1] = -1
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

extension Solver {
    /// Whether the solution holds every edit variable's last suggestion: a required constraint, or
    /// one as strong as the edit, can pull an edit variable away (an edit's errors are zero exactly
    /// when its suggestion holds).
    public func holdsEditSuggestions(tolerance: Double = 1.0e-6) -> Bool {
        for symbol in editErrorSymbols where symbol >= 0 && isOff(symbol, tolerance: tolerance) { return false }
        return true
    }

    /// The edit variables whose last suggestion the solution does not hold, in the order they were
    /// made edit variables (see ``holdsEditSuggestions(tolerance:)``).
    public func overriddenEditVariables(tolerance: Double = 1.0e-6) -> [Variable] {
        var overridden: [Variable] = []
        for index in edits.indices {
            let plus = editErrorSymbols[2 * index]
            let minus = editErrorSymbols[2 * index + 1]
            guard plus >= 0, minus >= 0, let edit = edits[index] else { continue }
            if isOff(plus, tolerance: tolerance) || isOff(minus, tolerance: tolerance) {
                overridden.append(edit.variable)
            }
        }
        return overridden
    }

    /// Whether an edit's error symbol is away from zero: outside the basis it is zero, in it it
    /// holds its row's constant.
    private func isOff(_ symbol: Int32, tolerance: Double) -> Bool {
        abs(tableau.value(of: symbol)) > tolerance / 2
    }
}
