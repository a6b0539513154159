import ChildProcess
import Foundation
import Testing

@testable import Storage

/// Migrations in code for the backup and restore tests: one table of notes, then an index.
private let notesMigrations = [
    Migration(id: 1, name: "create_notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"),
    Migration(id: 2, name: "index_notes", sql: "CREATE INDEX notes_by_body ON notes (body)"),
]

/// Checkpoints inside the writer's commits: a background checkpoint running at the moment a test
/// asks for its own would make that one busy.
private let quietCheckpoints = DatabaseConfiguration(checkpointFrames: 0)

/// A migrated file database with `rows` notes.
private func notesDatabase(at path: String, rows: Int, migrations: [Migration] = notesMigrations) async throws
    -> Database
{
    let database = try Database(location: .file(path: path), configuration: quietCheckpoints)
    try await database.migrate(try Migrator(migrations: migrations))
    try await database.write(.individual) { connection in
        for id in 0..<rows {
            try connection.execute("INSERT INTO notes (id, body) VALUES (?, ?)", [id, "note \(id)"])
        }
    }
    return database
}

private func noteCount(at path: String) throws -> Int {
    try Connection(location: .file(path: path), readOnly: true).fetchValue("SELECT count(*) FROM notes", as: Int.self)
        ?? -1
}

