import JSON
import Testing

@testable import NavigationLayout

/// The device matrix reuses prepared layouts across cells (the screen as edit variables, sessions
/// kept per width class and per built-in document, checks that cannot change skipped); none of that
/// may change an answer.
///
/// These solve thousands of layouts: each yields between cells, so that the live-server tests running
/// beside them on the same few threads are not held up behind them.
@Suite("Device matrix: every cell answers what a fresh solve answers")
struct MatrixExactnessTests {
    @Test(
        "every cell of the default matrix equals LayoutEngine.solve of the cell's request",
        arguments: [
            "seed-delegate-guidance.json", "seed-delegate-prompt.json", "builtin-guidance.json",
            "delegate-short-header.json", "delegate-safe-area-guide.json",
        ])
    func everyCellAsFresh(fixture: String) async throws {
        let body = try LayoutBody(document: try JSONParser().parse(try Fixtures.bytes(fixture)))
        let solved = try LayoutPipeline(clock: { 0 }).matrix(body)
        #expect(solved.plan.cells.count == DeviceCatalog.presets.count * 2 * 2 * 3)
        #expect(solved.results.count == solved.plan.cells.count)
        for (cell, result) in zip(solved.plan.cells, solved.results) {
            var matrixResult = result
            matrixResult.solveMicros = nil
            matrixResult.id = nil
            let fresh = LayoutEngine.solve(cell.request)
            await Task.yield()
            #expect(matrixResult == fresh, "\(fixture) \(cell.key)")
            #expect(matrixResult.jsonBytes() == fresh.jsonBytes(), "\(fixture) \(cell.key)")
        }
        for (row, result) in zip(solved.report.rows, solved.results) {
            #expect(row.outcome.status == ResultStatus(worstOf: result.diagnostics.lazy.map(\.severity)))
            #expect(row.outcome.wideMode == result.wideMode)
        }
    }

    @Test(
        "the short-header fixture conflicts on notched portrait screens only, so re-solves meet a conflict a size brings"
    )
    func shortHeaderConflictsOnSomeScreens() throws {
        let body = try LayoutBody(
            document: try JSONParser().parse(try Fixtures.bytes("delegate-short-header.json")))
        let solved = try LayoutPipeline(clock: { 0 }).matrix(body)
        let guidance = zip(solved.plan.cells, solved.results).filter { $0.0.request.state.navigation == .guidance }
        let conflicting = guidance.filter { _, result in
            result.diagnostics.contains { $0.code == .unsatisfiableConstraints }
        }
        #expect(!conflicting.isEmpty)
        #expect(conflicting.count < guidance.count)
    }

    @Test("matrices of several bodies through one pipeline, asked twice, answer every cell as a fresh solve")
    func sharedPipeline() async throws {
        let pipeline = LayoutPipeline(clock: { 0 })
        let fixtures = [
            "seed-delegate-prompt.json", "seed-delegate-guidance.json", "seed-delegate-guidance-moved-logo.json",
            "builtin-guidance.json", "delegate-short-header.json",
        ]
        for round in 1...2 {
            for fixture in fixtures {
                let body = try LayoutBody(document: try JSONParser().parse(try Fixtures.bytes(fixture)))
                let solved = try pipeline.matrix(body)
                for (cell, result) in zip(solved.plan.cells, solved.results) {
                    var matrixResult = result
                    matrixResult.solveMicros = nil
                    await Task.yield()
                    #expect(
                        matrixResult.jsonBytes() == LayoutEngine.solve(cell.request).jsonBytes(),
                        "\(round) \(fixture) \(cell.key)")
                }
            }
        }
    }

    @Test("two delegates share the prepared layouts of the cells whose plan does not read the delegate")
    func disabledCellsShared() throws {
        let pipeline = LayoutPipeline(clock: { 0 })
        let before = try LayoutBody(document: try JSONParser().parse(try Fixtures.bytes("seed-delegate-guidance.json")))
        let after = try LayoutBody(
            document: try JSONParser().parse(try Fixtures.bytes("seed-delegate-guidance-moved-logo.json")))
        _ = try pipeline.matrix(before)
        // One prepared layout per group: two directions by three states.
        #expect(pipeline.preparedLayoutCount == 6)
        let solved = try pipeline.matrix(after)
        // The disabled groups' layouts serve the other delegate: only ready and guidance are new.
        #expect(pipeline.preparedLayoutCount == 10)
        for (cell, result) in zip(solved.plan.cells, solved.results) where cell.state == .disabled {
            var matrixResult = result
            matrixResult.solveMicros = nil
            #expect(matrixResult == LayoutEngine.solve(cell.request), "\(cell.key)")
        }
    }

    @Test("a single request is still decoded and checked after a matrix shared its disabled cells")
    func sharedKeysNeverServeSingleRequests() throws {
        let pipeline = LayoutPipeline(clock: { 0 })
        let document = try JSONParser().parse(try Fixtures.bytes("seed-delegate-guidance.json"))
        _ = try pipeline.matrix(try LayoutBody(document: document))
        guard case .object(var object) = document else {
            Issue.record("the fixture is not an object")
            return
        }
        // A disabled cell of the matrix asked alone, with a delegate that does not decode.
        object["delegate"] = ["guidance": ["constraints": ["turnCard.top == "]]]
        let device = try #require(MatrixSelection.all.devices.first)
        let metrics = try #require(device.metrics(.portrait))
        let cell = MatrixPlan.cellJSON(base: object, metrics: metrics, direction: .leftToRight, state: .disabled)
        #expect(throws: RequestError.self) { try pipeline.solve(try LayoutBody(document: cell)) }
    }

    @Test(
        "built-in plans for screens of one plan class differ in nothing but the screen",
        arguments: ["always", "automatic", "never"], [false, true])
    func builtInPlanClass(behavior: String, prompt: Bool) throws {
        let settings: JSONValue = [
            "paddingAdjustmentBehavior": .string(behavior), "headerAccessoryView": ["height": 56],
            "padding": ["top": 8, "bottom": 24, "left": 4, "right": 12], "compassButton": true,
            "myLocationButton": true,
        ]
        let camera: JSONValue = ["bearing": 35, "following": true]
        let state: JSONValue =
            prompt
            ? ["navigation": "guidance", "camera": camera, "prompt": ["kind": "incident", "height": 96]]
            : ["navigation": "guidance", "camera": camera]
        let plan = try MatrixPlan(base: ["settings": settings, "state": state])
        for accessoryTooShort in [false, true] {
            var seen: [(PlanScreenClass, LayoutPlan)] = []
            for cell in plan.cells {
                let cellPlan = LayoutEngine.plan(for: cell.request, accessoryTooShort: accessoryTooShort)
                let screenClass = PlanScreenClass.Rule(cell.request).screenClass(of: cell.request.screen)
                guard let (_, other) = seen.first(where: { $0.0 == screenClass && $0.1.state == cellPlan.state }) else {
                    seen.append((screenClass, cellPlan))
                    continue
                }
                #expect(other.document == cellPlan.document, "\(cell.key)")
                #expect(other.stateLayout == cellPlan.stateLayout, "\(cell.key)")
                #expect(other.hidden.map { "\($0)" } == cellPlan.hidden.map { "\($0)" }, "\(cell.key)")
                #expect(other.diagnostics == cellPlan.diagnostics, "\(cell.key)")
                #expect(other.wideMode == cellPlan.wideMode && other.mode == cellPlan.mode, "\(cell.key)")
            }
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
