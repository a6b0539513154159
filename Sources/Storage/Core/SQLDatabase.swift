/// Where the repositories read and write, whichever database is behind it: SQLite's `Database`
/// (through `SQLiteStore`) or a PostgreSQL server. A read sees committed data. A write runs in one
/// transaction that has committed when it returns; the database may run `body` again from the start
/// when a concurrent write got in its way (PostgreSQL's serialization failures), so `body` must do
/// nothing but read and write through its connection.
public protocol SQLDatabase: Sendable {
    /// Which SQL the database speaks, for the few statements that must differ.
    var dialect: SQLDialect { get }
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T
    /// A write; `commit` says whether it may share its commit with others queued beside it (see
    /// `CommitPolicy`), where the database groups commits.
    func write<T: Sendable>(
        _ commit: CommitPolicy, _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T
    /// Gives the space of deleted rows back where the database does not do it by itself; returns
    /// the pages freed.
    func reclaimSpace() async throws -> Int
    /// Why writes fail right now (a fault of the medium, or of the way to the server), from the
    /// latest write that failed so; nil once one commits again.
    var writeFailure: WriteFailure? { get }
    /// Applies `migrator`'s pending migrations; returns those it applied.
    func migrate(_ migrator: Migrator) async throws -> [Migration]
    /// Where the database stands against `migrator`'s migrations; changes nothing.
    func migrationStatus(_ migrator: Migrator) async throws -> MigrationStatus
    /// Runs `body` unless another process that shares the database is running work of the same
    /// `name` right now; then returns nil without running it. For a periodic sweep that one process
    /// at a time is enough for.
    func exclusively<T: Sendable>(_ name: String, _ body: @Sendable () async throws -> T) async throws -> T?
}

extension SQLDatabase {
    /// A write that may share its commit.
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await write(.grouped, body)
    }
}

/// The SQL of one database, where the project's statements cannot be the same on both.
public enum SQLDialect: Sendable, Equatable {
    case sqlite
    case postgres

    /// A condition true when `column` holds the text of the next argument.
    public func contains(column: String) -> String {
        switch self {
        case .sqlite: "instr(\(column), ?) > 0"
        case .postgres: "strpos(\(column), ?) > 0"
        }
    }
}

/// SQLite's `Database` as an `SQLDatabase`: reads on its readers, writes grouped by its writer.
public struct SQLiteStore: SQLDatabase {
    public let database: Database
    public var dialect: SQLDialect { .sqlite }

    public init(_ database: Database) {
        self.database = database
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await database.read { try body($0) }
    }

    public func write<T: Sendable>(
        _ commit: CommitPolicy, _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T {
        try await database.write(commit) { try body($0) }
    }

    /// SQLite's incremental vacuum: the file shrinks by the pages its deleted rows left free.
    public func reclaimSpace() async throws -> Int {
        try await database.incrementalVacuum()
    }

    public var writeFailure: WriteFailure? { database.writeFailure }

    public func migrate(_ migrator: Migrator) async throws -> [Migration] {
        try await database.migrate(migrator)
    }

    public func migrationStatus(_ migrator: Migrator) async throws -> MigrationStatus {
        try await database.migrationStatus(migrator)
    }

    /// A SQLite file belongs to one service process: nothing else runs the same work.
    public func exclusively<T: Sendable>(_ name: String, _ body: @Sendable () async throws -> T) async throws -> T? {
        try await body()
    }
}
