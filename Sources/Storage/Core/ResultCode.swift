import CSQLite

/// A SQLite result code (<https://www.sqlite.org/rescode.html>): a primary code such as 19
/// (`.constraint`), or an extended code that says more about one, such as 787
/// (`.constraintForeignKey`). sqlite3.h defines every extended code as `primary | (n << 8)`, so the
/// low byte of an extended code is its primary code.
///
/// As a pattern, a primary code matches itself and all its extended codes; an extended code matches
/// only itself:
///
///     switch error.extendedResultCode {
///     case .constraintForeignKey: ...  // the row names a parent that does not exist
///     case .constraint: ...            // any other constraint failed
///     default: ...
///     }
///
/// The names of the codes are listed once, in `ResultCodeNames`.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ResultCodeNames {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The extended code `n` of a primary code, as sqlite3.h builds it.
    fileprivate init(_ primary: ResultCode, _ n: Int32) {
        self.init(rawValue: primary.rawValue | (n << 8))
    }

    /// The primary code this code refines: the low byte. A primary code is its own primary code.
    public var primaryResultCode: ResultCode {
        ResultCode(rawValue: rawValue & 0xFF)
    }

    /// Whether this is a primary code rather than an extended one.
    public var isPrimary: Bool {
        self == primaryResultCode
    }

    /// Whether `code` is `pattern` or, when `pattern` is a primary code, one of its extended codes.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern.isPrimary ? pattern == code.primaryResultCode : pattern == code
    }

    /// Whether `error` is a `DatabaseError` whose extended code `pattern` matches, so that a catch
    /// clause can name the failure: `catch DatabaseError.constraintForeignKey { ... }`.
    public static func ~= (pattern: ResultCode, error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return pattern ~= error.extendedResultCode
    }

    /// The number, then SQLite's text for it, e.g. "2067, constraint failed".
    public var description: String {
        if let text = sqlite3_errstr(rawValue) {
            return "\(rawValue), \(String(cString: text))"
        }
        return "\(rawValue)"
    }
}

/// SQLite's result codes by name, for the types that speak them: `ResultCode`, so that
/// `error.resultCode == .busy` reads like SQLite's documentation, and `DatabaseError`, so that
/// `catch DatabaseError.constraintUnique` does.
///
/// A name is SQLite's without the `SQLITE_` prefix, in lower camel case: SQLITE_IOERR_SHORT_READ is
/// `ioErrShortRead`. SQLITE_NOTADB alone is spelled out, as `notADatabase`. The list is that of
/// sqlite3.h 3.40; a code a newer SQLite adds is still a `ResultCode`, only without a name here.
public protocol ResultCodeNames {}

extension ResultCodeNames {
    // MARK: Primary codes

