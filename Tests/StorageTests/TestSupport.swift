import Foundation
import Testing

@testable import Storage

/// A fresh folder under the system's temporary folder, removed when the value is dropped.
final class TemporaryFolder {
    let path: String

    init() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("navlayout-storage-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        self.path = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String {
        path + "/" + name
    }
}

enum Fixtures {
    /// Tests/StorageTests/Fixtures, found from this source file so tests run from any directory.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    static func migrations(_ name: String) -> String {
        folder + "/migrations/" + name
    }

    /// The package's top-level Migrations folder.
    static let packageMigrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Migrations").path
}
