import Foundation
import JSON
import NavigationLayout
import SwiftDelegate
import Testing

/// Delegates written in the styles apps use, each beside the delegate document it must import to;
/// and broken files, each naming in `// expect:` lines the errors it must get at its lines.
@Suite("Swift import corpus")
struct ImportCorpusTests {
    static func names(in folder: String, extension suffix: String) -> [String] {
        let url = Fixtures.folder.appendingPathComponent(folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
    }

    static let styles = names(in: "corpus", extension: ".swift")
    static let broken = names(in: "broken", extension: ".swift")
    static let fuzzFindings = names(in: "fuzz-findings", extension: ".swift")

    @Test("the corpus holds every style the importer promises to read, and broken files")
    func corpusIsThere() {
        #expect(
            Set(Self.styles).isSuperset(of: [
                "ActivateArrays", "IsActiveHelpers", "StoredConstraints", "WideModeBranches", "HidingStacks",
                "SwitchOverAppEnum", "ComponentSafeAreaGuides", "ConstraintsByState", "EnumsWithValues",
            ]))
        #expect(Self.broken.count >= 8)
    }

    /// The document without its source map.
    static func withoutSourceMap(_ document: JSONValue) -> JSONValue {
        guard case .object(let object) = document else { return document }
        return .object(JSONObject(uniqueMembers: object.members.filter { $0.key != "sourceMap" }))
    }

    @Test("each style imports to its JSON equivalent, which lays out every matrix cell the same", arguments: styles)
    func style(name: String) async throws {
        let path = "corpus/\(name).swift"
        let imported = try SwiftDelegateImport.run(try Fixtures.bytes(path), path: path)
        let document = try JSONParser().parse(imported.delegateJSON)
        let expected = try JSONParser().parse(try Fixtures.bytes("corpus/\(name).json"))
        #expect(
            Self.withoutSourceMap(document) == expected,
            "\(String(decoding: JSONWriter(format: .pretty).bytes(for: document), as: UTF8.self))")
        // Every constraint, view, guide and stack has its line.
        guard case .object(let object) = document, case .object(let sourceMap)? = object["sourceMap"] else {
            Issue.record("no source map")
            return
        }
        for member in sourceMap.members {
            guard case .string(let location) = member.value else { continue }
            #expect(location.hasPrefix(path + ":"), "\(member.key)")
        }
        let constraintCount = Self.constraintCount(in: expected)
        #expect(
            sourceMap.members.filter { $0.key.contains("constraints[") || $0.key.hasPrefix("shared[") }.count
                == constraintCount)

        let base: JSONValue = [
            "screen": ["width": 393, "height": 852, "safeArea": ["top": 59, "bottom": 34]],
            "state": ["navigation": "guidance"],
        ]
        func body(_ delegate: JSONValue) throws -> LayoutBody {
            guard case .object(var request) = base else { throw CancellationError() }
            request["delegate"] = delegate
            return try LayoutBody(document: .object(request))
        }
        let (swiftBody, jsonBody) = (try body(document), try body(expected))
        let (fromSwift, fromJSON) = try await OffPool.run {
            let pipeline = LayoutPipeline(clock: { 0 })
            return (try pipeline.matrix(swiftBody), try pipeline.matrix(jsonBody))
        }
        for (cell, (a, b)) in zip(fromJSON.plan.cells, zip(fromJSON.results, fromSwift.results)) {
            #expect(
                ImportRoundTripTests.geometry(a, renaming: [:]) == ImportRoundTripTests.geometry(b, renaming: [:]),
                "\(cell.key)")
        }
    }

    static func constraintCount(in document: JSONValue) -> Int {
        guard case .object(let object) = document else { return 0 }
        var count = 0
        func states(_ object: JSONObject) {
            for state in ["ready", "guidance", "prompt"] {
                if case .object(let layout)? = object[state], case .array(let list)? = layout["constraints"] {
                    count += list.count
                }
            }
        }
        states(object)
        if case .array(let shared)? = object["shared"] { count += shared.count }
        if case .object(let wide)? = object["wide"] { states(wide) }
        return count
    }

    @Test("each broken file gets the errors its expect lines name, at their lines", arguments: broken)
    func brokenFile(name: String) throws {
        let path = "broken/\(name).swift"
        let bytes = try Fixtures.bytes(path)
        let expectations = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("// expect: ") }.map { String($0.dropFirst("// expect: ".count)) }
        #expect(!expectations.isEmpty)
        do {
            let imported = try SwiftDelegateImport.run(bytes, path: path)
            Issue.record("imported \(imported.file.className), expected errors")
        } catch {
            let printed = error.diagnostics.map(\.description)
            for expectation in expectations {
                #expect(printed.contains { $0.hasPrefix(path + ":" + expectation) }, "\(printed)")
            }
        }
    }

    @Test("inputs the fuzzer found to stall or stop the importer are now refused with errors at their lines")
    func fuzzFindings() throws {
        #expect(!Self.fuzzFindings.isEmpty)
        for name in Self.fuzzFindings {
            let path = "fuzz-findings/\(name).swift"
            do {
                _ = try SwiftDelegateImport.run(try Fixtures.bytes(path), path: path)
                Issue.record("\(name) imported")
            } catch let error as SwiftImportError {
                #expect(!error.diagnostics.isEmpty)
                #expect(error.diagnostics.allSatisfy { $0.position.line >= 1 && $0.position.column >= 1 })
            }
        }
    }
}
