import Cassowary
import Testing

/// Random feasible systems (seeded, so every run checks the same systems): every required
/// constraint holds, suggestions keep it so, and removing everything returns to the start.
@Suite("Random systems")
struct RandomizedPropertyTests {
    struct RandomSystem {
        var variables: [Variable]
        var required: [Constraint]
        var preferences: [Constraint]
    }

    /// Constraints that all hold at a random integer point, so the required ones are consistent;
    /// non-required ones pull towards random targets and may disagree.
    static func makeSystem(_ generator: inout SeededGenerator) -> RandomSystem {
        let count = Int.random(in: 2...8, using: &generator)
        let variables = (0..<count).map { Variable("v\($0)") }
        let point = variables.map { _ in Double(Int.random(in: -50...50, using: &generator)) }
        let coefficients: [Double] = [-2, -1, -0.5, 0.5, 1, 2, 3]
        func randomExpression() -> (Expression, Double) {
            var terms: [Term] = []
            var value = 0.0
            for index in variables.indices.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator))
            {
                let coefficient = coefficients.randomElement(using: &generator) ?? 1
                terms.append(Term(variables[index], coefficient))
                value += coefficient * point[index]
            }
            return (Expression(terms: terms), value)
        }
        var required: [Constraint] = []
        for _ in 0..<Int.random(in: 1...(2 * count), using: &generator) {
            let (expression, value) = randomExpression()
            let room = Double(Int.random(in: 0...5, using: &generator))
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: required.append(expression == value)
            case 1: required.append(expression <= value + room)
            default: required.append(expression >= value - room)
            }
        }
        let priorities = [Priority.high, .low, .fittingSize, Priority(500)!]
        var preferences: [Constraint] = []
        for _ in 0..<Int.random(in: 0...count, using: &generator) {
            let (expression, _) = randomExpression()
            let target = Double(Int.random(in: -100...100, using: &generator))
            let priority = priorities.randomElement(using: &generator) ?? .low
            let relation =
                [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &generator) ?? .equal
            preferences.append(Constraint(expression - target, relation, priority: priority))
        }
        return RandomSystem(variables: variables, required: required, preferences: preferences)
    }

    /// True when every required constraint of `constraints` holds in the solver's published values.
    static func requiredConstraintsHold(_ constraints: [Constraint], _ solver: Solver) -> Bool {
        constraints.filter(\.priority.isRequired).allSatisfy { constraint in
            let scale = 1 + constraint.expression.terms.reduce(0) { $0 + abs($1.coefficient) } * 100
            return constraint.violation { solver.value(of: $0) } <= 1e-8 * scale
        }
    }

    @Test(
        "random feasible systems keep their required constraints through adds, suggestions and removals, and unwind to zero",
        arguments: 0..<40 as Range<UInt64>)
    func randomFeasibleSystemsHoldAndUnwind(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 0xC0FFEE &+ seed)
        let system = Self.makeSystem(&generator)
        var solver = Solver()
        let everything = (system.required + system.preferences).shuffled(using: &generator)
        for (count, constraint) in everything.enumerated() {
            try solver.add(constraint)
            solver.updateVariables()
            let holds = Self.requiredConstraintsHold(Array(everything[...count]), solver)
            #expect(holds, "seed \(seed) after adding \(constraint)")
        }
        let edited = system.variables[0]
        try solver.addEditVariable(edited, priority: .high)
        for _ in 0..<5 {
            try solver.suggestValue(Double(Int.random(in: -80...80, using: &generator)), for: edited)
            solver.updateVariables()
            let holds = Self.requiredConstraintsHold(everything, solver)
            #expect(holds, "seed \(seed) after a suggestion")
        }
        // Remove half, check, put them back, check: the optimum does not depend on the history.
        let half = everything.shuffled(using: &generator).prefix(everything.count / 2)
        for constraint in half { try solver.remove(constraint) }
        solver.updateVariables()
        let remaining = everything.filter { constraint in !half.contains { $0 === constraint } }
        let remainingHold = Self.requiredConstraintsHold(remaining, solver)
        #expect(remainingHold, "seed \(seed) after removing half")
        for constraint in half { try solver.add(constraint) }
        solver.updateVariables()
        let allHold = Self.requiredConstraintsHold(everything, solver)
        #expect(allHold, "seed \(seed) after re-adding")

        try solver.removeEditVariable(edited)
        for constraint in everything.shuffled(using: &generator) { try solver.remove(constraint) }
        solver.updateVariables()
        #expect(solver.constraints.isEmpty)
        let values = system.variables.map { solver.value(of: $0) }
        #expect(values.allSatisfy { $0 == 0 }, "seed \(seed): \(values)")
    }

    @Test("random contradictions are rejected without a change and explained irreducibly")
    func randomContradictionsAreRejectedAndExplained() throws {
        var rejections = 0
        for seed in 0..<40 as Range<UInt64> {
            rejections += try contradictionIsRejectedAndExplained(seed: seed) ? 1 : 0
        }
        // Pushing an expression of a random system 1000 away usually contradicts it.
        #expect(rejections >= 10)
    }

    /// Returns whether the pushed constraint was rejected (and checks the rejection if so).
    func contradictionIsRejectedAndExplained(seed: UInt64) throws -> Bool {
        var generator = SeededGenerator(seed: 0xBAD &+ seed)
        let system = Self.makeSystem(&generator)
        var solver = Solver()
        for constraint in system.required { try solver.add(constraint) }
        solver.updateVariables()
        let before = system.variables.map { solver.value(of: $0) }
        // Push some expression of the system 1000 away from its current value: often contradictory.
        let probe = system.required.randomElement(using: &generator) ?? system.required[0]
        let current = probe.expression.value { solver.value(of: $0) }
        let push = Constraint(probe.expression - current - 1000, .equal)
        do {
            try solver.add(push)
            return false
        } catch {
            guard case .unsatisfiableConstraint(_, let conflicts) = error else {
                Issue.record("unexpected \(error)")
                return true
            }
            solver.updateVariables()
            let after = system.variables.map { solver.value(of: $0) }
            #expect(after == before)
            // The named set really conflicts, and is irreducible.
            var check = Solver()
            for constraint in conflicts { try check.add(constraint) }
            #expect(throws: SolverError.self) { try check.add(push) }
            for index in conflicts.indices {
                var fewer = Solver()
                for (other, constraint) in conflicts.enumerated() where other != index { try fewer.add(constraint) }
                #expect(throws: Never.self) { try fewer.add(push) }
            }
            return true
        }
    }
}

