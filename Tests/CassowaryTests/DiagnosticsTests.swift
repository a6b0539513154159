import Cassowary
import Testing

/// What the layout layer reports: lost constraints and ambiguity.
@Suite("Broken constraints and ambiguity")
struct DiagnosticsTests {
    @Test("broken constraints list the losers with their violation")
    func brokenConstraintsListTheLosersWithTheirViolation() throws {
        let x = Variable("x")
        var solver = Solver()
        let wins = (x == 10).withPriority(.high)
        let loses = (x >= 25).withPriority(.low)
        let holds = (x <= 40).withPriority(.low)
        let alsoLoses = (x == 4).withPriority(.fittingSize)
        try solver.add(wins)
        try solver.add(loses)
        try solver.add(holds)
        try solver.add(alsoLoses)
        let broken = solver.brokenConstraints()
        #expect(broken.map { ObjectIdentifier($0.constraint) } == [loses, alsoLoses].map(ObjectIdentifier.init))
        #expect(broken.map(\.violation) == [15, 6])
    }

    @Test("broken constraints keep the order of addition when records are reused")
    func brokenConstraintsKeepTheOrderOfAdditionWhenRecordsAreReused() throws {
        // Removing a constraint frees its record; the next one added takes that record, so record
        // order and order of addition differ: the report follows the order of addition.
        let x = Variable("x")
        var solver = Solver()
        let placeholder = (x >= -100).withPriority(.low)
        let wins = (x == 10).withPriority(.high)
        let first = (x >= 25).withPriority(.low)
        try solver.add(placeholder)
        try solver.add(wins)
        try solver.add(first)
        try solver.remove(placeholder)
        let second = (x == 4).withPriority(.fittingSize)
        try solver.add(second)
        let broken = solver.brokenConstraints()
        #expect(broken.map { ObjectIdentifier($0.constraint) } == [first, second].map(ObjectIdentifier.init))
        #expect(broken.map(\.violation) == [15, 6])
    }

    @Test("a satisfied system has no broken constraints")
    func satisfiedSystemHasNoBrokenConstraints() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add((x >= 0).withPriority(.low))
        try solver.add((x == 5).withPriority(.high))
        #expect(solver.brokenConstraints().isEmpty)
    }

    func undetermined(_ constraints: [Constraint], variables: [Variable]) throws -> [String] {
        var solver = Solver()
        for constraint in constraints { try solver.add(constraint) }
        let found = solver.undeterminedVariables()
        #expect(found.allSatisfy { variable in variables.contains { $0 === variable } })
        return found.map(\.name)
    }

    @Test("a determined system has no ambiguity")
    func determinedSystemHasNoAmbiguity() throws {
        let x = Variable("x")
        let y = Variable("y")
        #expect(try undetermined([x + y == 10, x == 3], variables: [x, y]).isEmpty)
    }

    @Test("a sum without an anchor leaves both its variables free")
    func sumWithoutAnchorLeavesBothVariablesFree() throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        #expect(try undetermined([x + y == 10, z == 1], variables: [x, y, z]) == ["x", "y"])
    }

    @Test("an inequality with room leaves its variable free")
    func inequalityWithRoomLeavesItsVariableFree() throws {
        let width = Variable("width")
        #expect(try undetermined([width >= 10], variables: [width]) == ["width"])
        #expect(try undetermined([width >= 10, width <= 100], variables: [width]) == ["width"])
    }

    @Test("inequalities that pin a variable determine it")
    func inequalitiesThatPinAVariableDetermineIt() throws {
        let width = Variable("width")
        #expect(try undetermined([width >= 10, width <= 10], variables: [width]).isEmpty)
    }

    @Test("a low-priority preference determines a variable inside its range")
    func lowPriorityPreferenceDeterminesAVariableInsideItsRange() throws {
        let x = Variable("x")
        #expect(try undetermined([x >= 0, x <= 100, (x == 50).withPriority(.fittingSize)], variables: [x]).isEmpty)
    }

    @Test("an edit variable with a suggestion determines its variable")
    func editVariablesDetermineTheirVariable() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(y == x + 10)
        #expect(solver.undeterminedVariables().map(\.name) == ["y", "x"])
        try solver.addEditVariable(x, priority: .high)
        try solver.suggestValue(3, for: x)
        #expect(solver.undeterminedVariables().isEmpty)
    }

    @Test("a variable between two equally strong wishes is determined, their errors counting as fixed")
    func violatedPreferencesCountAsFixedErrors() throws {
        // Two equally strong wishes 10 apart: any x between them has the same total error, but
        // moving x changes each one's error, so x is determined under the definition.
        let x = Variable("x")
        #expect(
            try undetermined(
                [(x == 10).withPriority(.low), (x == 20).withPriority(.low)], variables: [x]
            ).isEmpty)
    }
}
