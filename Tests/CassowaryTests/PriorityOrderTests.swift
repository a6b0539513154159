import Cassowary
import Testing

/// Priorities are strict levels: a higher priority wins over any amount of lower-priority error.
@Suite struct PriorityOrderTests {
    @Test func strongerConstraintWinsOverWeakerOne() throws {
        // kiwi: test_solving_with_strength
        let v1 = Variable("v1")
        let v2 = Variable("v2")
        var solver = Solver()
        try solver.add(v1 + v2 == 0)
        try solver.add((v1 >= 10).withPriority(Priority(500)!))
        try solver.add((v2 == 2).withPriority(.high))
        #expect(solver.solvedValue(of: v1) == -2)
        #expect(solver.solvedValue(of: v2) == 2)
    }

    @Test(arguments: [
        (Priority.required, 10.0), (Priority.high, 10.0), (Priority.low, 20.0), (Priority.fittingSize, 20.0),
    ])
    func outcomeFollowsTheHigherPriority(priority: Priority, expected: Double) throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 20).withPriority(Priority(500)!))
        try solver.add((x == 10).withPriority(priority))
        #expect(solver.solvedValue(of: x) == expected)
    }

    @Test func priority251BeatsAThousandConstraintsAt250() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 0).withPriority(Priority(251)!))
        for _ in 0..<1000 {
            try solver.add((x == 1).withPriority(Priority(250)!))
        }
        #expect(solver.solvedValue(of: x) == 0)
        #expect(solver.brokenConstraints().count == 1000)
    }

    @Test func largeLowPriorityErrorCannotOutweighSmallHighPriorityError() throws {
        // kiwi weighs strong 1e6 against weak 1: a weak error ten million times larger wins there.
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 0).withPriority(.high))
        try solver.add((10_000_000 * x == 10_000_000).withPriority(.low))
        #expect(solver.solvedValue(of: x) == 0)
    }

    @Test func manyMediumErrorsDoNotOutweighOneStrongError() throws {
        // With kiwi's weights (strong 1e6, medium 1e3), 1001 medium constraints pull harder than
        // one strong one; with strict levels the strong one still decides.
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(x + y == 100)
        try solver.add((x == 100).withPriority(.high))
        for _ in 0...1000 {
            try solver.add((y == 100).withPriority(Priority(500)!))
        }
        #expect(solver.solvedValue(of: x) == 100)
        #expect(solver.solvedValue(of: y) == 0)
    }

    @Test func errorsAtOnePriorityAddUp() throws {
        // |x| + |x| + |x - 10| is least at x = 0: two agreeing constraints outvote one.
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 10).withPriority(.low))
        try solver.add((x == 0).withPriority(.low))
        try solver.add((x == 0).withPriority(.low))
        #expect(solver.solvedValue(of: x) == 0)
    }

    @Test func lowerLevelsStillDecideAmongHigherLevelOptima() throws {
        // The high constraint leaves x anywhere in [0, 10]; the low one then picks 7.
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x <= 10).withPriority(.high))
        try solver.add((x >= 0).withPriority(.high))
        try solver.add((x == 7).withPriority(.fittingSize))
        #expect(solver.solvedValue(of: x) == 7)
        try solver.add((x == 3).withPriority(.low))
        #expect(solver.solvedValue(of: x) == 3)
    }

    @Test func priorityAddedBetweenExistingLevelsKeepsTheOrder() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 1).withPriority(.fittingSize))
        try solver.add((x == 3).withPriority(.high))
        try solver.add((x == 2).withPriority(Priority(500)!))
        #expect(solver.solvedValue(of: x) == 3)
        let top = (x == 4).withPriority(Priority(999)!)
        try solver.add(top)
        #expect(solver.solvedValue(of: x) == 4)
        try solver.remove(top)
        #expect(solver.solvedValue(of: x) == 3)
    }
}
