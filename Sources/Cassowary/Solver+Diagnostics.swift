// Hot: measured by the `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

extension Solver {
    /// The non-required constraints the current solution violates, with their violation, in the
    /// order they were added. Edit variables' suggestions are not constraints and are not listed.
    public func brokenConstraints() -> [BrokenConstraint] {
        var memo = BrokenConstraintMemo()
        return brokenConstraints(memo: &memo)
    }

    /// ``brokenConstraints()``, looking only at the constraints `memo` keeps for the tableau's
    /// structure (found again when the structure moved): a device matrix re-solves the same rows
    /// with other constants from cell to cell.
    public func brokenConstraints(memo: inout BrokenConstraintMemo) -> [BrokenConstraint] {
        if memo.structureVersion != tableau.structureVersion {
            memo.structureVersion = tableau.structureVersion
            memo.watched.removeAll(keepingCapacity: true)
            for index in 0..<records.count {
                guard let record = records[index], !record.isEdit, !record.constraint.priority.isRequired else {
                    continue
                }
                if record.marker >= 0, record.other >= 0, !tableau.isBasic(record.other),
                    record.constraint.relation != .equal || !tableau.isBasic(record.marker)
                {
                    continue
                }
                memo.watched.append((record.sequence, index))
            }
            // In the order of addition, so the broken ones come out in it.
            memo.watched.sort { $0.sequence < $1.sequence }
        }
        // A non-required constraint's error symbols carry its violation (both errors of an equality;
        // the error, not the slack, of an inequality): where they are zero the constraint holds. Only
        // the others (usually none) have their expression evaluated, on the solution's values, and
        // the margin keeps any constraint whose evaluated violation could pass the tolerance.
        var broken: [BrokenConstraint] = []
        // The first few evaluate their own variables; past them, one solution of every symbol is read.
        var evaluated = 0
        var values: [Double] = []
        for (_, index) in memo.watched {
            guard let record = records[index] else { continue }
            if record.marker >= 0, record.other >= 0 {
                let error =
                    record.constraint.relation == .equal
                    ? abs(tableau.value(of: record.marker)) + abs(tableau.value(of: record.other))
                    : abs(tableau.value(of: record.other))
                if error <= Solver.reportTolerance / 2 { continue }
            }
            evaluated += 1
            if evaluated == 9 { values = tableau.solutionValues() }
            let violation = record.constraint.violation { variable in
                guard let symbol = symbolOfVariable[variable] else { return 0 }
                return values.isEmpty ? tableau.evaluate(symbol) : values[Int(symbol)]
            }
            if violation > Solver.reportTolerance {
                broken.append(BrokenConstraint(constraint: record.constraint, violation: violation))
            }
        }
        return broken
    }

    /// Violations and movements below this size are rounding, not results.
    static let reportTolerance = 1.0e-7
}
