import Foundation

/// The same migrator on PostgreSQL: migrations from the `postgres` folder beside SQLite's, numbered
/// alike, recorded in the same `schema_migrations` table. Replicas that start together against an
/// empty database apply each migration exactly once: the whole run holds a session advisory lock
/// (`advisoryLockKey`), so the others wait, then find nothing pending.
extension Migrator {
    /// The folder in a migrations folder that holds PostgreSQL's migrations.
    public static let postgresFolderName = "postgres"
    /// The advisory lock every navlayout process takes to migrate (an arbitrary, fixed number).
    public static let advisoryLockKey: Int64 = 0x6E61_766C_6179

    /// Loads PostgreSQL's migrations: the `postgres` folder of the folder `location` resolves to.
    public static func postgres(location: MigrationLocation = .standard) throws -> Migrator {
        let folder = try location.resolve() + "/" + postgresFolderName
        return try Migrator(location: .folder(path: folder))
    }

    /// Where a PostgreSQL database stands against these migrations; changes nothing.
    public func status(of connection: PostgresConnection) throws -> MigrationStatus {
        let exists = try connection.fetchValue(
            "SELECT to_regclass(?) IS NOT NULL", [Migrator.tableName], as: Bool.self)
        return status(recorded: exists == true ? try Migrator.recordedMigrations(connection) : [])
    }

    /// Applies every pending migration in order, each in its own transaction with the row that
    /// records it, under the advisory lock; returns those it applied. Throws before changing anything
    /// when the database records a migration it does not know or one whose file changed.
    @discardableResult
    public func migrate(_ connection: PostgresConnection) throws -> [Migration] {
        try connection.execute("SELECT pg_advisory_lock(?)", [Migrator.advisoryLockKey])
        defer { _ = try? connection.query("SELECT pg_advisory_unlock(?)", [Migrator.advisoryLockKey]) }
        try connection.executeScript(
            """
            CREATE TABLE IF NOT EXISTS \(Migrator.tableName) (
                id bigint PRIMARY KEY,
                name text NOT NULL,
                checksum text NOT NULL,
                applied_at text NOT NULL
            )
            """)
        let status = try status(of: connection)
        if let problem = status.problems.first {
            throw problem
        }
        for migration in status.pending {
            try connection.executeScript("BEGIN")
            do {
                try connection.executeScript(migration.sql)
                // A COMMIT or ROLLBACK in the file would have ended the transaction early.
                guard connection.inTransaction else {
                    throw MigrationError.migrationControlsTransaction(
                        id: migration.id, fileName: migration.fileName, sql: nil)
                }
                try connection.execute(
                    """
                    INSERT INTO \(Migrator.tableName) (id, name, checksum, applied_at)
                    VALUES (?, ?, ?, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                    """,
                    [migration.id, migration.name, migration.checksum])
                try connection.commit()
            } catch {
                connection.rollBackIfOpen()
                if let error = error as? PostgresError {
                    throw MigrationError.postgresMigrationFailed(
                        id: migration.id, fileName: migration.fileName, error: error)
                }
                throw error
            }
        }
        return status.pending
    }
}
