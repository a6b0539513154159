import Testing

@testable import Cassowary

@Suite("Priorities")
struct PriorityTests {
    @Test(
        "named priorities use Auto Layout's levels",
        arguments: [(Priority.required, 1000), (.high, 750), (.low, 250), (.fittingSize, 50)])
    func namedPrioritiesUseAutoLayoutLevels(priority: Priority, level: Int) {
        #expect(priority.value == level)
    }

    @Test("levels outside the scale of 1 to 1000 are rejected", arguments: [0, -1, 1001, Int.max])
    func levelsOutsideTheScaleAreRejected(level: Int) {
        #expect(Priority(level) == nil)
    }

    @Test("priorities order by level, and only 1000 is required")
    func prioritiesOrderByLevel() {
        #expect(Priority(251)! > Priority.low)
        #expect(Priority.required.isRequired)
        #expect(!Priority(999)!.isRequired)
    }

    @Test("aboveOptional ranks between 999 and required and is not required")
    func aboveOptionalRanksBetween() {
        #expect(Priority.aboveOptional > Priority(999)!)
        #expect(Priority.aboveOptional < Priority.required)
        #expect(Priority.required > Priority.aboveOptional)
        #expect(!Priority.aboveOptional.isRequired)
        #expect(Priority.aboveOptional.description == "aboveOptional")
    }

    @Test("the derived levels rank below aboveOptional, in order, and above 999")
    func derivedLevelsRank() {
        #expect(Priority.aboveOptional > Priority.derivedBound)
        #expect(Priority.derivedBound > Priority.derivedPreference)
        #expect(Priority.derivedPreference > Priority(999)!)
        #expect(!Priority.derivedBound.isRequired && !Priority.derivedPreference.isRequired)
        #expect(Priority.derivedBound.description == "derivedBound")
        #expect(Priority.derivedPreference.description == "derivedPreference")
    }

    @Test(
        "a value clamped between a given and a preference: the given wins over the bound, the bound over the preference, the preference over 999"
    )
    func derivedLevelsSolveAsMax() throws {
        // guide = max(view, edge), the shape of a safe-area guide's top.
        let view = Variable("view")
        let edge = Variable("edge")
        let guide = Variable("guide")
        var solver = Solver()
        try solver.addEditVariable(edge, priority: .aboveOptional, initialValue: 59)
        try solver.add(view == 0)
        try solver.add(guide >= view)
        try solver.add(Constraint(guide - edge, .greaterThanOrEqual, priority: .derivedBound))
        try solver.add(Constraint(guide - view, .equal, priority: .derivedPreference))
        try solver.add(Constraint(guide - 200, .equal, priority: Priority(999)!))
        #expect(solver.solvedValue(of: guide) == 59)
        try solver.suggestValue(0, for: edge)
        #expect(solver.solvedValue(of: guide) == 0)
        // A required pin below the edge beats the bound, and the given edge stays.
        try solver.suggestValue(59, for: edge)
        try solver.add(guide <= 20)
        #expect(solver.solvedValue(of: guide) == 20)
        #expect(solver.solvedValue(of: edge) == 59)
        #expect(solver.holdsEditSuggestions())
    }

    @Test("an edit variable at aboveOptional outweighs any error at 999, and a required constraint outweighs it")
    func aboveOptionalEditOutweighs999() throws {
        let width = Variable("width")
        var solver = Solver()
        try solver.addEditVariable(width, priority: .aboveOptional, initialValue: 393)
        // Two constraints at 999 pulling together still lose to the edit.
        try solver.add(Constraint(width - 100, .equal, priority: Priority(999)!))
        try solver.add(Constraint(width - 120, .equal, priority: Priority(999)!))
        #expect(solver.solvedValue(of: width) == 393)
        try solver.suggestValue(400, for: width)
        #expect(solver.solvedValue(of: width) == 400)
        try solver.add(width <= 300)
        #expect(solver.solvedValue(of: width) == 300)
        #expect(!solver.holdsEditSuggestions())
    }
}
