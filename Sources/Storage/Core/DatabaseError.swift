import CSQLite

/// An error reported by SQLite: what failed (the result codes and SQLite's message) and where (the SQL).
///
/// Connections run with extended result codes on, so `extendedResultCode` says as much as SQLite
/// knows. Catch a failure by its name (see `ResultCode` for how codes match):
///
///     do {
///         try connection.execute("INSERT INTO child (parent_id) VALUES (?)", [id])
///     } catch DatabaseError.constraintForeignKey {
///         // no such parent
///     } catch let error as DatabaseError where error.resultCode == .full {
///         // the disk or the database's page limit is full
///     }
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible, ResultCodeNames {
    /// The extended result code, e.g. `.constraintUnique` (2067); equals the primary code when
    /// SQLite has nothing more precise to say.
    public let extendedResultCode: ResultCode
    /// SQLite's own message for the failure.
    public let message: String
    /// The SQL that failed, when the failure belongs to a statement.
    public let sql: String?

    public init(extendedResultCode: ResultCode, message: String, sql: String? = nil) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    /// The error SQLite holds for a connection after `code` came back from one of its calls.
    init(code: Int32, connection: OpaquePointer?, sql: String?) {
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else if let text = sqlite3_errstr(code) {
            message = String(cString: text)
        } else {
            message = "unknown error"
        }
        self.init(extendedResultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }

    /// The primary result code, e.g. `.constraint`: the extended code's low byte.
    public var resultCode: ResultCode {
        extendedResultCode.primaryResultCode
    }

    public var description: String {
        var text = "SQLite error \(extendedResultCode.rawValue) (\(resultCode)): \(message)"
        if let sql {
            text += " - while executing: \(sql)"
        }
        return text
    }
}
