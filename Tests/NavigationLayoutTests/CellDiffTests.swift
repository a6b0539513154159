import JSON
import NavigationLayout
import Testing

/// One cell of a layout review: what moved, came, went, and which findings were introduced or
/// resolved between two results of the same cell.
@Suite("Cell diff")
struct CellDiffTests {
    static func seedResult(replacing old: String? = nil, with new: String? = nil) throws -> LayoutResult {
        var text = String(decoding: try Fixtures.bytes("seed-delegate-guidance.json"), as: UTF8.self)
        if let old, let new {
            #expect(text.contains(old), "the fixture has \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return LayoutEngine.solve(try LayoutRequest.decode(from: Array(text.utf8)))
    }

    @Test("a result compared with itself is unchanged, on every device of the matrix")
    func selfIsUnchanged() throws {
        let pipeline = LayoutPipeline(clock: { 0 })
        var document = try JSONParser().parse(try Fixtures.bytes("seed-delegate-guidance.json"))
        if case .object(var object) = document {
            object["matrix"] = .object([])
            document = .object(object)
        }
        let matrix = try pipeline.matrix(LayoutBody(document: document))
        #expect(matrix.results.count > 100)
        for result in matrix.results {
            let diff = CellDiff(before: result, after: result)
            #expect(diff.change == .unchanged)
            #expect(diff.moved.isEmpty && diff.appeared.isEmpty && diff.vanished.isEmpty)
            #expect(diff.introduced.isEmpty && diff.resolved.isEmpty && diff.viewportAreaChange == 0)
        }
    }

    @Test("moving one component's constraint names that component alone, and the diff is symmetric")
    func oneEditMovesOneComponent() throws {
        let before = try Self.seedResult()
        let after = try Self.seedResult(
            replacing: "googleLogo.leading == safeArea.leading", with: "googleLogo.leading == safeArea.leading + 8")
        let forward = CellDiff(before: before, after: after)
        #expect(forward.moved == ["googleLogo"])
        #expect(forward.change == .changed)
        let backward = CellDiff(before: after, after: before)
        #expect(Set(backward.moved) == Set(forward.moved))
        #expect(backward.appeared == forward.vanished && backward.vanished == forward.appeared)
        #expect(backward.introduced == forward.resolved && backward.resolved == forward.introduced)
        #expect(backward.viewportAreaChange == -forward.viewportAreaChange)
    }

    @Test("the tolerance applies per edge: a shift within it is unchanged, beyond it a move")
    func tolerancePerEdge() throws {
        let before = try Self.seedResult()
        func shifted(by offset: Double) -> LayoutResult {
            var result = before
            if let index = result.frames.firstIndex(where: { $0.name == "googleLogo" }) {
                result.frames[index].frame.x += offset
            }
            return result
        }
        #expect(CellDiff(before: before, after: shifted(by: 0.4)).change == .unchanged)
        #expect(CellDiff(before: before, after: shifted(by: 0.6)).moved == ["googleLogo"])
        // Same size, same area, another place: still a move.
        #expect(CellDiff(before: before, after: shifted(by: 30), tolerance: 29).moved == ["googleLogo"])
    }

    @Test("dropping a required component is a regression naming what vanished and the finding introduced")
    func droppedComponentRegresses() throws {
        let before = try Self.seedResult()
        let after = try Self.seedResult(replacing: #""googleLogo","#, with: "")
        let diff = CellDiff(before: before, after: after)
        #expect(diff.change == .regressed)
        #expect(diff.vanished.contains("googleLogo"))
        #expect(diff.introduced.contains("missing-required-component"))
        let back = CellDiff(before: after, after: before)
        #expect(back.change == .improved)
        #expect(back.appeared.contains("googleLogo"))
        #expect(back.resolved.contains("missing-required-component"))
    }

    @Test("frames listed in another order compare by name: the same moves, nothing appears or vanishes")
    func reorderedFrames() throws {
        let before = try Self.seedResult()
        var after = try Self.seedResult(
            replacing: "googleLogo.leading == safeArea.leading", with: "googleLogo.leading == safeArea.leading + 8")
        let inOrder = CellDiff(before: before, after: after)
        after.frames.reverse()
        let reversed = CellDiff(before: before, after: after)
        #expect(reversed.moved == inOrder.moved)
        #expect(reversed.appeared.isEmpty && reversed.vanished.isEmpty)
        #expect(reversed.change == inOrder.change)
    }

    @Test("many findings a side compare as the same findings as a few do: by code and items", arguments: [3, 40])
    func manyFindings(count: Int) throws {
        var before = try Self.seedResult()
        var after = before
        func overlap(_ index: Int) -> Diagnostic {
            Diagnostic(
                code: .overlap, message: "v\(index) overlaps w\(index)", items: ["v\(index)", "w\(index)"],
                state: "guidance")
        }
        before.diagnostics = (0..<count).map(overlap)
        // After: the first finding is gone, one is new, the rest are the same findings with other messages.
        after.diagnostics =
            (1..<count).map { index in
                var same = overlap(index)
                same.message = "reworded \(index)"
                return same
            } + [overlap(count)]
        let diff = CellDiff(before: before, after: after)
        #expect(diff.introducedDiagnostics.map(\.items) == [["v\(count)", "w\(count)"]])
        #expect(diff.resolvedDiagnostics.map(\.items) == [["v0", "w0"]])
        #expect(diff.change == .regressed)
    }
}
