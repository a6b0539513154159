/// A failure of the medium under the database rather than of the SQL that met it: the disk (or the
/// database's page limit) is full, the operating system reported an I/O error, the file cannot be
/// written, or it cannot be opened; for a database server, the server cannot be reached or does not
/// take writes, or a commit was not confirmed as replicated. The statement was fine; the same write
/// can succeed once the medium is back, so callers answer these unlike a refused write or a bug.
public enum StorageFault: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// SQLITE_FULL: the file system has no room left, or the database reached `max_page_count`.
    case full
    /// SQLITE_IOERR and its extended codes: a read, write, sync or lock of a file failed.
    case ioError
    /// SQLITE_READONLY and its extended codes: the file cannot be written (permissions, a read-only
    /// mount, `query_only`), or it was deleted or replaced while open.
    case readOnly
    /// SQLITE_CANTOPEN and its extended codes: a file of the database cannot be opened.
    case unavailable
    /// The database server cannot be reached, is starting or stopping, or did not answer in time
    /// (a failover in progress).
    case unreachable
    /// A commit came back without the confirmation that a standby holds it: the write may be lost
    /// in a failover, so it is not acknowledged.
    case notReplicated
    /// The connection was lost while the database committed: the write may be stored or not.
    case commitUnconfirmed

    /// The fault a result code stands for; nil for codes that are not faults of the medium.
    public init?(_ code: ResultCode) {
        switch code {
        case .full: self = .full
        case .ioErr: self = .ioError
        case .readOnly: self = .readOnly
        case .cantOpen: self = .unavailable
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .full: "the disk or the database is full"
        case .ioError: "the database file could not be read or written"
        case .readOnly: "the database file cannot be written"
        case .unavailable: "the database file cannot be opened"
        case .unreachable: "the database server cannot be reached"
        case .notReplicated: "the database did not confirm that the write was replicated"
        case .commitUnconfirmed: "the connection to the database was lost while it committed"
        }
    }

    /// Whether the write that met this fault may be stored all the same, so that a client must read
    /// before it tries again; for the others the write was rolled back.
    public var mayHaveStored: Bool {
        self == .notReplicated || self == .commitUnconfirmed
    }
}

extension DatabaseError {
    /// The fault of the storage medium this error reports, if it reports one.
    public var storageFault: StorageFault? {
        StorageFault(extendedResultCode)
    }
}

extension PostgresError {
    /// The fault of the way to the database this error reports, if it reports one.
    public var storageFault: StorageFault? {
        switch kind {
        case .connection, .canceled: .unreachable
        case .readOnly: .readOnly
        case .commitNotDurable: .notReplicated
        case .commitOutcomeUnknown: .commitUnconfirmed
        default: nil
        }
    }
}

extension StorageFault {
    /// The fault `error` reports and the database's code for it ("SQLite 13, database or disk is
    /// full", "PostgreSQL 08006"),
    /// when it is a fault of the medium.
    public static func of(_ error: any Error) -> (fault: StorageFault, code: String)? {
        if let error = error as? DatabaseError, let fault = error.storageFault {
            return (fault, "SQLite \(error.extendedResultCode)")
        }
        if let error = error as? PostgresError, let fault = error.storageFault {
            return (fault, "PostgreSQL " + (error.sqlState ?? "connection"))
        }
        return nil
    }
}
