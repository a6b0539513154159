/// Why writes do not commit right now: the latest write failed with a fault of the storage medium,
/// and no write has committed since.
public struct WriteFailure: Sendable, Equatable, CustomStringConvertible {
    /// The fault of the latest failed write.
    public var fault: StorageFault
    /// The database's code for the latest failed write ("SQLite 13, database or disk is full",
    /// "PostgreSQL 08006").
    public var code: String
    /// Writes that failed with a storage fault since the last one that committed.
    public var failedWrites: Int

    public init(fault: StorageFault, code: String, failedWrites: Int) {
        self.fault = fault
        self.code = code
        self.failedWrites = failedWrites
    }

    public var description: String {
        let count = failedWrites == 1 ? "1 write" : "\(failedWrites) writes"
        return "\(count) failed since the last commit, the latest with \(fault) (\(code))"
    }
}
