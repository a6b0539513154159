import JSON
import NavigationLayout
import Testing

@Suite("Layout result JSON")
struct LayoutResultJSONTests {
    @Test("the result JSON follows the contract's field order, with the same bytes every time")
    func resultJSONFollowsTheContractsFieldOrder() throws {
        let result = try EngineFixtures.solve("seed-delegate-prompt.json")
        guard case .object(let object) = result.jsonValue else {
            Issue.record("not an object")
            return
        }
        #expect(
            object.keys == [
                "mode", "navigation", "wideMode", "status", "frames", "hidden", "guides", "camera", "prompt", "layers",
                "diagnostics", "broken", "mapFeatures",
            ])
        let text = JSONWriter().string(for: result.jsonValue)
        #expect(
            text.hasPrefix(
                #"{"mode":"delegate","navigation":"guidance","wideMode":false,"status":"ok","frames":{"turnCard":{"x":0,"y":0,"width":393,"height":155}"#
            ))
        // Solving twice gives the same bytes.
        #expect(try EngineFixtures.solve("seed-delegate-prompt.json").jsonBytes() == result.jsonBytes())
    }

    @Test("diagnostics carry the conflicting set, the constraint broken to recover and the rule")
    func diagnosticsCarryTheConflictingSetAndTheRule() throws {
        var request = try EngineFixtures.request("seed-delegate-guidance.json")
        let extra = try ConstraintParser.parse("viewport.top == map.top")
        request.delegate?.guidance?.constraints.append(
            DelegateConstraint(
                spec: extra.spec, path: "delegate.guidance.constraints[14]", text: "viewport.top == map.top"))
        let result = LayoutEngine.solve(request)
        #expect(result.status == "error")
        let json = JSONWriter().string(for: result.diagnostics[0].jsonValue)
        #expect(json.contains(#""code":"unsatisfiable-constraints""#))
        #expect(json.contains(#""conflicting":["#))
        #expect(result.diagnostics[0].conflicting?.contains("viewport.top == turnCard.bottom") == true)
        #expect(json.contains(#""brokenToRecover":"viewport.top == map.top""#))
        #expect(json.contains(#""rule":"Auto Layout"#))
    }

    /// Frames are written in one piece into room sized for the longest numbers a Double prints as:
    /// frames of such numbers (and of the other kinds a number can take) must come out as the value
    /// tree writes them.
    @Test(
        "frames of the longest numbers are written as the value tree writes them",
        arguments: [
            Frame(
                x: -2.2250738585072014e-308, y: -1.7976931348623157e+308, width: -Double.leastNonzeroMagnitude,
                height: -0.1
            ),
            Frame(x: -9_007_199_254_740_992, y: 9_007_199_254_740_994, width: -123_456_789.125, height: 1e-7),
            Frame(x: .infinity, y: -.nan, width: -0.0, height: 0),
        ])
    func framesOfTheLongestNumbersAreWrittenLikeTheValueTree(frame: Frame) throws {
        var result = try EngineFixtures.solve("seed-delegate-prompt.json")
        // Forty of them: the buffer grows on the way (it starts at 2 kB).
        result.frames = (0..<40).map { (name: "view\($0)", frame: frame) }
        result.cameraViewport = frame
        #expect(result.jsonBytes() == JSONWriter().bytes(for: result.jsonValue))
    }
}
