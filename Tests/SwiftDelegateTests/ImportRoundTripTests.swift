import JSON
import NavigationLayout
import SwiftDelegate
import Testing

/// The SDK documentation's own delegate, imported from its Swift, lays out every cell of the device
/// matrix exactly as the hand-written JSON translation of it does.
@Suite("Swift import round trips")
struct ImportRoundTripTests {
    /// What the import names after the Swift properties, under the JSON fixture's names.
    static let fixtureNames = [
        "buttonStack": "buttons", "mapContentsBottomGuide": "contentBottom",
    ]

    /// The result's geometry with the imported names mapped to the fixture's, for comparison.
    static func geometry(_ result: LayoutResult, renaming: [String: String]) -> [String] {
        func name(_ raw: String) -> String { renaming[raw] ?? raw }
        var lines = result.frames.map { "frame \(name($0.name)) \($0.frame)" }
        lines += result.guides.map { "guide \(name($0.name)) \($0.frame)" }
        lines += result.hidden.map { "hidden \(name($0.name)) \($0.reason)" }
        lines.append("camera \(result.cameraViewport.map { "\($0)" } ?? "none")")
        lines.append("prompt \(result.prompt.map { "\($0.frame) \($0.corners)" } ?? "none")")
        lines.append("layers \(result.layers.map(name))")
        lines += result.diagnostics.map { "diagnostic \($0.code.rawValue) \($0.items.map(name))" }
        return lines.sorted()
    }

    @Test(
        "BasicLayoutDelegate.swift, verbatim, imports to the seed fixture's frames on every cell of the device matrix",
        arguments: ["seed-delegate-guidance.json", "seed-delegate-prompt.json"])
    func documentationSample(fixture: String) async throws {
        let imported = try SwiftDelegateImport.run(
            try Fixtures.bytes("BasicLayoutDelegate.swift"), path: "BasicLayoutDelegate.swift")
        #expect(imported.warnings.isEmpty)
        let delegate = try JSONParser().parse(imported.delegateJSON)
        let fixtureDocument = try JSONParser().parse(try Fixtures.request(fixture))
        guard case .object(var object) = fixtureDocument else {
            Issue.record("not an object")
            return
        }
        object["delegate"] = delegate
        let actualDocument = JSONValue.object(object)
        let (expected, actual) = try await OffPool.run {
            let pipeline = LayoutPipeline(clock: { 0 })
            return (
                try pipeline.matrix(try LayoutBody(document: fixtureDocument)),
                try pipeline.matrix(try LayoutBody(document: actualDocument))
            )
        }
        #expect(expected.plan.cells.count == actual.plan.cells.count)
        #expect(expected.plan.cells.count == DeviceCatalog.presets.count * 2 * 2 * 3)
        var differing = 0
        for (cell, (want, got)) in zip(expected.plan.cells, zip(expected.results, actual.results)) {
            let wanted = Self.geometry(want, renaming: [:])
            let found = Self.geometry(got, renaming: Self.fixtureNames)
            if wanted != found {
                differing += 1
                if differing <= 3 {
                    Issue.record(
                        "\(cell.key): expected \(wanted.filter { !found.contains($0) }), got \(found.filter { !wanted.contains($0) })"
                    )
                }
            }
        }
        #expect(differing == 0)
    }
}
