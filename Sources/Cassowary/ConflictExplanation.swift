extension Solver {
    /// An irreducible subset of `candidates` that the required `constraint` contradicts, by deletion
    /// filtering: drop each candidate in turn and keep it out when the rest still contradicts.
    ///
    /// The candidates come from the failed phase one: the owners of the symbols left in the
    /// artificial row are exactly the constraints with a non-zero multiplier in the infeasibility
    /// certificate, so together with the new constraint they are contradictory. Should rounding make
    /// that set consistent, `fallback` (every required constraint) is filtered instead. Every test
    /// runs in a fresh scratch solver, so the real solver is never touched.
    static func irreducibleConflict(
        for constraint: Constraint, candidates: [Constraint], fallback: () -> [Constraint]
    ) -> [Constraint] {
        var conflict = candidates
        if !contradicts(constraint, conflict) { conflict = fallback() }
        var index = 0
        while index < conflict.count {
            var trial = conflict
            trial.remove(at: index)
            if contradicts(constraint, trial) {
                conflict = trial
            } else {
                index += 1
            }
        }
        return conflict
    }

    /// True when `constraint` cannot hold together with `constraints` (all required).
    static func contradicts(_ constraint: Constraint, _ constraints: [Constraint]) -> Bool {
        var scratch = Solver()
        scratch.explainsConflicts = false
        for other in constraints {
            do { try scratch.add(other) } catch { return true }
        }
        do {
            try scratch.add(constraint)
            return false
        } catch {
            return true
        }
    }
}
