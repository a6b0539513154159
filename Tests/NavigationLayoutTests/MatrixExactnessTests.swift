import JSON
import Testing

@testable import NavigationLayout

/// The device matrix reuses prepared layouts across cells (the screen as edit variables, sessions
/// kept per width class and per built-in document, checks that cannot change skipped); none of that
/// may change an answer.
@Suite("Device matrix: every cell answers what a fresh solve answers")
struct MatrixExactnessTests {
    @Test(
        "every cell of the default matrix equals LayoutEngine.solve of the cell's request",
        arguments: ["seed-delegate-guidance.json", "seed-delegate-prompt.json", "builtin-guidance.json"])
    func everyCellAsFresh(fixture: String) throws {
        let body = try LayoutBody(document: try JSONParser().parse(try Fixtures.bytes(fixture)))
        let solved = try LayoutPipeline(clock: { 0 }).matrix(body)
        #expect(solved.plan.cells.count == DeviceCatalog.presets.count * 2 * 2 * 3)
        #expect(solved.results.count == solved.plan.cells.count)
        for (cell, result) in zip(solved.plan.cells, solved.results) {
            var matrixResult = result
            matrixResult.solveMicros = nil
            matrixResult.id = nil
            let fresh = LayoutEngine.solve(cell.request)
            #expect(matrixResult == fresh, "\(fixture) \(cell.key)")
            #expect(matrixResult.jsonBytes() == fresh.jsonBytes(), "\(fixture) \(cell.key)")
        }
        for (row, result) in zip(solved.report.rows, solved.results) {
            #expect(row.outcome.status == ResultStatus(worstOf: result.diagnostics.lazy.map(\.severity)))
            #expect(row.outcome.wideMode == result.wideMode)
        }
    }

    @Test(
        "a matrix solved twice by one pipeline answers the same both times",
        arguments: ["seed-delegate-guidance.json", "builtin-guidance.json"])
    func repeatable(fixture: String) throws {
        let body = try LayoutBody(document: try JSONParser().parse(try Fixtures.bytes(fixture)))
        let pipeline = LayoutPipeline(clock: { 0 })
        let first = try pipeline.matrix(body)
        let second = try pipeline.matrix(body)
        #expect(first.results == second.results)
        #expect(first.report == second.report)
    }
}
