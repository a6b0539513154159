import JSON
import NavigationLayout
import Testing

@Suite("Layout results read back from their JSON")
struct LayoutResultDecodingTests {
    /// Every request fixture of the test tree: the request-path goldens and the picture examples.
    static let requests =
        RequestPathGoldenTests.requests + [
            "pictures/landscape-rtl.request.json", "pictures/ipad-portrait.request.json",
        ]

    @Test(
        "the result the engine gives for each fixture reads back equal, from its bytes and from its tree",
        arguments: requests)
    func engineResultsReadBack(request: String) throws {
        var result = LayoutEngine.solve(try LayoutRequest.decode(from: Fixtures.bytes(request)))
        #expect(try LayoutResult.decode(from: result.jsonBytes()) == result)
        #expect(try LayoutResult.decode(from: result.jsonValue) == result)
        // With the members only a recorded or measured result has.
        result.id = "lay_01jd0000000000000000000000"
        result.solveMicros = 87
        let decoded = try LayoutResult.decode(from: result.jsonBytes())
        #expect(decoded == result)
        #expect(decoded.jsonBytes() == result.jsonBytes())
    }

    @Test(
        "each golden result reads back and writes the same bytes again",
        arguments: RequestPathGoldenTests.requests.map(RequestPathGoldenTests.goldenName(for:)))
    func goldenResultsReadBack(golden: String) throws {
        let bytes = try Fixtures.bytes(golden)
        #expect(try LayoutResult.decode(from: bytes).jsonBytes() == bytes)
    }

    @Test("the typed values come back: modes, frames in order, the prompt, diagnostics, broken constraints")
    func typedValuesComeBack() throws {
        let result = LayoutEngine.solve(
            try LayoutRequest.decode(from: Fixtures.bytes("golden-diagnostics-request.json")))
        let decoded = try LayoutResult.decode(from: result.jsonBytes())
        #expect(decoded.mode == result.mode && decoded.navigation == result.navigation)
        #expect(decoded.wideMode == result.wideMode)
        #expect(decoded.frames.map(\.name) == result.frames.map(\.name))
        #expect(decoded.frames.map(\.frame) == result.frames.map(\.frame))
        #expect(decoded.guides.map(\.name) == result.guides.map(\.name))
        #expect(decoded.cameraViewport == result.cameraViewport)
        #expect(decoded.prompt == result.prompt)
        #expect(decoded.layers == result.layers)
        #expect(decoded.diagnostics == result.diagnostics)
        #expect(!decoded.diagnostics.isEmpty)
        #expect(decoded.broken == result.broken)
        #expect(decoded.mapFeatures == result.mapFeatures)
        #expect(decoded.status == result.status)
    }

    @Test("an appearance, repeated names and numbers that are not finite read back as the writer wrote them")
    func unusualResultsReadBack() throws {
        var result = LayoutEngine.solve(try LayoutRequest.decode(from: Fixtures.bytes("seed-delegate-prompt.json")))
        result.appearance = Appearance(
            headerPrimaryBackgroundColor: RGBColor(red: 255, green: 128, blue: 0),
            headerSecondaryBackgroundColor: RGBColor(red: 1, green: 2, blue: 3))
        result.hidden += [("prompt", "first"), ("prompt", "second")]
        result.frames.append((name: result.frames[0].name, frame: Frame(x: -0.0, y: 1.5e-7, width: 1e300, height: -12)))
        result.guides.append((name: "broken", frame: Frame(x: .nan, y: .infinity, width: 1, height: 2)))
        let bytes = result.jsonBytes()
        let decoded = try LayoutResult.decode(from: bytes)
        #expect(decoded.jsonBytes() == bytes)
        #expect(decoded.appearance == result.appearance)
        #expect(decoded.hiddenReason(of: "prompt") == "second")
        let broken = try #require(decoded.guide("broken"))
        #expect(broken.x.isNaN && broken.y.isNaN && broken.width == 1)
    }

    @Test(
        "a stored result that does not read is an error naming the member",
        arguments: [
            ("{\"mode\":", "", "line 1, column 9"),
            ("[]", "", "expected an object, found an array"),
            (#"{"navigation":"guidance"}"#, "mode", "missing"),
            (#"{"mode":"sideways"}"#, "mode", "'sideways' is not a known LayoutMode"),
        ])
    func malformedDocuments(_ text: String, _ path: String, _ message: String) {
        do {
            _ = try LayoutResult.decode(from: Array(text.utf8))
            Issue.record("\(text) must be refused")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test(
        "a member of the wrong shape is an error at its path",
        arguments: [
            ("frames", #"{"turnCard":{"x":"0","y":0,"width":1,"height":1}}"#, "frames.turnCard.x", "expected a number"),
            ("frames", #"{"turnCard":{"x":0,"y":0,"width":1}}"#, "frames.turnCard.height", "missing"),
            ("hidden", #"{"recenter":false}"#, "hidden.recenter", "expected a string"),
            ("camera", #"{"viewport":[]}"#, "camera.viewport", "expected an object"),
            (
                "prompt", #"{"frame":{"x":0,"y":0,"width":1,"height":1},"corners":"round"}"#, "prompt.corners",
                "'round' is not a known PromptCorners"
            ),
            ("layers", #"["turnCard",3]"#, "layers[1]", "expected a string"),
            (
                "diagnostics", #"[{"code":"no-such-rule","message":"m","items":[],"state":"guidance"}]"#,
                "diagnostics[0].code", "'no-such-rule' is not a known DiagnosticCode"
            ),
            (
                "broken", #"[{"constraint":"a == b","priority":2.5,"violation":1}]"#, "broken[0].priority",
                "expected an integer"
            ),
            ("mapFeatures", #"{"trafficLights":true}"#, "mapFeatures.stopSigns", "missing"),
            (
                "appearance", #"{"navigationHeaderPrimaryBackgroundColor":"red"}"#,
                "appearance.navigationHeaderPrimaryBackgroundColor", "is not a colour"
            ),
            ("solveMicros", "-1.5", "solveMicros", "expected an integer"),
            ("id", "7", "id", "expected a string"),
        ])
    func malformedMembers(_ member: String, _ json: String, _ path: String, _ message: String) throws {
        let result = LayoutEngine.solve(try LayoutRequest.decode(from: Fixtures.bytes("seed-delegate-prompt.json")))
        guard case .object(var object) = result.jsonValue else {
            Issue.record("a result is an object")
            return
        }
        object[member] = try JSONParser().parse(json)
        do {
            _ = try LayoutResult.decode(from: .object(object))
            Issue.record("\(member): \(json) must be refused")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }
}
