// Hot: measured by the `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

extension Solver {
    /// The non-required constraints the current solution violates, with their violation, in the
    /// order they were added. Edit variables' suggestions are not constraints and are not listed.
    public func brokenConstraints() -> [BrokenConstraint] {
        // A non-required constraint's error symbols carry its violation (both errors of an equality;
        // the error, not the slack, of an inequality): where they are zero the constraint holds. Only
        // the others (usually none) have their expression evaluated, on the solution's values, and
        // the margin keeps any constraint whose evaluated violation could pass the tolerance.
        var candidates: [Int] = []
        for index in 0..<records.count {
            guard let record = records[index], !record.isEdit, !record.constraint.priority.isRequired else { continue }
            if record.marker >= 0, record.other >= 0 {
                let error =
                    record.constraint.relation == .equal
                    ? abs(tableau.value(of: record.marker)) + abs(tableau.value(of: record.other))
                    : abs(tableau.value(of: record.other))
                if error <= Solver.reportTolerance / 2 { continue }
            }
            candidates.append(index)
        }
        guard !candidates.isEmpty else { return [] }
        // The records are walked in index order and only the broken ones (usually a few) are put in
        // the order of addition afterwards: sorting every record to find them costs more than the
        // whole check.
        var broken: [(sequence: Int, constraint: BrokenConstraint)] = []
        // A few candidates evaluate their own variables; many read one solution of every symbol.
        let values = candidates.count > 8 ? tableau.solutionValues() : []
        for index in candidates {
            guard let record = records[index] else { continue }
            let violation = record.constraint.violation { variable in
                guard let symbol = symbolOfVariable[variable] else { return 0 }
                return values.isEmpty ? tableau.evaluate(symbol) : values[Int(symbol)]
            }
            if violation > Solver.reportTolerance {
                broken.append(
                    (record.sequence, BrokenConstraint(constraint: record.constraint, violation: violation)))
            }
        }
        if broken.count > 1 { broken.sort { $0.sequence < $1.sequence } }
        return broken.map(\.constraint)
    }

    /// Violations and movements below this size are rounding, not results.
    static let reportTolerance = 1.0e-7
}
