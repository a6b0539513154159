import Foundation
import Testing

@testable import Storage

@Suite("Migrator")
struct MigratorTests {
    private func migrator(_ fixture: String) throws -> Migrator {
        try Migrator(location: .folder(path: Fixtures.migrations(fixture)))
    }

    private func recordedIDs(_ connection: Connection) throws -> [Int] {
        try Migrator.recordedMigrations(connection).map(\.id)
    }

    private func tableExists(_ name: String, _ connection: Connection) throws -> Bool {
        try connection.fetchValue(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [name], as: Int.self) == 1
    }

    // MARK: Applying

    @Test("migrations are applied in order, each recorded with its name, checksum and time")
    func appliesInOrder() throws {
        let connection = try Connection(location: .inMemory)
        let applied = try migrator("valid").migrate(connection)
        #expect(applied.map(\.fileName) == ["0001_create_notes.sql", "0002_create_tags.sql"])
        let records = try Migrator.recordedMigrations(connection)
        #expect(records.map(\.id) == [1, 2])
        #expect(records.map(\.name) == ["create_notes", "create_tags"])
        // sha256sum of the fixture file.
        #expect(records[0].checksum == "788dedab736d6b002274cd3ea05091cf1831364fe076a6acb81122970f991e39")
        #expect(records.allSatisfy { $0.appliedAt.count == 24 && $0.appliedAt.hasSuffix("Z") })
        // 0002 inserts a note into the table 0001 created.
        #expect(try connection.fetchValue("SELECT title FROM notes", as: String.self) == "welcome")
    }

    @Test("running the migrator again applies nothing")
    func secondRunIsNoOp() throws {
        let connection = try Connection(location: .inMemory)
        try migrator("valid").migrate(connection)
        #expect(try migrator("valid").migrate(connection).isEmpty)
        #expect(try connection.fetchValue("SELECT count(*) FROM notes", as: Int.self) == 1)
    }

    @Test("a new migration is applied on top of the applied ones")
    func appliesNewMigration() throws {
        let connection = try Connection(location: .inMemory)
        try migrator("valid").migrate(connection)
        let status = try migrator("valid_plus_one").status(of: connection)
        #expect(status.pending.map(\.id) == [3])
        #expect(status.applied.map(\.id) == [1, 2])
        #expect(!status.isUpToDate)
        let applied = try migrator("valid_plus_one").migrate(connection)
        #expect(applied.map(\.id) == [3])
        #expect(try migrator("valid_plus_one").status(of: connection).isUpToDate)
    }

    @Test("the status of a fresh database lists every migration as pending and changes nothing")
    func dryRunChangesNothing() throws {
        let connection = try Connection(location: .inMemory)
        let status = try migrator("valid").status(of: connection)
        #expect(status.pending.map(\.id) == [1, 2])
        #expect(status.applied.isEmpty && status.changed.isEmpty && status.unknown.isEmpty)
        #expect(status.problems.isEmpty)
        #expect(try !tableExists(Migrator.tableName, connection))
        #expect(try !tableExists("notes", connection))
    }

    @Test("a folder with no migrations (only hidden files) migrates to nothing")
    func emptyFolder() throws {
        let connection = try Connection(location: .inMemory)
        let migrator = try migrator("empty")
        #expect(migrator.migrations.isEmpty)
        #expect(try migrator.migrate(connection).isEmpty)
        #expect(try tableExists(Migrator.tableName, connection))
    }

    @Test("the package's own Migrations folder loads")
    func packageMigrationsFolderLoads() throws {
        let migrator = try Migrator(location: .folder(path: Fixtures.packageMigrations))
        #expect(migrator.migrations.map(\.id) == (0..<migrator.migrations.count).map { $0 + 1 })
    }

    @Test("the async Database API migrates and reports status on a file database")
    func databaseMigrates() async throws {
        let folder = try TemporaryFolder()
        let database = try Database(location: .file(path: folder.file("db.sqlite")))
        let migrator = try migrator("valid")
        #expect(try await database.migrationStatus(migrator).pending.count == 2)
        #expect(try await database.migrate(migrator).count == 2)
        #expect(try await database.migrationStatus(migrator).isUpToDate)
        let titles = try await database.read {
            try $0.fetchAll("SELECT title FROM notes") { try $0.value(at: 0, as: String.self) }
        }
        #expect(titles == ["welcome"])
    }

    // MARK: Refusing to start

