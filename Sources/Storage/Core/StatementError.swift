/// A statement used in a way SQLite would not catch, or would catch with a less helpful message.
public enum StatementError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The SQL given where one statement is expected holds several; use `executeScript` for those.
    case multipleStatements(sql: String)
    /// The SQL holds no statement at all (only whitespace or comments).
    case emptyStatement(sql: String)
    /// The number of arguments does not match the number of parameters in the SQL.
    case argumentCountMismatch(expected: Int, given: Int, sql: String)

    public var description: String {
        switch self {
        case .multipleStatements(let sql):
            "more than one statement where one is expected: \(sql)"
        case .emptyStatement(let sql):
            "no statement in SQL: \(sql)"
        case .argumentCountMismatch(let expected, let given, let sql):
            "statement takes \(expected) argument(s), \(given) given: \(sql)"
        }
    }
}

/// A column value that cannot be read as the Swift type asked for.
public enum RowDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    case columnOutOfRange(index: Int, columnCount: Int, sql: String)
    case typeMismatch(column: String, index: Int, expected: String, found: DatabaseValue, sql: String)
    case noSuchColumn(name: String, sql: String)

    public var description: String {
        switch self {
        case .columnOutOfRange(let index, let columnCount, let sql):
            "column \(index) asked of a row with \(columnCount) column(s): \(sql)"
        case .noSuchColumn(let name, let sql):
            "no column named '\(name)' in the result of: \(sql)"
        case .typeMismatch(let column, let index, let expected, let found, let sql):
            "column \(index) '\(column)' holds \(found.storageClass) \(found), not \(expected): \(sql)"
        }
    }
}
