import Cassowary
import Testing

/// Priorities are strict levels: a higher priority wins over any amount of lower-priority error.
@Suite("Priority order")
struct PriorityOrderTests {
    @Test("a stronger constraint wins over a weaker one")
    func strongerConstraintWinsOverWeakerOne() throws {
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

    @Test(
        "of two equalities on one variable, the one with the higher priority decides",
        arguments: [
            (Priority.required, 10.0), (Priority.high, 10.0), (Priority.low, 20.0), (Priority.fittingSize, 20.0),
        ])
    func outcomeFollowsTheHigherPriority(priority: Priority, expected: Double) throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 20).withPriority(Priority(500)!))
        try solver.add((x == 10).withPriority(priority))
        #expect(solver.solvedValue(of: x) == expected)
    }

    @Test("priority 251 beats a thousand constraints at 250")
    func priority251BeatsAThousandConstraintsAt250() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 0).withPriority(Priority(251)!))
        for _ in 0..<1000 {
            try solver.add((x == 1).withPriority(Priority(250)!))
        }
        #expect(solver.solvedValue(of: x) == 0)
        #expect(solver.brokenConstraints().count == 1000)
    }

    @Test("a large low-priority error cannot outweigh a small high-priority one")
    func largeLowPriorityErrorCannotOutweighSmallHighPriorityError() throws {
        // kiwi weighs strong 1e6 against weak 1: a weak error ten million times larger wins there.
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 0).withPriority(.high))
        try solver.add((10_000_000 * x == 10_000_000).withPriority(.low))
        #expect(solver.solvedValue(of: x) == 0)
    }

    @Test("a thousand and one errors at priority 500 do not outweigh one high-priority error")
    func manyMediumErrorsDoNotOutweighOneStrongError() throws {
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

    @Test("errors at one priority add up, so two agreeing constraints outvote one")
    func errorsAtOnePriorityAddUp() throws {
        // |x| + |x| + |x - 10| is least at x = 0: two agreeing constraints outvote one.
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x == 10).withPriority(.low))
        try solver.add((x == 0).withPriority(.low))
        try solver.add((x == 0).withPriority(.low))
        #expect(solver.solvedValue(of: x) == 0)
    }

    @Test("lower levels still choose among the optima of higher levels")
    func lowerLevelsStillDecideAmongHigherLevelOptima() throws {
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

    @Test("a priority added between or above existing levels keeps the order, and removing it restores the optimum")
    func priorityAddedBetweenExistingLevelsKeepsTheOrder() throws {
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
