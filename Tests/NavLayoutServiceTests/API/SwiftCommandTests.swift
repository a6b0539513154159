import Foundation
import NavLayoutService
import NavigationLayout
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

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
                    swift: SwiftInputOptions(className: "B", screen: .init(width: 400, height: 800), rightToLeft: true))
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

    @Test("export-swift writes a request's delegate as Swift; a request without one, or a refused one, exits 2")
    func exportSwift() async throws {
        let exported = Console()
        #expect(
            await run(
                ["export-swift", Fixtures.path("seed-delegate-guidance.json"), "--class", "ExportedLayout"], exported)
                == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("final class ExportedLayout"), "\(exported.stdout.prefix(300))")

        let settingsOnly = Console(files: ["settings.json": Array(#"{"settings": {"compassButton": true}}"#.utf8)])
        #expect(await run(["export-swift", "settings.json"], settingsOnly) == 2)
        #expect(settingsOnly.stderr.contains("settings.json: no delegate to export"), "\(settingsOnly.stderr)")
        #expect(settingsOnly.stdout.isEmpty)

        let refused = Console(files: [
            "refused.json": Array(
                #"{"delegate": {"ready": {"views": ["viewport"], "constraints": ["viewport.top == nowhere.top"]}}}"#
                    .utf8)
        ])
        #expect(await run(["export-swift", "refused.json"], refused) == 2)
        #expect(refused.stderr.contains("nowhere"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }

    @Test("check on Swift prints every diagnostic at the line that made it, both lines of a conflict included")
    func checkAtLines() async {
        let console = Console(files: ["App/Conflicting.swift": Array(Self.conflicting.utf8)])
        #expect(await run(["check", "App/Conflicting.swift", "--state", "ready"], console) == 1)
        let lines = console.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("App/Conflicting.swift:8:7: error: [unsatisfiable-constraints]") == true, "\(lines)")
        #expect(lines.contains("App/Conflicting.swift:7:7: note: conflicts with viewport.top == safeArea.top"))
        // The screen is not in the file: its note sits at the class.
        #expect(lines.contains { $0.hasPrefix("App/Conflicting.swift:1:13: note: conflicts with safeArea.insetTop") })
        // A component the file adds is found where it was added.
        #expect(lines.contains { $0.hasPrefix("App/Conflicting.swift:5:5: warning: [ambiguous-layout]") })
        #expect(lines.last == "App/Conflicting.swift: delegate layout, ready: 1 error(s), 2 warning(s)")
    }

    @Test("check on a request file prints the layout, each finding worst first, and the counts")
    func checkRequestText() async {
        let request = """
            {"screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34, "left": 0, "right": 0}},
             "state": {"navigation": "ready"},
             "delegate": {"ready": {"views": ["googleLogo", "viewport"], "constraints": [
                 "googleLogo.leading == safeArea.leading", "googleLogo.bottom == safeArea.bottom",
                 "viewport.leading == map.leading", "viewport.trailing == map.trailing",
                 "viewport.top == safeArea.top", "viewport.bottom == map.bottom", "viewport.top == map.top"]}}}
            """
        let console = Console(files: ["layout.json": Array(request.utf8)])
        #expect(await run(["check", "layout.json"], console) == 1)
        let lines = console.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "layout.json: delegate layout, ready: error", "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("error   unsatisfiable-constraints [ready]") == true, "\(lines)")
        #expect(lines.contains("        constraint: viewport.top == map.top"))
        #expect(lines.last?.hasPrefix("1 error(s), ") == true && lines.last?.hasSuffix(" note(s)") == true)
    }

    @Test("--format github writes one workflow annotation per finding, at its file, line and column")
    func githubFormat() async {
        let console = Console(files: ["App/Conflicting.swift": Array(Self.conflicting.utf8)])
        #expect(await run(["check", "App/Conflicting.swift", "--state", "ready", "--format", "github"], console) == 1)
        let lines = console.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix(
                "::error file=App/Conflicting.swift,line=8,col=7,title=navlayout unsatisfiable-constraints::unable to satisfy"
            )
                == true, "\(lines)")
        #expect(lines.first?.contains("%0Aconflicts with viewport.top == safeArea.top (line 7)") == true)
        #expect(
            lines.contains {
                $0.hasPrefix("::warning file=App/Conflicting.swift,line=5,col=5,title=navlayout ambiguous-layout::")
            })
        #expect(lines.filter { $0.hasPrefix("::") }.count == 3)
    }

    @Test(
        "--format sarif is SARIF 2.1.0: a rule for every code, results at their lines, conflicts as related locations")
    func sarifFormat() async throws {
        let console = Console(files: ["App/Conflicting.swift": Array(Self.conflicting.utf8)])
        #expect(await run(["check", "App/Conflicting.swift", "--state", "ready", "--format", "sarif"], console) == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        #expect(SARIFShape.problems(log).isEmpty, "\(SARIFShape.problems(log))")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules =
            try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])["rules"] as? [[String: Any]]
        #expect(rules?.compactMap { $0["id"] as? String } == DiagnosticCode.allCases.map(\.rawValue))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        let conflict = try #require(results.first)
        #expect(conflict["ruleId"] as? String == "unsatisfiable-constraints")
        #expect(conflict["level"] as? String == "error")
        let region = ((conflict["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
            "region"]
        #expect((region as? [String: Any])?["startLine"] as? Int == 8)
        let related = try #require(conflict["relatedLocations"] as? [[String: Any]])
        let relatedLines = related.compactMap {
            (($0["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])?["startLine"] as? Int
        }
        #expect(relatedLines == [7, 1])
    }

    @Test("--format junit is well-formed XML: a test case per finding, failing on errors")
    func junitFormat() async throws {
        let console = Console(files: ["App/Conflicting.swift": Array(Self.conflicting.utf8)])
        #expect(await run(["check", "App/Conflicting.swift", "--state", "ready", "--format", "junit"], console) == 1)
        let parser = XMLParser(data: Data(console.stdout.utf8))
        #expect(parser.parse(), "\(console.stdout)")
        #expect(console.stdout.contains(#"tests="3" failures="1""#))
        #expect(
            console.stdout.contains(
                #"<testcase classname="navlayout.unsatisfiable-constraints" name="App/Conflicting.swift:8:7">"#))
        let clean = Console()
        #expect(await run(["check", Fixtures.path("seed-delegate-guidance.json"), "--format", "junit"], clean) == 0)
        #expect(clean.stdout.contains(#"<testcase classname="navlayout.guidance" name="layout" />"#))
        #expect(throws: CommandLineError.self) {
            try CommandLineParser().parse(arguments: ["check", "r.json", "--format", "xml"], environment: [:])
        }
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

/// The parts of SARIF 2.1.0 (OASIS, the sarif-schema-2.1.0 JSON schema) that a log must have and that
/// this tool writes, checked by hand: the schema's required properties, types and value sets for the
/// objects used (sarifLog, run, tool, toolComponent, reportingDescriptor, result, location,
/// physicalLocation, artifactLocation, region, message).
enum SARIFShape {
    static func problems(_ log: [String: Any]) -> [String] {
        var problems: [String] = []
        func require(_ condition: Bool, _ what: String) { if !condition { problems.append(what) } }
        require(log["version"] as? String == "2.1.0", "sarifLog.version is 2.1.0")
        guard let runs = log["runs"] as? [[String: Any]] else { return problems + ["sarifLog.runs is an array"] }
        for run in runs {
            guard let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any] else {
                problems.append("run.tool.driver is an object")
                continue
            }
            require((driver["name"] as? String)?.isEmpty == false, "toolComponent.name is a non-empty string")
            let rules = driver["rules"] as? [[String: Any]] ?? []
            for rule in rules {
                require(rule["id"] is String, "reportingDescriptor.id is a string")
                for key in ["shortDescription", "fullDescription"] {
                    require(
                        ((rule[key] as? [String: Any])?["text"] as? String)?.isEmpty == false,
                        "reportingDescriptor.\(key).text is a non-empty string")
                }
                let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
                require(["none", "note", "warning", "error"].contains(level ?? ""), "defaultConfiguration.level")
            }
            for result in run["results"] as? [[String: Any]] ?? [] {
                require(((result["message"] as? [String: Any])?["text"] as? String) != nil, "result.message.text")
                if let index = result["ruleIndex"] as? Int {
                    require(rules.indices.contains(index), "result.ruleIndex points at a rule")
                    if rules.indices.contains(index) {
                        require(
                            rules[index]["id"] as? String == result["ruleId"] as? String, "ruleIndex matches ruleId")
                    }
                }
                require(
                    ["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""), "result.level")
                let locations =
                    (result["locations"] as? [[String: Any]] ?? [])
                    + (result["relatedLocations"] as? [[String: Any]] ?? [])
                for location in locations {
                    guard let physical = location["physicalLocation"] as? [String: Any] else { continue }
                    require(
                        ((physical["artifactLocation"] as? [String: Any])?["uri"] as? String) != nil,
                        "artifactLocation.uri")
                    if let region = physical["region"] as? [String: Any] {
                        require((region["startLine"] as? Int ?? 0) >= 1, "region.startLine >= 1")
                        require((region["startColumn"] as? Int ?? 1) >= 1, "region.startColumn >= 1")
                    }
                }
            }
        }
        return problems
    }
}
