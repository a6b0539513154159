import Foundation
import LayoutPicture
import NavigationLayout

/// The example layouts drawn as golden pictures: a request fixture, solved by the engine as it is
/// today, drawn with a title. The golden SVG files are in Tests/Fixtures/pictures.
enum PictureFixtures {
    struct Example: Sendable, CustomStringConvertible {
        var name: String
        var request: String
        var title: String
        var description: String { name }
    }

    static let examples = [
        Example(
            name: "seed-delegate-guidance", request: "seed-delegate-guidance.json",
            title: "iPhone 15 \u{00B7} seed sample delegate"),
        Example(
            name: "seed-delegate-prompt", request: "seed-delegate-prompt.json",
            title: "iPhone 15 \u{00B7} seed sample delegate with a prompt"),
        Example(
            name: "builtin-guidance", request: "builtin-guidance.json", title: "iPhone 15 \u{00B7} built-in layout"),
        Example(
            name: "landscape-rtl", request: "pictures/landscape-rtl.request.json",
            title: "iPhone 15 landscape \u{00B7} right-to-left delegate"),
        Example(
            name: "ipad-portrait", request: "pictures/ipad-portrait.request.json",
            title: "iPad portrait \u{00B7} seed sample delegate in wide mode"),
        Example(
            name: "diagnostics", request: "golden-diagnostics-request.json",
            title: "iPhone 15 \u{00B7} a delegate that breaks rules"),
        Example(
            name: "stack-conflict", request: "golden-stack-conflict-request.json",
            title: "iPhone 15 \u{00B7} a hiding stack in conflict"),
    ]

    /// The example's request and the engine's result for it.
    static func solve(_ example: Example) throws -> (request: LayoutRequest, result: LayoutResult) {
        let request = try LayoutRequest.decode(from: try Fixtures.bytes(example.request))
        return (request, LayoutEngine.solve(request))
    }

    static func picture(_ example: Example) throws -> LayoutPicture {
        let (request, result) = try solve(example)
        return LayoutPicture(request: request, result: result, title: example.title)
    }

    static func goldenURL(_ example: Example) -> URL {
        Fixtures.directory.appendingPathComponent("pictures").appendingPathComponent("\(example.name).svg")
    }

    /// Set to 1 to write the golden pictures afresh (then review them as images before committing).
    static let updateVariable = "NAVLAYOUT_UPDATE_GOLDENS"

    /// `document` against the golden file at `url`: written there first when the update variable is
    /// set, so that a deliberate change to the pictures or to the engine is one run away.
    static func golden(_ document: String, at url: URL) throws -> String {
        if ProcessInfo.processInfo.environment[updateVariable] == "1" {
            try document.write(to: url, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
