import Testing

@testable import Cassowary

/// The solver's work count and its limit: the count grows with the work a system takes, the same for
/// the same system, and once it passes the limit every simplex loop stops where it is.
@Suite("Work limit")
struct WorkLimitTests {
    /// A column of boxes each at least 2 below the one before and preferring to touch it.
    static func addSpacedColumn(_ count: Int, to solver: inout Solver) throws {
        let tops = (0..<count).map { Variable("top\($0)") }
        try solver.add(tops[0] == 0)
        for index in 1..<count {
            try solver.add(tops[index] >= tops[index - 1] + 12)
            try solver.add((tops[index] == tops[index - 1] + 10).withPriority(.low))
        }
    }

    @Test("the same system counts the same work, and a larger one more than twice as much for twice the size")
    func workIsDeterministicAndGrowsWithFill() throws {
        var first = Solver()
        var second = Solver()
        var double = Solver()
        try Self.addSpacedColumn(100, to: &first)
        try Self.addSpacedColumn(100, to: &second)
        try Self.addSpacedColumn(200, to: &double)
        #expect(first.workDone > 0)
        #expect(first.workDone == second.workDone)
        #expect(double.workDone > 2 * first.workDone)
        #expect(!first.isPastWorkLimit)
    }

    @Test("past its limit the solver stops working and says so")
    func limitStopsTheLoops() throws {
        var unbounded = Solver()
        try Self.addSpacedColumn(100, to: &unbounded)
        var bounded = Solver()
        bounded.workLimit = unbounded.workDone / 10
        try Self.addSpacedColumn(100, to: &bounded)
        // Adding rows goes on (the caller stops adding); the flag is what it reads.
        #expect(bounded.isPastWorkLimit)
        bounded.workLimit = .max
        #expect(!bounded.isPastWorkLimit)
    }
}
