import Dispatch
import Foundation

/// A PostgreSQL database as an `SQLDatabase`, on a pool of at most `poolSize` connections
/// (`PostgresPool`), which reconnects by itself once the server (or the primary a proxy points at)
/// is back.
///
/// libpq blocks its thread until the server answers, so every call runs on a dispatch queue or a
/// writer thread of its own, never on Swift's cooperative threads. Every wait is bounded: for a free
/// connection by `checkoutTimeout`, for connecting and for each statement by the connection's
/// options. Reads run in a REPEATABLE READ READ ONLY transaction (one snapshot for a page and its
/// count). Writes run in SERIALIZABLE transactions, grouped (`PostgresGroupWriter`), run again when
/// a concurrent write got in the way.
public final class PostgresStore: SQLDatabase, Sendable {
    public let url: PostgresURL
    public let options: PostgresConnection.Options
    public let poolSize: Int
    public let checkoutTimeout: Duration
    public var dialect: SQLDialect { .postgres }

    private let queue = DispatchQueue(label: "navlayout.postgres", attributes: .concurrent)
    private let health = WriteHealth()
    private let pool: PostgresPool
    private let groupWriter: PostgresGroupWriter

    public init(
        url: PostgresURL, options: PostgresConnection.Options = .init(), poolSize: Int = 8,
        checkoutTimeout: Duration = .seconds(5)
    ) {
        self.url = url
        self.options = options
        self.poolSize = max(1, poolSize)
        self.checkoutTimeout = checkoutTimeout
        let pool = PostgresPool(url: url, options: options, size: self.poolSize, checkoutTimeout: checkoutTimeout)
        let health = self.health
        self.pool = pool
        // Writers leave a connection of the pool to reads.
        groupWriter = PostgresGroupWriter(
            writers: max(1, min(2, self.poolSize - 1)), run: { try pool.withConnection($0) },
            committed: { health.recordCommitted() }, failed: { health.recordFailed($0) })
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await run { connection in
            try connection.executeScript("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            do {
                let value = try body(connection)
                try connection.executeScript("COMMIT")
                return value
            } catch {
                connection.rollBackIfOpen()
                throw error
            }
        }
    }

    /// A grouped write shares its transaction and its COMMIT with the others waiting
    /// (`PostgresGroupWriter`); an individual one has a transaction of its own.
    public func write<T: Sendable>(
        _ commit: CommitPolicy, _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T {
        if commit == .grouped {
            let result = ResultBox<T>()
            return try await withCheckedThrowingContinuation { continuation in
                groupWriter.submit(
                    PostgresGroupWriter.Job(
                        body: { result.value = try body($0) },
                        succeed: {
                            if let value = result.value {
                                continuation.resume(returning: value)
                            } else {
                                continuation.resume(
                                    throwing: PostgresError(kind: .misuse, message: "a write without a value"))
                            }
                        },
                        fail: { continuation.resume(throwing: $0) }))
            }
        }
        do {
            let value = try await run { connection in try connection.serializable { try body($0) } }
            health.recordCommitted()
            return value
        } catch {
            health.recordFailed(error)
            throw error
        }
    }

    /// Autovacuum gives the space of deleted rows back to the table by itself.
    public func reclaimSpace() async throws -> Int { 0 }

    public var writeFailure: WriteFailure? { health.current }

    public func migrate(_ migrator: Migrator) async throws -> [Migration] {
        try await run { try migrator.migrate($0) }
    }

    /// Also the readiness probe: a server that answers as a primary (not in recovery) takes writes
    /// again, which clears a write failure recorded meanwhile; a standby is a read-only fault. A
    /// replica behind a balancer that asks readiness would otherwise never be sent the write that
    /// clears it.
    public func migrationStatus(_ migrator: Migrator) async throws -> MigrationStatus {
        let (status, standby) = try await run { connection in
            (
                try migrator.status(of: connection),
                try connection.fetchValue("SELECT pg_is_in_recovery()", as: Bool.self)
            )
        }
        guard standby == false else {
            throw PostgresError(kind: .readOnly, message: "the server is a standby and does not accept writes")
        }
        health.recordCommitted()
        return status
    }

    /// A session advisory lock named after `name`, taken with `pg_try_advisory_lock` on a connection
    /// of its own (so that `body` has the whole pool) and held while `body` runs: another process
    /// holding it means nil at once, never a wait.
    public func exclusively<T: Sendable>(_ name: String, _ body: @Sendable () async throws -> T) async throws -> T? {
        let key = Self.advisoryKey(name)
        let (url, options) = (self.url, self.options)
        let holder = try await onQueue { () throws -> LockHolder? in
            let connection = try PostgresConnection(url: url, options: options)
            guard try connection.fetchValue("SELECT pg_try_advisory_lock(?)", [key], as: Bool.self) == true else {
                return nil
            }
            return LockHolder(connection)
        }
        guard let holder else { return nil }
        defer {
            // The lock goes with its session: closing the connection releases it.
            queue.async { holder.close() }
        }
        return try await body()
    }

    /// A lock's 64-bit key: the FNV-1a hash of its name, prefixed so navlayout's keys do not meet
    /// another application's on a shared server.
    static func advisoryKey(_ name: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ("navlayout." + name).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }

    /// A grouped write's value, from the writer thread that ran it to its caller.
    private final class ResultBox<T>: @unchecked Sendable {
        // `@unchecked Sendable`: set by the writer thread before it resumes the caller, read after.
        var value: T?
    }

    /// The connection that holds an advisory lock, carried across the awaits of the work it guards.
    private final class LockHolder: @unchecked Sendable {
        // `@unchecked Sendable`: the connection is used on one thread at a time, at the lock's start
        // and at its end, never while the guarded work runs.
        private var connection: PostgresConnection?

        init(_ connection: PostgresConnection) {
            self.connection = connection
        }

        func close() {
            connection = nil
        }
    }

    /// Runs blocking libpq work on the store's queue.
    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs `work` on a pooled connection on the store's queue.
    public func run<T: Sendable>(_ work: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
        try await onQueue { [pool] in try pool.withConnection(work) }
    }

    /// The connections open now, idle or in use.
    public var openConnections: Int { pool.openConnections }

    /// The grouped writes' transactions committed so far, and the writes they held.
    public var groupCommits: (commits: Int, writes: Int) { groupWriter.statistics }

    /// The grouped writes waiting for a writer thread.
    public var pendingWrites: Int { groupWriter.pendingCount }
}
