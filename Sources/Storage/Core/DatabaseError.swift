import CSQLite

/// An error reported by SQLite: what failed (the result codes and SQLite's message) and where (the SQL).
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code, e.g. `.constraint`.
    public let resultCode: ResultCode
    /// The extended result code, e.g. 2067 (SQLITE_CONSTRAINT_UNIQUE); equals the primary code when
    /// SQLite has nothing more precise to say.
    public let extendedResultCode: Int32
    /// SQLite's own message for the failure.
    public let message: String
    /// The SQL that failed, when the failure belongs to a statement.
    public let sql: String?

    public init(extendedResultCode: Int32, message: String, sql: String? = nil) {
        // The primary code is the low byte of the extended code (sqlite3.h defines every extended
        // code as primary | (n << 8)).
        self.resultCode = ResultCode(rawValue: extendedResultCode & 0xFF)
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
        self.init(extendedResultCode: code, message: message, sql: sql)
    }

    public var description: String {
        var text = "SQLite error \(extendedResultCode) (\(resultCode)): \(message)"
        if let sql {
            text += " - while executing: \(sql)"
        }
        return text
    }
}

/// A primary SQLite result code, with names for the ones callers branch on.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    public static let authorization = ResultCode(rawValue: SQLITE_AUTH)
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)

    public var description: String {
        if let text = sqlite3_errstr(rawValue) {
            return "\(rawValue), \(String(cString: text))"
        }
        return "\(rawValue)"
    }
}
