import Foundation
import Synchronization
import TestPostgres
import Testing

@testable import Storage

/// The tests that need a PostgreSQL server, one at a time: their libpq calls block the thread they
/// run on, and the live-server tests beside them need the few threads Swift Testing shares.
@Suite("PostgreSQL", .serialized, .enabled(if: TestPostgres.available, "NAVLAYOUT_TEST_POSTGRES names no server"))
enum PostgresTests {}

extension PostgresTests {
    @Suite("PostgreSQL connection", .enabled(if: TestPostgres.available, "NAVLAYOUT_TEST_POSTGRES names no server"))
    struct PostgresConnectionTests {
        @Test("every kind of value goes in as an argument and comes back as it went, NULL included")
        func roundTrip() throws {
            let connection = try TestPostgres.connect()
            let table = TestPostgres.table("values")
            try connection.executeScript(
                "CREATE TABLE \(table) (id bigint PRIMARY KEY, n bigint, r double precision, t text, b bytea, f boolean)"
            )
            defer { _ = try? connection.executeScript("DROP TABLE \(table)") }
            let blob = Data([0, 1, 2, 0, 255])
            let inserted = try connection.query(
                "INSERT INTO \(table) (id, n, r, t, b, f) VALUES (?, ?, ?, ?, ?, ?)",
                [1, Int64.max, 0.1, "naïve ? 'quoted' ✓", blob, true])
            #expect(inserted.affectedRows == 1)
            try connection.query("INSERT INTO \(table) (id) VALUES (?)", [2])
            let rows = try connection.query(
                "SELECT n, r, t, b, f FROM \(table) WHERE id = ? OR id = ? ORDER BY id", [1, 2])
            #expect(rows.columns == ["n", "r", "t", "b", "f"])
            #expect(
                rows.rows[0] == [
                    .integer(Int64.max), .real(0.1), .text("naïve ? 'quoted' ✓"), .blob(blob), .integer(1),
                ])
            #expect(rows.rows[1] == [.null, .null, .null, .null, .null])
        }

