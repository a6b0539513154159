import Testing

@testable import Storage

@Suite("Transactions and savepoints")
struct TransactionTests {
    struct Failure: Error, Equatable {}

    private func makeConnection() throws -> Connection {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (x INTEGER)")
        return connection
    }

    private func count(_ connection: Connection) throws -> Int? {
        try connection.fetchValue("SELECT count(*) FROM t", as: Int.self)
    }

    @Test("a transaction commits when its body returns", arguments: TransactionKind.allCases)
    func commits(kind: TransactionKind) throws {
        let connection = try makeConnection()
        let result = try connection.transaction(kind) { connection in
            #expect(connection.isInTransaction)
            try connection.execute("INSERT INTO t VALUES (1)")
            return "done"
        }
        #expect(result == "done")
        #expect(!connection.isInTransaction)
        #expect(try count(connection) == 1)
    }

    @Test(
        "a transaction rolls back when its body throws, and the error comes through",
        arguments: TransactionKind.allCases)
    func rollsBack(kind: TransactionKind) throws {
        let connection = try makeConnection()
        #expect(throws: Failure()) {
            try connection.transaction(kind) { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try count(connection) == 0)
    }

    @Test("a savepoint undoes only its own changes")
    func savepointUndoesItsOwn() throws {
        let connection = try makeConnection()
        try connection.transaction(.immediate) { connection in
            try connection.execute("INSERT INTO t VALUES (1)")
            #expect(throws: Failure()) {
                try connection.savepoint { connection in
                    try connection.execute("INSERT INTO t VALUES (2)")
                    throw Failure()
                }
            }
            try connection.savepoint { try $0.execute("INSERT INTO t VALUES (3)") }
        }
        let values = try connection.fetchAll("SELECT x FROM t ORDER BY x") { try $0.value(at: 0, as: Int.self) }
        #expect(values == [1, 3])
    }

    @Test("a failing statement inside a transaction rolls everything back")
    func failingStatementRollsBack() throws {
        let connection = try makeConnection()
        #expect(throws: DatabaseError.self) {
            try connection.transaction(.immediate) { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                try connection.execute("INSERT INTO missing VALUES (1)")
            }
        }
        #expect(try count(connection) == 0)
    }
}
