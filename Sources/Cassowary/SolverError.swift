/// Why the solver refused a request. Each case carries the offending value; after any of them the
/// solver is exactly as it was before the call.
public enum SolverError: Error, CustomStringConvertible {
    /// A required constraint contradicts required constraints already added. `conflicts` is an
    /// irreducible set of those: together with the rejected constraint they cannot all hold, and
    /// dropping any one of them would make the rest consistent. Empty when the constraint cannot
    /// hold on its own (like `1 == 0`).
    case unsatisfiableConstraint(Constraint, conflicts: [Constraint])
    /// The constraint object is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint object is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// An edit variable must be non-required: a suggestion is a wish, not a law.
    case requiredEditVariable(Variable)

    public var description: String {
        switch self {
        case .unsatisfiableConstraint(let constraint, let conflicts):
            if conflicts.isEmpty { return "unsatisfiable constraint \(constraint): it cannot hold on its own" }
            return "unsatisfiable constraint \(constraint): conflicts with "
                + conflicts.map { "[\($0)]" }.joined(separator: ", ")
        case .duplicateConstraint(let constraint): return "duplicate constraint \(constraint)"
        case .unknownConstraint(let constraint): return "unknown constraint \(constraint)"
        case .duplicateEditVariable(let variable): return "duplicate edit variable \(variable.name)"
        case .unknownEditVariable(let variable): return "unknown edit variable \(variable.name)"
        case .requiredEditVariable(let variable): return "edit variable \(variable.name) cannot be required"
        }
    }
}
