import CSQLite

/// One SQLite connection.
///
/// Deliberately not Sendable: SQLite connections are opened in multi-thread mode (no internal
/// mutex), so each one must be used by one thread at a time. `Database` gives each connection one
/// owner that serializes every access; code that holds a `Connection` does so inside a closure
/// running on that owner's queue.
public final class Connection {
    let handle: OpaquePointer
    /// Where this connection points.
    public let location: DatabaseLocation
    /// Whether the connection was opened read-only.
    public let isReadOnly: Bool
    private var cache: StatementCache
    /// The handler `onCommitToLog` registered, kept alive for as long as SQLite may call it: the
    /// handle is closed in `deinit`, before stored properties are released.
    var commitToLogHandler: CommitToLogHandler?

    /// Opens a connection with extended result codes, a busy timeout, foreign keys enforced and
    /// double-quoted string literals refused.
    ///
    /// - Parameters:
    ///   - readOnly: open without write access (a file must then exist).
    ///   - busyTimeout: how long a statement waits for a lock held by another connection before it
    ///     fails with `SQLITE_BUSY`.
    ///   - statementCacheCapacity: the number of prepared statements kept by SQL text.
    public init(
        location: DatabaseLocation,
        readOnly: Bool = false,
        busyTimeout: Duration = .seconds(5),
        statementCacheCapacity: Int = 64
    ) throws {
        // Extended result codes, so that errors say e.g. SQLITE_CONSTRAINT_FOREIGNKEY rather than
        // SQLITE_CONSTRAINT: the open flag covers a failing open, and `sqlite3_extended_result_codes`
        // below covers a library older than 3.37, which ignores the flag.
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(location.sqlitePath, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError(code: code, connection: handle, sql: nil)
            sqlite3_close_v2(handle)
            throw DatabaseError(
                extendedResultCode: error.extendedResultCode,
                message: "cannot open database at \(location): \(error.message)")
        }
        self.handle = handle
        self.location = location
        self.isReadOnly = readOnly
        self.cache = StatementCache(capacity: statementCacheCapacity)

        sqlite3_extended_result_codes(handle, 1)
        let milliseconds =
            busyTimeout.components.seconds * 1000
            + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        try setFlag(SQLITE_DBCONFIG_ENABLE_FKEY, to: true, named: "foreign keys")
        // Double-quoted strings are identifiers in standard SQL; SQLite's legacy fallback turns a
        // misspelled column name into a string literal without a word. Refuse it.
        try setFlag(SQLITE_DBCONFIG_DQS_DML, to: false, named: "double-quoted strings in DML")
        try setFlag(SQLITE_DBCONFIG_DQS_DDL, to: false, named: "double-quoted strings in DDL")
    }

    deinit {
        // Statements first; close_v2 would wait for them anyway, but there is no reason to.
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    private func setFlag(_ option: Int32, to enabled: Bool, named name: String) throws {
        var current: Int32 = -1
        let code = csqlite_db_config_flag(handle, option, enabled ? 1 : 0, &current)
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: handle, sql: nil)
        }
        guard current == (enabled ? 1 : 0) else {
            throw DatabaseError(
                extendedResultCode: .error,
                message: "SQLite refused to turn \(enabled ? "on" : "off") \(name)")
        }
    }

    // MARK: Statements

    /// The cached prepared statement for one SQL statement.
    public func cachedStatement(_ sql: String) throws -> Statement {
        let handle = self.handle
        return try cache.statement(for: sql) { try Statement(connection: handle, sql: $0) }
    }

    /// A new prepared statement, not cached.
    public func makeStatement(_ sql: String) throws -> Statement {
        try Statement(connection: handle, sql: sql)
    }

    /// Runs one statement (cached) with its arguments.
    public func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        try cachedStatement(sql).execute(arguments)
    }

    /// Every row of one query (cached statement), mapped.
    public func fetchAll<T>(
        _ sql: String, _ arguments: StatementArguments = [], _ map: (Row) throws -> T
    ) throws -> [T] {
        try cachedStatement(sql).fetchAll(arguments, map)
    }

    /// The first row of one query (cached statement), mapped; nil when there is none.
    public func fetchOne<T>(
        _ sql: String, _ arguments: StatementArguments = [], _ map: (Row) throws -> T
    ) throws -> T? {
        try cachedStatement(sql).fetchOne(arguments, map)
    }

    /// Runs every statement of a script in order, without arguments and without caching (schema
    /// migrations, set-up). A failure names the statement that failed; statements before it stay
    /// executed, so run a script inside a transaction when it must be all or nothing.
    public func executeScript(_ script: String) throws {
        let bytes = Array(script.utf8CString)
        try bytes.withUnsafeBufferPointer { buffer in
            guard var cursor = buffer.baseAddress else { return }
            while cursor.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, cursor, -1, &statement, &tail)
                guard code == SQLITE_OK else {
                    sqlite3_finalize(statement)
                    throw DatabaseError(
                        code: code, connection: handle, sql: Connection.excerpt(from: cursor, to: nil))
                }
                guard let statement, let next = tail else {
                    // Only whitespace or comments were left.
                    return
                }
                defer { sqlite3_finalize(statement) }
                var stepCode = sqlite3_step(statement)
                while stepCode == SQLITE_ROW {
                    stepCode = sqlite3_step(statement)
                }
                guard stepCode == SQLITE_DONE else {
                    throw DatabaseError(
                        code: stepCode, connection: handle, sql: Connection.excerpt(from: cursor, to: next))
                }
                cursor = next
            }
        }
    }

    /// The text of one statement of a script, trimmed, for error messages.
    private static func excerpt(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>?) -> String {
        let text: String
        if let end {
            let bytes = UnsafeRawBufferPointer(start: start, count: end - start)
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            text = firstStatement(of: String(cString: start))
        }
        return text.trimmingWhitespace()
    }

    /// The first statement of a script (SQLite did not say where it ends, as it does not when the
    /// statement fails to prepare): the shortest prefix ending in `;` that SQLite calls complete,
    /// which skips semicolons inside strings, comments and triggers.
    private static func firstStatement(of script: String) -> String {
        var prefix = ""
        for character in script {
            prefix.append(character)
            if character == ";", prefix.withCString({ sqlite3_complete($0) }) == 1 {
                return prefix
            }
        }
        return script
    }

    // MARK: State

    /// The rowid of the last row inserted through this connection.
    public var lastInsertedRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// The number of rows the last INSERT, UPDATE or DELETE changed.
    public var changedRowCount: Int {
        Int(sqlite3_changes64(handle))
    }

    /// Whether a transaction is open.
    public var isInTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    /// The number of statements held by the statement cache.
    public var cachedStatementCount: Int {
        cache.count
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return String(self[start..<end])
    }
}

/// A connection belongs to the one owner that serializes its use (see the type's documentation);
/// the compiler refuses to let it cross to another task or thread.
@available(*, unavailable)
extension Connection: Sendable {}
