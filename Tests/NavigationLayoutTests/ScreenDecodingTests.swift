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
}
