import BenchmarkSupport
import NavigationLayout
import Testing

/// Layouts of many custom views: the engine's cost grows with their number, not its square or cube
/// (timed by navlayout-layout-bench --chains and held to an instruction budget by the `chain` stage
/// of scripts/check-budgets.sh), and what it reports is what the small layouts' checks would report.
@Suite("Large layouts")
struct LargeLayoutTests {
    @Test("a column of a thousand chained views with intrinsic sizes is laid out with no ambiguity")
    func longColumnIsDetermined() throws {
        let request = try LayoutRequest.decode(from: chainedLayoutRequest(views: 1000))
        let result = LayoutEngine.solve(request)
        #expect(!result.codes.contains(.ambiguousLayout), "\(result.problems.prefix(3))")
        let frames = Dictionary(result.frames.map { ($0.name, $0.frame) }, uniquingKeysWith: { first, _ in first })
        #expect(frames["v0"] == Frame(x: 0, y: 59, width: 100, height: 10))
        #expect(frames["v999"] == Frame(x: 0, y: 59 + 999 * 10, width: 100, height: 10))
    }

    @Test("a column of views without sizes reports every view's vertical axis as ambiguous, once each")
    func columnWithoutSizesIsAmbiguous() throws {
        var views: [String] = []
        var constraints = ["\"v0.top == safeArea.top\""]
        for index in 0..<300 {
            views.append("\"v\(index)\": {}")
            constraints.append("\"v\(index).leading == safeArea.leading\"")
            constraints.append("\"v\(index).width == 50\"")
            if index > 0 { constraints.append("\"v\(index).top == v\(index - 1).bottom\"") }
        }
        let shown = (0..<300).map { "\"v\($0)\"" }.joined(separator: ",")
        let request = try EngineFixtures.request(
            json: """
                {"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"},
                 "delegate": {"views": {\(views.joined(separator: ","))},
                              "ready": {"views": [\(shown)], "constraints": [\(constraints.joined(separator: ","))]}}}
                """)
        let ambiguous = LayoutEngine.solve(request).diagnostics.filter { $0.code == .ambiguousLayout }
        #expect(ambiguous.count == 300)
        #expect(Set(ambiguous.map { $0.items.first ?? "" }).count == 300)
        #expect(ambiguous.allSatisfy { $0.message.contains("vertical") })
    }

    @Test(
        "overlaps among many scattered views are the pairs a comparison of every pair finds, in result order",
        arguments: 0..<20 as Range<UInt64>)
    func overlapsMatchEveryPair(seed: UInt64) throws {
        var generator = SeededGenerator(state: 0x0FE2_1A95 &+ seed)
        // Half the cases at most 32 frames (compared pair by pair), half more (the sweep).
        let count =
            seed % 2 == 0 ? Int.random(in: 12...32, using: &generator) : Int.random(in: 33...120, using: &generator)
        var views: [String] = []
        var constraints: [String] = []
        for index in 0..<count {
            views.append("\"v\(index)\": {}")
            // Integer sizes and offsets, some views touching edge to edge, some of no size.
            let x = Int.random(in: 0...380, using: &generator)
            let y = Int.random(in: 0...840, using: &generator)
            let width = Int.random(in: 0...120, using: &generator)
            let height = Int.random(in: 0...120, using: &generator)
            constraints += [
                "\"v\(index).left == map.left + \(x)\"", "\"v\(index).top == map.top + \(y)\"",
                "\"v\(index).width == \(width)\"", "\"v\(index).height == \(height)\"",
            ]
        }
        let shown = (0..<count).map { "\"v\($0)\"" }.joined(separator: ",")
        let request = try EngineFixtures.request(
            json: """
                {"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"},
                 "delegate": {"views": {\(views.joined(separator: ","))},
                              "ready": {"views": [\(shown)], "constraints": [\(constraints.joined(separator: ","))]}}}
                """)
        let result = LayoutEngine.solve(request)
        let reported = result.diagnostics.filter { $0.code == .overlap }.map { Set($0.items) }
        var expected: [Set<String>] = []
        for first in result.frames.indices {
            for second in result.frames.indices where second > first {
                if result.frames[first].frame.overlapArea(with: result.frames[second].frame) > 1 {
                    expected.append([result.frames[first].name, result.frames[second].name])
                }
            }
        }
        #expect(reported == expected, "seed \(seed)")
        #expect(!expected.isEmpty, "seed \(seed): the scatter should make some overlaps")
    }
}
