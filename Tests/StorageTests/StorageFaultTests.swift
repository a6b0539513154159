import Foundation
import Testing

@testable import Storage

/// Faults of the storage medium: how result codes classify, and how a database reports writes that
/// fail with one (disk full, read-only, vanished file) until a write commits again.
@Suite("Storage faults")
struct StorageFaultTests {
    private func makeDatabase(in folder: TemporaryFolder) async throws -> Database {
        let database = try Database(location: .file(path: folder.file("db.sqlite")))
        try await database.write { try $0.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)") }
        return database
    }

    private func insert(_ database: Database, id: Int, bytes: Int = 16, _ policy: CommitPolicy = .grouped)
        async throws
    {
        try await database.write(policy) {
            try $0.execute("INSERT INTO t (id, payload) VALUES (?, zeroblob(?))", [id, bytes])
        }
    }

    private func storedIDs(_ database: Database) async throws -> [Int] {
        try await database.read {
            try $0.fetchAll("SELECT id FROM t ORDER BY id") { try $0.value(at: 0, as: Int.self) }
        }
    }

    /// Caps the database at the pages it has now: the next write that needs a page fails with SQLITE_FULL.
    private func fillUp(_ database: Database) async throws {
        try await database.writeWithoutTransaction { connection in
            let pages = try connection.fetchValue("PRAGMA page_count", as: Int.self) ?? 0
            try connection.execute("PRAGMA max_page_count = \(pages)")
        }
    }

    private func makeRoom(_ database: Database) async throws {
        try await database.writeWithoutTransaction { try $0.execute("PRAGMA max_page_count = 1073741823") }
    }

    @Test(
        "result codes of the medium classify as faults, and no others",
        arguments: [
            (ResultCode.full, StorageFault.full), (.ioErr, .ioError), (.ioErrWrite, .ioError), (.ioErrFsync, .ioError),
            (.readOnly, .readOnly), (.readOnlyDbMoved, .readOnly), (.cantOpen, .unavailable),
            (.cantOpenIsDir, .unavailable),
        ])
    func classification(code: ResultCode, fault: StorageFault) {
        #expect(StorageFault(code) == fault)
        #expect(DatabaseError(extendedResultCode: code, message: "m").storageFault == fault)
    }

    @Test(
        "constraint, busy and other SQL failures are not faults of the medium",
        arguments: [ResultCode.constraintUnique, .busy, .error, .corrupt, .misuse, .tooBig, .noMem])
    func notFaults(code: ResultCode) {
        #expect(StorageFault(code) == nil)
    }

    @Test(
        "a full database fails the write with SQLITE_FULL until there is room, and loses nothing acknowledged",
        arguments: CommitPolicy.allCases)
    func fullDatabase(policy: CommitPolicy) async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase(in: folder)
        try await insert(database, id: 1, policy)
        try await fillUp(database)
        #expect(database.writeFailure == nil)

        let error = try await #require(throws: DatabaseError.self) {
            try await insert(database, id: 2, bytes: 200_000, policy)
        }
        #expect(error.storageFault == .full)
        let failure = try #require(database.writeFailure)
        #expect(failure.fault == .full)
        #expect(failure.failedWrites == 1)
        await #expect(throws: DatabaseError.self) { try await insert(database, id: 3, bytes: 200_000, policy) }
        #expect(database.writeFailure?.failedWrites == 2)
        #expect(try await storedIDs(database) == [1], "reads go on while writes fail")

        try await makeRoom(database)
        try await insert(database, id: 4, bytes: 200_000, policy)
        #expect(database.writeFailure == nil)
        #expect(try await storedIDs(database) == [1, 4])
    }

    @Test("writes queued together behind one that fills the disk fail with its error, never a bare rollback")
    func groupedWritesShareTheFault() async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase(in: folder)
        try await fillUp(database)
        let outcomes = await withTaskGroup(of: (any Error)?.self) { group in
            for id in 1...20 {
                group.addTask {
                    do {
                        try await insert(database, id: id, bytes: id.isMultiple(of: 5) ? 200_000 : 16)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            var outcomes: [(any Error)?] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let errors = outcomes.compactMap { $0 }
        #expect(!errors.isEmpty)
        for error in errors {
            #expect((error as? DatabaseError)?.storageFault == .full, "\(error)")
        }
        #expect(
            try await storedIDs(database).count == outcomes.count - errors.count, "every acknowledged write is stored")
    }

    @Test("a write that fails for its own reason leaves the medium's state as it was")
    func sqlFailuresDoNotCount() async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase(in: folder)
        try await insert(database, id: 1)
        let duplicate = try await #require(throws: DatabaseError.self) { try await insert(database, id: 1) }
        #expect(duplicate.extendedResultCode == .constraintPrimaryKey)
        #expect(database.writeFailure == nil)

        try await fillUp(database)
        await #expect(throws: DatabaseError.self) { try await insert(database, id: 2, bytes: 200_000) }
        let refused = try await #require(throws: DatabaseError.self) { try await insert(database, id: 1) }
        #expect(refused.extendedResultCode == .constraintPrimaryKey)
        #expect(database.writeFailure?.fault == .full, "a refused write is no sign that there is room again")
    }

    @Test(
        "a database that cannot be written fails writes as read-only until it can again",
        arguments: CommitPolicy.allCases)
    func readOnlyDatabase(policy: CommitPolicy) async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase(in: folder)
        try await insert(database, id: 1, policy)
        try await database.writeWithoutTransaction { try $0.execute("PRAGMA query_only = 1") }

        let error = try await #require(throws: DatabaseError.self) { try await insert(database, id: 2, policy) }
        #expect(error.storageFault == .readOnly)
        #expect(database.writeFailure?.fault == .readOnly)
        #expect(try await storedIDs(database) == [1])

        try await database.writeWithoutTransaction { try $0.execute("PRAGMA query_only = 0") }
        try await insert(database, id: 3, policy)
        #expect(database.writeFailure == nil)
        #expect(try await storedIDs(database) == [1, 3])
    }

    @Test(
        "a database file deleted while open fails every later write (and read) instead of using the lost file",
        arguments: CommitPolicy.allCases)
    func vanishedFile(policy: CommitPolicy) async throws {
        let folder = try TemporaryFolder()
        let database = try await makeDatabase(in: folder)
        try await insert(database, id: 1, policy)
        try FileManager.default.removeItem(atPath: folder.file("db.sqlite"))

        let error = try await #require(throws: DatabaseError.self) { try await insert(database, id: 2, policy) }
        #expect(error.extendedResultCode == .readOnlyDbMoved)
        #expect(database.writeFailure?.fault == .readOnly)
        // The read-only connections cannot map the log's index of a file that is gone.
        let read = try await #require(throws: DatabaseError.self) { try await storedIDs(database) }
        #expect(read.storageFault == .ioError)
        let again = try await #require(throws: DatabaseError.self) { try await insert(database, id: 3, policy) }
        #expect(again.extendedResultCode == .readOnlyDbMoved)
        #expect(database.writeFailure?.failedWrites == 2)
    }
}
