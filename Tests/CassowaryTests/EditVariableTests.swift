import Cassowary
import Testing

/// Edit variables: suggestions re-solved with the dual simplex.
@Suite("Edit variables")
struct EditVariableTests {
    @Test("a suggested value is taken when nothing opposes it")
    func suggestedValueIsTakenWhenNothingOpposes() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.addEditVariable(x, priority: Priority(500)!)
        try solver.suggestValue(2, for: x)
        #expect(solver.solvedValue(of: x) == 2)
    }

    @Test("a required constraint overrides a suggestion")
    func requiredConstraintOverridesSuggestion() throws {
        // kiwi: test_suggesting_values_for_edit_variables
        let v1 = Variable("v1")
        let v2 = Variable("v2")
        var solver = Solver()
        try solver.addEditVariable(v2, priority: .low)
        try solver.add(v1 + v2 == 0)
        try solver.add(v2 <= -1)
        try solver.add((v2 >= 0).withPriority(.low))
        try solver.suggestValue(0, for: v2)
        #expect(solver.solvedValue(of: v2) <= -1)
    }

    @Test("a dragged midpoint drags its segment until an endpoint meets its bound")
    func midpointFollowsItsEditAndEndpointsStayInside() throws {
        // Badros, Borning & Stuckey, the midpoint example: xm = (xl + xr) / 2, xl + 10 <= xr,
        // 0 <= xl, xr <= 100. Dragging xm drags the segment until an endpoint meets its bound.
        let xl = Variable("xl")
        let xm = Variable("xm")
        let xr = Variable("xr")
        var solver = Solver()
        try solver.add(2 * xm == xl + xr)
        try solver.add(xl + 10 <= xr)
        try solver.add(xl >= 0)
        try solver.add(xr <= 100)
        try solver.add((xl == 30).withPriority(.fittingSize))
        try solver.add((xr == 60).withPriority(.fittingSize))
        try solver.addEditVariable(xm, priority: .high)
        try solver.suggestValue(50, for: xm)
        solver.updateVariables()
        #expect(solver.value(of: xm) == 50)
        #expect(isClose(solver.value(of: xl) + solver.value(of: xr), 100))
        try solver.suggestValue(95, for: xm)
        solver.updateVariables()
        #expect(solver.value(of: xm) == 95)
        #expect(solver.value(of: xr) == 100)
        #expect(solver.value(of: xl) == 90)
        try solver.suggestValue(0, for: xm)
        solver.updateVariables()
        #expect(solver.value(of: xl) == 0)
        #expect(solver.value(of: xm) == 5)  // the segment cannot be shorter than 10
        #expect(solver.value(of: xr) == 10)
    }

    @Test("an infeasible suggestion is resolved by the dual simplex")
    func infeasibleSuggestionTriggersDualOptimization() throws {
        // kiwi: test_handling_infeasible_constraints (the paper's dual-simplex case)
        let xm = Variable("xm")
        let xl = Variable("xl")
        let xr = Variable("xr")
        var solver = Solver()
        try solver.addEditVariable(xm, priority: .high)
        try solver.addEditVariable(xl, priority: .low)
        try solver.addEditVariable(xr, priority: .low)
        try solver.add(2 * xm == xl + xr)
        try solver.add(xl + 20 <= xr)
        try solver.add(xl >= -10)
        try solver.add(xr <= 100)
        try solver.suggestValue(40, for: xm)
        try solver.suggestValue(50, for: xr)
        try solver.suggestValue(30, for: xl)
        try solver.suggestValue(60, for: xm)  // a normal update
        try solver.suggestValue(90, for: xm)  // infeasible: needs the dual simplex
        solver.updateVariables()
        #expect(solver.value(of: xl) + solver.value(of: xr) == 2 * solver.value(of: xm))
        #expect(solver.value(of: xl) == 80)
        #expect(solver.value(of: xr) == 100)
    }

    @Test("removing an edit variable drops its suggestion, and it can be added again")
    func removingAnEditVariableDropsItsSuggestion() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 10).withPriority(.low))
        try solver.addEditVariable(x, priority: .high)
        try solver.suggestValue(50, for: x)
        #expect(solver.solvedValue(of: x) == 50)
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        #expect(solver.solvedValue(of: x) == 10)
        // It can be added again and starts from a fresh suggestion.
        try solver.addEditVariable(x, priority: .high)
        try solver.suggestValue(70, for: x)
        #expect(solver.solvedValue(of: x) == 70)
    }

    @Test("an edit variable added with an initial value starts there")
    func editVariableAddedWithInitialValueStartsThere() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(y == 2 * x)
        try solver.addEditVariable(x, priority: .high, initialValue: 21)
        #expect(solver.solvedValue(of: y) == 42)
        try solver.suggestValue(5, for: x)
        #expect(solver.solvedValue(of: y) == 10)
        try solver.suggestValue(21, for: x)
        #expect(solver.solvedValue(of: y) == 42)
    }

    @Test("values are published only by an update")
    func valuesArePublishedOnlyByUpdate() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.addEditVariable(x, priority: .high)
        try solver.suggestValue(5, for: x)
        #expect(solver.value(of: x) == 0)
        solver.updateVariables()
        #expect(solver.value(of: x) == 5)
    }

    @Test("edit variables move independently as others come and go")
    func twoEditVariablesMoveIndependently() throws {
        // cassowary.js: multiedit
        let x = Variable("x")
        let y = Variable("y")
        let w = Variable("w")
        let h = Variable("h")
        var solver = Solver()
        try solver.add((x == 0).withPriority(.fittingSize))
        try solver.add((y == 0).withPriority(.fittingSize))
        try solver.add((w == 0).withPriority(.fittingSize))
        try solver.add((h == 0).withPriority(.fittingSize))
        try solver.addEditVariable(x, priority: .high)
        try solver.addEditVariable(y, priority: .high)
        try solver.suggestValue(10, for: x)
        try solver.suggestValue(20, for: y)
        solver.updateVariables()
        #expect(
            [solver.value(of: x), solver.value(of: y), solver.value(of: w), solver.value(of: h)] == [10, 20, 0, 0])
        try solver.addEditVariable(w, priority: .high)
        try solver.addEditVariable(h, priority: .high)
        try solver.suggestValue(30, for: w)
        try solver.suggestValue(40, for: h)
        solver.updateVariables()
        #expect(
            [solver.value(of: x), solver.value(of: y), solver.value(of: w), solver.value(of: h)] == [10, 20, 30, 40])
        try solver.removeEditVariable(w)
        try solver.removeEditVariable(h)
        try solver.suggestValue(50, for: x)
        try solver.suggestValue(60, for: y)
        solver.updateVariables()
        #expect(
            [solver.value(of: x), solver.value(of: y), solver.value(of: w), solver.value(of: h)] == [50, 60, 0, 0])
    }
}
