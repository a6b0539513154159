import JSON
import Testing

@testable import NavigationLayout

/// A delegate read from Swift carries a source map; each finding of its result names the place in
/// the Swift file it is about, and the map itself is checked like every other member.
@Suite("Delegate source maps")
struct DelegateSourceMapTests {
    static let request = """
        {"screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34}},
         "state": {"navigation": "ready"},
         "delegate": {
           "views": {"badge": {}},
           "ready": {
             "views": ["viewport", "googleLogo", "badge"],
             "constraints": [
               "viewport.top == safeArea.top", "viewport.top == map.top", "viewport.left == map.left",
               "viewport.trailing == map.trailing", "viewport.bottom == map.bottom",
               "badge.top == map.top", "badge.leading == map.leading"
             ]
           },
           "sourceMap": {
             "views.badge": "App/Layout.swift:3:21",
             "ready.views[1]": "App/Layout.swift:9:5",
             "ready.constraints[0]": "App/Layout.swift:12:7",
             "ready.constraints[1]": "App/Layout.swift:13:7",
             "ready.constraints[2]": "App/Layout.swift:14:7"
           }
         }}
        """

    @Test("findings carry the place of their constraint, their app view, or where their component was added")
    func findingsCarrySources() throws {
        let result = LayoutEngine.solve(try EngineFixtures.request(json: Self.request))
        let conflict = try #require(result.diagnostics.first { $0.code == .unsatisfiableConstraints })
        #expect(conflict.source == DiagnosticSource(path: "App/Layout.swift", line: 13, column: 7))
        let leftRight = try #require(result.diagnostics.first { $0.code == .leftRightAnchor })
        #expect(leftRight.source?.description == "App/Layout.swift:14:7")
        let logo = try #require(
            result.diagnostics.first { $0.code == .ambiguousLayout && $0.items.first == "googleLogo" })
        #expect(logo.source?.description == "App/Layout.swift:9:5")
        let badge = try #require(result.diagnostics.first { $0.code == .ambiguousLayout && $0.items.first == "badge" })
        #expect(badge.source?.description == "App/Layout.swift:3:21")
        // The other constraint of the conflict is found by its text in the state's lists.
        let map = DelegateSourceMap(try #require(try EngineFixtures.request(json: Self.request).delegate))
        #expect(map.location(ofConstraint: "viewport.top == safeArea.top", state: "ready", wideMode: false)?.line == 12)
        #expect(map.location(ofConstraint: "badge.top == map.top", state: "ready", wideMode: false) == nil)
        // The source survives the result's JSON and its decoding.
        let decoded = try LayoutResult.decode(from: result.jsonBytes())
        #expect(decoded.diagnostics == result.diagnostics)
    }

    @Test("a delegate without a source map gives findings without sources")
    func noSourceMap() throws {
        let result = try EngineFixtures.solve("delegate-short-header.json")
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.source == nil })
    }

    @Test("bad entries are refused at their paths")
    func badEntries() {
        let document: JSONValue = [
            "screen": ["width": 393, "height": 852], "state": ["navigation": "ready"],
            "delegate": [
                "sourceMap": [
                    "ready.constraints[0]": "App/Layout.swift:12", "frames.x": "A.swift:1:1", "shared[0]": 3,
                    "guides[0]": "A.swift:0:4", "ready.views[0]": "C:/App/Layout.swift:4:5", "stacks.s": ":1:2",
                ]
            ],
        ]
        do {
            _ = try LayoutRequest.decode(from: document)
            Issue.record("decoded")
        } catch {
            #expect(
                error.issues.map(\.path) == [
                    "delegate.sourceMap[\"ready.constraints[0]\"]", "delegate.sourceMap[\"frames.x\"]",
                    "delegate.sourceMap[\"shared[0]\"]", "delegate.sourceMap[\"guides[0]\"]",
                    "delegate.sourceMap[\"stacks.s\"]",
                ], "\(error.issues)")
        }
    }
}
