import Cassowary

/// Installing a constraint with its label, and the texts labels render to in diagnostics and broken
/// reports.
extension LayoutSession {
    // MARK: Installing

    /// Adds a constraint to the solver and keeps its label; a required constraint the solver rejects is
    /// reported as a conflict (with the constraints it conflicts with) instead. Returns whether it was added.
    /// The constraint and its label are taken over (`consuming`) by the label list.
    @discardableResult
    mutating func install(_ constraint: consuming Constraint, label: consuming ConstraintLabel) -> Bool {
        if isOverWorkBudget() { return false }
        do throws(SolverError) {
            try solver.add(constraint)
            labels.append(InstalledConstraint(constraint: constraint, label: label))
            return true
        } catch {
            reportRejected(constraint, label: label, error)
            return false
        }
    }

    /// Puts `replacement` in the place of an installed constraint, with its label: a constraint that
    /// differs only in its constant keeps its row in the solver (``Solver/replace(_:with:)``). A
    /// rejected replacement is reported as ``install(_:label:)`` reports one, and then neither
    /// constraint is installed. Returns whether the replacement is in force.
    @discardableResult
    mutating func reinstall(
        _ current: Constraint, with replacement: consuming Constraint, label: consuming ConstraintLabel
    ) -> Bool {
        if isOverWorkBudget() {
            uninstall(current)
            return false
        }
        let position = labels.lastIndex { $0.constraint === current }
        do throws(SolverError) {
            try solver.replace(current, with: replacement)
            let installed = InstalledConstraint(constraint: replacement, label: label)
            if let position { labels[position] = installed } else { labels.append(installed) }
            return true
        } catch {
            if let position { labels.remove(at: position) }
            reportRejected(replacement, label: label, error)
            return false
        }
    }

    /// Reports a required constraint the solver rejected as a conflict, with the constraints it
    /// conflicts with. A conflict that involves a constraint that changes with the screen makes the
    /// session's constraints those of its screen: which constraint a solve rejects depends on the
    /// order they arrive in, and a fresh solve for another screen installs them in another order.
    private mutating func reportRejected(_ constraint: Constraint, label: ConstraintLabel, _ error: SolverError) {
        guard case .unsatisfiableConstraint(_, let conflicts) = error else { return }
        if label.changesWithScreen
            || conflicts.contains(where: { self.label(of: $0)?.changesWithScreen ?? false })
        {
            screenDependent = true
        }
        reportConflict(broken: text(of: label, for: constraint), conflicts: conflicts)
    }

    /// Reports required constraints that cannot all hold: `broken` gave way to `conflicts` (each named
    /// by its label) and, when given, to the screen's value they contradict.
    mutating func reportConflict(broken: String, conflicts: [Constraint], screenValue: String? = nil) {
        var conflicting = conflicts.map { conflict in
            self.label(of: conflict).map { text(of: $0, for: conflict) } ?? describe(conflict)
        }
        if let screenValue { conflicting.append(screenValue) }
        buildDiagnostics.append(
            .unsatisfiableConstraints(
                broken: broken, conflicting: conflicting, items: itemsNamed(in: [broken] + conflicting),
                state: stateName))
    }

    /// Takes a constraint out of the solver and drops its label: a session solved for screen after
    /// screen replaces size and stack constraints, and its labels are those of the constraints in force.
    mutating func uninstall(_ constraint: Constraint) {
        try? solver.remove(constraint)
        if let position = labels.lastIndex(where: { $0.constraint === constraint }) { labels.remove(at: position) }
    }

    /// The label a constraint was installed with (the latest, should it have been installed twice).
    func label(of constraint: Constraint) -> ConstraintLabel? {
        labels.last { $0.constraint === constraint }?.label
    }

    /// The text of `constraint`'s label; an arrangement constraint is printed with its variables' names.
    func text(of label: ConstraintLabel, for constraint: Constraint) -> String {
        switch label {
        case .written(let position):
            return inForce[position].text
        case .sdkSize(let item, let axis, let value):
            return "\(items[item].name).\(axis.rawValue) == \(formatNumber(roundMilli(value))) (SDK size)"
        case .intrinsic(let item, let axis, let relation, let value, let priority, let what):
            return "\(items[item].name).\(axis.rawValue) \(relation) \(formatNumber(value))"
                + (priority.map { " @\($0)" } ?? "") + " (\(what))"
        case .stack(let stack):
            return "\(stacks[stack].stack.name) arrangement: \(describe(constraint))"
        case .safeAreaGuide(let item):
            return "\(items[item].name): \(describe(constraint)) (UIKit's safe-area guide)"
        }
    }

    /// A solver constraint as `Constraint.description` prints it, its variables named
    /// `item.left|top|width|height` (the shared item variables carry no names of their own).
    func describe(_ constraint: Constraint) -> String {
        constraint.description(naming: name(of:))
    }

    /// The readable name of a solver variable: `item.left` and so on, or the screen variable's own name.
    private func name(of variable: Variable) -> String {
        for item in items {
            let variables = item.variables
            if variables.left === variable { return item.name + ".left" }
            if variables.top === variable { return item.name + ".top" }
            if variables.width === variable { return item.name + ".width" }
            if variables.height === variable { return item.name + ".height" }
        }
        return variable.name
    }

    /// The placed items a set of constraint texts mention, in order of first mention.
    func itemsNamed(in texts: [String]) -> [String] {
        var names: [String] = []
        for text in texts {
            var current = ""
            for character in text + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    current.append(character)
                } else {
                    if !current.isEmpty, itemIndex[current] != nil || current == "map" || current == "safeArea",
                        !names.contains(current)
                    {
                        names.append(current)
                    }
                    current = ""
                }
            }
        }
        return names
    }
}
