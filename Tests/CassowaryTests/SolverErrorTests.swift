import Cassowary
import Testing

/// Misuse is reported with a typed error carrying the offending value.
@Suite("Solver errors")
struct SolverErrorTests {
    @Test("adding the same constraint twice is a duplicate, and the error names it")
    func addingTheSameConstraintTwiceIsADuplicate() throws {
        let x = Variable("x")
        let constraint = x >= 0
        var solver = Solver()
        try solver.add(constraint)
        #expect {
            try solver.add(constraint)
        } throws: { error in
            guard case .duplicateConstraint(let offending) = error as? SolverError else { return false }
            return offending === constraint
        }
    }

    @Test("removing a constraint the solver does not hold is reported with that constraint")
    func removingAnUnknownConstraintIsReported() {
        let x = Variable("x")
        let constraint = x >= 0
        var solver = Solver()
        #expect {
            try solver.remove(constraint)
        } throws: { error in
            guard case .unknownConstraint(let offending) = error as? SolverError else { return false }
            return offending === constraint
        }
    }

    @Test("an edit variable added twice, added as required, or unknown to the solver is reported with that variable")
    func editVariableErrorsNameTheVariable() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.addEditVariable(x, priority: .high)
        #expect(solver.hasEditVariable(x))
        #expect {
            try solver.addEditVariable(x, priority: .low)
        } throws: { error in
            guard case .duplicateEditVariable(let offending) = error as? SolverError else { return false }
            return offending === x
        }
        #expect {
            try solver.addEditVariable(y, priority: .required)
        } throws: { error in
            guard case .requiredEditVariable(let offending) = error as? SolverError else { return false }
            return offending === y
        }
        #expect(!solver.hasEditVariable(y))
        #expect {
            try solver.suggestValue(1, for: y)
        } throws: { error in
            guard case .unknownEditVariable(let offending) = error as? SolverError else { return false }
            return offending === y
        }
        #expect {
            try solver.removeEditVariable(y)
        } throws: { error in
            guard case .unknownEditVariable(let offending) = error as? SolverError else { return false }
            return offending === y
        }
    }

    @Test("an edit variable's hidden constraint is not listed among the constraints")
    func anEditVariablesHiddenConstraintIsNotAUserConstraint() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.addEditVariable(x, priority: .high)
        #expect(solver.constraints.isEmpty)
    }

    @Test("errors describe themselves with the variable's name or the constraint's text")
    func errorsDescribeThemselves() {
        let x = Variable("width")
        #expect(SolverError.unknownEditVariable(x).description.contains("width"))
        let constraint = x >= 10
        #expect(SolverError.duplicateConstraint(constraint).description.contains("width - 10.0 >= 0"))
    }
}
