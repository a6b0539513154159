import Cassowary

/// The screen is a given: the map's size and safe area are what the device has, whatever a layout's
/// constraints say. The solver takes them as edit variables (one solver serves every screen of a
/// plan class) above every optional priority (`Priority.aboveOptional`), yet an edit is not required:
/// a required constraint that contradicts the screen would move it instead of breaking. Such
/// constraints are broken as Auto Layout breaks an unsatisfiable one: the latest installed of the
/// conflicting set goes, and the set is reported with the screen's value it contradicts.
extension LayoutSession {
    /// Breaks, one at a time, the required constraints that pull the screen away from `plan.screen`.
    mutating func breakScreenConflicts() {
        while let variable = solver.overriddenEditVariables().first, !isOverWorkBudget() {
            guard let index = ScreenVariables.all.firstIndex(where: { $0 === variable }) else { return }
            let value = ScreenVariables.value(at: index, of: plan.screen)
            // The screen pinned in a copy of the solver: the refusal names the required constraints
            // that contradict it.
            var probe = solver
            var conflicts: [Constraint] = []
            do throws(SolverError) {
                try probe.add(Constraint(Expression(Term(variable), constant: -value), .equal))
            } catch {
                if case .unsatisfiableConstraint(_, let found) = error { conflicts = found }
            }
            // No required constraint named (the edit is off by rounding alone): nothing to break.
            guard
                let position = labels.lastIndex(where: { entry in
                    conflicts.contains { $0 === entry.constraint }
                })
            else { return }
            let broken = labels[position]
            reportConflict(
                broken: text(of: broken.label, for: broken.constraint),
                conflicts: conflicts.filter { $0 !== broken.constraint },
                screenValue: "\(variable.name) == \(formatNumber(value)) (the screen)")
            uninstall(broken.constraint)
            screenDependent = true
        }
    }
}
