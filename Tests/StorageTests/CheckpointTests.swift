import Foundation
import Testing

@testable import Storage

@Suite("Write-ahead log checkpoints")
struct CheckpointTests {
    static let rows = 300
    /// About two pages per row: every commit adds several frames to the log.
    static let payload = String(repeating: "x", count: 6000)

    static func fill(_ database: Database) async throws {
        try await database.write { try $0.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)") }
        for id in 0..<rows {
            try await database.write { try $0.execute("INSERT INTO t VALUES (?, ?)", [id, Self.payload]) }
        }
    }

    static func size(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }

    static func logSize(_ path: String) throws -> Int {
        try size(path + "-wal")
    }

    @Test("past the threshold the log is copied back into the database file in the background")
    func backgroundCheckpoints() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite")
        let database = try Database(
            location: .file(path: path), configuration: DatabaseConfiguration(checkpointFrames: 8))
        try await Self.fill(database)
        try await eventually { database.backgroundCheckpoints.completed >= 1 }
        #expect(database.backgroundCheckpoints.failed == 0)
        // Until a checkpoint copies them, new pages live in the log only: the database file holds
        // most rows (two pages each) once checkpoints ran.
        #expect(try Self.size(path) >= Self.rows * 4096)
        let (count, integrity) = try await database.read { connection in
            (
                try connection.fetchValue("SELECT count(*) FROM t", as: Int.self),
                try connection.fetchValue("PRAGMA integrity_check", as: String.self)
            )
        }
        #expect(count == Self.rows)
        #expect(integrity == "ok")
    }

    @Test("with background checkpoints off, SQLite's own automatic checkpoint still bounds the log")
    func automaticCheckpoints() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite")
        let database = try Database(
            location: .file(path: path), configuration: DatabaseConfiguration(checkpointFrames: 0))
        try await database.write { try $0.execute("PRAGMA wal_autocheckpoint = 16") }
        try await Self.fill(database)
        #expect(database.backgroundCheckpoints.completed == 0)
        #expect(try Self.logSize(path) <= 64 * (4096 + 24))
        let count = try await database.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int.self) }
        #expect(count == Self.rows)
    }

    @Test(
        "a checkpoint reports the log's frames and how many are back in the database file",
        arguments: [CheckpointMode.passive, .full, .restart])
    func checkpointResult(mode: CheckpointMode) async throws {
        let folder = try TemporaryFolder()
        let database = try Database(
            location: .file(path: folder.file("db.sqlite")), configuration: DatabaseConfiguration(checkpointFrames: 0))
        try await database.write { try $0.execute("PRAGMA wal_autocheckpoint = 0") }
        try await Self.fill(database)
        let result = try await database.writeWithoutTransaction { try $0.checkpoint(mode) }
        #expect(result.logFrames >= Self.rows)
        #expect(result.checkpointedFrames == result.logFrames)
    }
}
