import Foundation
import JSON
import NavigationLayout
import Testing

/// The whole request path (request bytes in, result bytes out) against recorded result bytes.
///
/// The goldens were written by the engine before any performance work on the path, so every
/// optimisation of decoding, solving, checking or writing must leave the wire bytes exactly as they were.
@Suite("Request path against recorded result bytes")
struct RequestPathGoldenTests {
    static let requests = [
        "seed-delegate-prompt.json", "builtin-guidance.json", "seed-delegate-guidance.json",
        "engine/seed-ipad-portrait-guidance.json", "engine/seed-ipad-portrait-prompt.json",
        "engine/seed-ipad-portrait-ready.json", "engine/seed-iphone-15-guidance.json",
        "engine/seed-iphone-15-prompt.json", "engine/seed-iphone-15-ready.json",
        "engine/seed-iphone-15-rtl-guidance.json", "engine/seed-iphone-15-rtl-prompt.json",
        "engine/seed-iphone-15-rtl-ready.json", "engine/seed-iphone-se-guidance.json",
        "engine/seed-iphone-se-prompt.json", "engine/seed-iphone-se-ready.json",
        "engine/seed-landscape-phone-guidance.json", "engine/seed-landscape-phone-prompt.json",
        "engine/seed-landscape-phone-ready.json", "golden-diagnostics-request.json",
        // A required conflict with a hiding stack's arrangement, whose message prints solver variables by name
        // (recorded before the item variables stopped carrying names of their own).
        "golden-stack-conflict-request.json",
    ]

    static func goldenName(for request: String) -> String {
        "golden/"
            + request.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".json", with: ".result.json")
    }

    @Test(
        "each fixture request solves to exactly its recorded result bytes, the tree and the wire agreeing",
        arguments: requests)
    func requestPathWritesTheRecordedBytes(request: String) throws {
        let decoded = try LayoutRequest.decode(from: Fixtures.bytes(request))
        let result = LayoutEngine.solve(decoded)
        let written = result.jsonBytes()
        // The direct writer and the value tree are two spellings of one document.
        #expect(written == JSONWriter().bytes(for: result.jsonValue), "\(request): direct bytes differ from the tree's")
        let golden = try Fixtures.bytes(Self.goldenName(for: request))
        #expect(
            written == golden,
            "\(request): got \(String(decoding: written, as: UTF8.self))")
    }

    @Test("the wire writer folds repeated names and carries optional members exactly as the tree does")
    func directBytesFoldRepeatedNamesAndCarryOptionalMembersLikeTheValueTree() throws {
        var result = LayoutEngine.solve(
            try LayoutRequest.decode(from: Fixtures.bytes("golden-diagnostics-request.json")))
        result.id = "lay_\u{1}\"quoted\"\\"
        result.solveMicros = 42
        result.appearance = Appearance(headerPrimaryBackgroundColor: RGBColor(red: 255, green: 128, blue: 0))
        result.hidden += [("prompt", "first"), ("prompt", "second")]
        result.frames.append((name: result.frames[0].name, frame: Frame(x: -0.0, y: 1.5e-7, width: 1e300, height: -12)))
        #expect(result.jsonBytes() == JSONWriter().bytes(for: result.jsonValue))
        #expect(!result.diagnostics.isEmpty && !result.broken.isEmpty)
    }
}
