import Foundation
import JSON
import NavLayoutService
import Testing

/// `navlayout diff BEFORE AFTER`: both requests across the same device matrix, compared cell by cell;
/// the exit status follows `--fail-on`.
@Suite("Diff command")
struct DiffCommandTests {
    typealias Console = LayoutCommandTests.Console

    private func run(_ arguments: [String], _ console: Console) async -> Int32 {
        await NavlayoutExecutable.main(arguments: arguments, environment: [:], io: console.io)
    }

    /// The seed request with `old` replaced by `new` in its text.
    private func edited(_ old: String, _ new: String) throws -> [UInt8] {
        let text = String(decoding: try Fixtures.bytes("seed-delegate-guidance.json"), as: UTF8.self)
        #expect(text.contains(old))
        return Array(text.replacingOccurrences(of: old, with: new).utf8)
    }

    @Test("diff parses its two files and flags")
    func parses() throws {
        let command = try CommandLineParser().parse(
            arguments: [
                "diff", "a.json", "b.json", "--devices", "iphone-se-3", "--tolerance", "1", "--fail-on", "change",
                "--format", "json",
            ],
            environment: [:])
        let expected = LayoutCommand.diff(
            before: "a.json", after: "b.json",
            options: DiffOptions(devices: ["iphone-se-3"], tolerance: 1, failOn: .change, format: .json))
        guard case .layout(let layout) = command else {
            Issue.record("expected a layout command, got \(command)")
            return
        }
        #expect(layout == expected)
        for bad in [
            ["diff", "a.json"], ["diff", "a", "b", "--fail-on", "never"], ["diff", "a", "b", "--tolerance", "-1"],
        ] {
            #expect(throws: CommandLineError.self) { try CommandLineParser().parse(arguments: bad, environment: [:]) }
        }
    }

    @Test("a request against itself: every cell unchanged, exit 0 even failing on any change")
    func itselfIsUnchanged() async throws {
        let console = Console()
        let path = Fixtures.path("seed-delegate-guidance.json")
        #expect(await run(["diff", path, path, "--fail-on", "change"], console) == 0)
        #expect(console.stdout.contains(" 0 regressed, 0 changed, 0 improved"), "\(console.stdout)")
    }

    @Test("dropping the Google logo regresses the cells it shows in with an error: exit 1, the JSON names it")
    func droppedLogoRegresses() async throws {
        let console = Console(files: ["after.json": try edited(#""googleLogo","#, "")])
        let status = await run(
            [
                "diff", Fixtures.path("seed-delegate-guidance.json"), "after.json", "--devices",
                "iphone-se-3,ipad-mini-6", "--format", "json",
            ], console)
        #expect(status == 1)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        // The states the delegate lays out regress; the others (navigation disabled: the built-in
        // layout) are untouched.
        #expect((summary["regressed"] as? Int ?? 0) > 0)
        #expect((summary["regressed"] as? Int ?? 0) + (summary["unchanged"] as? Int ?? 0) == summary["cells"] as? Int)
        let cells = try #require(report["cells"] as? [[String: Any]])
        #expect(cells.first?["change"] as? String == "regressed")  // worst first
        for cell in cells where cell["change"] as? String == "regressed" {
            #expect((cell["vanished"] as? [String])?.contains("googleLogo") == true)
            #expect((cell["introduced"] as? [String])?.contains("missing-required-component") == true)
        }
    }

    @Test("a moved component is a change: exit 0 by default, 1 when failing on any change")
    func movedComponentIsAChange() async throws {
        let after = try edited("googleLogo.leading == safeArea.leading", "googleLogo.leading == safeArea.leading + 8")
        let path = Fixtures.path("seed-delegate-guidance.json")
        let relaxed = Console(files: ["after.json": after])
        #expect(await run(["diff", path, "after.json", "--devices", "iphone-se-3"], relaxed) == 0)
        #expect(relaxed.stdout.contains("moved googleLogo"), "\(relaxed.stdout)")
        let strict = Console(files: ["after.json": after])
        #expect(
            await run(["diff", path, "after.json", "--devices", "iphone-se-3", "--fail-on", "change"], strict) == 1)
    }

    @Test("a file that does not read is exit 2, naming it")
    func badInput() async throws {
        let console = Console(files: ["broken.json": Array("{".utf8)])
        #expect(await run(["diff", Fixtures.path("seed-delegate-guidance.json"), "broken.json"], console) == 2)
        #expect(console.stderr.contains("broken.json"), "\(console.stderr)")
    }
}

/// `navlayout diff profile:NAME[@V] layout:ID --database PATH --tenant NAME`: stored sides read from
/// the service's database, solved like files.
@Suite("Diff command: stored sides")
struct DiffCommandStoredSideTests {
    typealias Console = LayoutCommandTests.Console

    @Test("two versions of a profile and a past layout, read from the database of one tenant")
    func storedSides() async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.file, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant
        let seed = try JSONParser().parse(try Fixtures.bytes("seed-delegate-guidance.json"))
        let delegate = try #require(seed.objectValue?["delegate"])
        let text = JSONWriter().string(for: ["delegate": delegate])
        let dropped = text.replacingOccurrences(of: #""googleLogo","#, with: "")
        #expect(dropped != text)
        for document in [text, dropped] {
            _ = try await store.profiles.put(
                tenantID: tenant.id, name: "driver", document: document, description: nil, actor: .admin)
        }
        let layout = NewLayoutRecord(
            tenantID: tenant.id, profileName: nil, profileVersion: nil, mode: .delegate, navigation: .guidance,
            status: .ok, requestJSON: JSONWriter().string(for: seed), resultJSON: "{}")
        _ = try await store.layouts.record(layout)
        let database = folder.file("service.sqlite")

        let run = { (arguments: [String], console: Console) async -> Int32 in
            await NavlayoutExecutable.main(
                arguments: arguments + ["--database", database, "--tenant", "acme", "--devices", "iphone-se-3"],
                environment: [:], io: console.io)
        }
        let versions = Console()
        #expect(await run(["diff", "profile:driver@1", "profile:driver@2", "--format", "json"], versions) == 1)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(versions.stdout.utf8)) as? [String: Any])
        #expect(((report["summary"] as? [String: Int])?["regressed"] ?? 0) > 0, "\(versions.stderr)")

        let latest = Console()
        #expect(await run(["diff", "profile:driver@2", "profile:driver", "--fail-on", "change"], latest) == 0)

        let past = Console()
        let file = Fixtures.path("seed-delegate-guidance.json")
        #expect(
            await run(["diff", "layout:\(layout.id.text)", file, "--fail-on", "change"], past) == 0, "\(past.stderr)")
        #expect(past.stdout.contains("0 regressed, 0 changed, 0 improved"), "\(past.stdout)")

        for (side, message) in [
            ("profile:nobody", "profile 'nobody' not found"), ("profile:driver@9", "not found"),
            ("layout:nothing", "not a layout id"),
        ] {
            let console = Console()
            #expect(await run(["diff", side, file], console) == 2)
            #expect(console.stderr.contains(side) && console.stderr.contains(message), "\(console.stderr)")
        }
        let stranger = Console()
        #expect(
            await NavlayoutExecutable.main(
                arguments: ["diff", "profile:driver", file, "--database", database, "--tenant", "globex"],
                environment: [:], io: stranger.io) == 2)
        #expect(stranger.stderr.contains("no tenant named 'globex'"))
        #expect(throws: CommandLineError.self) {
            try CommandLineParser().parse(arguments: ["diff", "profile:driver", file], environment: [:])
        }
    }
}
