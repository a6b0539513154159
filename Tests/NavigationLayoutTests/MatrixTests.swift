import JSON
import NavigationLayout
import Testing

@Suite("Device matrix: selection and expansion")
struct MatrixPlanTests {
    static func seed(_ name: String = "seed-delegate-prompt.json") throws -> JSONValue {
        try JSONParser().parse(try Fixtures.bytes(name))
    }

    @Test("the default matrix holds every preset x orientation x direction x state, in the documented order")
    func defaultMatrix() throws {
        let plan = try MatrixPlan(base: try Self.seed())
        #expect(plan.cells.count == DeviceCatalog.presets.count * 2 * 2 * 3)
        #expect(Set(plan.cells.map(\.key)).count == plan.cells.count)
        var expected: [String] = []
        for device in DeviceCatalog.ids {
            for orientation in ["portrait", "landscape"] {
                for direction in ["ltr", "rtl"] {
                    for state in ["disabled", "ready", "guidance"] {
                        expected.append("\(device)/\(orientation)/\(direction)/\(state)")
                    }
                }
            }
        }
        #expect(plan.cells.map(\.key) == expected)
    }

    @Test("each cell's request has the device's screen, the cell's direction and state, and a prompt only in guidance")
    func cellRequests() throws {
        let plan = try MatrixPlan(base: try Self.seed())
        for cell in plan.cells {
            let preset = try #require(DeviceCatalog.preset(id: cell.deviceID))
            let metrics = preset.metrics(cell.orientation)
            #expect(cell.request.screen == metrics.screen(direction: cell.direction))
            #expect(cell.request.state.navigation == cell.state)
            #expect((cell.request.state.prompt != nil) == (cell.state == .guidance), "\(cell.key)")
        }
    }

    @Test("a cell's request equals decoding that cell's JSON in full")
    func cellRequestMatchesFullDecoding() throws {
        let base = try Self.seed()
        guard case .object(let object) = base else {
            Issue.record("the seed is an object")
            return
        }
        let plan = try MatrixPlan(base: base)
        for cell in plan.cells where cell.deviceID == "iphone-se-3" || cell.deviceID == "ipad-pro-13" {
            let metrics = try #require(MatrixDevice(id: cell.deviceID)?.metrics(cell.orientation))
            let json = MatrixPlan.cellJSON(base: object, metrics: metrics, direction: cell.direction, state: cell.state)
            #expect(try LayoutRequest.decode(from: json) == cell.request, "\(cell.key)")
        }
    }

    @Test("a request without a screen is completed by the device; carPlay is kept from the base")
    func screenFromDevice() throws {
        let base: JSONValue = ["screen": ["carPlay": true], "state": ["navigation": "ready"]]
        let selection = try MatrixSelection.decode(from: ["devices": ["iphone-15"], "states": ["ready"]])
        let plan = try MatrixPlan(base: base, selection: selection)
        #expect(plan.cells.count == 4)
        #expect(plan.cells.allSatisfy { $0.request.screen.carPlay })
    }

    @Test("groups hold cells that differ only in the screen geometry")
    func groups() throws {
        let plan = try MatrixPlan(base: try Self.seed())
        #expect(plan.groups.count == 2 * 3)
        #expect(plan.groups.flatMap(\.cellIndexes).sorted() == Array(plan.cells.indices))
        for (groupIndex, group) in plan.groups.enumerated() {
            for index in group.cellIndexes {
                var request = plan.cells[index].request
                #expect(plan.cells[index].groupIndex == groupIndex)
                #expect(request.screen.layoutDirection == group.direction)
                request.screen = group.request.screen
                #expect(request == group.request, "\(plan.cells[index].key) differs beyond its screen")
            }
        }
    }