    @Test("a database holding a migration the files do not know is refused")
    func unknownAppliedMigration() throws {
        let connection = try Connection(location: .inMemory)
        try migrator("valid_plus_one").migrate(connection)
        let older = try migrator("valid")
        #expect(try older.status(of: connection).unknown.map(\.id) == [3])
        #expect(throws: MigrationError.unknownAppliedMigration(id: 3, name: "add_archived")) {
            try older.migrate(connection)
        }
    }

    @Test("an applied migration whose file changed is refused")
    func changedChecksum() throws {
        let connection = try Connection(location: .inMemory)
        let original = try migrator("valid")
        try original.migrate(connection)
        let edited = try migrator("changed_checksum")
        let recorded = original.migrations[1].checksum
        let current = edited.migrations[1].checksum
        #expect(recorded != current)
        #expect(try edited.status(of: connection).changed.map(\.file.id) == [2])
        #expect(
            throws: MigrationError.changedAppliedMigration(
                id: 2, recordedName: "create_tags", recordedChecksum: recorded,
                fileName: "0002_create_tags.sql", fileChecksum: current)
        ) {
            try edited.migrate(connection)
        }
    }

    @Test("an applied migration whose file was renamed is refused")
    func renamed() throws {
        let connection = try Connection(location: .inMemory)
        try migrator("valid").migrate(connection)
        let error = try #require(throws: MigrationError.self) { try migrator("renamed").migrate(connection) }
        guard case .changedAppliedMigration(let id, let recordedName, _, let fileName, _) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(id == 2 && recordedName == "create_tags" && fileName == "0002_create_labels.sql")
    }

    @Test("a pending migration before an applied one is refused")
    func pendingBeforeApplied() throws {
        let connection = try Connection(location: .inMemory)
        try migrator("valid").migrate(connection)
        try connection.execute("DELETE FROM \(Migrator.tableName) WHERE id = 1")
        #expect(throws: MigrationError.pendingBeforeApplied(id: 1, lastAppliedID: 2)) {
            try migrator("valid").migrate(connection)
        }
    }

    // MARK: Bad folders

    @Test("a missing folder names every place looked at")
    func folderNotFound() throws {
        let missing = Fixtures.migrations("no_such_folder")
        #expect(throws: MigrationError.folderNotFound(searched: [missing])) {
            try Migrator(location: .folder(path: missing))
        }
        let alsoMissing = Fixtures.migrations("nor_this_one")
        #expect(throws: MigrationError.folderNotFound(searched: [missing, alsoMissing])) {
            try Migrator(location: .firstFound([.folder(path: missing), .folder(path: alsoMissing)]))
        }
    }

    @Test("the first existing folder of a list is used")
    func firstFoundFolder() throws {
        let migrator = try Migrator(
            location: .firstFound([
                .folder(path: Fixtures.migrations("no_such_folder")), .folder(path: Fixtures.migrations("valid")),
            ]))
        #expect(migrator.source == Fixtures.migrations("valid"))
        #expect(migrator.migrations.count == 2)
    }

    @Test("the standard location looks beside the executable, then in the current directory")
    func standardLocation() {
        let candidates = MigrationLocation.standard.candidates
        #expect(candidates.count == 2)
        #expect(candidates.allSatisfy { $0.hasSuffix("/Migrations") })
        #expect(candidates.last == FileManager.default.currentDirectoryPath + "/Migrations")
    }

    @Test("a file not named NNNN_name.sql is refused")
    func invalidFileName() throws {
        #expect(
            throws: MigrationError.invalidFileName(
                fileName: "3_extra.sql", folder: Fixtures.migrations("bad_file_name"))
        ) {
            try migrator("bad_file_name")
        }
    }

    @Test(
        "file names are parsed strictly",
        arguments: [
            ("0001_create.sql", "1 create"), ("0042_Add_Index_2.sql", "42 Add_Index_2"),
            ("1_short.sql", "invalid"), ("00001_long.sql", "invalid"), ("0000_zero.sql", "invalid"),
            ("0001_.sql", "invalid"), ("0001-dash.sql", "invalid"), ("0001_name.SQL", "invalid"),
            ("0001_has space.sql", "invalid"), ("0001_dot.name.sql", "invalid"), ("abcd_name.sql", "invalid"),
        ])
    func fileNameParsing(fileName: String, expected: String) {
        let parsed = Migration.parseFileName(fileName).map { "\($0.id) \($0.name)" } ?? "invalid"
        #expect(parsed == expected)
    }

    @Test("two files with the same number are refused")
    func duplicateNumber() throws {
        #expect(
            throws: MigrationError.duplicateNumber(id: 2, fileNames: ["0002_create_other.sql", "0002_create_tags.sql"])
        ) {
            try migrator("duplicate_number")
        }
    }

    @Test("a hole in the numbers is refused")
    func missingNumber() throws {
        #expect(throws: MigrationError.missingNumber(id: 2, folder: Fixtures.migrations("missing_number"))) {
            try migrator("missing_number")
        }
    }

    @Test("a file that is not UTF-8 is refused")
    func notUTF8() throws {
        #expect(throws: MigrationError.notUTF8(path: Fixtures.migrations("not_utf8") + "/0001_bad_bytes.sql")) {
            try migrator("not_utf8")
        }
    }

    @Test("migrations built in code are validated like files")
    func inCodeMigrations() throws {
        #expect(throws: MigrationError.missingNumber(id: 1, folder: "(in code)")) {
            try Migrator(migrations: [Migration(id: 2, name: "two", sql: "SELECT 1")])
        }
        let migrator = try Migrator(migrations: [
            Migration(id: 2, name: "two", sql: "CREATE TABLE b (x)"),
            Migration(id: 1, name: "one", sql: "CREATE TABLE a (x)"),
        ])
        #expect(migrator.migrations.map(\.fileName) == ["0001_one.sql", "0002_two.sql"])
    }

    // MARK: Failing migrations

    @Test("a migration whose SQL fails is rolled back entirely and not recorded")
    func sqlErrorRollsBack() throws {
        let connection = try Connection(location: .inMemory)
        let error = try #require(throws: MigrationError.self) { try migrator("sql_error").migrate(connection) }
        guard case .migrationFailed(let id, let fileName, let databaseError) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(id == 2 && fileName == "0002_half_broken.sql")
        #expect(databaseError.sql == "INSERT INTO no_such_table (id) VALUES (1);")
        #expect(databaseError.message.contains("no such table"))
        // 0001 stays applied; 0002's first statements are undone.
        #expect(try recordedIDs(connection) == [1])
        #expect(try tableExists("notes", connection))
        #expect(try !tableExists("half", connection))
        #expect(!connection.isInTransaction)
    }

    @Test("a migration that controls transactions is refused before it runs")
    func transactionControlRefused() throws {
        let connection = try Connection(location: .inMemory)
        #expect(
            throws: MigrationError.migrationControlsTransaction(
                id: 2, fileName: "0002_commits_early.sql", sql: "COMMIT;")
        ) {
            try migrator("controls_transaction").migrate(connection)
        }
        #expect(try recordedIDs(connection) == [1])
        #expect(try !tableExists("early", connection))
        #expect(try !tableExists("late", connection))
        // Transactions work normally again once the migration is over.
        try connection.transaction(.immediate) { try $0.execute("CREATE TABLE afterwards (x)") }
        #expect(try tableExists("afterwards", connection))
    }
}

