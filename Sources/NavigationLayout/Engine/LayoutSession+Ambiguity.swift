import Cassowary

/// Ambiguous layouts: items whose position or size no constraint determines.
extension LayoutSession {
    /// The item and axis a variable belongs to (a linear scan: only free variables are looked up).
    private func owner(of variable: Variable) -> (item: Int, axis: String)? {
        for index in items.indices {
            if items[index].variables.left === variable || items[index].variables.width === variable {
                return (index, "horizontal")
            }
            if items[index].variables.top === variable || items[index].variables.height === variable {
                return (index, "vertical")
            }
        }
        return nil
    }

    /// `visible`: the positions of the result's visible frames, ascending.
    func ambiguityDiagnostics(visible: [Int]) -> [Diagnostic] {
        var seen: [(Int, String)] = []
        var diagnostics: [Diagnostic] = []
        // Variables no constraint mentions are unknown to the solver, and free (tested one by one, in
        // the order left, width, top, height), then the ones the solver leaves undetermined: each is
        // reported as found, without a list of them all.
        for index in items.indices {
            if !solver.knows(items[index].variables.left) {
                noteAmbiguity(of: items[index].variables.left, visible: visible, seen: &seen, into: &diagnostics)
            }
            if !solver.knows(items[index].variables.width) {
                noteAmbiguity(of: items[index].variables.width, visible: visible, seen: &seen, into: &diagnostics)
            }
            if !solver.knows(items[index].variables.top) {
                noteAmbiguity(of: items[index].variables.top, visible: visible, seen: &seen, into: &diagnostics)
            }
            if !solver.knows(items[index].variables.height) {
                noteAmbiguity(of: items[index].variables.height, visible: visible, seen: &seen, into: &diagnostics)
            }
        }
        for variable in solver.undeterminedVariables() {
            noteAmbiguity(of: variable, visible: visible, seen: &seen, into: &diagnostics)
        }
        return diagnostics
    }

    /// Reports the item and axis of a free variable once, if the item shows (or is a guide whose axis
    /// a constraint reads).
    private func noteAmbiguity(
        of variable: Variable, visible: [Int], seen: inout [(Int, String)], into diagnostics: inout [Diagnostic]
    ) {
        guard let owner = owner(of: variable) else { return }
        guard visible.contains(owner.item) || items[owner.item].isGuide, isVisible(owner.item) else { return }
        if case .guide = items[owner.item].role,
            !(owner.axis == "horizontal" ? items[owner.item].horizontalAxisRead : items[owner.item].verticalAxisRead)
        {
            return
        }
        if seen.contains(where: { $0.0 == owner.item && $0.1 == owner.axis }) { return }
        seen.append((owner.item, owner.axis))
        diagnostics.append(.ambiguousLayout(items[owner.item].outputName, axis: owner.axis, state: stateName))
    }
}
