/// A failure of PostgreSQL or of the way to it, classed by what the caller does about it: retry the
/// transaction, answer 503 until the database is back, or report a conflict or a bug.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No usable connection: refused, timed out, lost, or the server shutting down or starting
        /// (SQLSTATE classes 08 and 57P01 to 57P03). Answer 503; a new connection may succeed.
        case connection
        /// SQLSTATE 40001: a serializable transaction lost to a concurrent one. Retry it.
        case serializationFailure
        /// SQLSTATE 40P01. Retry the transaction.
        case deadlock
        /// SQLSTATE 23505.
        case uniqueViolation
        /// SQLSTATE 25006: a standby, or a primary refusing writes.
        case readOnly
        /// SQLSTATE 57014: a statement time-out or a cancel.
        case canceled
        /// COMMIT returned with a warning that it was not replicated as the cluster requires
        /// (a cancel while it waited for the synchronous standby): it may be lost in a failover, so
        /// it must not be acknowledged as durable.
        case commitNotDurable
        /// The connection was lost while COMMIT ran: the server may have committed the transaction
        /// or not, and nothing can tell this client which. It must not be acknowledged, nor run again
        /// as if it had surely failed.
        case commitOutcomeUnknown
        /// A statement written with the wrong number of arguments, or a value libpq cannot send.
        case misuse
        case other
    }

    public var kind: Kind
    /// The five-character SQLSTATE, when the server sent one.
    public var sqlState: String?
    public var message: String

    public init(kind: Kind, sqlState: String? = nil, message: String) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
    }

    /// An error the server reported, classed by its SQLSTATE.
    init(sqlState: String?, message: String) {
        self.init(kind: Self.kind(of: sqlState), sqlState: sqlState, message: message)
    }

    /// Whether running the whole transaction again may succeed.
    public var isRetryable: Bool { kind == .serializationFailure || kind == .deadlock }

    public var description: String {
        "PostgreSQL" + (sqlState.map { " \($0)" } ?? "") + ": " + message
    }

    static func kind(of sqlState: String?) -> Kind {
        guard let sqlState else { return .other }
        switch sqlState {
        case "40001": return .serializationFailure
        case "40P01": return .deadlock
        case "23505": return .uniqueViolation
        case "25006": return .readOnly
        case "57014": return .canceled
        case "57P01", "57P02", "57P03": return .connection
        default: return sqlState.hasPrefix("08") ? .connection : .other
        }
    }
}
