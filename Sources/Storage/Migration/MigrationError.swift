/// Why the migrator will not load its migrations, or will not migrate a database.
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No migrations folder at any of the places looked at.
    case folderNotFound(searched: [String])
    /// A file of the folder could not be read.
    case unreadableFile(path: String)
    /// A file is not valid UTF-8 text.
    case notUTF8(path: String)
    /// A file in the folder is not named `NNNN_name.sql` (hidden files such as `.gitkeep` and
    /// Markdown notes such as `README.md` are skipped; anything else is refused so that a misnamed
    /// migration is never silently ignored).
    case invalidFileName(fileName: String, folder: String)
    /// Two files carry the same number.
    case duplicateNumber(id: Int, fileNames: [String])
    /// Numbers must run 1, 2, 3... without holes; a hole usually means a lost file.
    case missingNumber(id: Int, folder: String)
    /// The database records a migration that no file describes: it was migrated by a newer or
    /// different build. Starting would run code against a schema it does not know.
    case unknownAppliedMigration(id: Int, name: String)
    /// The database records this migration with another name or checksum than its file has now:
    /// an applied migration was edited. Add a new migration instead.
    case changedAppliedMigration(
        id: Int, recordedName: String, recordedChecksum: String, fileName: String, fileChecksum: String)
    /// A migration is pending while a later one is applied; applying it now would run migrations
    /// out of order.
    case pendingBeforeApplied(id: Int, lastAppliedID: Int)
    /// A migration's SQL failed; its transaction was rolled back and nothing was recorded.
    case migrationFailed(id: Int, fileName: String, error: DatabaseError)
    /// The same on PostgreSQL.
    case postgresMigrationFailed(id: Int, fileName: String, error: PostgresError)
    /// A migration tried to BEGIN, COMMIT, ROLLBACK or use savepoints; the migrator runs every
    /// migration in a transaction of its own, so a migration must not control transactions.
    case migrationControlsTransaction(id: Int, fileName: String, sql: String?)

    public var description: String {
        switch self {
        case .folderNotFound(let searched):
            "no migrations folder; looked at: \(searched.joined(separator: ", "))"
        case .unreadableFile(let path):
            "cannot read migration file \(path)"
        case .notUTF8(let path):
            "migration file \(path) is not UTF-8 text"
        case .invalidFileName(let fileName, let folder):
            "\(fileName) in \(folder) is not a migration file name (NNNN_name.sql, name of letters, digits, _)"
        case .duplicateNumber(let id, let fileNames):
            "migration number \(id) is used by several files: \(fileNames.joined(separator: ", "))"
        case .missingNumber(let id, let folder):
            "migration number \(id) is missing in \(folder); numbers must run 1, 2, 3... without holes"
        case .unknownAppliedMigration(let id, let name):
            "the database has migration \(id) '\(name)' applied, which no migration file describes"
        case .changedAppliedMigration(let id, let recordedName, let recordedChecksum, let fileName, let fileChecksum):
            "migration \(id) was applied as '\(recordedName)' with checksum \(recordedChecksum), "
                + "but \(fileName) now has checksum \(fileChecksum); applied migrations must not change"
        case .pendingBeforeApplied(let id, let lastAppliedID):
            "migration \(id) is pending but migration \(lastAppliedID) is already applied"
        case .migrationFailed(let id, let fileName, let error):
            "migration \(id) (\(fileName)) failed and was rolled back: \(error)"
        case .postgresMigrationFailed(let id, let fileName, let error):
            "migration \(id) (\(fileName)) failed and was rolled back: \(error)"
        case .migrationControlsTransaction(let id, let fileName, let sql):
            "migration \(id) (\(fileName)) must not BEGIN, COMMIT, ROLLBACK or use savepoints"
                + (sql.map { ": \($0)" } ?? "")
        }
    }
}