        @Test("through SQLConnection, PostgreSQL rows read as SQLite rows do: by index, by name, decoded, counted")
        func sqlConnectionRows() throws {
            struct Note: RowDecodable, Equatable {
                var id: Int
                var title: String?
                init(id: Int, title: String?) {
                    self.id = id
                    self.title = title
                }
                init(row: Row) throws {
                    id = try row.value(named: "id")
                    title = try row.value(at: 1)
                }
            }
            let connection: any SQLConnection = try TestPostgres.connect()
            let table = TestPostgres.table("notes")
            try connection.execute("CREATE TABLE \(table) (id bigint PRIMARY KEY, title text)")
            defer { _ = try? connection.execute("DROP TABLE \(table)") }
            try connection.execute("INSERT INTO \(table) VALUES (?, ?), (?, ?)", [1, "one", 2, nil])
            #expect(connection.changedRowCount == 2)
            #expect(
                try connection.fetchAll(Note.self, "SELECT id, title FROM \(table) ORDER BY id")
                    == [Note(id: 1, title: "one"), Note(id: 2, title: nil)])
            #expect(try connection.fetchOne(Note.self, "SELECT id, title FROM \(table) WHERE id = ?", [3]) == nil)
            #expect(try connection.fetchValue("SELECT count(*) FROM \(table)", as: Int.self) == 2)
            #expect(throws: RowDecodingError.self) {
                try connection.fetchOne("SELECT title FROM \(table) WHERE id = 1") { try $0.value(at: 0, as: Int.self) }
            }
            #expect(throws: RowDecodingError.self) {
                try connection.fetchOne("SELECT title FROM \(table)") { try $0.value(at: 1, as: String.self) }
            }
        }

        @Test("errors carry their SQLSTATE and class: a duplicate key, bad SQL, a wrong argument count")
        func errors() throws {
            let connection = try TestPostgres.connect()
            let table = TestPostgres.table("unique")
            try connection.executeScript("CREATE TABLE \(table) (name text PRIMARY KEY)")
            defer { _ = try? connection.executeScript("DROP TABLE \(table)") }
            try connection.query("INSERT INTO \(table) (name) VALUES (?)", ["a"])
            do {
                try connection.query("INSERT INTO \(table) (name) VALUES (?)", ["a"])
                Issue.record("a duplicate key was stored")
            } catch {
                #expect(error.kind == .uniqueViolation)
                #expect(error.sqlState == "23505")
                #expect(error.message.contains("duplicate key"), "\(error)")
            }
            do {
                try connection.query("SELEC 1")
                Issue.record("bad SQL ran")
            } catch {
                #expect(error.kind == .other)
                #expect(error.sqlState == "42601")
            }
            do {
                try connection.query("SELECT ?::int + ?::int", [1])
                Issue.record("a statement ran short of an argument")
            } catch {
                #expect(error.kind == .misuse)
            }
            #expect(try connection.query("SELECT ?::int + ?::int", [1, 2]).firstValue == .integer(3))
            #expect(!connection.isBroken)
        }

        @Test("a serializable transaction that loses to a concurrent one runs again and commits once")
        func serializableRetry() throws {
            let first = try TestPostgres.connect()
            let second = try TestPostgres.connect()
            let table = TestPostgres.table("counter")
            try first.executeScript("CREATE TABLE \(table) (id int PRIMARY KEY, value int NOT NULL)")
            defer { _ = try? first.executeScript("DROP TABLE \(table)") }
            try first.query("INSERT INTO \(table) VALUES (1, 0)")

            var attempts = 0
            try first.serializable { connection in
                attempts += 1
                let value = try connection.query("SELECT value FROM \(table) WHERE id = 1").firstValue
                if attempts == 1 {
                    // Another transaction reads and writes the same row and commits in between.
                    try second.serializable { other in
                        _ = try other.query("SELECT value FROM \(table) WHERE id = 1")
                        try other.query("UPDATE \(table) SET value = value + 1 WHERE id = 1")
                    }
                }
                guard case .integer(let read)? = value else { throw PostgresError(kind: .other, message: "no value") }
                try connection.query("UPDATE \(table) SET value = ? WHERE id = 1", [read + 1])
            }
            #expect(attempts == 2)
            #expect(try first.query("SELECT value FROM \(table) WHERE id = 1").firstValue == .integer(2))
            #expect(!first.inTransaction)
        }

        @Test("a transaction whose statement failed is not committed, and the caller hears of it")
        func failedStatementIsNotCommitted() throws {
            let connection = try TestPostgres.connect()
            let table = TestPostgres.table("partial")
            try connection.executeScript("CREATE TABLE \(table) (id int PRIMARY KEY)")
            defer { _ = try? connection.executeScript("DROP TABLE \(table)") }
            #expect(throws: PostgresError.self) {
                try connection.serializable { connection in
                    try connection.query("INSERT INTO \(table) VALUES (1)")
                    // Swallowed: the transaction is aborted all the same.
                    _ = try? connection.query("INSERT INTO \(table) VALUES (1)")
                }
            }
            #expect(try connection.query("SELECT count(*) FROM \(table)").firstValue == .integer(0))
        }

        /// A new table whose inserts run `statement` (PL/pgSQL) inside the COMMIT of their
        /// transaction, from a deferred constraint trigger: what a COMMIT meets can be staged. The
        /// table and its function go with the value (keep it alive while the table is used).
        final class TableWithCommitStep {
            let name: String

            init(_ stem: String, runningAtCommit statement: String) throws {
                name = TestPostgres.table(stem)
                try TestPostgres.connect().executeScript(
                    """
                    CREATE TABLE \(name) (id int PRIMARY KEY);
                    CREATE FUNCTION \(name)_step() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN \(statement); RETURN NULL; END $$;
                    CREATE CONSTRAINT TRIGGER \(name)_at_commit AFTER INSERT ON \(name)
                        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION \(name)_step();
                    """)
            }

            deinit {
                _ = try? TestPostgres.connect().executeScript("DROP TABLE \(name); DROP FUNCTION \(name)_step()")
            }
        }

        @Test("a warning raised while COMMIT runs makes the commit not durable, as a cancelled replication wait does")
        func warningAtCommit() throws {
            let connection = try TestPostgres.connect()
            let staged = try TableWithCommitStep("warned", runningAtCommit: "RAISE WARNING 'not replicated'")
            let table = staged.name
            defer { withExtendedLifetime(staged) {} }
            do {
                try connection.serializable { try $0.query("INSERT INTO \(table) VALUES (1)") }
                Issue.record("a commit with a warning was taken as durable")
            } catch let error as PostgresError {
                #expect(error.kind == .commitNotDurable)
                #expect(error.message.contains("not replicated"))
            }
            #expect(connection.lastNotices.map(\.severity) == ["WARNING"])
        }

        @Test("a connection lost while COMMIT runs leaves the outcome unknown, not a failure to retry")
        func connectionLostDuringCommit() throws {
            let connection = try TestPostgres.connect()
            // A sleep holds the transaction inside its COMMIT for a while.
            let staged = try TableWithCommitStep("lost_commit", runningAtCommit: "PERFORM pg_sleep(5)")
            let table = staged.name
            defer { withExtendedLifetime(staged) {} }
            guard case .integer(let pid) = try connection.query("SELECT pg_backend_pid()").firstValue else {
                Issue.record("no process id")
                return
            }
            // Another connection ends this one's server process once it is inside COMMIT.
            let killer = Thread {
                guard let watcher = try? TestPostgres.connect() else { return }
                for _ in 0..<500 {
                    let state = try? watcher.query(
                        "SELECT query FROM pg_stat_activity WHERE pid = ? AND state = 'active'", [pid])
                    if state?.firstValue == .text("COMMIT") {
                        _ = try? watcher.query("SELECT pg_terminate_backend(?)", [pid])
                        return
                    }
                    usleep(10_000)
                }
            }
            killer.start()
            do {
                try connection.serializable { try $0.query("INSERT INTO \(table) VALUES (1)") }
                Issue.record("the commit succeeded although its connection was ended")
            } catch let error as PostgresError {
                #expect(error.kind == .commitOutcomeUnknown, "\(error)")
                #expect(error.storageFault == .commitUnconfirmed)
                #expect(error.message.contains("may or may not"))
            }
            #expect(connection.isBroken)
        }

        @Test("a statement past the connection's time-out is cancelled, and the connection goes on")
        func statementTimeout() throws {
            let connection = try TestPostgres.connect(.init(statementTimeoutMilliseconds: 200))
            do {
                try connection.query("SELECT pg_sleep(5)")
                Issue.record("the statement ran past its time-out")
            } catch {
                #expect(error.kind == .canceled)
                #expect(error.sqlState == "57014")
            }
            #expect(try connection.query("SELECT 1").firstValue == .integer(1))
        }

        @Test("a wrong password or a closed port is one clear connection error that never shows the password")
        func connectionFailures() throws {
            var wrong = try TestPostgres.url()
            wrong.password = "not-the-password"
            do {
                _ = try PostgresConnection(url: wrong)
                Issue.record("a wrong password connected")
            } catch {
                #expect(error.kind == .connection)
                #expect(error.message.contains("password authentication failed"), "\(error)")
                #expect(!error.message.contains("not-the-password"))
            }

            var closed = try TestPostgres.url()
            closed.port = try closedPort()
            do {
                _ = try PostgresConnection(url: closed)
                Issue.record("a closed port connected")
            } catch {
                #expect(error.kind == .connection)
                #expect(error.message.contains("127.0.0.1"), "\(error)")
            }
        }

        /// A port on 127.0.0.1 that nothing listens on: bound, then released.
        private func closedPort() throws -> Int {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
                }
            }
            try #require(bound)
            return Int(UInt16(bigEndian: address.sin_port))
        }
    }
}

