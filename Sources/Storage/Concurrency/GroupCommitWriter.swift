import Dispatch
import Synchronization

/// The single writer: one connection, one queue, every write of the process goes through it, so two
/// writes never race for SQLite's write lock (no SQLITE_BUSY between our own writes).
///
/// Group commit: while the writer is busy (typically waiting for the log sync of a COMMIT), new
/// writes pile up in `pending`; when it comes back it takes them all and runs every grouped write
/// inside one transaction, each in its own savepoint, then commits once. A burst of N concurrent
/// writes thus costs a handful of log syncs instead of N, with no timer and no added latency when
/// writes arrive one at a time. Every caller is resumed only after the COMMIT returned.
///
/// The writer also keeps `health`: whether the latest write failed with a storage fault (disk full,
/// I/O error, read-only file) or committed. Both are recorded here, on the writer's queue, so the
/// state follows the order in which writes really ended.
final class GroupCommitWriter: Sendable {
    private struct Pending {
        var jobs: [WriteJob] = []
        /// Whether a drain is scheduled or running on the writer queue; only that drain takes jobs.
        var isDraining = false
    }

    private let connection: SerializedConnection
    private let pending = Mutex(Pending())
    private let counters = Mutex(WriterStatistics())
    private let maximumGroupSize: Int
    let health = WriteHealth()
    /// Resumes the callers of a committed group. Resuming a task wakes a thread of the cooperative
    /// pool, a few microseconds each; done here, those wake-ups overlap with the writer's next
    /// transaction instead of delaying it.
    private let acknowledgements = DispatchQueue(
        label: "navlayout.storage.writer.acknowledgements", qos: .userInitiated)

    init(connection: SerializedConnection, maximumGroupSize: Int) {
        self.connection = connection
        self.maximumGroupSize = max(1, maximumGroupSize)
    }

