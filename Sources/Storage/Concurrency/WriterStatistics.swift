/// What the writer has committed so far: with group commit, `committedWrites / commits` is the
/// mean number of writes that shared one log sync.
public struct WriterStatistics: Sendable, Hashable {
    /// Transactions committed by the writer.
    public var commits: Int = 0
    /// Write closures acknowledged after a successful COMMIT.
    public var committedWrites: Int = 0

    public init(commits: Int = 0, committedWrites: Int = 0) {
        self.commits = commits
        self.committedWrites = committedWrites
    }
}
