import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Consistent copies of a live database, taken with `VACUUM INTO`.
///
/// `VACUUM INTO` reads one snapshot inside a read transaction, so in WAL mode it neither waits for
/// nor blocks the writer, in this process or another, and the copy holds every commit acknowledged
/// before it started, including those still in the write-ahead log. That is why a file copy of
/// the database is wrong (it misses the log and can catch a checkpoint halfway) and why the online
/// backup API is too (it starts over whenever another process writes).
public enum DatabaseBackup {
    /// Writes a copy of the database file at `source` to `destination`, which must not exist.
    /// Opens a read-only connection of its own; blocks the calling thread until the copy is on disk.
    public static func write(from source: String, to destination: String) throws -> BackupReport {
        guard FileManager.default.fileExists(atPath: source) else {
            throw MaintenanceError.databaseMissing(path: source)
        }
        let connection = try Connection(location: .file(path: source), readOnly: true)
        return try write(from: connection, to: destination)
    }

    /// Writes a copy of what `connection` reads to `destination`, which must not exist. The
    /// connection must not be inside a transaction (SQLite refuses VACUUM there).
    public static func write(from connection: Connection, to destination: String) throws -> BackupReport {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw MaintenanceError.destinationExists(path: destination)
        }
        let started = ContinuousClock.now
        do {
            try connection.makeStatement("VACUUM INTO ?").execute([destination])
            // VACUUM INTO writes the file without syncing it; a backup that a power loss can tear is
            // no backup.
            try syncFile(at: destination)
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw error
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: destination)
        let bytes = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        return BackupReport(path: destination, bytes: bytes, duration: ContinuousClock.now - started)
    }

    /// What `PRAGMA integrity_check` finds wrong with the database file at `path` (empty: sound),
    /// read through a read-only connection.
    public static func integrityProblems(of path: String, check: IntegrityCheck = .full) throws -> [String] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw MaintenanceError.databaseMissing(path: path)
        }
        return try Connection(location: .file(path: path), readOnly: true).integrityProblems(check)
    }

    /// Flushes a file's data to the device.
    static func syncFile(at path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw posixError("open", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw posixError("fsync", path) }
    }

    static func posixError(_ call: String, _ path: String) -> DatabaseError {
        DatabaseError(
            extendedResultCode: .ioErr, message: "\(call) \(path): \(String(cString: strerror(errno)))")
    }
}

extension Database {
    /// Writes a consistent copy of the database to `destination` (which must not exist) while reads
    /// and writes go on. File databases are copied through a read-only connection of the backup's
    /// own, on a dispatch thread; in-memory ones through the writer, between writes.
    public func backup(to destination: String) async throws -> BackupReport {
        switch location {
        case .file(let path):
            return try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .utility).async {
                    continuation.resume(with: Result { try DatabaseBackup.write(from: path, to: destination) })
                }
            }
        case .inMemory:
            return try await writeWithoutTransaction { try DatabaseBackup.write(from: $0, to: destination) }
        }
    }
}