    @Test("a selection is read in catalog order whatever order it was written in")
    func selectionOrder() throws {
        let selection = try MatrixSelection.decode(
            from: [
                "devices": ["ipad-pro-13", "iphone-se-2"], "orientations": ["landscape"], "directions": ["rtl"],
                "states": ["guidance", "ready"],
            ])
        let plan = try MatrixPlan(base: try Self.seed(), selection: selection)
        #expect(
            plan.cells.map(\.key) == [
                "iphone-se-2/landscape/rtl/ready", "iphone-se-2/landscape/rtl/guidance",
                "ipad-pro-13/landscape/rtl/ready", "ipad-pro-13/landscape/rtl/guidance",
            ])
    }

    @Test("a multitasking window gives landscape cells only")
    func splitViewCells() throws {
        let selection = try MatrixSelection.decode(from: [
            "devices": ["ipad-air-11.split-one-third"], "states": ["ready"],
        ])
        let plan = try MatrixPlan(base: try Self.seed(), selection: selection)
        #expect(
            plan.cells.map(\.key) == [
                "ipad-air-11.split-one-third/landscape/ltr/ready", "ipad-air-11.split-one-third/landscape/rtl/ready",
            ])
        #expect(plan.cells.first?.request.screen.width == 375)
    }

    @Test(
        "a bad selection is an error at its path",
        arguments: [
            (
                ["devices": ["iphone-15", "iphone-15-pr"]] as JSONValue, "matrix.devices[1]",
                "did you mean 'iphone-15-pro'?"
            ),
            (["devices": []] as JSONValue, "matrix.devices", "at least one"),
            (["devices": ["iphone-15", "iphone-15"]] as JSONValue, "matrix.devices[1]", "named twice"),
            (["orientations": ["portait"]] as JSONValue, "matrix.orientations[0]", "did you mean 'portrait'?"),
            (["directions": "rtl"] as JSONValue, "matrix.directions", "expected an array"),
            (["states": [3]] as JSONValue, "matrix.states[0]", "expected a navigation state name"),
            (["device": ["iphone-15"]] as JSONValue, "matrix.device", "did you mean 'devices'?"),
            ("all" as JSONValue, "matrix", "expected an object"),
        ])
    func badSelection(_ value: JSONValue, _ path: String, _ message: String) {
        do {
            _ = try MatrixSelection.decode(from: value)
            Issue.record("\(value) must be refused")
        } catch {
            #expect(error.issues.contains { $0.path == path && $0.message.contains(message) }, "\(error)")
        }
    }

    @Test("the matrix member is split off the body; a broken base is reported with its path")
    func splitBody() throws {
        let body: JSONValue = ["state": ["navigation": "ready"], "matrix": ["devices": ["iphone-14"]]]
        let (base, selection) = try MatrixPlan.split(body: body)
        #expect(base == ["state": ["navigation": "ready"]])
        #expect(selection.devices.map(\.id) == ["iphone-14"])
        do {
            _ = try MatrixPlan(base: ["state": ["navigation": "ready"], "settings": ["compasButton": true]])
            Issue.record("an unknown setting must be refused")
        } catch {
            #expect(error.issues.first?.path == "settings.compasButton")
        }
    }

    @Test("a prompt, decoded in guidance only, is refused as a full decode of a guidance cell refuses it")
    func promptProblemInGuidance() throws {
        let base: JSONValue = ["state": ["navigation": "ready", "prompt": ["kind": "incident", "height": "tall"]]]
        guard case .object(let object) = base else { return }
        let metrics = try #require(MatrixSelection.all.devices.first?.metrics(.portrait))
        let guidance = MatrixPlan.cellJSON(base: object, metrics: metrics, direction: .leftToRight, state: .guidance)
        let expected = #expect(throws: RequestError.self) { try LayoutRequest.decode(from: guidance) }
        // Disabled, the first state, decodes in full without the prompt; guidance decodes its state.
        let found = #expect(throws: RequestError.self) { try MatrixPlan(base: base) }
        #expect(found == expected)
        #expect(found?.issues.allSatisfy { $0.path.hasPrefix("state.prompt") } == true)
    }
}

