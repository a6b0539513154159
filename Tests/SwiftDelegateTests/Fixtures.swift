import Foundation

/// The fixtures: Tests/Fixtures (requests) and Tests/Fixtures/swift (delegate files), found from
/// this source file so tests run from any directory.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let folder = root.appendingPathComponent("swift")

    /// A Swift file of Tests/Fixtures/swift.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// A file of Tests/Fixtures.
    static func request(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(name)))
    }
}