@Suite("Backup and restore")
struct BackupTests {
    @Test("a backup holds every committed row, still in the log or not, and passes integrity_check")
    func backupIsComplete() async throws {
        let folder = try TemporaryFolder()
        let database = try await notesDatabase(at: folder.file("live.sqlite"), rows: 500)
        // These rows are committed to the log only: no checkpoint has copied them into the file.
        try await database.write { connection in
            try connection.execute("INSERT INTO notes (id, body) VALUES (1000, 'in the log')")
        }
        let report = try await database.backup(to: folder.file("copy.sqlite"))
        #expect(report.path == folder.file("copy.sqlite"))
        #expect(report.bytes > 0)
        #expect(
            report.bytes
                == (try FileManager.default.attributesOfItem(atPath: report.path)[.size] as? Int).map(Int64.init))
        #expect(try noteCount(at: report.path) == 501)
        #expect(try DatabaseBackup.integrityProblems(of: report.path).isEmpty)
    }

    @Test("a backup refuses an existing destination and leaves it as it was")
    func backupRefusesExistingFile() async throws {
        let folder = try TemporaryFolder()
        let database = try await notesDatabase(at: folder.file("live.sqlite"), rows: 3)
        let existing = folder.file("taken.sqlite")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
        await #expect(throws: MaintenanceError.destinationExists(path: existing)) {
            try await database.backup(to: existing)
        }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        #expect(throws: MaintenanceError.databaseMissing(path: folder.file("absent.sqlite"))) {
            try DatabaseBackup.write(from: folder.file("absent.sqlite"), to: folder.file("out.sqlite"))
        }
    }

    @Test("a backup taken while another process writes holds every row acknowledged before it started")
    func backupUnderWritesFromAnotherProcess() async throws {
        let writer = try DurabilityWriter.locate()
        let folder = try TemporaryFolder()
        let path = folder.file("busy.sqlite")
        let process = try ChildProcess(executable: writer, arguments: [path, "1", "8", "20000"])
        defer { process.signal(SIGKILL) }  // also keeps the writer alive, and writing, to the end
        // Read acknowledgements until a few hundred came, then back up while the writes go on.
        var acknowledged: [Int] = []
        var partial = ""
        while acknowledged.count < 300 {
            let chunk = await process.output()
            try #require(!chunk.isEmpty, "the writer stopped early")
            partial += String(decoding: chunk, as: UTF8.self)
            var lines = partial.split(separator: "\n", omittingEmptySubsequences: false)
            partial = String(lines.removeLast())
            acknowledged += lines.compactMap { Int($0) }
        }
        let report = try DatabaseBackup.write(from: path, to: folder.file("copy.sqlite"))
        let copy = try Connection(location: .file(path: report.path), readOnly: true)
        let present = Set(try copy.fetchAll("SELECT id FROM acknowledged") { try $0.value(at: 0, as: Int.self) })
        let missing = acknowledged.filter { !present.contains($0) }
        #expect(missing.isEmpty, "acknowledged before the backup but missing from it: \(missing.prefix(10))")
        #expect(try copy.integrityProblems(.full).isEmpty)
    }

    @Test("a restore puts the backup in place and drops the old database's write-ahead log")
    func restoreReplacesDatabase() async throws {
        let folder = try TemporaryFolder()
        let backup = folder.file("backup.sqlite")
        do {
            let source = try await notesDatabase(at: folder.file("source.sqlite"), rows: 7)
            _ = try await source.backup(to: backup)
        }
        let target = folder.file("target.sqlite")
        do {
            _ = try await notesDatabase(at: target, rows: 100)
        }
        // A log left behind by the old database (as after a crash) must not be replayed into the
        // restored one.
        try Data(repeating: 0xAB, count: 4096).write(to: URL(fileURLWithPath: target + "-wal"))
        let report = try DatabaseRestore.replace(
            target, with: backup, migrator: try Migrator(migrations: notesMigrations))
        #expect(report.appliedMigrations == 2)
        #expect(report.pendingMigrations == 0)
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: target + ".restoring"))
        #expect(try noteCount(at: target) == 7)
        #expect(try DatabaseBackup.integrityProblems(of: target).isEmpty)
    }

    @Test("a restore refuses while the database is open, in this process or another")
    func restoreRefusesOpenDatabase() async throws {
        let folder = try TemporaryFolder()
        let backup = folder.file("backup.sqlite")
        let target = folder.file("target.sqlite")
        let migrator = try Migrator(migrations: notesMigrations)
        let open = try await notesDatabase(at: target, rows: 5)
        _ = try await open.backup(to: backup)
        #expect(throws: MaintenanceError.databaseInUse(path: target)) {
            try DatabaseRestore.replace(target, with: backup, migrator: migrator)
        }
        #expect(try await open.read { try $0.fetchValue("SELECT count(*) FROM notes", as: Int.self) } == 5)
        #expect(!FileManager.default.fileExists(atPath: target + ".restoring"))

        // Another process writing to the database.
        let other = folder.file("other.sqlite")
        let process = try ChildProcess(
            executable: try DurabilityWriter.locate(), arguments: [other, "1", "1", "1000000"])
        defer { process.signal(SIGKILL) }  // also keeps the writer alive, and writing, to the end
        try #require(!(await process.output()).isEmpty, "the writer did not start")
        #expect(throws: MaintenanceError.databaseInUse(path: other)) {
            try DatabaseRestore.replace(other, with: backup, migrator: migrator)
        }
    }

    @Test("a restore refuses a backup of a newer binary, of changed migrations, or of no migrations at all")
    func restoreChecksMigrations() async throws {
        let folder = try TemporaryFolder()
        let target = folder.file("target.sqlite")
        let newer = folder.file("newer.sqlite")
        _ = try await notesDatabase(at: folder.file("a.sqlite"), rows: 1).backup(to: newer)
        let older = try Migrator(migrations: [notesMigrations[0]])
        #expect(
            throws: MaintenanceError.incompatibleMigrations(
                path: newer, problems: [.unknownAppliedMigration(id: 2, name: "index_notes")])
        ) {
            try DatabaseRestore.replace(target, with: newer, migrator: older)
        }
        let changed = try Migrator(migrations: [
            notesMigrations[0], Migration(id: 2, name: "index_notes", sql: "CREATE INDEX other ON notes (id)"),
        ])
        #expect(throws: MaintenanceError.self) {
            try DatabaseRestore.replace(target, with: newer, migrator: changed)
        }
        let bare = folder.file("bare.sqlite")
        try Connection(location: .file(path: bare)).execute("CREATE TABLE t (x)")
        #expect(throws: MaintenanceError.noMigrationsRecorded(path: bare)) {
            try DatabaseRestore.replace(target, with: bare, migrator: older)
        }
        #expect(!FileManager.default.fileExists(atPath: target))

        // A backup of an older binary is fine: its missing migration is applied at the next start.
        let oldBackup = folder.file("old.sqlite")
        _ = try await notesDatabase(at: folder.file("b.sqlite"), rows: 2, migrations: [notesMigrations[0]])
            .backup(to: oldBackup)
        let report = try DatabaseRestore.replace(
            target, with: oldBackup, migrator: try Migrator(migrations: notesMigrations))
        #expect(report.pendingMigrations == 1)
        #expect(try noteCount(at: target) == 2)
    }

    @Test("a damaged file fails the integrity checks, and a restore refuses it")
    func damagedFileIsRefused() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("damaged.sqlite")
        do {
            let database = try await notesDatabase(at: path, rows: 3000)
            _ = try await database.writeWithoutTransaction { try $0.checkpoint(.restart) }
        }
        try damagePage(10, of: path)
        let database = try Database(location: .file(path: path))
        await #expect(throws: MaintenanceError.self) { try await database.requireIntegrity(.quick) }
        #expect(!(try DatabaseBackup.integrityProblems(of: path, check: .full)).isEmpty)
        let target = folder.file("target.sqlite")
        do {
            _ = try DatabaseRestore.replace(target, with: path, migrator: try Migrator(migrations: notesMigrations))
            Issue.record("a damaged backup was restored")
        } catch MaintenanceError.integrityCheckFailed(let failedPath, let check, let problems) {
            #expect(failedPath == path)
            #expect(check == .full)
            #expect(!problems.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// Overwrites the b-tree page header of page `number` (counted from 1) with bytes no page has.
    private func damagePage(_ number: Int, of path: String) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64((number - 1) * 4096))
        try handle.write(contentsOf: Data(repeating: 0x7F, count: 16))
    }
}