    public static var ok: ResultCode { ResultCode(rawValue: SQLITE_OK) }
    public static var error: ResultCode { ResultCode(rawValue: SQLITE_ERROR) }
    public static var `internal`: ResultCode { ResultCode(rawValue: SQLITE_INTERNAL) }
    public static var perm: ResultCode { ResultCode(rawValue: SQLITE_PERM) }
    public static var abort: ResultCode { ResultCode(rawValue: SQLITE_ABORT) }
    public static var busy: ResultCode { ResultCode(rawValue: SQLITE_BUSY) }
    public static var locked: ResultCode { ResultCode(rawValue: SQLITE_LOCKED) }
    public static var noMem: ResultCode { ResultCode(rawValue: SQLITE_NOMEM) }
    public static var readOnly: ResultCode { ResultCode(rawValue: SQLITE_READONLY) }
    public static var interrupt: ResultCode { ResultCode(rawValue: SQLITE_INTERRUPT) }
    public static var ioErr: ResultCode { ResultCode(rawValue: SQLITE_IOERR) }
    public static var corrupt: ResultCode { ResultCode(rawValue: SQLITE_CORRUPT) }
    public static var notFound: ResultCode { ResultCode(rawValue: SQLITE_NOTFOUND) }
    public static var full: ResultCode { ResultCode(rawValue: SQLITE_FULL) }
    public static var cantOpen: ResultCode { ResultCode(rawValue: SQLITE_CANTOPEN) }
    public static var `protocol`: ResultCode { ResultCode(rawValue: SQLITE_PROTOCOL) }
    public static var empty: ResultCode { ResultCode(rawValue: SQLITE_EMPTY) }
    public static var schema: ResultCode { ResultCode(rawValue: SQLITE_SCHEMA) }
    public static var tooBig: ResultCode { ResultCode(rawValue: SQLITE_TOOBIG) }
    public static var constraint: ResultCode { ResultCode(rawValue: SQLITE_CONSTRAINT) }
    public static var mismatch: ResultCode { ResultCode(rawValue: SQLITE_MISMATCH) }
    public static var misuse: ResultCode { ResultCode(rawValue: SQLITE_MISUSE) }
    public static var noLFS: ResultCode { ResultCode(rawValue: SQLITE_NOLFS) }
    public static var auth: ResultCode { ResultCode(rawValue: SQLITE_AUTH) }
    public static var format: ResultCode { ResultCode(rawValue: SQLITE_FORMAT) }
    public static var range: ResultCode { ResultCode(rawValue: SQLITE_RANGE) }
    public static var notADatabase: ResultCode { ResultCode(rawValue: SQLITE_NOTADB) }
    public static var notice: ResultCode { ResultCode(rawValue: SQLITE_NOTICE) }
    public static var warning: ResultCode { ResultCode(rawValue: SQLITE_WARNING) }
    public static var row: ResultCode { ResultCode(rawValue: SQLITE_ROW) }
    public static var done: ResultCode { ResultCode(rawValue: SQLITE_DONE) }

    // MARK: Extended codes
    // The C header spells these as macros Swift cannot import, hence `ResultCode(primary, n)`.

    public static var errorMissingCollSeq: ResultCode { ResultCode(.error, 1) }
    public static var errorRetry: ResultCode { ResultCode(.error, 2) }
    public static var errorSnapshot: ResultCode { ResultCode(.error, 3) }

    public static var ioErrRead: ResultCode { ResultCode(.ioErr, 1) }
    public static var ioErrShortRead: ResultCode { ResultCode(.ioErr, 2) }
    public static var ioErrWrite: ResultCode { ResultCode(.ioErr, 3) }
    public static var ioErrFsync: ResultCode { ResultCode(.ioErr, 4) }
    public static var ioErrDirFsync: ResultCode { ResultCode(.ioErr, 5) }
    public static var ioErrTruncate: ResultCode { ResultCode(.ioErr, 6) }
    public static var ioErrFstat: ResultCode { ResultCode(.ioErr, 7) }
    public static var ioErrUnlock: ResultCode { ResultCode(.ioErr, 8) }
    public static var ioErrRdLock: ResultCode { ResultCode(.ioErr, 9) }
    public static var ioErrDelete: ResultCode { ResultCode(.ioErr, 10) }
    public static var ioErrBlocked: ResultCode { ResultCode(.ioErr, 11) }
    public static var ioErrNoMem: ResultCode { ResultCode(.ioErr, 12) }
    public static var ioErrAccess: ResultCode { ResultCode(.ioErr, 13) }
    public static var ioErrCheckReservedLock: ResultCode { ResultCode(.ioErr, 14) }
    public static var ioErrLock: ResultCode { ResultCode(.ioErr, 15) }
    public static var ioErrClose: ResultCode { ResultCode(.ioErr, 16) }
    public static var ioErrDirClose: ResultCode { ResultCode(.ioErr, 17) }
    public static var ioErrShmOpen: ResultCode { ResultCode(.ioErr, 18) }
    public static var ioErrShmSize: ResultCode { ResultCode(.ioErr, 19) }
    public static var ioErrShmLock: ResultCode { ResultCode(.ioErr, 20) }
    public static var ioErrShmMap: ResultCode { ResultCode(.ioErr, 21) }
    public static var ioErrSeek: ResultCode { ResultCode(.ioErr, 22) }
    public static var ioErrDeleteNoEnt: ResultCode { ResultCode(.ioErr, 23) }
    public static var ioErrMmap: ResultCode { ResultCode(.ioErr, 24) }
    public static var ioErrGetTempPath: ResultCode { ResultCode(.ioErr, 25) }
    public static var ioErrConvPath: ResultCode { ResultCode(.ioErr, 26) }
    public static var ioErrVnode: ResultCode { ResultCode(.ioErr, 27) }
    public static var ioErrAuth: ResultCode { ResultCode(.ioErr, 28) }
    public static var ioErrBeginAtomic: ResultCode { ResultCode(.ioErr, 29) }
    public static var ioErrCommitAtomic: ResultCode { ResultCode(.ioErr, 30) }
    public static var ioErrRollbackAtomic: ResultCode { ResultCode(.ioErr, 31) }
    public static var ioErrData: ResultCode { ResultCode(.ioErr, 32) }
    public static var ioErrCorruptFS: ResultCode { ResultCode(.ioErr, 33) }

