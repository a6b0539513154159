import Storage

/// A command that looks after the data: backups, restores, one tenant out or in.
public enum MaintenanceCommand: Sendable, Equatable {
    /// Write a consistent copy of the live database to `output`, which must not exist.
    case backup(database: String, output: String)
    /// Replace the database with a checked backup, the service stopped.
    case restore(database: String, backup: String, migrationsPath: String?)
    /// Print one tenant as JSON lines.
    case export(database: String, tenant: String)
    /// Create a tenant from JSON lines (a file, or - for standard input).
    case importArchive(database: String, input: String, migrationsPath: String?)
    /// Copy every row of a SQLite file into an empty PostgreSQL database, migrating it first.
    case copyDatabase(from: String, to: PostgresURL, migrationsPath: String?)
}