@Suite("Incremental vacuum")
struct IncrementalVacuumTests {
    @Test("an existing database is rebuilt once into incremental auto-vacuum mode and keeps its rows")
    func switchesMode() async throws {
        let folder = try TemporaryFolder()
        let database = try await notesDatabase(at: folder.file("mode.sqlite"), rows: 50)
        #expect(try await database.read { try $0.autoVacuumMode() } == AutoVacuumMode.none)
        #expect(try await database.useIncrementalAutoVacuum())
        #expect(try await database.read { try $0.autoVacuumMode() } == .incremental)
        #expect(try await database.useIncrementalAutoVacuum() == false)
        #expect(try await database.read { try $0.fetchValue("SELECT count(*) FROM notes", as: Int.self) } == 50)
    }

    @Test("after deletes, incremental vacuum gives the free pages back and the file shrinks at checkpoint")
    func fileShrinks() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shrink.sqlite")
        let database = try Database(location: .file(path: path), configuration: quietCheckpoints)
        #expect(try await database.useIncrementalAutoVacuum())
        try await database.migrate(try Migrator(migrations: notesMigrations))
        try await database.write(.individual) { connection in
            for id in 0..<5000 {
                try connection.execute(
                    "INSERT INTO notes (id, body) VALUES (?, ?)", [id, String(repeating: "x", count: 400)])
            }
        }
        _ = try await database.writeWithoutTransaction { try $0.checkpoint(.restart) }
        let fullPages = try await database.read { try $0.pageCount() }
        let fullSize = try fileSize(path)
        try await database.write(.individual) { try $0.execute("DELETE FROM notes WHERE id >= 100") }
        #expect(try await database.read { try $0.freePageCount() } > fullPages / 2)
        let freed = try await database.incrementalVacuum()
        #expect(freed > fullPages / 2)
        #expect(try await database.read { try $0.freePageCount() } == 0)
        #expect(try await database.read { try $0.pageCount() } < fullPages / 2)
        _ = try await database.writeWithoutTransaction { try $0.checkpoint(.restart) }
        #expect(try fileSize(path) < fullSize / 2)
    }

    private func fileSize(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }
}
