import Foundation
import JSON
import LayoutPicture
import NavigationLayout

/// The example layouts drawn as golden pictures: a request fixture and a result as the service
/// contract writes it.
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
    ]

    static func picture(_ example: Example) throws -> LayoutPicture {
        let request = try LayoutRequest.decode(from: try Fixtures.bytes(example.request))
        let result = try JSONParser().parse(try Fixtures.bytes("pictures/\(example.name).result.json"))
        return LayoutPicture(request: request, result: result, title: example.title)
    }

    static func goldenURL(_ example: Example) -> URL {
        Fixtures.directory.appendingPathComponent("pictures").appendingPathComponent("\(example.name).svg")
    }
}
