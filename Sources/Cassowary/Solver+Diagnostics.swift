// Hot: measured by the `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

extension Solver {
    /// The non-required constraints the current solution violates, with their violation, in the
    /// order they were added. Edit variables' suggestions are not constraints and are not listed.
    public func brokenConstraints() -> [BrokenConstraint] {
        // The records are walked in index order and only the broken ones (usually none or a few) are
        // put in the order of addition afterwards: sorting every record to find them costs more than
        // the whole check.
        var broken: [(sequence: Int, constraint: BrokenConstraint)] = []
        let values = tableau.solutionValues()
        for index in 0..<records.count {
            guard let record = records[index], !record.isEdit, !record.constraint.priority.isRequired else { continue }
            let violation = record.constraint.violation { variable in
                symbolOfVariable[variable].map { values[Int($0)] } ?? 0
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
