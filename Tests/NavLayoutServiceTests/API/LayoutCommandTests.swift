import Foundation
import NavLayoutService
import Synchronization
import Testing

/// The layout commands parsed and run in process, on fixture files and on standard input held in
/// memory.
@Suite("Layout commands: solve, check, convert, matrix")
struct LayoutCommandTests {
    /// Memory standing in for the process's files and streams.
    final class Console: Sendable {
        let files: Mutex<[String: [UInt8]]>
        let output = Mutex("")
        let errors = Mutex("")

        init(files: [String: [UInt8]] = [:]) {
            self.files = Mutex(files)
        }

        var io: CommandIO {
            CommandIO(
                read: { path in
                    if let bytes = self.files.withLock({ $0[path] }) { return bytes }
                    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                },
                writeFile: { path, bytes in self.files.withLock { $0[path] = bytes } },
                standardOutput: { text in self.output.withLock { $0 += text } },
                standardError: { text in self.errors.withLock { $0 += text } })
        }

        var stdout: String { output.withLock { $0 } }
        var stderr: String { errors.withLock { $0 } }
        func file(_ path: String) -> String? { files.withLock { $0[path] }.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Runs `arguments` as the executable would, with `console` for files and streams.
    private func run(_ arguments: [String], _ console: Console) async -> Int32 {
        await NavlayoutExecutable.main(arguments: arguments, environment: [:], io: console.io)
    }

    @Test(
        "the layout commands parse their file and flags",
        arguments: [
            (["solve", "r.json"], LayoutCommand.solve(input: "r.json", svgOutput: nil)),
            (["solve", "r.json", "--svg", "o.svg"], .solve(input: "r.json", svgOutput: "o.svg")),
            (["solve", "--svg=o.svg", "-"], .solve(input: "-", svgOutput: "o.svg")),
            (["check", "-"], .check(input: "-")),
            (["convert", "s.json"], .convert(input: "s.json")),
            (["matrix", "r.json"], .matrix(input: "r.json", devices: nil, svgOutput: nil)),
            (
                ["matrix", "r.json", "--devices", "iphone-se-3,ipad-mini-6", "--svg", "m.svg"],
                .matrix(input: "r.json", devices: ["iphone-se-3", "ipad-mini-6"], svgOutput: "m.svg")
            ),
        ])
    func parses(arguments: [String], expected: LayoutCommand) throws {
        let command = try CommandLineParser().parse(arguments: arguments, environment: [:])
        guard case .layout(let layout) = command else {
            Issue.record("expected a layout command, got \(command)")
            return
        }
        #expect(layout == expected)
    }

    @Test(
        "bad layout command lines are usage errors",
        arguments: [
            ["solve"], ["solve", "a.json", "b.json"], ["check", "a.json", "--svg", "o.svg"],
            ["solve", "a.json", "--svg"],
            ["matrix", "a.json", "--devices", "a,,b"], ["convert", "a.json", "--devices", "x"],
        ])
    func usageErrors(arguments: [String]) async {
        #expect(throws: CommandLineError.self) {
            try CommandLineParser().parse(arguments: arguments, environment: [:])
        }
        let console = Console()
        #expect(await run(arguments, console) == 2)
        #expect(console.stderr.contains("usage: navlayout"))
    }

    @Test("solve prints the result JSON and draws the SVG")
    func solve() async throws {
        let console = Console()
        let status = await run(
            ["solve", Fixtures.path("seed-delegate-guidance.json"), "--svg", "out.svg"], console)
        #expect(status == 0, "\(console.stderr)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        #expect(result["mode"] as? String == "delegate")
        #expect(result["status"] as? String == "ok")
        let frames = try #require(result["frames"] as? [String: Any])
        #expect(frames["turnCard"] != nil && frames["viewport"] != nil)
        let svg = try #require(console.file("out.svg"))
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains("turnCard"))
    }

