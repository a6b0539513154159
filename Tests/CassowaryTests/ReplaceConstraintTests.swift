import Cassowary
import Testing

/// `Solver.replace(_:with:)`: a required equality whose constant moves keeps its row, and the solver
/// ends where removing the old constraint and adding the new one would have taken it.
@Suite("Replacing a constraint")
struct ReplaceConstraintTests {
    @Test("a size defined by its equality follows the new constant, and what reads it moves along")
    func definedSizeFollowsItsConstant() throws {
        let left = Variable("left")
        let width = Variable("width")
        let right = Variable("right")
        var solver = Solver()
        try solver.add(left == 10)
        var size = width == 100
        try solver.add(size)
        try solver.add(right == left + width)
        try solver.add(Constraint(right - 400, .lessThanOrEqual, priority: .high))
        for target in [150.0, 20, 390, 100] {
            let next = size.withConstant(-target)
            try solver.replace(size, with: next)
            size = next
            #expect(solver.solvedValue(of: width) == target)
            #expect(solver.solvedValue(of: right) == 10 + target)
        }
        #expect(solver.contains(size))
        #expect(solver.constraints.count == 4)
    }

    @Test("an equality kept as a row moves the rows that hold its marker, and the dual simplex repairs them")
    func rowEqualityMovesAndRepairs() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(x >= 0)
        try solver.add(y >= 0)
        try solver.add(Constraint(x - 50, .equal, priority: .low))
        // x is known before this equality, so it is a row of the tableau, not a definition.
        var sum = x + y == 80
        try solver.add(sum)
        #expect(solver.solvedValue(of: x) == 50)
        for (total, expectedX) in [(30.0, 30.0), (200, 50), (0, 0), (80, 50)] {
            let next = sum.withConstant(-total)
            try solver.replace(sum, with: next)
            sum = next
            solver.updateVariables()
            #expect(solver.value(of: x) == expectedX, "total \(total)")
            #expect(solver.value(of: y) == total - expectedX, "total \(total)")
        }
    }

    @Test("a constant the required constraints contradict is refused as add refuses it, and the old constraint is gone")
    func contradictedConstantIsRefused() throws {
        let width = Variable("width")
        var solver = Solver()
        let size = width == 100
        try solver.add(size)
        let cap = width <= 200
        try solver.add(cap)
        let tooWide = size.withConstant(-250)
        #expect {
            try solver.replace(size, with: tooWide)
        } throws: { error in
            guard case .unsatisfiableConstraint(let refused, let conflicts) = error as? SolverError else {
                return false
            }
            return refused === tooWide && conflicts.count == 1 && conflicts[0] === cap
        }
        #expect(!solver.contains(size))
        #expect(!solver.contains(tooWide))
        #expect(solver.constraints.count == 1)
        // What is left is a working solver.
        try solver.add(width == 120)
        #expect(solver.solvedValue(of: width) == 120)
    }

    @Test("an equality the others imply cannot take another constant, but keeps its own")
    func redundantEqualityKeepsOnlyItsConstant() throws {
        let a = Variable("a")
        let b = Variable("b")
        var solver = Solver()
        try solver.add(a == 10)
        try solver.add(b == a)
        let implied = b == 10
        try solver.add(implied)
        let same = implied.withConstant(-10)
        try solver.replace(implied, with: same)
        #expect(solver.contains(same))
        let moved = same.withConstant(-20)
        #expect(throws: SolverError.self) { try solver.replace(same, with: moved) }
        #expect(!solver.contains(same))
        #expect(solver.solvedValue(of: b) == 10)
    }

    @Test("an equality that another one repeats cannot move alone: refused, and the repeat still holds")
    func repeatedEqualityCannotMoveAlone() throws {
        let a = Variable("a")
        var solver = Solver()
        let first = a == 10
        try solver.add(first)
        // Implied by the first: a row of dummies only, which holds the first's marker.
        let repeated = a == 10
        try solver.add(repeated)
        let moved = first.withConstant(-20)
        #expect {
            try solver.replace(first, with: moved)
        } throws: { error in
            guard case .unsatisfiableConstraint(let refused, let conflicts) = error as? SolverError else {
                return false
            }
            return refused === moved && conflicts.count == 1 && conflicts[0] === repeated
        }
        #expect(!solver.contains(first))
        #expect(solver.contains(repeated))
        #expect(solver.solvedValue(of: a) == 10)
    }

    @Test("constraints that differ in more than the constant are replaced by a remove and an add")
    func otherReplacementsRemoveAndAdd() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        let first = x == 10
        try solver.add(first)
        let second = y == 5
        try solver.replace(first, with: second)
        #expect(!solver.contains(first))
        #expect(solver.contains(second))
        #expect(solver.solvedValue(of: y) == 5)
        let weak = Constraint(y - 7, .equal, priority: .low)
        try solver.replace(second, with: weak)
        #expect(solver.solvedValue(of: y) == 7)
    }

    @Test("replacing a constraint the solver does not hold, or with one it holds, is an error naming it")
    func misuseIsReported() throws {
        let x = Variable("x")
        var solver = Solver()
        let held = x == 1
        try solver.add(held)
        let stranger = x == 2
        #expect {
            try solver.replace(stranger, with: x == 3)
        } throws: { error in
            guard case .unknownConstraint(let offending) = error as? SolverError else { return false }
            return offending === stranger
        }
        let other = x >= 0
        try solver.add(other)
        #expect {
            try solver.replace(held, with: other)
        } throws: { error in
            guard case .duplicateConstraint(let offending) = error as? SolverError else { return false }
            return offending === other
        }
        #expect(solver.contains(held))
    }

    /// The sum of the errors at each non-required priority, highest first: equal for any two optimal
    /// solutions of one system, whichever vertex each solver stopped at.
    static func errorsByPriority(_ constraints: [Constraint], _ solver: Solver) -> [Double] {
        let priorities = Set(constraints.map(\.priority.value)).filter { $0 < 1000 }.sorted(by: >)
        return priorities.map { priority in
            constraints.filter { $0.priority.value == priority }.reduce(0) { sum, constraint in
                sum + constraint.violation { solver.value(of: $0) }
            }
        }
    }

    @Test(
        "random systems: moving a required equality's constant ends where remove and add end",
        arguments: 0..<40 as Range<UInt64>)
    func randomReplacementsMatchRemoveAndAdd(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 0x5EED &+ seed)
        let system = RandomizedPropertyTests.makeSystem(&generator)
        // A size per variable, added first (a definition) or last (a row), as a layout's sizes are.
        var sizes = system.variables.map { variable in
            variable == Double(Int.random(in: -40...40, using: &generator))
        }
        let sizesFirst = Bool.random(using: &generator)
        var replaced = Solver()
        var rebuilt = Solver()
        var everything: [Constraint] = []
        func addBoth(_ constraint: Constraint) {
            // A constraint the system so far contradicts is left out of both.
            guard (try? replaced.add(constraint)) != nil else { return }
            try? rebuilt.add(constraint)
            everything.append(constraint)
        }
        if sizesFirst { sizes.forEach(addBoth) }
        (system.required + system.preferences).forEach(addBoth)
        if !sizesFirst { sizes.forEach(addBoth) }
        for _ in 0..<8 {
            let index = Int.random(in: sizes.indices, using: &generator)
            let old = sizes[index]
            guard replaced.contains(old) else { continue }
            let target = Double(Int.random(in: -60...60, using: &generator))
            let new = old.withConstant(-target)
            let replacedOutcome = Result { try replaced.replace(old, with: new) }
            try rebuilt.remove(old)
            let rebuiltOutcome = Result { try rebuilt.add(new) }
            switch (replacedOutcome, rebuiltOutcome) {
            case (.success, .success):
                everything = everything.map { $0 === old ? new : $0 }
                sizes[index] = new
            case (.failure, .failure):
                everything.removeAll { $0 === old }
            default:
                Issue.record("seed \(seed): replace \(replacedOutcome) but remove and add \(rebuiltOutcome)")
                return
            }
            // The same constraints: a replaced one keeps its place in the order, an added one is last.
            #expect(
                Set(replaced.constraints.map(ObjectIdentifier.init))
                    == Set(rebuilt.constraints.map(ObjectIdentifier.init)))
            replaced.updateVariables()
            rebuilt.updateVariables()
            let holds = RandomizedPropertyTests.requiredConstraintsHold(everything, replaced)
            #expect(holds, "seed \(seed): a required constraint fails after replacing \(old) with \(new)")
            let replacedErrors = Self.errorsByPriority(everything, replaced)
            let rebuiltErrors = Self.errorsByPriority(everything, rebuilt)
            #expect(
                zip(replacedErrors, rebuiltErrors).allSatisfy { isClose($0, $1, within: 1e-6) },
                "seed \(seed): errors \(replacedErrors) against \(rebuiltErrors)")
        }
    }
}
