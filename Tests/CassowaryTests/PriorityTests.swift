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
}
