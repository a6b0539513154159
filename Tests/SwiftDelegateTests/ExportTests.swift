import Foundation
import JSON
import NavigationLayout
import SwiftDelegate
import Testing

/// Delegate documents written as Swift read back (import) to the document's frames on every matrix
/// cell. That the Swift typechecks against the stub of UIKit and the SDK, and is laid out as
/// swift-format lays it out, is checked by scripts/check-swift-export.sh (run by .ci/run).
@Suite("Exporting a delegate as Swift")
struct ExportTests {
    /// Every delegate the fixtures hold, as (name, delegate document).
    static func delegates() throws -> [(name: String, delegate: JSONValue)] {
        var delegates: [(String, JSONValue)] = []
        for name in [
            "seed-delegate-guidance.json", "seed-delegate-prompt.json", "seed-delegate-guidance-moved-logo.json",
            "delegate-short-header.json", "delegate-layers.json",
        ] {
            guard case .object(let request) = try JSONParser().parse(try Fixtures.request(name)),
                let delegate = request["delegate"]
            else { continue }
            delegates.append((name, delegate))
        }
        for name in ImportCorpusTests.styles {
            delegates.append(("corpus/\(name).json", try JSONParser().parse(try Fixtures.bytes("corpus/\(name).json"))))
        }
        return delegates
    }

    static func className(_ name: String) -> String {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        let words = base.replacingOccurrences(of: ".json", with: "").split { !$0.isLetter && !$0.isNumber }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Delegate"
    }

    @Test("import(export(document)) lays out every matrix cell as the document does")
    func roundTrip() async throws {
        #expect(try Self.delegates().count >= 12)
        let problems = try await OffPool.run { try Self.roundTripProblems() }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// What differs between each delegate and its export read back, one line per delegate and state.
    static func roundTripProblems() throws -> [String] {
        var problems: [String] = []
        let delegates = try delegates()
        let pipeline = LayoutPipeline(clock: { 0 })
        for (name, delegate) in delegates {
            let swift = try SwiftDelegateExport.swift(
                delegateJSON: JSONWriter().bytes(for: delegate), className: className(name))
            let imported: SwiftDelegateImport
            do {
                imported = try SwiftDelegateImport.run(Array(swift.utf8), path: "Exported.swift")
            } catch {
                problems.append("\(name): the export does not import: \(error)\n\(swift)")
                continue
            }
            // Its hidePrompt and stopGuidance give back the layouts they end, as the importer checks.
            if !imported.warnings.isEmpty {
                problems.append("\(name): the export imports with warnings: \(imported.warnings)")
            }
            let readBack = try JSONParser().parse(imported.delegateJSON)
            for state in ["guidance", "prompt"] {
                var base = JSONObject()
                base["screen"] = ["width": 393, "height": 852]
                base["state"] =
                    state == "prompt"
                    ? ["navigation": "guidance", "prompt": ["kind": "incident"]] : ["navigation": "guidance"]
                var original = base
                original["delegate"] = delegate
                var exported = base
                exported["delegate"] = readBack
                let expected = try pipeline.matrix(try LayoutBody(document: .object(original)))
                let actual = try pipeline.matrix(try LayoutBody(document: .object(exported)))
                var differing: [String] = []
                for (cell, (want, got)) in zip(expected.plan.cells, zip(expected.results, actual.results)) {
                    let wanted = ImportRoundTripTests.geometry(want, renaming: [:])
                    let found = ImportRoundTripTests.geometry(got, renaming: [:])
                    if wanted != found {
                        differing.append(
                            "\(cell.key): \(wanted.filter { !found.contains($0) }) / \(found.filter { !wanted.contains($0) })"
                        )
                    }
                }
                if !differing.isEmpty {
                    problems.append("\(name) \(state): \(differing.count) cells differ, first \(differing.first ?? "")")
                }
            }
        }
        return problems
    }

    @Test(
        "a document that is not a delegate, a delegate the decoder refuses, or a class name that is not Swift, is refused"
    )
    func refusals() {
        #expect(throws: SwiftDelegateExport.ExportError.self) {
            try SwiftDelegateExport.swift(delegateJSON: Array(#"{"ready": 3}"#.utf8))
        }
        #expect(throws: SwiftDelegateExport.ExportError.self) {
            try SwiftDelegateExport.swift(delegateJSON: Array("{}".utf8), className: "Not A Name")
        }
        // Well-formed JSON of a delegate's shape that the request decoder refuses: an unknown item.
        let unknownItem = #"{"ready": {"views": ["viewport"], "constraints": ["viewport.top == nowhere.top"]}}"#
        #expect {
            try SwiftDelegateExport.swift(delegateJSON: Array(unknownItem.utf8))
        } throws: { error in
            "\(error)".contains("nowhere")
        }
    }
}
