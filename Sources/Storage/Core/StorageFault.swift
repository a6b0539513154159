/// A failure of the medium under the database rather than of the SQL that met it: the disk (or the
/// database's page limit) is full, the operating system reported an I/O error, the file cannot be
/// written, or it cannot be opened. The statement was fine; the same write can succeed once the
/// medium is back, so callers answer these unlike a refused write or a bug.
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
        }
    }
}

extension DatabaseError {
    /// The fault of the storage medium this error reports, if it reports one.
    public var storageFault: StorageFault? {
        StorageFault(extendedResultCode)
    }
}
