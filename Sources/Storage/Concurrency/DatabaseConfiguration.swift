/// How a `Database` opens and uses its connections.
public struct DatabaseConfiguration: Sendable, Hashable {
    /// The number of read-only connections reading concurrently (file databases only).
    public var readerCount: Int
    /// How long a statement waits for a lock held by another connection (another process, or a
    /// checkpoint) before SQLITE_BUSY.
    public var busyTimeout: Duration
    /// How hard a commit pushes to disk before it is acknowledged.
    public var synchronous: SynchronousMode
    /// The most write closures one group commit transaction holds.
    public var maximumGroupSize: Int
    /// Prepared statements kept per connection.
    public var statementCacheCapacity: Int
    /// File databases: past this many frames in the write-ahead log, a background connection
    /// copies the log back into the database file (see `BackgroundCheckpointer`); 0 leaves it to
    /// SQLite's automatic checkpoint inside the writer's commits.
    public var checkpointFrames: Int

    public init(
        readerCount: Int = 4,
        busyTimeout: Duration = .seconds(5),
        synchronous: SynchronousMode = .full,
        maximumGroupSize: Int = 1000,
        statementCacheCapacity: Int = 64,
        checkpointFrames: Int = 1000
    ) {
        self.readerCount = readerCount
        self.busyTimeout = busyTimeout
        self.synchronous = synchronous
        self.maximumGroupSize = maximumGroupSize
        self.statementCacheCapacity = statementCacheCapacity
        self.checkpointFrames = max(0, checkpointFrames)
    }
}

/// SQLite's `PRAGMA synchronous` levels that make sense with a write-ahead log.
public enum SynchronousMode: String, Sendable, Hashable, CaseIterable {
    /// The log is synced at every commit: a commit that returned survives a process kill, an
    /// operating system crash and a power loss. The default, because an acknowledged write must be
    /// durable without conditions.
    case full = "FULL"
    /// The log is synced only at checkpoints: a commit that returned survives a process kill (the
    /// log is in the operating system's cache) but the last commits can be lost on power loss.
    case normal = "NORMAL"
}