    public static var lockedSharedCache: ResultCode { ResultCode(.locked, 1) }
    public static var lockedVtab: ResultCode { ResultCode(.locked, 2) }

    public static var busyRecovery: ResultCode { ResultCode(.busy, 1) }
    public static var busySnapshot: ResultCode { ResultCode(.busy, 2) }
    public static var busyTimeout: ResultCode { ResultCode(.busy, 3) }

    public static var cantOpenNoTempDir: ResultCode { ResultCode(.cantOpen, 1) }
    public static var cantOpenIsDir: ResultCode { ResultCode(.cantOpen, 2) }
    public static var cantOpenFullPath: ResultCode { ResultCode(.cantOpen, 3) }
    public static var cantOpenConvPath: ResultCode { ResultCode(.cantOpen, 4) }
    public static var cantOpenDirtyWal: ResultCode { ResultCode(.cantOpen, 5) }
    public static var cantOpenSymlink: ResultCode { ResultCode(.cantOpen, 6) }

    public static var corruptVtab: ResultCode { ResultCode(.corrupt, 1) }
    public static var corruptSequence: ResultCode { ResultCode(.corrupt, 2) }
    public static var corruptIndex: ResultCode { ResultCode(.corrupt, 3) }

    public static var readOnlyRecovery: ResultCode { ResultCode(.readOnly, 1) }
    public static var readOnlyCantLock: ResultCode { ResultCode(.readOnly, 2) }
    public static var readOnlyRollback: ResultCode { ResultCode(.readOnly, 3) }
    public static var readOnlyDbMoved: ResultCode { ResultCode(.readOnly, 4) }
    public static var readOnlyCantInit: ResultCode { ResultCode(.readOnly, 5) }
    public static var readOnlyDirectory: ResultCode { ResultCode(.readOnly, 6) }

    public static var abortRollback: ResultCode { ResultCode(.abort, 2) }

    public static var constraintCheck: ResultCode { ResultCode(.constraint, 1) }
    public static var constraintCommitHook: ResultCode { ResultCode(.constraint, 2) }
    public static var constraintForeignKey: ResultCode { ResultCode(.constraint, 3) }
    public static var constraintFunction: ResultCode { ResultCode(.constraint, 4) }
    public static var constraintNotNull: ResultCode { ResultCode(.constraint, 5) }
    public static var constraintPrimaryKey: ResultCode { ResultCode(.constraint, 6) }
    public static var constraintTrigger: ResultCode { ResultCode(.constraint, 7) }
    public static var constraintUnique: ResultCode { ResultCode(.constraint, 8) }
    public static var constraintVtab: ResultCode { ResultCode(.constraint, 9) }
    public static var constraintRowID: ResultCode { ResultCode(.constraint, 10) }
    public static var constraintPinned: ResultCode { ResultCode(.constraint, 11) }
    public static var constraintDatatype: ResultCode { ResultCode(.constraint, 12) }

    public static var noticeRecoverWal: ResultCode { ResultCode(.notice, 1) }
    public static var noticeRecoverRollback: ResultCode { ResultCode(.notice, 2) }

    public static var warningAutoIndex: ResultCode { ResultCode(.warning, 1) }

    public static var authUser: ResultCode { ResultCode(.auth, 1) }

    public static var okLoadPermanently: ResultCode { ResultCode(.ok, 1) }
    public static var okSymlink: ResultCode { ResultCode(.ok, 2) }
}
