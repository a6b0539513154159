import Cassowary

/// The bare solver work of one layout: its constraints and edit suggestions, without the request
/// reading, planning, checks and result writing around them. Benchmarks time it as the baseline the
/// whole request path is compared with.
public struct SolverWorkload: Sendable {
    public struct Edit: Sendable {
        public let variable: Variable
        public let priority: Priority
        public let value: Double
    }

    public let constraints: [Constraint]
    public let edits: [Edit]

    /// Builds a fresh solver with the edits and constraints, solves and publishes the values.
    public func solve() throws(SolverError) -> Solver {
        var solver = Solver()
        for edit in edits {
            try solver.addEditVariable(edit.variable, priority: edit.priority, initialValue: edit.value)
        }
        for constraint in constraints { try solver.add(constraint) }
        solver.updateVariables()
        return solver
    }
}

extension PreparedLayout {
    /// The solver work of the layout as last solved.
    public var workload: SolverWorkload { session.workload }
}