@Suite("Migration status report")
struct MigrationStatusReportTests {
    @Test("the dry-run text lists applied and pending migrations by id, then the verdict")
    func pendingReport() throws {
        let connection = try Connection(location: .inMemory)
        try Migrator(location: .folder(path: Fixtures.migrations("valid"))).migrate(connection)
        let status = try Migrator(location: .folder(path: Fixtures.migrations("valid_plus_one"))).status(of: connection)
        let lines = status.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("applied  0001 create_notes  "))
        #expect(lines[1].hasPrefix("applied  0002 create_tags  "))
        #expect(lines[2] == "pending  0003 add_archived")
        #expect(lines[3] == "3 migration(s), 1 pending")
    }

    @Test("the dry-run text names each problem")
    func problemReport() throws {
        let connection = try Connection(location: .inMemory)
        try Migrator(location: .folder(path: Fixtures.migrations("valid_plus_one"))).migrate(connection)
        let status = try Migrator(location: .folder(path: Fixtures.migrations("changed_checksum"))).status(
            of: connection)
        let lines = status.description.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("CHANGED  0002 create_tags  "))
        #expect(lines[2].hasPrefix("UNKNOWN  0003 add_archived  "))
        #expect(lines[3] == "3 migration(s); refusing to migrate: 2 problem(s)")
        #expect(lines.count == 6)
    }
}
