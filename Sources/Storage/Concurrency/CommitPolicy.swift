/// Whether a write shares its transaction with other writes queued at the same time.
public enum CommitPolicy: Sendable, Hashable, CaseIterable {
    /// Group commit: the write runs inside a savepoint of a transaction that also holds the other
    /// grouped writes waiting for the writer, and all of them share one COMMIT (one log sync).
    /// Each write is still all or nothing (a throwing write rolls back to its savepoint and only it
    /// fails) and is acknowledged only after the COMMIT returned. If the COMMIT fails, every write
    /// of the group gets the error.
    case grouped
    /// The write runs alone in its own IMMEDIATE transaction and pays its own log sync.
    case individual
}
