import Foundation
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
