/// How a transaction takes its locks.
public enum TransactionKind: String, Sendable, CaseIterable {
    /// Takes locks when first needed: a read lock on the first read, the write lock on the first write
    /// (which can then fail with SQLITE_BUSY if another connection wrote meanwhile).
    case deferred = "DEFERRED"
    /// Takes the write lock at BEGIN, so the transaction never has to upgrade a read to a write.
    case immediate = "IMMEDIATE"
    /// Like immediate; in WAL mode the same, otherwise it also keeps readers out.
    case exclusive = "EXCLUSIVE"
}

extension Connection {
    /// Runs `body` inside a transaction: committed when `body` returns, rolled back when it throws
    /// (or when COMMIT fails), and the error rethrown.
    public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: (Connection) throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        do {
            let result = try body(self)
            try execute("COMMIT TRANSACTION")
            return result
        } catch {
            rollbackAfterFailure()
            throw error
        }
    }

    /// Runs `body` inside a savepoint: its changes are kept when it returns and undone when it
    /// throws, without ending an enclosing transaction.
    public func savepoint<T>(_ body: (Connection) throws -> T) throws -> T {
        try execute("SAVEPOINT navlayout_savepoint")
        do {
            let result = try body(self)
            try execute("RELEASE SAVEPOINT navlayout_savepoint")
            return result
        } catch {
            // Some errors (SQLITE_FULL, SQLITE_IOERR, ...) make SQLite roll the whole transaction
            // back on its own; then there is no savepoint left to roll back to.
            if isInTransaction {
                try? execute("ROLLBACK TO SAVEPOINT navlayout_savepoint")
                try? execute("RELEASE SAVEPOINT navlayout_savepoint")
            }
            throw error
        }
    }

    /// Rolls back whatever transaction is open. The error that made us roll back is the one the
    /// caller needs to see; a failing ROLLBACK (the transaction already ended) adds nothing to it.
    func rollbackAfterFailure() {
        if isInTransaction {
            try? execute("ROLLBACK TRANSACTION")
        }
    }
}
