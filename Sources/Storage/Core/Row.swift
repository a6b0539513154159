import CSQLite
import Foundation

/// One result row, read the same way from either database: the current row of a running SQLite
/// statement (valid only inside the closure it is handed to: the next step replaces its values), or
/// a row of the values a PostgreSQL statement returned.
public struct Row {
    private enum Source {
        case statement(Statement)
        case values(PostgresRows, index: Int, sql: String)
    }

    private let source: Source

    init(statement: Statement) {
        source = .statement(statement)
    }

    init(_ rows: PostgresRows, index: Int, sql: String) {
        source = .values(rows, index: index, sql: sql)
    }

    /// The number of columns.
    public var count: Int {
        switch source {
        case .statement(let statement): statement.columnCount
        case .values(let rows, _, _): rows.columns.count
        }
    }

    private var sql: String {
        switch source {
        case .statement(let statement): statement.sql
        case .values(_, _, let sql): sql
        }
    }

    /// The name of a column.
    public func columnName(at index: Int) throws -> String {
        try checkRange(index)
        switch source {
        case .statement(let statement):
            return String(cString: sqlite3_column_name(statement.handle, Int32(index)))
        case .values(let rows, _, _):
            return rows.columns[index]
        }
    }

    /// A column's value as the database keeps it (see `PostgresRows` for PostgreSQL's types).
    public func databaseValue(at index: Int) throws -> DatabaseValue {
        try checkRange(index)
        switch source {
        case .statement(let statement): return Self.value(of: statement.handle, column: Int32(index))
        case .values(let rows, let row, _): return rows.rows[row][index]
        }
    }

    private static func value(of handle: OpaquePointer, column: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            // Read the pointer before the length, as SQLite documents, so no conversion happens
            // between the two calls.
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            let length = Int(sqlite3_column_bytes(handle, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            // A zero-length blob comes back as a NULL pointer.
            guard let bytes = sqlite3_column_blob(handle, column) else { return .blob(Data()) }
            let length = Int(sqlite3_column_bytes(handle, column))
            return .blob(Data(bytes: bytes, count: length))
        default:
            return .null
        }
    }

    /// A column's value as a Swift type; throws when the column holds a value of another kind
    /// (read `Optional<T>` for a column that may be NULL).
    public func value<T: DatabaseValueConvertible>(at index: Int, as type: T.Type = T.self) throws -> T {
        let value = try databaseValue(at: index)
        guard let converted = T.fromDatabaseValue(value) else {
            throw RowDecodingError.typeMismatch(
                column: try columnName(at: index), index: index, expected: String(describing: T.self),
                found: value, sql: sql)
        }
        return converted
    }

    /// A column's value as a Swift type, found by column name (the first column of that name,
    /// compared as SQLite reports it; use `AS` in the SQL to name expressions).
    public func value<T: DatabaseValueConvertible>(named name: String, as type: T.Type = T.self) throws -> T {
        for index in 0..<count where try columnName(at: index) == name {
            return try value(at: index, as: T.self)
        }
        throw RowDecodingError.noSuchColumn(name: name, sql: sql)
    }

    private func checkRange(_ index: Int) throws {
        guard index >= 0, index < count else {
            throw RowDecodingError.columnOutOfRange(index: index, columnCount: count, sql: sql)
        }
    }
}
