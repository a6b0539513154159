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
}
