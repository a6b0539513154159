/// What the solver remembers of an added constraint: the symbols it added to the tableau.
struct ConstraintRecord: Sendable {
    let constraint: Constraint
    /// The slack (inequality), dummy (required equality) or positive error (non-required equality)
    /// that identifies the constraint's row.
    let marker: Int32
    /// The error of a non-required inequality, or the negative error of a non-required equality; -1
    /// for required constraints.
    let other: Int32
    /// Insertion order, for deterministic reports.
    let sequence: Int
    /// True for the hidden constraint behind an edit variable.
    let isEdit: Bool
    /// The variable the constraint defines (see Definition.swift), -1 when it is a tableau row.
    let defined: Int32
}

/// An edit variable: the hidden non-required `variable == constant` constraint and its constant.
struct EditRecord: Sendable {
    let variable: Variable
    let record: Int32
    var constant: Double
}
