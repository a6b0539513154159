import CSQLite
import Foundation

/// Applies the numbered SQL files of a migrations folder to a database, each once, in order.
///
/// Each migration runs in its own IMMEDIATE transaction together with the row that records it
/// (id, name, SHA-256 of the file, time applied) in `schema_migrations`: a migration is either
/// applied and recorded, or neither. The migrator refuses to touch a database that records a
/// migration it does not know or one whose file changed (see `MigrationError`).
public struct Migrator: Sendable {
    /// The table that records applied migrations.
    public static let tableName = "schema_migrations"

    /// The migrations, ordered by id (1, 2, 3...).
    public let migrations: [Migration]
    /// Where they came from: a folder path, or "(in code)".
    public let source: String

    /// Loads the migrations of the folder `location` resolves to.
    public init(location: MigrationLocation = .standard) throws {
        let folder = try location.resolve()
        self.migrations = try Migrator.load(folder: folder)
        self.source = folder
    }

    /// Uses migrations built in code; they must be numbered 1, 2, 3... without duplicates.
    public init(migrations: [Migration]) throws {
        self.migrations = try Migrator.validated(migrations, source: "(in code)")
        self.source = "(in code)"
    }

    // MARK: Loading

    static func load(folder: String) throws -> [Migration] {
        let fileNames: [String]
        do {
            fileNames = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw MigrationError.folderNotFound(searched: [folder])
        }
        var migrations: [Migration] = []
        // Sorted, so the first bad file reported is the same on every machine. Hidden files
        // (.gitkeep) and Markdown notes (README.md) are not migrations; anything else must be one.
        // Folders hold the migrations of other databases (postgres/): not this one's.
        for fileName in fileNames.sorted() where !fileName.hasPrefix(".") && !fileName.hasSuffix(".md") {
            let path = folder + "/" + fileName
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { continue }
            guard let (id, name) = Migration.parseFileName(fileName) else {
                throw MigrationError.invalidFileName(fileName: fileName, folder: folder)
            }
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw MigrationError.unreadableFile(path: path)
            }
            // Valid UTF-8 decodes to a String whose UTF-8 view is exactly the file's bytes, so the
            // checksum is the checksum of the file.
            guard let sql = String(validating: bytes, as: UTF8.self) else {
                throw MigrationError.notUTF8(path: path)
            }
            migrations.append(Migration(id: id, name: name, fileName: fileName, sql: sql))
        }
        return try validated(migrations, source: folder)
    }

    static func validated(_ migrations: [Migration], source: String) throws -> [Migration] {
        let sorted = migrations.sorted { ($0.id, $0.fileName) < ($1.id, $1.fileName) }
        var index = 0
        while index < sorted.count {
            let id = sorted[index].id
            var end = index + 1
            while end < sorted.count, sorted[end].id == id { end += 1 }
            if end - index > 1 {
                throw MigrationError.duplicateNumber(id: id, fileNames: sorted[index..<end].map(\.fileName))
            }
            index = end
        }
        for (offset, migration) in sorted.enumerated() where migration.id != offset + 1 {
            throw MigrationError.missingNumber(id: offset + 1, folder: source)
        }
        return sorted
    }

    // MARK: Status

    /// Where the database stands, without changing it (the dry run).
    public func status(of connection: Connection) throws -> MigrationStatus {
        let tableExists = try connection.fetchValue(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [Migrator.tableName], as: Int.self)
        return status(recorded: tableExists == 1 ? try Migrator.recordedMigrations(connection) : [])
    }

    /// Where a database that recorded `recorded` stands against these migrations.
    func status(recorded: [AppliedMigration]) -> MigrationStatus {
        let knownByID = Dictionary(uniqueKeysWithValues: migrations.map { ($0.id, $0) })
        var applied: [AppliedMigration] = []
        var changed: [ChangedMigration] = []
        var unknown: [AppliedMigration] = []
        for record in recorded {
            guard let migration = knownByID[record.id] else {
                unknown.append(record)
                continue
            }
            if migration.name == record.name, migration.checksum == record.checksum {
                applied.append(record)
            } else {
                changed.append(ChangedMigration(applied: record, file: migration))
            }
        }
        let recordedIDs = Set(recorded.map(\.id))
        let pending = migrations.filter { !recordedIDs.contains($0.id) }
        return MigrationStatus(applied: applied, pending: pending, changed: changed, unknown: unknown)
    }

    /// The rows of `schema_migrations`, which must exist.
    static func recordedMigrations(_ connection: any SQLConnection) throws -> [AppliedMigration] {
        try connection.fetchAll(
            "SELECT id, name, checksum, applied_at FROM \(tableName) ORDER BY id"
        ) { row in
            AppliedMigration(
                id: try row.value(at: 0), name: try row.value(at: 1), checksum: try row.value(at: 2),
                appliedAt: try row.value(at: 3))
        }
    }

    // MARK: Migrating

    /// Applies every pending migration, in order, and returns those it applied. Throws before
    /// changing anything when the status shows a problem; a failing migration is rolled back and
    /// stops the run (the migrations before it stay applied).
    @discardableResult
    public func migrate(_ connection: Connection) throws -> [Migration] {
        try connection.transaction(.immediate) { connection in
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS \(Migrator.tableName) (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    checksum TEXT NOT NULL,
                    applied_at TEXT NOT NULL
                )
                """)
        }
        let status = try status(of: connection)
        if let problem = status.problems.first {
            throw problem
        }
        var applied: [Migration] = []
        for migration in status.pending where try apply(migration, on: connection) {
            applied.append(migration)
        }
        return applied
    }

    /// Applies one migration and records it in one transaction; false when another process applied
    /// it between the status check and this transaction (the IMMEDIATE lock makes the re-check
    /// final).
    private func apply(_ migration: Migration, on connection: Connection) throws -> Bool {
        try connection.transaction(.immediate) { connection in
            let record = try connection.fetchOne(
                "SELECT name, checksum, applied_at FROM \(Migrator.tableName) WHERE id = ?", [migration.id]
            ) { row in
                AppliedMigration(
                    id: migration.id, name: try row.value(at: 0), checksum: try row.value(at: 1),
                    appliedAt: try row.value(at: 2))
            }
            if let record {
                guard record.name == migration.name, record.checksum == migration.checksum else {
                    throw MigrationError.changedAppliedMigration(
                        id: migration.id, recordedName: record.name, recordedChecksum: record.checksum,
                        fileName: migration.fileName, fileChecksum: migration.checksum)
                }
                return false
            }
            try runScript(of: migration, on: connection)
            try connection.execute(
                """
                INSERT INTO \(Migrator.tableName) (id, name, checksum, applied_at)
                VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                """,
                [migration.id, migration.name, migration.checksum])
            return true
        }
    }

    private func runScript(of migration: Migration, on connection: Connection) throws {
        // A BEGIN or COMMIT in the file would end the migrator's transaction and leave the rest of
        // the file running outside it; the authorizer refuses such statements as they are prepared,
        // before anything runs.
        sqlite3_set_authorizer(connection.handle, denyTransactionControl, nil)
        defer { sqlite3_set_authorizer(connection.handle, nil, nil) }
        do {
            try connection.executeScript(migration.sql)
        } catch let error as DatabaseError where error.resultCode == .auth {
            throw MigrationError.migrationControlsTransaction(
                id: migration.id, fileName: migration.fileName, sql: error.sql)
        } catch let error as DatabaseError {
            throw MigrationError.migrationFailed(id: migration.id, fileName: migration.fileName, error: error)
        }
        guard connection.isInTransaction else {
            throw MigrationError.migrationControlsTransaction(id: migration.id, fileName: migration.fileName, sql: nil)
        }
    }
}

/// A SQLite authorizer that refuses BEGIN / COMMIT / ROLLBACK and savepoints, allowing all else.
private let denyTransactionControl:
    @convention(c) (
        UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafePointer<CChar>?
    ) -> Int32 = { _, action, _, _, _, _ in
        action == SQLITE_TRANSACTION || action == SQLITE_SAVEPOINT ? SQLITE_DENY : SQLITE_OK
    }

extension Database {
    /// Applies the pending migrations on the writer connection; see `Migrator.migrate`.
    @discardableResult
    public func migrate(_ migrator: Migrator) async throws -> [Migration] {
        try await writeWithoutTransaction { try migrator.migrate($0) }
    }

    /// Where this database stands against the migrator's migrations; changes nothing.
    public func migrationStatus(_ migrator: Migrator) async throws -> MigrationStatus {
        try await read { try migrator.status(of: $0) }
    }
}
