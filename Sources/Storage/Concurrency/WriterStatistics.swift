/// What the writer has committed so far: with group commit, `committedWrites / commits` is the
/// mean number of writes that shared one log sync.
public struct WriterStatistics: Sendable, Hashable {
    /// Transactions committed by the writer.
    public var commits: Int = 0
    /// Write closures acknowledged after a successful COMMIT.
    public var committedWrites: Int = 0
    /// Time the writer spent running grouped transactions, from BEGIN to the end of COMMIT.
    public var transactionDuration: Duration = .zero
    /// Of that, the time spent in COMMIT itself (writing the log and, with `synchronous = FULL`,
    /// syncing it).
    public var commitDuration: Duration = .zero

    public init(
        commits: Int = 0, committedWrites: Int = 0, transactionDuration: Duration = .zero,
        commitDuration: Duration = .zero
    ) {
        self.commits = commits
        self.committedWrites = committedWrites
        self.transactionDuration = transactionDuration
        self.commitDuration = commitDuration
    }
}