/// Long add/remove churn: storage is reused and compacted many times, and the values always equal
/// those of a solver built from scratch with the same constraints.
@Suite("Add and remove churn")
struct ChurnTests {
    @Test("long churn costs what a fresh solver costs every round and keeps the required constraints")
    func churnMatchesAFreshSolverEveryRound() throws {
        var generator = SeededGenerator(seed: 7)
        let views = 40
        let left = (0..<views).map { Variable("v\($0).left") }
        let width = (0..<views).map { Variable("v\($0).width") }
        let edge = Variable("edge")
        var pool: [Constraint] = [left[0] >= 0, edge <= 2000, (edge == 1500).withPriority(.high)]
        for index in 0..<views {
            pool.append(width[index] >= 10)
            pool.append((width[index] == Double(20 + index)).withPriority(Priority(500)!))
            pool.append(left[index] + width[index] <= edge)
            if index > 0 {
                pool.append(left[index] >= left[index - 1] + width[index - 1] + 2)
                pool.append((left[index] == left[index - 1] + width[index - 1] + 8).withPriority(.low))
            }
        }
        var solver = Solver()
        var present = Set<Int>()
        for round in 0..<60 {
            for _ in 0..<40 {
                let index = Int.random(in: pool.indices, using: &generator)
                if present.contains(index) {
                    try solver.remove(pool[index])
                    present.remove(index)
                } else {
                    try solver.add(pool[index])
                    present.insert(index)
                }
            }
            var fresh = Solver()
            for index in present.sorted() { try fresh.add(pool[index]) }
            solver.updateVariables()
            fresh.updateVariables()
            // Where the optimum is tied the two may pick different vertices; compare the broken
            // constraints' total violation per priority instead of values there.
            func cost(_ s: Solver) -> [Int: Double] {
                var total: [Int: Double] = [:]
                for broken in s.brokenConstraints() {
                    total[broken.constraint.priority.value, default: 0] += broken.violation
                }
                return total
            }
            let ours = cost(solver)
            let reference = cost(fresh)
            let levels = Set(ours.keys).union(reference.keys)
            let same = levels.allSatisfy { isClose(ours[$0] ?? 0, reference[$0] ?? 0, within: 1e-6) }
            #expect(same, "round \(round): \(ours) vs \(reference)")
            let holds = pool.enumerated().allSatisfy { index, constraint in
                !present.contains(index) || !constraint.priority.isRequired
                    || constraint.violation { solver.value(of: $0) } <= 1e-6
            }
            #expect(holds, "round \(round): a required constraint does not hold")
        }
    }
}
