import Foundation
import JSON

/// The example requests in Tests/Fixtures, the one fixture tree every test target reads (the seed's
/// sample delegate, with a prompt, and a built-in layout), as bytes, text or objects.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }

    static func object(_ name: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(try bytes(name))) as? [String: Any] else {
            throw FixtureError(name: name)
        }
        return object
    }

    /// JSON text of an object, keys sorted (stable bodies).
    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    struct FixtureError: Error, CustomStringConvertible {
        var name: String
        var description: String { "fixture \(name) is not a JSON object" }
    }
}