extension PostgresTests {
    @Suite("PostgreSQL store", .enabled(if: TestPostgres.available, "NAVLAYOUT_TEST_POSTGRES names no server"))
    struct PostgresStoreTests {
        @Test("a write that cannot reach the server is an unreachable fault, and the store says writes fail")
        func unreachableWrite() async throws {
            var url = try TestPostgres.url()
            url.port = 1  // nothing listens there
            let store = PostgresStore(url: url, options: .init(connectTimeoutSeconds: 2))
            await #expect {
                try await store.write { try $0.execute("SELECT 1") }
            } throws: { error in
                StorageFault.of(error)?.fault == .unreachable
            }
            #expect(store.writeFailure?.fault == .unreachable)
            #expect(store.writeFailure?.failedWrites == 1)
            #expect(store.openConnections == 0)
        }

        @Test("the pool opens connections as work needs them, at most its size, and keeps them for the next")
        func pool() async throws {
            let store = PostgresStore(url: try TestPostgres.url(), poolSize: 2)
            let values = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        try await store.read { try $0.fetchValue("SELECT ?::int", [index], as: Int.self) ?? -1 }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(values.sorted() == Array(0..<6))
            #expect((1...2).contains(store.openConnections))
            #expect(store.writeFailure == nil)
        }
    }
}

extension PostgresTests {
    @Suite(
        "PostgreSQL: one process at a time",
        .enabled(if: TestPostgres.available, "NAVLAYOUT_TEST_POSTGRES names no server")
    )
    struct PostgresExclusiveTests {
        final class Flag: Sendable {
            let value = Mutex(false)
        }

