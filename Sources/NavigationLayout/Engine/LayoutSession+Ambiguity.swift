// Hot: measured by the `served`, `path` and `chain` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

import Cassowary

/// Ambiguous layouts: items whose position or size no constraint determines.
extension LayoutSession {
    /// `visible`: the positions of the result's visible frames, ascending.
    mutating func ambiguityDiagnostics(visible: [Int]) -> [Diagnostic] {
        // A screen re-solved without a pivot leaves the same rows at zero: the solver keeps its
        // answer, and with the same items visible the findings are the last solve's.
        let undetermined = solver.undeterminedVariables(memo: &determinedness)
        if determinedness.wasReused, let last = lastAmbiguity, last.visible == visible { return last.diagnostics }
        let diagnostics = ambiguityDiagnostics(visible: visible, undetermined: undetermined)
        lastAmbiguity = (visible, diagnostics)
        return diagnostics
    }

    private func ambiguityDiagnostics(visible: [Int], undetermined: [Variable]) -> [Diagnostic] {
        var report = AmbiguityReport(itemCount: items.count, visible: visible)
        // Variables no constraint mentions are unknown to the solver, and free (tested one by one, in
        // the order left, width, top, height), then the ones the solver leaves undetermined: each is
        // reported as found, without a list of them all.
        for index in items.indices {
            if !solver.knows(items[index].variables.left) { noteAmbiguity(item: index, horizontal: true, in: &report) }
            if !solver.knows(items[index].variables.width) { noteAmbiguity(item: index, horizontal: true, in: &report) }
            if !solver.knows(items[index].variables.top) { noteAmbiguity(item: index, horizontal: false, in: &report) }
            if !solver.knows(items[index].variables.height) {
                noteAmbiguity(item: index, horizontal: false, in: &report)
            }
        }
        guard !undetermined.isEmpty else { return report.diagnostics }
        // A few free variables (often a guide's axis that nothing reads) are looked up one by one;
        // many, as in a long column of views without sizes, through a table of every variable.
        if undetermined.count <= 16 {
            for variable in undetermined {
                guard let owner = owner(of: variable) else { continue }
                noteAmbiguity(item: owner.item, horizontal: owner.horizontal, in: &report)
            }
            return report.diagnostics
        }
        var owners: [ObjectIdentifier: (item: Int, horizontal: Bool)] = [:]
        owners.reserveCapacity(items.count * 4)
        for index in items.indices.reversed() {
            // Reversed, so that a variable two items name belongs to the first, as in `owner(of:)`.
            let variables = items[index].variables
            owners[ObjectIdentifier(variables.left)] = (index, true)
            owners[ObjectIdentifier(variables.width)] = (index, true)
            owners[ObjectIdentifier(variables.top)] = (index, false)
            owners[ObjectIdentifier(variables.height)] = (index, false)
        }
        for variable in undetermined {
            guard let owner = owners[ObjectIdentifier(variable)] else { continue }
            noteAmbiguity(item: owner.item, horizontal: owner.horizontal, in: &report)
        }
        return report.diagnostics
    }

    /// The item and axis a variable belongs to: the first item that names it.
    private func owner(of variable: Variable) -> (item: Int, horizontal: Bool)? {
        for index in items.indices {
            if items[index].variables.left === variable || items[index].variables.width === variable {
                return (index, true)
            }
            if items[index].variables.top === variable || items[index].variables.height === variable {
                return (index, false)
            }
        }
        return nil
    }

    /// Reports an axis of an item once, if the item shows (or is a guide whose axis a constraint
    /// reads).
    private func noteAmbiguity(item: Int, horizontal: Bool, in report: inout AmbiguityReport) {
        guard report.isVisible(item) || items[item].isGuide, isVisible(item) else { return }
        // A view's safe-area guide follows the view, which is reported for itself.
        if case .safeAreaGuide = items[item].role { return }
        if case .guide = items[item].role,
            !(horizontal ? items[item].horizontalAxisRead : items[item].verticalAxisRead)
        {
            return
        }
        guard report.markReported(item: item, horizontal: horizontal) else { return }
        let axis = horizontal ? "horizontal" : "vertical"
        report.diagnostics.append(.ambiguousLayout(items[item].outputName, axis: axis, state: stateName))
    }
}

/// What ``LayoutSession/ambiguityDiagnostics(visible:)`` has found so far.
private struct AmbiguityReport {
    let itemCount: Int
    /// The positions of the result's visible frames, ascending.
    let visible: [Int]
    /// Per item and axis (item * 2, plus 1 for vertical): whether it has been reported. Made at the
    /// first report: nearly always there is none.
    private var reported: [Bool] = []
    var diagnostics: [Diagnostic] = []

    init(itemCount: Int, visible: [Int]) {
        self.itemCount = itemCount
        self.visible = visible
    }

    /// Whether the item's frame is in the result (a binary search of the ascending positions).
    func isVisible(_ item: Int) -> Bool {
        var low = 0
        var high = visible.count
        while low < high {
            let middle = (low + high) / 2
            if visible[middle] < item { low = middle + 1 } else { high = middle }
        }
        return low < visible.count && visible[low] == item
    }

    /// Marks the axis of the item reported; false when it already was.
    mutating func markReported(item: Int, horizontal: Bool) -> Bool {
        if reported.isEmpty { reported = [Bool](repeating: false, count: itemCount * 2) }
        let key = item * 2 + (horizontal ? 0 : 1)
        guard !reported[key] else { return false }
        reported[key] = true
        return true
    }
}
