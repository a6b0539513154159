import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Storage

/// A gate a write body waits at (on the writer's own thread) until the test opens it, so tests can
/// hold the writer still while they queue more work.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let reached = Atomic<Bool>(false)

    /// Called from inside a database closure: records that the closure runs, then waits.
    func wait() {
        reached.store(true, ordering: .sequentiallyConsistent)
        semaphore.wait()
    }

    var isReached: Bool {
        reached.load(ordering: .sequentiallyConsistent)
    }

    func open() {
        semaphore.signal()
    }
}

/// Suspends until `condition` holds, checking between short sleeps. Gives up after a minute so a
/// broken implementation fails the test instead of hanging it.
func eventually(_ condition: () -> Bool) async throws {
    for _ in 0..<60_000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(1))
    }
    throw ConditionNeverHeld()
}

struct ConditionNeverHeld: Error {}

struct Failure: Error, Equatable {}

/// Which numbered operations succeeded, recorded from concurrent tasks.
final class Outcomes: Sendable {
    private let outcomes = Mutex<[Int: Bool]>([:])

    func record(_ number: Int, succeeded: Bool) {
        outcomes.withLock { $0[number] = succeeded }
    }

    func succeeded(_ number: Int) -> Bool {
        outcomes.withLock { $0[number] == true }
    }
}

@Suite("Database: writer, readers, group commit")
struct DatabaseTests {
    static let locations: [String] = ["memory", "file"]

    /// A database at the named kind of location, with a table `t(x)`.
    private func makeDatabase(_ kind: String, in folder: TemporaryFolder, readers: Int = 4) async throws -> Database {
        let location: DatabaseLocation = kind == "memory" ? .inMemory : .file(path: folder.file("db.sqlite"))
        let database = try Database(location: location, configuration: DatabaseConfiguration(readerCount: readers))
        try await database.write { try $0.execute("CREATE TABLE t (x INTEGER NOT NULL UNIQUE)") }
        return database
    }

