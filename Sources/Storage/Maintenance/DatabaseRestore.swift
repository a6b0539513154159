import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a database file with a backup, after checking that the backup is sound and that this
/// binary can run on it.
public enum DatabaseRestore {
    /// What a restore put in place.
    public struct Report: Sendable, Hashable {
        /// The database file now holding the backup.
        public var path: String
        public var bytes: Int64
        /// The backup's applied migrations, by id.
        public var appliedMigrations: Int
        /// This binary's migrations the backup lacks; the next start applies them.
        public var pendingMigrations: Int
    }

    /// Checks `backup`, then puts a copy of it in place of the database at `target`:
    ///
    /// 1. The backup passes `PRAGMA integrity_check`.
    /// 2. Its `schema_migrations` match `migrator`'s migrations: none unknown (a newer binary) or
    ///    changed; missing ones are fine, the next start applies them.
    /// 3. No other connection has the target open: the restore takes SQLite's exclusive lock on
    ///    it (every connection to a WAL database holds a shared lock for as long as it is open), and
    ///    keeps it until the new file is in place.
    /// 4. The backup is copied to a temporary file beside the target and synced, then renamed over
    ///    the target, so the target is at every moment either the old database or the whole new
    ///    one. The old database's write-ahead log and shared-memory files are removed first: a log
    ///    left beside the new file would be replayed into it.
    public static func replace(_ target: String, with backup: String, migrator: Migrator) throws -> Report {
        let (applied, pending) = try check(backup: backup, migrator: migrator)
        let lock = try ExclusiveDatabaseLock(path: target)
        let temporary = target + ".restoring"
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            try FileManager.default.copyItem(atPath: backup, toPath: temporary)
            try DatabaseBackup.syncFile(at: temporary)
            try lock.dropWriteAheadLog()
            for suffix in ["-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: target + suffix)
            }
            guard rename(temporary, target) == 0 else { throw DatabaseBackup.posixError("rename", target) }
            try syncFolder(of: target)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        withExtendedLifetime(lock) {}
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        return Report(
            path: target, bytes: (attributes[.size] as? NSNumber)?.int64Value ?? 0, appliedMigrations: applied,
            pendingMigrations: pending)
    }

    /// Checks the backup's integrity and migrations; returns the applied and pending counts.
    public static func check(backup: String, migrator: Migrator) throws -> (applied: Int, pending: Int) {
        let problems = try DatabaseBackup.integrityProblems(of: backup, check: .full)
        guard problems.isEmpty else {
            throw MaintenanceError.integrity(path: backup, check: .full, problems: problems)
        }
        let connection = try Connection(location: .file(path: backup), readOnly: true)
        let status = try migrator.status(of: connection)
        guard status.problems.isEmpty else {
            throw MaintenanceError.incompatibleMigrations(path: backup, problems: status.problems)
        }
        guard !status.applied.isEmpty else { throw MaintenanceError.noMigrationsRecorded(path: backup) }
        return (status.applied.count, status.pending.count)
    }

    /// Makes the rename itself durable: the folder's entry is what a crash would otherwise lose.
    private static func syncFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try DatabaseBackup.syncFile(at: folder)
    }
}

/// SQLite's exclusive lock on a database file, held for as long as the value lives.
///
/// A connection in `locking_mode = EXCLUSIVE` keeps every lock it takes until it closes; its first
/// write transaction takes the file's EXCLUSIVE lock, which fails at once while any other
/// connection, in this process or another, has the database open in WAL mode (each holds a shared
/// lock throughout).
final class ExclusiveDatabaseLock {
    private let connection: Connection?
    let path: String

    /// Takes the lock; `MaintenanceError.databaseInUse` when another connection holds the file.
    /// A missing file needs no lock.
    init(path: String) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            connection = nil
            return
        }
        let connection = try Connection(location: .file(path: path), busyTimeout: .milliseconds(200))
        do {
            try connection.makeStatement("PRAGMA locking_mode = EXCLUSIVE").execute()
            try connection.makeStatement("BEGIN EXCLUSIVE").execute()
            try connection.makeStatement("COMMIT").execute()
        } catch let error as DatabaseError where error.resultCode == .busy || error.resultCode == .locked {
            throw MaintenanceError.databaseInUse(path: path)
        }
        self.connection = connection
    }

    /// Folds the write-ahead log into the old file and leaves rollback-journal mode, so that closing
    /// this connection later touches no file by name: the log it would otherwise delete on close
    /// may by then belong to the new database.
    func dropWriteAheadLog() throws {
        guard let connection else { return }
        _ = try connection.makeStatement("PRAGMA journal_mode = DELETE").fetchOne {
            try $0.value(at: 0, as: String.self)
        }
    }
}