        @Test("work named alike runs in one store at a time; another store skips it meanwhile, then runs it")
        func oneAtATime() async throws {
            let url = try TestPostgres.url()
            let first = PostgresStore(url: url)
            let second = PostgresStore(url: url)
            let name = TestPostgres.table("sweep")
            let entered = Flag()
            let release = Flag()
            let holding = Task {
                try await first.exclusively(name) { () async throws -> Int in
                    entered.value.withLock { $0 = true }
                    while !release.value.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(2)) }
                    return 1
                }
            }
            while !entered.value.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(2)) }
            #expect(try await second.exclusively(name) { 2 } == nil)
            #expect(try await second.exclusively(name + ".other") { 3 } == 3)
            release.value.withLock { $0 = true }
            #expect(try await holding.value == 1)
            // The lock goes with its connection, closed on the store's queue after the work.
            var after: Int?
            for _ in 0..<200 where after == nil {
                after = try await second.exclusively(name) { 4 }
                if after == nil { try await Task.sleep(for: .milliseconds(5)) }
            }
            #expect(after == 4)
        }
    }
}

extension PostgresTests {
    @Suite("PostgreSQL group commit", .enabled(if: TestPostgres.available, "NAVLAYOUT_TEST_POSTGRES names no server"))
    struct PostgresGroupCommitTests {
        struct Refused: Error, Equatable {}

        /// A store of one writer (a pool of two) on a fresh table, and a write that holds the writer
        /// until released, so that the writes sent meanwhile wait together and form the next group.
        private func heldStore(
            _ body: (PostgresStore, String, PostgresExclusiveTests.Flag) async throws -> Void
        ) async throws {
            let schema = try TestPostgres.FreshSchema()
            let store = PostgresStore(url: schema.url, poolSize: 2)
            let table = "numbers"
            _ = try await store.run { try $0.executeScript("CREATE TABLE \(table) (n bigint PRIMARY KEY)") }
            let entered = PostgresExclusiveTests.Flag()
            let release = PostgresExclusiveTests.Flag()
            let holding = Task {
                try await store.write { connection in
                    entered.value.withLock { $0 = true }
                    while !release.value.withLock({ $0 }) { usleep(1000) }
                    try connection.execute("INSERT INTO \(table) VALUES (0)")
                }
            }
            while !entered.value.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
            try await body(store, table, release)
            release.value.withLock { $0 = true }
            try await holding.value
        }

        /// Waits, bounded, until `count` writes queue behind the held one.
        private func waitForPending(_ count: Int, in store: PostgresStore) async throws {
            let deadline = ContinuousClock.now + .seconds(30)
            while store.pendingWrites < count {
                try #require(ContinuousClock.now < deadline, "\(store.pendingWrites) of \(count) writes queued")
                try await Task.sleep(for: .milliseconds(1))
            }
        }

        @Test("writes that wait together share one transaction and one COMMIT")
        func writesShareACommit() async throws {
            try await heldStore { store, table, release in
                let writes = (1...20).map { number in
                    Task { try await store.write { try $0.execute("INSERT INTO \(table) VALUES (?)", [number]) } }
                }
                try await waitForPending(20, in: store)
                release.value.withLock { $0 = true }
                for write in writes { try await write.value }
                #expect(store.groupCommits.writes == 21)
                #expect(store.groupCommits.commits == 2, "\(store.groupCommits)")
                #expect(try await store.read { try $0.fetchValue("SELECT count(*) FROM \(table)", as: Int.self) } == 21)
            }
        }

        @Test("a write that throws, or that the server refuses, fails alone; the others of its group commit")
        func failuresStayAlone() async throws {
            try await heldStore { store, table, release in
                let first = Task { try await store.write { try $0.execute("INSERT INTO \(table) VALUES (1)") } }
                let throwing = Task {
                    try await store.write { connection in
                        try connection.execute("INSERT INTO \(table) VALUES (2)")
                        throw Refused()
                    }
                }
                let duplicate = Task { try await store.write { try $0.execute("INSERT INTO \(table) VALUES (1)") } }
                let last = Task { try await store.write { try $0.execute("INSERT INTO \(table) VALUES (3)") } }
                try await waitForPending(4, in: store)
                release.value.withLock { $0 = true }
                try await last.value
                await #expect(throws: Refused.self) { try await throwing.value }
                // The two writes of 1 queued in either order: the one that came first is stored.
                let outcomes = [await first.result, await duplicate.result]
                #expect(outcomes.filter { if case .success = $0 { true } else { false } }.count == 1)
                #expect(
                    outcomes.contains {
                        if case .failure(let error) = $0 { ConstraintViolation(error) == .duplicateKey } else { false }
                    })
                let numbers = try await store.read {
                    try $0.fetchAll("SELECT n FROM \(table) ORDER BY n") { try $0.value(at: 0, as: Int.self) }
                }
                #expect(numbers == [0, 1, 3])
            }
        }
    }
}