    private func count(_ database: Database) async throws -> Int? {
        try await database.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int.self) }
    }

    @Test("a write is visible to the next read", arguments: locations)
    func readSeesAcknowledgedWrite(kind: String) async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase(kind, in: folder)
        for number in 1...20 {
            try await database.write { try $0.execute("INSERT INTO t VALUES (?)", [number]) }
            #expect(try await count(database) == number)
        }
    }

    @Test("a write inside read fails as read-only", arguments: locations)
    func readIsReadOnly(kind: String) async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase(kind, in: folder)
        let error = await #expect(throws: DatabaseError.self) {
            try await database.read { try $0.execute("INSERT INTO t VALUES (1)") }
        }
        #expect(error?.resultCode == .readOnly)
        // The single in-memory connection is writable again afterwards.
        try await database.write { try $0.execute("INSERT INTO t VALUES (2)") }
        #expect(try await count(database) == 1)
    }

    @Test("a file database runs in WAL mode with synchronous FULL and foreign keys, on every connection")
    func fileDatabasePragmas() async throws {
        let folder = try TemporaryFolder()
        let database = try Database(location: .file(path: folder.file("db.sqlite")))
        let writerSettings = try await database.write { connection in
            [
                try connection.fetchValue("PRAGMA journal_mode", as: String.self),
                try connection.fetchValue("PRAGMA synchronous", as: Int.self).map(String.init),
                try connection.fetchValue("PRAGMA foreign_keys", as: Int.self).map(String.init),
            ]
        }
        #expect(writerSettings == ["wal", "2", "1"])
        let readerSettings = try await database.read { connection in
            [
                try connection.fetchValue("PRAGMA journal_mode", as: String.self),
                try connection.fetchValue("PRAGMA foreign_keys", as: Int.self).map(String.init),
            ]
        }
        #expect(readerSettings == ["wal", "1"])
    }

    @Test("two in-memory databases are separate")
    func inMemoryDatabasesArePrivate() async throws {
        let first = try Database(location: .inMemory)
        let second = try Database(location: .inMemory)
        try await first.write { try $0.execute("CREATE TABLE only_here (x)") }
        let tables = try await second.read {
            try $0.fetchValue("SELECT count(*) FROM sqlite_master WHERE name = 'only_here'", as: Int.self)
        }
        #expect(tables == 0)
    }

    @Test(
        "many concurrent writes of both commit policies all land, with no SQLITE_BUSY",
        arguments: locations)
    func concurrentWritesAllLand(kind: String) async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase(kind, in: folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...400 {
                let policy: CommitPolicy = number % 4 == 0 ? .individual : .grouped
                group.addTask {
                    try await database.write(policy) { try $0.execute("INSERT INTO t VALUES (?)", [number]) }
                }
            }
            try await group.waitForAll()
        }
        let values = try await database.read {
            try $0.fetchAll("SELECT x FROM t ORDER BY x") { try $0.value(at: 0, as: Int.self) }
        }
        #expect(values == Array(1...400))
        let statistics = database.writerStatistics
        // 400 inserts plus the CREATE TABLE.
        #expect(statistics.committedWrites == 401)
        #expect(statistics.commits <= 401)
    }

    @Test("grouped writes queued behind a busy writer share one commit; a failing one is rolled back alone")
    func groupSharesCommitAndIsolatesFailure() async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase("file", in: folder)
        let gate = Gate()
        let blocker = Task { try await database.write(.individual) { _ in gate.wait() } }
        try await eventually { gate.isReached }
        let commitsBefore = database.writerStatistics.commits

        let results = Outcomes()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...10 {
                group.addTask {
                    do {
                        try await database.write { connection in
                            try connection.execute("INSERT INTO t VALUES (?)", [number])
                            if number == 5 { throw Failure() }
                            // A constraint violation fails just this write too. It repeats the write's own
                            // value: a value of another write would make the outcome depend on which of
                            // the two the group happened to run first.
                            if number == 7 { try connection.execute("INSERT INTO t VALUES (?)", [number]) }
                        }
                        results.record(number, succeeded: true)
                    } catch {
                        results.record(number, succeeded: false)
                    }
                }
            }
            try await eventually { database.pendingWriteCount == 10 }
            gate.open()
            try await group.waitForAll()
        }
        try await blocker.value

        let succeeded = (1...10).filter { results.succeeded($0) }
        #expect(succeeded == [1, 2, 3, 4, 6, 8, 9, 10])
        let values = try await database.read {
            try $0.fetchAll("SELECT x FROM t ORDER BY x") { try $0.value(at: 0, as: Int.self) }
        }
        #expect(values == [1, 2, 3, 4, 6, 8, 9, 10])
        // The blocker's commit, then one commit for the whole group.
        #expect(database.writerStatistics.commits == commitsBefore + 2)
    }

    @Test("blocked SQLite work occupies none of the cooperative pool's threads")
    func blockingWorkStaysOffCooperativePool() async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase("file", in: folder, readers: 4)
        // One write and four reads all stuck inside SQLite closures at once: more blocked closures
        // than the cooperative pool has threads on this machine.
        let gates = (0..<5).map { _ in Gate() }
        let write = Task { try await database.write { _ in gates[0].wait() } }
        let reads = (1..<5).map { index in Task { try await database.read { _ in gates[index].wait() } } }
        try await eventually { gates.allSatisfy(\.isReached) }
        // Tasks still run meanwhile.
        let sum = await withTaskGroup(of: Int.self) { group in
            for number in 1...100 {
                group.addTask { number }
            }
            return await group.reduce(0, +)
        }
        #expect(sum == 5050)
        for gate in gates { gate.open() }
        try await write.value
        for read in reads {
            try await read.value
        }
    }

    @Test("a read is not held up by a write in progress and does not see its uncommitted rows")
    func readersDoNotWaitForWriter() async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase("file", in: folder)
        let gate = Gate()
        let write = Task {
            try await database.write { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                gate.wait()
            }
        }
        try await eventually { gate.isReached }
        #expect(try await count(database) == 0)
        gate.open()
        try await write.value
        #expect(try await count(database) == 1)
    }

    @Test("readers see consistent snapshots while transfers are written", arguments: locations)
    func consistentSnapshots(kind: String) async throws {
        let folder = try TemporaryFolder()
        let location: DatabaseLocation = kind == "memory" ? .inMemory : .file(path: folder.file("db.sqlite"))
        let database = try Database(location: location, configuration: DatabaseConfiguration(readerCount: 3))
        try await database.write { connection in
            try connection.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)")
            for id in 0..<10 {
                try connection.execute("INSERT INTO accounts VALUES (?, 100)", [id])
            }
        }
        let sums = try await withThrowingTaskGroup(of: [Int].self) { group in
            for transfer in 0..<300 {
                group.addTask {
                    try await database.write { connection in
                        let from = transfer % 10
                        let to = (transfer * 7 + 3) % 10
                        try connection.execute("UPDATE accounts SET balance = balance - 5 WHERE id = ?", [from])
                        try connection.execute("UPDATE accounts SET balance = balance + 5 WHERE id = ?", [to])
                    }
                    return []
                }
                group.addTask {
                    try await database.read { connection in
                        // Two statements in one read: both must see the same snapshot.
                        let total = try connection.fetchValue("SELECT sum(balance) FROM accounts", as: Int.self) ?? -1
                        let rows = try connection.fetchAll("SELECT balance FROM accounts") {
                            try $0.value(at: 0, as: Int.self)
                        }
                        return [total, rows.reduce(0, +)]
                    }
                }
            }
            var sums: [Int] = []
            for try await pair in group { sums += pair }
            return sums
        }
        #expect(sums.count == 600)
        #expect(sums.allSatisfy { $0 == 1000 })
    }

    @Test("more concurrent reads than readers all complete")
    func readsWaitForAFreeReader() async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase("file", in: folder, readers: 2)
        try await database.write { try $0.execute("INSERT INTO t VALUES (42)") }
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { try await database.read { try $0.fetchValue("SELECT x FROM t", as: Int.self) ?? 0 } }
            }
            var values: [Int] = []
            for try await value in group { values.append(value) }
            return values
        }
        #expect(values == Array(repeating: 42, count: 200))
    }

    @Test("a write body that throws rolls back and rethrows", arguments: CommitPolicy.allCases)
    func throwingWriteRollsBack(policy: CommitPolicy) async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase("file", in: folder)
        await #expect(throws: Failure()) {
            try await database.write(policy) { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(try await count(database) == 0)
    }

    @Test("a write body that ends the transaction itself is reported", arguments: CommitPolicy.allCases)
    func bodyEndingTransactionIsReported(policy: CommitPolicy) async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase("file", in: folder)
        await #expect(throws: WriteTransactionError.transactionEnded) {
            try await database.write(policy) { try $0.execute("ROLLBACK") }
        }
        // The writer carries on.
        try await database.write(policy) { try $0.execute("INSERT INTO t VALUES (1)") }
        #expect(try await count(database) == 1)
    }

    @Test("work without a managed transaction must not leave one open")
    func unmanagedWriteLeavingTransactionOpen() async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase("file", in: folder)
        await #expect(throws: WriteTransactionError.transactionLeftOpen) {
            try await database.writeWithoutTransaction { connection in
                try connection.execute("BEGIN")
                try connection.execute("INSERT INTO t VALUES (1)")
            }
        }
        #expect(try await count(database) == 0)
    }

    @Test("a database survives closing and reopening")
    func reopen() async throws {
        let folder = try TemporaryFolder()
        do {
            let database = try await makeDatabase("file", in: folder)
            try await database.write { try $0.execute("INSERT INTO t VALUES (7)") }
        }
        let reopened = try Database(location: .file(path: folder.file("db.sqlite")))
        #expect(try await reopened.read { try $0.fetchValue("SELECT x FROM t", as: Int.self) } == 7)
    }
}

@Suite("Database: locks held by other connections")
struct ForeignLockTests {
    @Test("a write waits for a lock held by another connection instead of failing with SQLITE_BUSY")
    func writeWaitsForForeignLock() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite")
        let database = try Database(location: .file(path: path))
        try await database.write { try $0.execute("CREATE TABLE t (x INTEGER)") }

        // Another connection (as another process would) takes the write lock.
        let other = try Connection(location: .file(path: path))
        try other.execute("BEGIN IMMEDIATE")
        try other.execute("INSERT INTO t VALUES (1)")
        let write = Task { try await database.write { try $0.execute("INSERT INTO t VALUES (2)") } }
        try await Task.sleep(for: .milliseconds(50))
        try other.execute("COMMIT")
        try await write.value

        let values = try await database.read {
            try $0.fetchAll("SELECT x FROM t ORDER BY x") { try $0.value(at: 0, as: Int.self) }
        }
        #expect(values == [1, 2])
    }
}
