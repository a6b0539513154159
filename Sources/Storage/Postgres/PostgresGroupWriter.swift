import Foundation

/// Group commit on PostgreSQL: the writes that wait when a writer thread comes for work run in one
/// SERIALIZABLE transaction and share its COMMIT, the server's one flush of its log (and, in a
/// replicated cluster, the one wait for the standby). Each write is acknowledged only once that
/// COMMIT returned.
///
/// Writes are not wrapped in savepoints (a round trip each, and a subtransaction on the server);
/// instead a write that throws, or whose statement the server refuses, fails alone: the transaction
/// is rolled back and the others of the group run again without it. A conflict with another process
/// (40001, 40P01) runs the whole group again; a fault of the way to the server (it cannot be reached,
/// a COMMIT not confirmed as replicated) fails the whole group. Writes may therefore run more than
/// once, which `SQLDatabase.write` allows.
final class PostgresGroupWriter: @unchecked Sendable {
    /// One write waiting for the writer: its body, and how to answer its caller.
    final class Job: @unchecked Sendable {
        // `@unchecked Sendable`: built by the caller, then used by one writer thread only.
        let body: (any SQLConnection) throws -> Void
        let succeed: () -> Void
        let fail: (any Error) -> Void

        init(
            body: @escaping (any SQLConnection) throws -> Void, succeed: @escaping () -> Void,
            fail: @escaping (any Error) -> Void
        ) {
            self.body = body
            self.succeed = succeed
            self.fail = fail
        }
    }

    /// The most writes in one transaction.
    static let groupLimit = 256
    /// How many times a group that lost to another process runs again before its writes fail.
    static let attempts = 10

    private let writers: Int
    private let run: @Sendable (@escaping @Sendable (PostgresConnection) throws -> Void) throws -> Void
    private let committed: @Sendable () -> Void
    private let failed: @Sendable (any Error) -> Void

    // `@unchecked Sendable`: the fields below are read and written only with `condition` locked.
    private let condition = NSCondition()
    private var pending: [Job] = []
    private var running = 0
    private var commits = 0
    private var committedWrites = 0

    /// The writes waiting for a writer thread.
    var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return pending.count
    }

    /// The groups committed so far, and the writes they held.
    var statistics: (commits: Int, writes: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (commits, committedWrites)
    }

    /// - Parameters:
    ///   - writers: threads that each take a group at a time.
    ///   - run: runs its argument on a connection of the pool, on the calling thread.
    ///   - committed, failed: told of each group that committed, or failed on a fault of the medium.
    init(
        writers: Int, run: @escaping @Sendable (@escaping @Sendable (PostgresConnection) throws -> Void) throws -> Void,
        committed: @escaping @Sendable () -> Void, failed: @escaping @Sendable (any Error) -> Void
    ) {
        self.writers = max(1, writers)
        self.run = run
        self.committed = committed
        self.failed = failed
    }

    /// Queues `job`; a writer thread starts when none is free.
    func submit(_ job: Job) {
        condition.lock()
        pending.append(job)
        if running < writers {
            running += 1
            let thread = Thread { [self] in work() }
            thread.name = "navlayout-postgres-writer"
            thread.start()
        } else {
            condition.signal()
        }
        condition.unlock()
    }

    /// A writer thread: takes groups until none is waiting for a moment, then ends.
    private func work() {
        condition.lock()
        while true {
            if pending.isEmpty {
                let woken = condition.wait(until: Date(timeIntervalSinceNow: 2))
                if !woken && pending.isEmpty {
                    running -= 1
                    condition.unlock()
                    return
                }
                continue
            }
            let group = Array(pending.prefix(Self.groupLimit))
            pending.removeFirst(group.count)
            condition.unlock()
            commit(group)
            condition.lock()
        }
    }

    /// Runs `group` in one transaction until it commits, leaving out the writes that fail alone.
    private func commit(_ group: [Job]) {
        var remaining = group
        var attempt = 1
        while !remaining.isEmpty {
            let jobs = remaining
            let failedAlone = FailedJob()
            do {
                try run { connection in
                    try connection.executeScript("BEGIN ISOLATION LEVEL SERIALIZABLE")
                    do {
                        for (index, job) in jobs.enumerated() {
                            do {
                                try job.body(connection)
                            } catch let error as PostgresError where error.isRetryable || error.storageFault != nil {
                                throw error
                            } catch {
                                failedAlone.set(index, error)
                                throw error
                            }
                        }
                        try connection.commit()
                    } catch {
                        connection.rollBackIfOpen()
                        throw error
                    }
                }
                committed()
                condition.lock()
                commits += 1
                committedWrites += jobs.count
                condition.unlock()
                for job in jobs { job.succeed() }
                return
            } catch {
                if let (index, cause) = failedAlone.value {
                    // A write that swallowed the server's error left the transaction aborted, and a
                    // later write of the group met it (25P02): which one is at fault is unknown, so
                    // each runs alone.
                    if (cause as? PostgresError)?.sqlState == "25P02", remaining.count > 1 {
                        for job in remaining { commit([job]) }
                        return
                    }
                    // One write failed on its own: it fails, the others run again without it.
                    remaining[index].fail(cause)
                    remaining.remove(at: index)
                    continue
                }
                if let conflict = error as? PostgresError, conflict.isRetryable, attempt < Self.attempts {
                    PostgresConnection.pauseAfterConflict(attempt: attempt)
                    attempt += 1
                    continue
                }
                failed(error)
                for job in remaining { job.fail(error) }
                return
            }
        }
    }

    /// The write of a group that failed on its own, set on the thread that runs the group.
    private final class FailedJob: @unchecked Sendable {
        // `@unchecked Sendable`: set and read on the writer thread only.
        private(set) var value: (Int, any Error)?

        func set(_ index: Int, _ error: any Error) {
            value = (index, error)
        }
    }
}
