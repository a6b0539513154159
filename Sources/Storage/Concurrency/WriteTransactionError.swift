/// A write whose transaction did not end the way the writer manages it.
public enum WriteTransactionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transaction this write ran in ended before the writer committed it: SQLite rolled it
    /// back after an error in this or another write of the same group (SQLITE_FULL, SQLITE_IOERR
    /// and a few others do that), or a write body ran COMMIT or ROLLBACK itself. Write bodies must
    /// not control transactions; the writer does.
    case transactionEnded
    /// A write run without a managed transaction returned with a transaction still open; it was
    /// rolled back.
    case transactionLeftOpen

    public var description: String {
        switch self {
        case .transactionEnded:
            "the write transaction ended before its COMMIT (rolled back by SQLite, or ended by a write body)"
        case .transactionLeftOpen:
            "a write left a transaction open; it was rolled back"
        }
    }
}
