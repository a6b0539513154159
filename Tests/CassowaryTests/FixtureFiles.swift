import CassowaryScenario
import Foundation

/// Fixture files next to this source file, under Fixtures/.
enum FixtureFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    static func scenario(_ name: String) throws -> Scenario {
        try Scenario(parsing: text(name))
    }
}
