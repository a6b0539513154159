import CSQLite
import Foundation

/// SQLite's SQLITE_TRANSIENT: "copy the bound bytes now". The C header defines it as the destructor
/// pointer -1, a cast Swift cannot import, so it is rebuilt bit for bit here.
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// A prepared statement: compiled once, then bound and run any number of times.
///
/// Not Sendable: it belongs to the connection that prepared it and is used on that connection's
/// thread only.
public final class Statement {
    let handle: OpaquePointer
    /// The connection handle, kept for error messages. `sqlite3_close_v2` keeps it valid for as long
    /// as this statement is not finalized, even if the `Connection` goes away first.
    private let connection: OpaquePointer
    /// The SQL this statement was prepared from.
    public let sql: String
    /// True while rows are being stepped through; the statement cache hands out a fresh statement
    /// instead of resetting one that an enclosing loop is still reading.
    var isRunning = false

    init(connection: OpaquePointer, sql: String) throws {
        var handle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sql.withCString { text in
            let result = sqlite3_prepare_v2(connection, text, -1, &handle, &tail)
            // Anything but whitespace or a comment after the first statement would be silently
            // ignored by SQLite: refuse it instead.
            if result == SQLITE_OK, let tail, !Statement.isBlank(tail) {
                return Int32(-1)
            }
            return result
        }
        if code == -1 {
            sqlite3_finalize(handle)
            throw StatementError.multipleStatements(sql: sql)
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(handle)
            throw DatabaseError(code: code, connection: connection, sql: sql)
        }
        guard let handle else {
            throw StatementError.emptyStatement(sql: sql)
        }
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Whether the text holds nothing SQLite would run: whitespace, empty statements (`;`) and
    /// comments (`-- ...` to the end of the line, `/* ... */`).
    static func isBlank(_ text: UnsafePointer<CChar>) -> Bool {
        var rest = Substring(String(cString: text))
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == ";" }
            if rest.isEmpty { return true }
            if rest.hasPrefix("--") {
                guard let newline = rest.firstIndex(of: "\n") else { return true }
                rest = rest[rest.index(after: newline)...]
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { return true }
                rest = rest[end.upperBound...]
            } else {
                return false
            }
        }
    }

    /// The number of `?` / `:name` parameters.
    public var parameterCount: Int {
        Int(sqlite3_bind_parameter_count(handle))
    }

    /// The number of result columns.
    public var columnCount: Int {
        Int(sqlite3_column_count(handle))
    }

    /// The result column names, in order.
    public var columnNames: [String] {
        (0..<Int32(columnCount)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// Binds every parameter, in order. The count must match the SQL's parameters.
    public func bind(_ arguments: StatementArguments) throws {
        guard arguments.values.count == parameterCount else {
            throw StatementError.argumentCountMismatch(
                expected: parameterCount, given: arguments.values.count, sql: sql)
        }
        sqlite3_reset(handle)
        for (offset, value) in arguments.values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    private func bind(_ value: DatabaseValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .text(var text):
            code = text.withUTF8 { bytes in
                // An empty buffer may have no base address, and a NULL pointer would bind NULL:
                // bind a real empty string instead.
                guard let base = bytes.baseAddress else {
                    return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
                }
                return sqlite3_bind_text(handle, index, base, Int32(bytes.count), sqliteTransient)
            }
        case .blob(let data):
            code = data.withUnsafeBytes { bytes in
                // Same reason: a NULL pointer would bind NULL, not an empty blob.
                guard let base = bytes.baseAddress, bytes.count > 0 else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), sqliteTransient)
            }
        }
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: connection, sql: sql)
        }
    }

    /// Runs the statement to completion with these arguments, ignoring any rows.
    public func execute(_ arguments: StatementArguments = []) throws {
        try forEachRow(arguments) { _ in }
    }

    /// Runs the statement and hands each row to `body`. The row is only valid inside `body`.
    public func forEachRow(_ arguments: StatementArguments = [], _ body: (Row) throws -> Void) throws {
        try bind(arguments)
        isRunning = true
        // Resetting at the end releases the statement's read lock at once rather than whenever it
        // happens to be run next: a reset-less statement would pin a WAL snapshot.
        defer {
            sqlite3_reset(handle)
            isRunning = false
        }
        while true {
            let code = sqlite3_step(handle)
            switch code {
            case SQLITE_ROW:
                try body(Row(statement: self))
            case SQLITE_DONE:
                return
            default:
                throw DatabaseError(code: code, connection: connection, sql: sql)
            }
        }
    }

    /// Every row, mapped.
    public func fetchAll<T>(_ arguments: StatementArguments = [], _ map: (Row) throws -> T) throws -> [T] {
        var results: [T] = []
        try forEachRow(arguments) { results.append(try map($0)) }
        return results
    }

    /// The first row, mapped; nil when there is none.
    public func fetchOne<T>(_ arguments: StatementArguments = [], _ map: (Row) throws -> T) throws -> T? {
        try bind(arguments)
        isRunning = true
        defer {
            sqlite3_reset(handle)
            isRunning = false
        }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return try map(Row(statement: self))
        case SQLITE_DONE:
            return nil
        default:
            throw DatabaseError(code: code, connection: connection, sql: sql)
        }
    }
}

/// A statement belongs to its connection's owner, like the connection itself.
@available(*, unavailable)
extension Statement: Sendable {}
