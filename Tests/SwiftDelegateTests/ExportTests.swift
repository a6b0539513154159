import Foundation
import JSON
import NavigationLayout
import SwiftDelegate
import Testing

/// Delegate documents written as Swift: the Swift typechecks against the repository's stub of UIKit
/// and the Navigation SDK, and reads back (import) to the document's frames on every matrix cell.
@Suite("Exporting a delegate as Swift")
struct ExportTests {
    /// Every delegate the fixtures hold, as (name, delegate document).
    static func delegates() throws -> [(name: String, delegate: JSONValue)] {
        var delegates: [(String, JSONValue)] = []
        for name in [
            "seed-delegate-guidance.json", "seed-delegate-prompt.json", "seed-delegate-guidance-moved-logo.json",
            "delegate-short-header.json",
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
        #expect(try Self.delegates().count >= 10)
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

    @Test("every export typechecks with swiftc -typecheck -swift-version 6 against the UIKit and SDK stub")
    func typechecks() async throws {
        let problems = try await OffPool.run { try Self.typecheckProblems() }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// What swiftc says of the stub and the exports, when it refuses them.
    static func typecheckProblems() throws -> [String] {
        guard let swiftc = Self.swiftc() else { return ["no swiftc on the PATH to typecheck with"] }
        var problems: [String] = []
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navlayout-export-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = Fixtures.folder.appendingPathComponent("stub")
        for (module, file, extra) in [
            ("UIKit", "UIKit.swift", [String]()), ("GoogleNavigation", "GoogleNavigation.swift", ["-I", folder.path]),
        ] {
            let status = try Self.run(
                swiftc,
                ["-emit-module", "-parse-as-library", "-module-name", module, "-swift-version", "6"] + extra + [
                    stub.appendingPathComponent(file).path, "-emit-module-path",
                    folder.appendingPathComponent("\(module).swiftmodule").path,
                ])
            if status.code != 0 { problems.append("\(module) stub: \(status.output)") }
        }
        var files: [String] = []
        for (name, delegate) in try Self.delegates() {
            let swift = try SwiftDelegateExport.swift(
                delegateJSON: JSONWriter().bytes(for: delegate), className: Self.className(name))
            let file = folder.appendingPathComponent(Self.className(name) + ".swift")
            try Data(swift.utf8).write(to: file)
            files.append(file.path)
        }
        // The documentation's sample against the same stub: the stub is the SDK's surface.
        files.append(Fixtures.folder.appendingPathComponent("BasicLayoutDelegate.swift").path)
        let status = try Self.run(swiftc, ["-typecheck", "-swift-version", "6", "-I", folder.path] + files)
        if status.code != 0 { problems.append(status.output) }
        return problems
    }

    @Test("every export is laid out as swift-format (the toolchain's, default configuration) lays it out")
    func formatted() async throws {
        let problems = try await OffPool.run { try Self.formatProblems() }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The exports swift-format lays out otherwise.
    static func formatProblems() throws -> [String] {
        guard let swiftc = Self.swiftc() else { return ["no toolchain on the PATH"] }
        var problems: [String] = []
        let formatter = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("swift-format")
            .path
        guard FileManager.default.isExecutableFile(atPath: formatter) else {
            return ["no swift-format beside \(swiftc)"]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navlayout-format-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, delegate) in try Self.delegates() {
            let swift = try SwiftDelegateExport.swift(
                delegateJSON: JSONWriter().bytes(for: delegate), className: Self.className(name))
            let file = folder.appendingPathComponent("Export.swift")
            try Data(swift.utf8).write(to: file)
            // Run from the folder, so that the repository's own .swift-format is not found.
            let status = try Self.run(formatter, [file.path], in: folder)
            if status.code != 0 || status.output != swift {
                problems.append("\(name): swift-format lays it out otherwise")
            }
        }
        return problems
    }

    static func swiftc() -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swiftc")
            ? "/opt/swift/usr/bin/swiftc" : nil
    }

    static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws -> (
        code: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = folder == nil ? pipe : FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test("a document that is not a delegate, or a class name that is not Swift, is refused")
    func refusals() {
        #expect(throws: SwiftDelegateExport.ExportError.self) {
            try SwiftDelegateExport.swift(delegateJSON: Array(#"{"ready": 3}"#.utf8))
        }
        #expect(throws: SwiftDelegateExport.ExportError.self) {
            try SwiftDelegateExport.swift(delegateJSON: Array("{}".utf8), className: "Not A Name")
        }
    }
}
