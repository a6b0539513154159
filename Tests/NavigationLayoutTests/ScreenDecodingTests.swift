import JSON
import Testing

@testable import NavigationLayout

@Suite("Decoding a request's screen alone")
struct ScreenDecodingTests {
    @Test(
        "the screen alone decodes as the whole request decodes it",
        arguments: [
            "seed-delegate-prompt.json", "builtin-guidance.json", "engine/seed-iphone-15-rtl-prompt.json",
            "engine/seed-landscape-phone-guidance.json",
        ])
    func sameScreen(fixture: String) throws {
        let document = try JSONParser().parse(try Fixtures.bytes(fixture))
        #expect(try LayoutRequest.decodeScreen(of: document) == LayoutRequest.decode(from: document).screen)
    }

    @Test(
        "a document whose only problems are in the screen reports them as the whole request does",
        arguments: [
            #"{"screen": {"width": 0, "height": 10, "safeArea": {"top": 20}}, "state": {"navigation": "ready"}}"#,
            #"{"screen": {"width": 1e308, "height": 1e308}, "state": {"navigation": "ready"}}"#,
            #"{"screen": {"height": 10, "tilt": 3}, "state": {"navigation": "ready"}}"#,
            #"{"screen": "phone", "state": {"navigation": "ready"}}"#,
            #"{"state": {"navigation": "ready"}}"#,
            #"[1, 2]"#,
        ])
    func sameIssues(text: String) throws {
        let document = try JSONParser().parse(text)
        let whole = #expect(throws: RequestError.self) { try LayoutRequest.decode(from: document) }
        let screen = #expect(throws: RequestError.self) { try LayoutRequest.decodeScreen(of: document) }
        #expect(whole != nil)
        #expect(screen?.issues == whole?.issues)
    }

    @Test(
        "a screen side above 10,000 points is refused at its path, naming the limit and the value",
        arguments: [("width", 1e308), ("height", 10_000.5), ("width", 20_000)])
    func screenSidesAreBounded(side: String, value: Double) throws {
        var screen: JSONValue = ["width": 393, "height": 852]
        if case .object(var object) = screen {
            object[side] = .number(value)
            screen = .object(object)
        }
        let document: JSONValue = ["screen": screen, "state": ["navigation": "ready"]]
        let error = try #require(#expect(throws: RequestError.self) { try LayoutRequest.decode(from: document) })
        #expect(error.issues.count == 1)
        #expect(error.issues.first?.path == "screen.\(side)")
        #expect(error.issues.first?.message.hasPrefix("expected at most 10000 points, found ") == true)
    }

    @Test("a screen of exactly 10,000 points on each side is accepted")
    func largestScreenIsAccepted() throws {
        let document: JSONValue = ["screen": ["width": 10_000, "height": 10_000], "state": ["navigation": "ready"]]
        #expect(try LayoutRequest.decode(from: document).screen.width == 10_000)
    }
}
