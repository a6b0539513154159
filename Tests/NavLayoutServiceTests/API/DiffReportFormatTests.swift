import Foundation
import JSON
import NavLayoutService
import Testing

/// `navlayout diff --format markdown|junit|sarif`: the forms a pull request, a CI test list and a code
/// review tool read, each checked against what the JSON form says of the same diff.
@Suite("Diff report formats")
struct DiffReportFormatTests {
    typealias Console = LayoutCommandTests.Console

    private func run(_ arguments: [String], _ console: Console) async -> Int32 {
        await NavlayoutExecutable.main(arguments: arguments, environment: [:], io: console.io)
    }

    /// The seed request, and the same request without the Google logo (a regression with errors) and
    /// with it moved 8 points (a change).
    private func sides() throws -> (before: [UInt8], dropped: [UInt8], moved: [UInt8]) {
        let text = String(decoding: try Fixtures.bytes("seed-delegate-guidance.json"), as: UTF8.self)
        #expect(text.contains(#""googleLogo","#))
        let moved = text.replacingOccurrences(
            of: "googleLogo.leading == safeArea.leading", with: "googleLogo.leading == safeArea.leading + 8")
        #expect(moved != text)
        return (
            Array(text.utf8), Array(text.replacingOccurrences(of: #""googleLogo","#, with: "").utf8),
            Array(moved.utf8)
        )
    }

    /// The JSON form of the same diff, for the counts the other forms must agree with.
    private func json(_ after: String, _ console: Console) async throws -> [String: Any] {
        _ = await run(["diff", "before.json", after, "--devices", "iphone-se-3", "--format", "json"], console)
        return try #require(try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
    }

    private func console() throws -> Console {
        let (before, dropped, moved) = try sides()
        return Console(files: ["before.json": before, "dropped.json": dropped, "moved.json": moved])
    }

    @Test("markdown: a verdict line, the summary table, the regressed cells with their diagnostics, the picture link")
    func markdown() async throws {
        let reference = try await json("dropped.json", try console())
        let summary = try #require(reference["summary"] as? [String: Int])
        let output = try console()
        let status = await run(
            [
                "diff", "before.json", "dropped.json", "--devices", "iphone-se-3", "--format", "markdown", "--svg",
                "review.svg",
            ], output)
        #expect(status == 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "### Layout review: regressions")
        #expect(
            lines.contains(
                "**\(summary["regressed"] ?? -1) of \(summary["cells"] ?? -1) cells regressed (\(summary["regressed"] ?? -1) with an error)** (`before.json` → `dropped.json`, tolerance 0.5 pt)"
            ))
        #expect(
            lines.contains(
                "| \(summary["cells"] ?? -1) | \(summary["regressed"] ?? -1) | \(summary["changed"] ?? -1) | \(summary["improved"] ?? -1) | \(summary["unchanged"] ?? -1) |"
            ))
        let cellLines = lines.filter { $0.hasPrefix("- `iphone-se-3/") }
        #expect(cellLines.count == summary["regressed"])
        #expect(lines.contains { $0.hasPrefix("  - error `missing-required-component` (`googleLogo`)") })
        #expect(lines.last { !$0.isEmpty } == "[Contact sheet of every cell](review.svg)")
    }

    @Test("markdown without a regression says so and tables the changed cells")
    func markdownChanged() async throws {
        let output = try console()
        #expect(
            await run(
                ["diff", "before.json", "moved.json", "--devices", "iphone-se-3", "--format", "markdown"], output)
                == 0)
        #expect(output.stdout.hasPrefix("### Layout review: no regressions\n"))
        #expect(output.stdout.contains("| `iphone-se-3/portrait/ltr/guidance` | changed | moved googleLogo |"))
        #expect(output.stdout.contains("(DIFF_PICTURE_URL)"))
    }

    @Test("JUnit: one test case per cell, a failure for each regressed cell, well-formed XML")
    func junit() async throws {
        let reference = try await json("dropped.json", try console())
        let summary = try #require(reference["summary"] as? [String: Int])
        let output = try console()
        #expect(
            await run(["diff", "before.json", "dropped.json", "--devices", "iphone-se-3", "--format", "junit"], output)
                == 1)
        let text = output.stdout
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(text.components(separatedBy: "<testcase ").count - 1 == summary["cells"])
        #expect(text.components(separatedBy: "<failure ").count - 1 == summary["regressed"])
        #expect(text.components(separatedBy: "</failure>").count - 1 == summary["regressed"])
        #expect(
            text.contains(
                #"<testsuite name="navlayout diff before.json → dropped.json" tests="12" failures="\#(summary["regressed"] ?? -1)""#
            ))
        #expect(text.hasSuffix("  </testsuite>\n</testsuites>\n"))
        // Every element opened is closed: a test case either ends with "/>" or has its closing tag.
        let openCases = text.components(separatedBy: "<testcase ").count - 1
        let closedCases =
            text.components(separatedBy: " />").count - 1 + text.components(separatedBy: "</testcase>").count - 1
        #expect(openCases == closedCases)
        #expect(text.contains("missing-required-component [googleLogo]"))
        // Text from the request is escaped: the apostrophes of the messages never appear raw.
        #expect(!text.contains("layout's"))
    }

    @Test("SARIF 2.1.0: one result per introduced diagnostic, each with its rule, level and cell")
    func sarif() async throws {
        let reference = try await json("dropped.json", try console())
        let cells = try #require(reference["cells"] as? [[String: Any]])
        let introduced = cells.flatMap { ($0["introducedDiagnostics"] as? [[String: Any]]) ?? [] }
        let output = try console()
        #expect(
            await run(["diff", "before.json", "dropped.json", "--devices", "iphone-se-3", "--format", "sarif"], output)
                == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == introduced.count)
        #expect(!results.isEmpty)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules.indices.contains(index) && rules[index] == ruleID)
            #expect(result["level"] as? String == "error")
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let uri = ((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"]
            #expect(uri as? String == "dropped.json")
        }
        #expect(Set(rules) == Set(introduced.compactMap { $0["code"] as? String }))
    }

    @Test("a side may be a bare delegate document: the same diff as its whole request on the same screens")
    func bareDelegate() async throws {
        let seed = try JSONParser().parse(try Fixtures.bytes("seed-delegate-guidance.json"))
        guard case .object(let request) = seed, let delegate = request["delegate"] else {
            throw Fixtures.FixtureError(name: "seed-delegate-guidance.json")
        }
        let output = Console(files: [
            "delegate.json": JSONWriter().bytes(for: delegate),
            "request.json": JSONWriter().bytes(for: ["delegate": delegate]),
        ])
        #expect(
            await run(
                ["diff", "request.json", "delegate.json", "--devices", "iphone-se-3", "--fail-on", "change"], output)
                == 0)
        #expect(
            output.stdout.contains("12 cells: 0 regressed, 0 changed, 0 improved, 12 unchanged"), "\(output.stdout)")
    }
}
