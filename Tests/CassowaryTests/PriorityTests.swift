import Testing
@testable import Cassowary

@Suite struct PriorityTests {
    @Test(arguments: [(Priority.required, 1000), (.high, 750), (.low, 250), (.fittingSize, 50)])
    func namedPrioritiesUseAutoLayoutLevels(priority: Priority, level: Int) {
        #expect(priority.value == level)
    }

    @Test(arguments: [0, -1, 1001, Int.max])
    func levelsOutsideTheScaleAreRejected(level: Int) {
        #expect(Priority(level) == nil)
    }

    @Test func prioritiesOrderByLevel() {
        #expect(Priority(251)! > Priority.low)
        #expect(Priority.required.isRequired)
        #expect(!Priority(999)!.isRequired)
    }
}
