import Foundation
import NavLayoutService
import Testing

/// The commands on a Swift delegate file: import-swift prints the document with its source map;
/// solve, check and matrix take the file where they take a request; errors carry the file's lines.
@Suite("Layout commands on Swift delegate files")
struct SwiftCommandTests {
    typealias Console = LayoutCommandTests.Console

    private func run(_ arguments: [String], _ console: Console) async -> Int32 {
        await NavlayoutExecutable.main(arguments: arguments, environment: [:], io: console.io)
    }

    static let conflicting = """
        final class Conflicting: NSObject, NavigationLayoutDelegate {
          func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
            let viewport = newState.viewport
            navMap.addSubview(viewport)
            navMap.addSubview(newState.googleLogo)
            NSLayoutConstraint.activate([
              viewport.topAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.topAnchor),
              viewport.topAnchor.constraint(equalTo: navMap.topAnchor),
              viewport.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
              viewport.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
              viewport.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
            ])
          }
        }
        """

    @Test(
        "Swift files take the class, device, orientation, screen, state and direction options",
        arguments: [
            (["import-swift", "L.swift"], LayoutCommand.importSwift(input: "L.swift", className: nil)),
            (["import-swift", "L.swift", "--class", "A"], .importSwift(input: "L.swift", className: "A")),
            (
                ["check", "L.swift", "--device", "iphone-se-3", "--orientation", "landscape", "--state", "ready"],
                .check(
                    input: "L.swift",
                    swift: SwiftInputOptions(device: "iphone-se-3", orientation: .landscape, state: .ready))
            ),
            (
                ["solve", "L.swift", "--screen", "400x800", "--direction", "rtl", "--class", "B"],
                .solve(
                    input: "L.swift", svgOutput: nil,
                    swift: SwiftInputOptions(className: "B", screen: (400, 800), rightToLeft: true))
            ),
            (
                ["matrix", "L.swift", "--state", "prompt"],
                .matrix(input: "L.swift", devices: nil, svgOutput: nil, swift: SwiftInputOptions(state: .prompt))
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
        "Swift options are refused on request files, and bad values are usage errors",
        arguments: [
            ["check", "r.json", "--state", "ready"], ["check", "L.swift", "--device", "no-such-phone"],
            ["check", "L.swift", "--screen", "400by800"], ["check", "L.swift", "--screen", "0x800"],
            ["check", "L.swift", "--state", "driving"], ["check", "L.swift", "--direction", "up"],
            ["check", "L.swift", "--device", "iphone-se-3", "--screen", "300x600"],
            ["matrix", "L.swift", "--device", "iphone-se-3"], ["import-swift", "L.swift", "--state", "ready"],
        ])
    func usageErrors(arguments: [String]) async {
        #expect(throws: CommandLineError.self) {
            try CommandLineParser().parse(arguments: arguments, environment: [:])
        }
    }

    @Test("import-swift prints the class, the delegate with its source map, and the import's warnings")
    func importSwift() async throws {
        let console = Console()
        let path = Fixtures.path("swift/BasicLayoutDelegate.swift")
        #expect(await run(["import-swift", path], console) == 0, "\(console.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        #expect(report["className"] as? String == "BasicLayoutDelegate")
        let delegate = try #require(report["delegate"] as? [String: Any])
        let sourceMap = try #require(delegate["sourceMap"] as? [String: String])
        #expect(sourceMap["guidance.constraints[0]"] == "\(path):133:7")
        #expect((report["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test("a file the importer refuses exits 2 with compiler-style errors at its lines")
    func refusedFile() async {
        let console = Console()
        let path = Fixtures.path("swift/broken/Recursion.swift")
        for command in ["import-swift", "check", "solve", "matrix"] {
            #expect(await run([command, path], console) == 2)
        }
        #expect(console.stderr.hasPrefix("\(path):13:7: error: recursion"), "\(console.stderr)")
        #expect(console.stdout.isEmpty)
    }

    @Test("check on Swift prints every diagnostic at the line that made it, both lines of a conflict included")
    func checkAtLines() async {
        let console = Console(files: ["App/Conflicting.swift": Array(Self.conflicting.utf8)])
        #expect(await run(["check", "App/Conflicting.swift", "--state", "ready"], console) == 1)
        let lines = console.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("App/Conflicting.swift:8:7: error: [unsatisfiable-constraints]") == true, "\(lines)")
        #expect(lines.contains("App/Conflicting.swift:7:7: note: conflicts with viewport.top == safeArea.top"))
        // The screen is not in the file: its note sits at the class.
        #expect(lines.contains { $0.hasPrefix("App/Conflicting.swift:1:13: note: conflicts with safeArea.insetTop") })
        // A component the file adds is found where it was added.
        #expect(lines.contains { $0.hasPrefix("App/Conflicting.swift:5:5: warning: [ambiguous-layout]") })
        #expect(lines.last == "App/Conflicting.swift: delegate layout, ready: 1 error(s), 2 warning(s)")
    }

    @Test("solve and matrix take the Swift file as its request; the documentation's sample is clean everywhere")
    func solveAndMatrix() async throws {
        let path = Fixtures.path("swift/BasicLayoutDelegate.swift")
        let solve = Console()
        #expect(await run(["solve", path, "--device", "iphone-se-3", "--state", "prompt"], solve) == 0)
        let result = try #require(try JSONSerialization.jsonObject(with: Data(solve.stdout.utf8)) as? [String: Any])
        #expect(result["status"] as? String == "ok")
        #expect(result["prompt"] != nil)
        let matrix = Console()
        #expect(await run(["matrix", path], matrix) == 0, "\(matrix.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(matrix.stdout.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["status"] as? String == "ok")
        #expect((summary["cells"] as? Int ?? 0) > 100)
    }
}
