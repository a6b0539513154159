import Cassowary

/// The screen is a given: the map's size and safe area are what the device has, whatever a layout's
/// constraints say. The solver takes them as edit variables (one solver serves every screen of a
/// plan class) at the strongest optional priority, so a required constraint that contradicts them
/// would move the screen instead of breaking. Such constraints are broken as Auto Layout breaks an
/// unsatisfiable one: the latest installed of the conflicting set goes, and the set is reported with
/// the screen's value it contradicts.
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
            // No required constraint in the way (an optional one as strong as the screen outweighs
            // it): nothing to break.
            guard
                let position = labels.lastIndex(where: { entry in
                    conflicts.contains { $0 === entry.constraint }
                })
            else { return }
            let broken = labels[position]
            let brokenText = text(of: broken.label, for: broken.constraint)
            var conflicting: [String] = []
            for conflict in conflicts where conflict !== broken.constraint {
                conflicting.append(label(of: conflict).map { text(of: $0, for: conflict) } ?? describe(conflict))
            }
            conflicting.append("\(variable.name) == \(formatNumber(value)) (the screen)")
            buildDiagnostics.append(
                .unsatisfiableConstraints(
                    broken: brokenText, conflicting: conflicting, items: itemsNamed(in: [brokenText] + conflicting),
                    state: stateName))
            uninstall(broken.constraint)
            screenDependent = true
        }
    }
}
