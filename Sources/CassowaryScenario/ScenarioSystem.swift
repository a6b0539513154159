import Cassowary

/// A scenario turned into solver objects: its variables (in scenario order) and its constraints.
public struct ScenarioSystem: Sendable {
    public let scenario: Scenario
    public let variables: [Variable]
    public let constraints: [Constraint]

    public init(_ scenario: Scenario) {
        self.scenario = scenario
        let variables = scenario.variableNames.map { Variable($0) }
        self.variables = variables
        constraints = scenario.constraints.map { line in
            // Term by term: an expression of up to four terms then needs no array at all.
            var expression = Expression(constant: line.constant)
            for term in line.terms { expression.append(Term(variables[term.variable], term.coefficient)) }
            return Constraint(expression, line.relation, priority: line.priority)
        }
    }

    /// A new solver with every constraint, every edit variable at its initial suggestion, and
    /// published values: the peer harness's "build" step. The solver is made with
    /// ``Solver/init(expectedConstraints:expectedVariables:)``, since the scenario knows its size.
    /// The edit variable is added with its initial value (see
    /// ``Solver/addEditVariable(_:priority:initialValue:)``) and then suggested that value, the
    /// same calls as the peer's plus the value it already knows.
    public func solve() throws(SolverError) -> Solver {
        var solver = Solver(
            expectedConstraints: constraints.count + scenario.edits.count, expectedVariables: variables.count)
        for constraint in constraints {
            try solver.add(constraint)
        }
        for edit in scenario.edits {
            try solver.addEditVariable(
                variables[edit.variable], priority: edit.priority, initialValue: edit.initialValue)
            try solver.suggestValue(edit.initialValue, for: variables[edit.variable])
        }
        solver.updateVariables()
        return solver
    }

    /// The number of resize steps of the scenario's dump: the length of the first resize list.
    public var resizeStepCount: Int { scenario.resizes.first?.values.count ?? 0 }

    /// Suggests the values of resize step `step` (cycling each list) and publishes the values.
    public func applyResize(step: Int, to solver: inout Solver) throws(SolverError) {
        for resize in scenario.resizes {
            try solver.suggestValue(resize.values[step % resize.values.count], for: variables[resize.variable])
        }
        solver.updateVariables()
    }
}