@Suite("Device matrix: runner and table")
struct MatrixRunnerTests {
    /// A fake engine: errors for the SE in landscape, warnings right-to-left, ok otherwise.
    static func fakeOutcome(_ cell: MatrixCell) -> MatrixCellOutcome {
        let status: ResultStatus =
            cell.deviceID.hasPrefix("iphone-se") && cell.orientation == .landscape
            ? .error : cell.direction == .rightToLeft ? .warning : .ok
        let codes: [String] =
            switch status {
            case .error: ["missing-required-component", "offscreen", "offscreen"]
            case .warning: ["overlap"]
            case .ok: []
            }
        return MatrixCellOutcome(
            status: status, codes: codes, wideMode: cell.request.screen.width >= 700,
            solveMicros: 10 + cell.key.count)
    }

    static func plan() throws -> MatrixPlan {
        let selection = try MatrixSelection.decode(
            from: ["devices": ["iphone-se-3", "iphone-15", "ipad-mini-6"], "states": ["ready", "guidance"]])
        return try MatrixPlan(base: try MatrixPlanTests.seed("seed-delegate-guidance.json"), selection: selection)
    }

    @Test("the runner asks for one solver per group and answers in cell order")
    func solverPerGroup() throws {
        let plan = try Self.plan()
        var groupsAsked: [String] = []
        var solved: [String] = []
        let report = MatrixRunner.run(plan) { group in
            groupsAsked.append(group.key)
            return { cell in
                solved.append(cell.key)
                return Self.fakeOutcome(cell)
            }
        }
        #expect(groupsAsked == ["ltr/ready", "ltr/guidance", "rtl/ready", "rtl/guidance"])
        #expect(solved.count == plan.cells.count)
        #expect(solved != plan.cells.map(\.key), "cells are visited group by group")
        #expect(report.rows.map(\.cell.key) == plan.cells.map(\.key))
        #expect(report == MatrixRunner.run(plan, solve: Self.fakeOutcome))
    }

    @Test("the table lists every cell with its status, codes, wide mode, solve time and id")
    func table() throws {
        var report = MatrixRunner.run(try Self.plan(), solve: Self.fakeOutcome)
        report.record(ids: [("iphone-15/portrait/ltr/ready", "lay_1")])
        guard case .object(let root) = report.jsonValue, case .array(let cells)? = root["cells"],
            case .object(let summary)? = root["summary"]
        else {
            Issue.record("the table is {summary, cells}")
            return
        }
        #expect(cells.count == 3 * 2 * 2 * 2)
        let first = try #require(cells.first)
        #expect(
            first
                == [
                    "key": "iphone-se-3/portrait/ltr/ready", "device": "iphone-se-3", "orientation": "portrait",
                    "direction": "ltr", "state": "ready", "status": "ok", "codes": [], "wideMode": false,
                    "solveMicros": .number(Double(10 + "iphone-se-3/portrait/ltr/ready".count)),
                ])
        let errorCell = try #require(
            cells.first { cell in
                if case .object(let object) = cell { return object["key"] == "iphone-se-3/landscape/ltr/ready" }
                return false
            })
        guard case .object(let errorObject) = errorCell else { return }
        #expect(errorObject["codes"] == ["missing-required-component", "offscreen"])
        #expect(
            cells.contains { cell in
                if case .object(let object) = cell { return object["id"] == "lay_1" }
                return false
            })
        #expect(summary["cells"] == 24)
        #expect(summary["error"] == 4)
        #expect(summary["warning"] == 10, "12 right-to-left cells less the 2 that are errors")
        #expect(summary["ok"] == 10)
        #expect(summary["status"] == "error")
        #expect(summary["devicesWithErrors"] == ["iphone-se-3"])
        #expect(summary["devicesWithWarnings"] == ["iphone-se-3", "iphone-15", "ipad-mini-6"])
    }
}