    @Test("- reads the request from standard input")
    func standardInput() async throws {
        let console = Console(files: ["-": try Fixtures.bytes("builtin-guidance.json")])
        #expect(await run(["solve", "-"], console) == 0)
        #expect(console.stdout.contains("\"builtIn\""))
    }

    @Test("check lists the diagnostics and exits 1 only when one is an error")
    func check() async throws {
        let clean = Console()
        #expect(await run(["check", Fixtures.path("seed-delegate-guidance.json")], clean) == 0)
        #expect(clean.stdout.contains("0 error(s)"))

        var broken = try Fixtures.object("seed-delegate-guidance.json")
        var delegate = try #require(broken["delegate"] as? [String: Any])
        delegate["shared"] = ((delegate["shared"] as? [Any]) ?? []) + ["turnCard.width == 300"]
        broken["delegate"] = delegate
        let console = Console(files: ["broken.json": Array(try Fixtures.json(broken).utf8)])
        #expect(await run(["check", "broken.json"], console) == 1)
        #expect(console.stdout.contains("error   fixed-size-constraint"))
        #expect(console.stdout.contains("turnCard.width == 300"))
    }

    @Test("convert turns built-in settings into a delegate document")
    func convert() async throws {
        let settings = #"{"compassButton": true, "navigationFooterEnabled": false}"#
        let console = Console(files: ["settings.json": Array(settings.utf8)])
        #expect(await run(["convert", "settings.json"], console) == 0, "\(console.stderr)")
        let converted = try #require(
            try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        #expect(converted["delegate"] is [String: Any])
    }

    @Test("matrix prints the table, draws the sheet, and exits 1 when a cell has an error")
    func matrix() async throws {
        let console = Console()
        let status = await run(
            [
                "matrix", Fixtures.path("seed-delegate-guidance.json"), "--devices", "iphone-se-3,iphone-16-pro-max",
                "--svg", "sheet.svg",
            ], console)
        let table = try #require(try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        let cells = try #require(table["cells"] as? [[String: Any]])
        let expectedCells = 24  // 2 devices x 2 orientations x 2 directions x 3 states
        #expect(cells.count == expectedCells)
        let devices: Set<String> = Set(cells.compactMap { $0["device"] as? String })
        #expect(devices == ["iphone-se-3", "iphone-16-pro-max"])
        let errors = cells.filter { $0["status"] as? String == "error" }.count
        #expect(status == (errors > 0 ? 1 : 0))
        let sheet = try #require(console.file("sheet.svg"))
        #expect(sheet.contains("<svg"))

        var broken = try Fixtures.object("seed-delegate-guidance.json")
        var delegate = try #require(broken["delegate"] as? [String: Any])
        delegate["shared"] = ((delegate["shared"] as? [Any]) ?? []) + ["turnCard.width == 300"]
        broken["delegate"] = delegate
        let failing = Console(files: ["broken.json": Array(try Fixtures.json(broken).utf8)])
        #expect(await run(["matrix", "broken.json", "--devices", "iphone-se-3"], failing) == 1)
    }

    @Test(
        "unreadable input exits 2 naming the file, the JSON path and the position",
        arguments: [
            ("missing.json", nil, "missing.json: cannot read"),
            ("syntax.json", #"{"screen": {"width": 393,}}"#, "syntax.json: (document) line 1, column"),
            (
                "unknown.json", #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "flying"}}"#,
                "state.navigation"
            ),
            (
                "constraint.json",
                #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance"}, "delegate": {"guidance": {"views": ["viewport"], "constraints": ["viewport.top == == 3"]}}}"#,
                "delegate.guidance.constraints[0] column"
            ),
            ("profile.json", #"{"profile": "driver"}"#, "profile: profiles are stored by the service"),
        ] as [(String, String?, String)])
    func unreadable(file: String, content: String?, expected: String) async {
        var files: [String: [UInt8]] = [:]
        if let content { files[file] = Array(content.utf8) }
        let console = Console(files: files)
        #expect(await run(["solve", file], console) == 2)
        #expect(console.stderr.contains(expected), "\(console.stderr)")
        #expect(console.stdout.isEmpty)
    }
}