    /// Queues `body` and returns its result once its transaction committed.
    func submit<T: Sendable>(
        _ kind: WriteJob.Kind, _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(WriteJob(kind: kind, body: body, continuation: continuation))
        }
    }

    /// What has been committed so far.
    var statistics: WriterStatistics {
        counters.withLock { $0 }
    }

    /// The writes waiting for the writer (not counting those it is running).
    var pendingCount: Int {
        pending.withLock { $0.jobs.count }
    }

    private func countCommit(writes: Int, transaction: Duration = .zero, commit: Duration = .zero) {
        counters.withLock {
            $0.commits += 1
            $0.committedWrites += writes
            $0.transactionDuration += transaction
            $0.commitDuration += commit
        }
    }

    private func enqueue(_ job: WriteJob) {
        let startsDrain = pending.withLock { pending in
            pending.jobs.append(job)
            if pending.isDraining { return false }
            pending.isDraining = true
            return true
        }
        if startsDrain {
            connection.schedule { connection in self.drain(connection) }
        }
    }

    private func drain(_ connection: Connection) {
        while true {
            let jobs = pending.withLock { pending -> [WriteJob] in
                let jobs = pending.jobs
                pending.jobs.removeAll(keepingCapacity: true)
                if jobs.isEmpty { pending.isDraining = false }
                return jobs
            }
            if jobs.isEmpty { return }
            // Jobs run in arrival order; consecutive grouped jobs share a transaction.
            var index = 0
            while index < jobs.count {
                switch jobs[index].kind {
                case .individual:
                    runAlone(jobs[index], on: connection)
                    index += 1
                case .withoutTransaction:
                    runWithoutTransaction(jobs[index], on: connection)
                    index += 1
                case .grouped:
                    var end = index + 1
                    while end < jobs.count, jobs[end].kind == .grouped, end - index < maximumGroupSize {
                        end += 1
                    }
                    runGroup(jobs[index..<end], on: connection)
                    index = end
                }
            }
        }
    }

    private func runAlone(_ job: WriteJob, on connection: Connection) {
        do {
            try connection.execute("BEGIN IMMEDIATE TRANSACTION")
        } catch {
            health.recordFailed(error)
            job.fail(error)
            return
        }
        let outcome = job.run(connection)
        if let failure = outcome.failure {
            health.recordFailed(failure)
            connection.rollbackAfterFailure()
            outcome.acknowledge(nil)
            return
        }
        guard connection.isInTransaction else {
            outcome.acknowledge(WriteTransactionError.transactionEnded)
            return
        }
        do {
            try connection.requireDatabaseFileInPlace()
            try connection.execute("COMMIT TRANSACTION")
            countCommit(writes: 1)
            health.recordCommitted()
            outcome.acknowledge(nil)
        } catch {
            connection.rollbackAfterFailure()
            health.recordFailed(error)
            outcome.acknowledge(error)
        }
    }

    private func runWithoutTransaction(_ job: WriteJob, on connection: Connection) {
        let outcome = job.run(connection)
        if connection.isInTransaction {
            connection.rollbackAfterFailure()
            outcome.acknowledge(WriteTransactionError.transactionLeftOpen)
        } else {
            outcome.acknowledge(nil)
        }
    }

    private func runGroup(_ jobs: ArraySlice<WriteJob>, on connection: Connection) {
        /// Writes that succeeded in the open transaction and wait for its COMMIT.
        var awaitingCommit: [WriteOutcome] = []
        var remaining = jobs[...]
        let clock = ContinuousClock()
        let began = clock.now
        do {
            try connection.execute("BEGIN IMMEDIATE TRANSACTION")
        } catch {
            health.recordFailed(error)
            for job in remaining { job.fail(error) }
            return
        }
        while let job = remaining.popFirst() {
            do {
                try connection.execute("SAVEPOINT navlayout_grouped_write")
            } catch {
                health.recordFailed(error)
                job.fail(error)
                continue
            }
            let outcome = job.run(connection)
            if let failure = outcome.failure { health.recordFailed(failure) }
            guard connection.isInTransaction else {
                // The shared transaction is gone, and with it every write made in it so far. When
                // this write's error ended it (SQLite rolls back on SQLITE_FULL, SQLITE_IOERR and a
                // few others), that error is why the earlier writes did not commit either.
                let cause = outcome.failure as? DatabaseError
                for outcome in awaitingCommit { outcome.acknowledge(cause ?? WriteTransactionError.transactionEnded) }
                awaitingCommit.removeAll()
                outcome.acknowledge(outcome.succeeded ? WriteTransactionError.transactionEnded : nil)
                do {
                    try connection.execute("BEGIN IMMEDIATE TRANSACTION")
                } catch {
                    health.recordFailed(error)
                    for job in remaining { job.fail(error) }
                    return
                }
                continue
            }
            if outcome.succeeded {
                do {
                    try connection.execute("RELEASE SAVEPOINT navlayout_grouped_write")
                    awaitingCommit.append(outcome)
                } catch {
                    undoSavepoint(on: connection)
                    health.recordFailed(error)
                    outcome.acknowledge(error)
                }
            } else {
                undoSavepoint(on: connection)
                outcome.acknowledge(nil)
            }
        }
        do {
            let committing = clock.now
            if !awaitingCommit.isEmpty { try connection.requireDatabaseFileInPlace() }
            try connection.execute("COMMIT TRANSACTION")
            let committed = clock.now
            countCommit(
                writes: awaitingCommit.count, transaction: committed - began, commit: committed - committing)
            // A transaction whose every write failed commits nothing, and says nothing about the medium.
            if !awaitingCommit.isEmpty { health.recordCommitted() }
            let outcomes = awaitingCommit
            acknowledgements.async {
                for outcome in outcomes { outcome.acknowledge(nil) }
            }
        } catch {
            connection.rollbackAfterFailure()
            health.recordFailed(error)
            for outcome in awaitingCommit { outcome.acknowledge(error) }
        }
    }

    /// Undoes the current write's changes and drops its savepoint, keeping the group's transaction.
    private func undoSavepoint(on connection: Connection) {
        // A failure here means the transaction itself is gone; the COMMIT that follows reports it
        // to every write of the group.
        try? connection.execute("ROLLBACK TO SAVEPOINT navlayout_grouped_write")
        try? connection.execute("RELEASE SAVEPOINT navlayout_grouped_write")
    }
}
