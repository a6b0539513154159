/// A SQLite database shared by the whole process: one writer connection and a pool of readers.
///
/// - Writes go through a single writer connection and queue (`write`), so they are serialized and
///   never race each other for the write lock; concurrent grouped writes share commits (group
///   commit, see `CommitPolicy`).
/// - Reads (`read`) run concurrently on read-only connections, each inside a deferred transaction:
///   a read sees one consistent snapshot, and in WAL mode it neither blocks nor is blocked by the
///   writer.
/// - All SQLite work runs on dedicated dispatch queues; the async methods suspend the calling task
///   and resume it when the work is done, so they never block Swift's cooperative thread pool.
///
/// File databases use WAL mode, a busy timeout, foreign keys and `synchronous = FULL` by default,
/// so a write is durable once `write` returned.
///
/// In-memory databases: each `:memory:` connection has a database of its own, and sharing one
/// between connections needs a shared-cache URI whose table-level locks fail with SQLITE_LOCKED
/// (which the busy timeout does not cover). So `.inMemory` uses the single writer connection for
/// reads too: reads are serialized with writes, run read-only (`PRAGMA query_only`) inside a
/// deferred transaction, and see the same snapshot semantics.
public final class Database: Sendable {
    public let location: DatabaseLocation
    public let configuration: DatabaseConfiguration
    private let writer: GroupCommitWriter
    /// nil when reads go through the writer connection (in-memory, or no readers configured).
    private let readers: ReaderPool?
    /// nil for in-memory databases, or when checkpoints are left to SQLite.
    private let checkpointer: BackgroundCheckpointer?

    /// Opens (creating when missing) the database and its connections.
    public init(location: DatabaseLocation, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws {
        self.location = location
        self.configuration = configuration
        let writerConnection = try Connection(
            location: location, busyTimeout: configuration.busyTimeout,
            statementCacheCapacity: configuration.statementCacheCapacity)
        if case .file = location {
            // WAL: readers keep reading their snapshot while the writer commits, and a commit
            // appends to the log instead of rewriting pages in place.
            let mode = try writerConnection.fetchValue("PRAGMA journal_mode = WAL", as: String.self)
            guard mode?.lowercased() == "wal" else {
                throw DatabaseError(
                    extendedResultCode: .error,
                    message: "cannot use WAL mode at \(location): journal_mode is \(mode ?? "unknown")")
            }
        }
        try writerConnection.execute("PRAGMA synchronous = \(configuration.synchronous.rawValue)")

        var checkpointer: BackgroundCheckpointer? = nil
        if case .file = location, configuration.checkpointFrames > 0 {
            let connection = try Connection(
                location: location, busyTimeout: configuration.busyTimeout, statementCacheCapacity: 4)
            // The checkpoint syncs the database file as hard as commits sync the log.
            try connection.execute("PRAGMA synchronous = \(configuration.synchronous.rawValue)")
            let background = BackgroundCheckpointer(
                connection: connection, label: "navlayout.storage.checkpointer",
                thresholdFrames: configuration.checkpointFrames)
            writerConnection.onCommitToLog { [unowned writerConnection] frames in
                background.writerCommitted(logFrames: frames, on: writerConnection)
            }
            checkpointer = background
        }
        self.checkpointer = checkpointer

        var readerConnections: [SerializedConnection] = []
        if case .file = location, configuration.readerCount > 0 {
            for number in 0..<configuration.readerCount {
                let reader = try Connection(
                    location: location, readOnly: true, busyTimeout: configuration.busyTimeout,
                    statementCacheCapacity: configuration.statementCacheCapacity)
                readerConnections.append(
                    SerializedConnection(label: "navlayout.storage.reader.\(number)", connection: reader))
            }
        }
        self.readers = readerConnections.isEmpty ? nil : ReaderPool(readers: readerConnections)
        self.writer = GroupCommitWriter(
            connection: SerializedConnection(label: "navlayout.storage.writer", connection: writerConnection),
            maximumGroupSize: configuration.maximumGroupSize)
    }

    /// Runs `body` on a reader inside a deferred transaction (one consistent snapshot) and returns
    /// its result. The connection is read-only: writes in `body` fail with SQLITE_READONLY.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        if let readers {
            return try await readers.read(body)
        }
        return try await writer.submit(.withoutTransaction) { connection in
            try connection.execute("PRAGMA query_only = 1")
            // Turning query_only off cannot fail short of a broken connection, and then the next
            // write reports that connection's error anyway.
            defer { try? connection.execute("PRAGMA query_only = 0") }
            return try connection.transaction(.deferred, body)
        }
    }

    /// Runs `body` on the writer connection inside a transaction and returns its result once the
    /// transaction committed: when this returns, the write is durable. When `body` throws, its
    /// changes are rolled back and the error rethrown.
    ///
    /// - Parameter commit: `.grouped` (the default) lets the write share its transaction and its
    ///   log sync with other writes queued meanwhile; `.individual` gives it a transaction alone.
    ///
    /// `body` must not BEGIN, COMMIT or ROLLBACK itself (savepoints are fine). A write, once
    /// queued, runs even if the calling task is cancelled.
    public func write<T: Sendable>(
        _ commit: CommitPolicy = .grouped, _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        switch commit {
        case .grouped: try await writer.submit(.grouped, body)
        case .individual: try await writer.submit(.individual, body)
        }
    }

    /// Why writes fail right now: the storage fault of the latest write when it failed with one
    /// (disk full, I/O error, read-only or vanished file) and no write has committed since; nil
    /// while writes commit. Reads may work meanwhile.
    public var writeFailure: WriteFailure? {
        writer.health.current
    }

    /// What the writer has committed so far (group commit effectiveness).
    public var writerStatistics: WriterStatistics {
        writer.statistics
    }

    /// Checkpoints the background connection finished, and those that failed (none when
    /// checkpoints are left to SQLite).
    public var backgroundCheckpoints: (completed: Int, failed: Int) {
        checkpointer?.counts ?? (0, 0)
    }

    /// The writes queued for the writer and not started yet.
    var pendingWriteCount: Int {
        writer.pendingCount
    }

    /// Runs `body` on the writer connection with no transaction around it, for work that manages
    /// its own transactions (the migrator) or cannot run in one (VACUUM). `body` must end every
    /// transaction it begins.
    public func writeWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try await writer.submit(.withoutTransaction, body)
    }
}
