import Foundation
import Testing

@testable import Storage

@Suite("Connection, statements, values")
struct ConnectionTests {
    private func makeConnection() throws -> Connection {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, value ANY)")
        return connection
    }

    @Test(
        "every storage class binds and reads back unchanged",
        arguments: [
            DatabaseValue.null,
            .integer(0), .integer(Int64.max), .integer(Int64.min),
            .real(0.5), .real(-1e300),
            .text(""), .text("héllo, 世界"), .text("nul\u{0}inside"),
            .blob(Data()), .blob(Data([0, 1, 2, 255])),
        ])
    func roundTrip(value: DatabaseValue) throws {
        let connection = try Connection(location: .inMemory)
        // An untyped column (no affinity) stores exactly the storage class it is given.
        try connection.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, value)")
        try connection.execute("INSERT INTO items (value) VALUES (?)", StatementArguments([value]))
        let read = try connection.fetchOne("SELECT value FROM items") { try $0.databaseValue(at: 0) }
        #expect(read == value)
    }

    @Test("typed values bind through array literals and read back as their types")
    func typedValues() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (i INTEGER, d REAL, s TEXT, b BLOB, f INTEGER, n TEXT)")
        let note: String? = nil
        try connection.execute(
            "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)", [Int64(42), 2.5, "text", Data([7, 8]), true, note])
        let row = try #require(
            try connection.fetchOne("SELECT i, d, s, b, f, n FROM t") { row in
                (
                    try row.value(at: 0, as: Int64.self), try row.value(at: 1, as: Double.self),
                    try row.value(at: 2, as: String.self), try row.value(at: 3, as: Data.self),
                    try row.value(at: 4, as: Bool.self), try row.value(at: 5, as: String?.self)
                )
            })
        #expect(row.0 == 42)
        #expect(row.1 == 2.5)
        #expect(row.2 == "text")
        #expect(row.3 == Data([7, 8]))
        #expect(row.4 == true)
        #expect(row.5 == nil)
    }

    @Test("reading a column as the wrong type names the column, the value and the SQL")
    func typeMismatch() throws {
        let connection = try makeConnection()
        try connection.execute("INSERT INTO items (value) VALUES (?)", ["not a number"])
        #expect(
            throws: RowDecodingError.typeMismatch(
                column: "value", index: 0, expected: "Int64", found: .text("not a number"),
                sql: "SELECT value FROM items")
        ) {
            try connection.fetchOne("SELECT value FROM items") { try $0.value(at: 0, as: Int64.self) }
        }
    }

    @Test("reading NULL as a non-optional type fails, as an optional succeeds")
    func nullNeedsOptional() throws {
        let connection = try makeConnection()
        try connection.execute("INSERT INTO items (value) VALUES (NULL)")
        #expect(throws: RowDecodingError.self) {
            try connection.fetchValue("SELECT value FROM items", as: String.self)
        }
        let optional = try connection.fetchOne("SELECT value FROM items") { try $0.value(at: 0, as: String?.self) }
        #expect(optional == .some(nil))
    }

    @Test("a column index past the end is an error, not a crash")
    func columnOutOfRange() throws {
        let connection = try makeConnection()
        #expect(throws: RowDecodingError.columnOutOfRange(index: 3, columnCount: 1, sql: "SELECT 1")) {
            try connection.fetchOne("SELECT 1") { try $0.databaseValue(at: 3) }
        }
    }

    @Test("a constraint violation carries the primary and extended codes, the message and the SQL")
    func constraintError() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE u (name TEXT UNIQUE)")
        try connection.execute("INSERT INTO u VALUES (?)", ["a"])
        let error = try #require(throws: DatabaseError.self) {
            try connection.execute("INSERT INTO u VALUES (?)", ["a"])
        }
        #expect(error.resultCode == .constraint)
        #expect(error.extendedResultCode == .constraintUnique)
        #expect(error.extendedResultCode.rawValue == 2067)
        #expect(error.message.contains("UNIQUE constraint failed: u.name"))
        #expect(error.sql == "INSERT INTO u VALUES (?)")
    }

    @Test("a syntax error is reported at prepare time with the SQL")
    func syntaxError() throws {
        let connection = try Connection(location: .inMemory)
        let error = try #require(throws: DatabaseError.self) { try connection.execute("SELEC 1") }
        #expect(error.resultCode == .error)
        #expect(error.sql == "SELEC 1")
    }

    @Test("several statements where one is expected are refused; trailing comments are not")
    func multipleStatements() throws {
        let connection = try Connection(location: .inMemory)
        #expect(throws: StatementError.multipleStatements(sql: "SELECT 1; SELECT 2")) {
            try connection.execute("SELECT 1; SELECT 2")
        }
        try connection.execute("SELECT 1; -- trailing comment\n /* and another */ ;")
        #expect(throws: StatementError.emptyStatement(sql: "-- nothing")) {
            try connection.execute("-- nothing")
        }
    }

    @Test("a wrong number of arguments is refused before anything runs", arguments: [0, 2])
    func argumentCount(given: Int) throws {
        let connection = try makeConnection()
        let arguments = StatementArguments(Array(repeating: DatabaseValue.integer(1), count: given))
        #expect(
            throws: StatementError.argumentCountMismatch(
                expected: 1, given: given, sql: "INSERT INTO items (value) VALUES (?)")
        ) {
            try connection.execute("INSERT INTO items (value) VALUES (?)", arguments)
        }
        #expect(try connection.fetchValue("SELECT count(*) FROM items", as: Int.self) == 0)
    }

    @Test("the statement cache prepares each SQL once")
    func statementCacheReuses() throws {
        let connection = try makeConnection()
        let first = try connection.cachedStatement("SELECT count(*) FROM items")
        let second = try connection.cachedStatement("SELECT count(*) FROM items")
        #expect(first === second)
        for number in 0..<10 {
            try connection.execute("INSERT INTO items (value) VALUES (?)", [number])
        }
        // CREATE TABLE, SELECT and INSERT.
        #expect(connection.cachedStatementCount == 3)
    }

    @Test("the same cached query runs inside its own row loop")
    func reentrantCachedStatement() throws {
        let connection = try makeConnection()
        for number in 1...3 {
            try connection.execute("INSERT INTO items (value) VALUES (?)", [number])
        }
        var pairs: [[Int]] = []
        try connection.cachedStatement("SELECT value FROM items ORDER BY id").forEachRow { outer in
            let outerValue = try outer.value(at: 0, as: Int.self)
            let inner = try connection.fetchAll("SELECT value FROM items ORDER BY id") {
                try $0.value(at: 0, as: Int.self)
            }
            pairs.append([outerValue] + inner)
        }
        #expect(pairs == [[1, 1, 2, 3], [2, 1, 2, 3], [3, 1, 2, 3]])
    }

    @Test("foreign keys are enforced")
    func foreignKeys() throws {
        let connection = try Connection(location: .inMemory)
        try connection.executeScript(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent(id));
            """)
        let error = try #require(throws: DatabaseError.self) {
            try connection.execute("INSERT INTO child VALUES (1)")
        }
        #expect(error.extendedResultCode == .constraintForeignKey)
        #expect(error.extendedResultCode.rawValue == 787)
    }

    @Test("a double-quoted unknown name is an error, not a string literal")
    func doubleQuotedStringsRefused() throws {
        let connection = try makeConnection()
        #expect(throws: DatabaseError.self) {
            try connection.execute("SELECT \"no_such_column\" FROM items")
        }
    }

    @Test("a script runs every statement and names the one that failed")
    func scriptNamesFailingStatement() throws {
        let connection = try Connection(location: .inMemory)
        let error = try #require(throws: DatabaseError.self) {
            try connection.executeScript(
                """
                CREATE TABLE a (id INTEGER);
                INSERT INTO a VALUES (1);
                INSERT INTO missing VALUES (1);
                INSERT INTO a VALUES (2);
                """)
        }
        #expect(error.sql == "INSERT INTO missing VALUES (1);")
        #expect(try connection.fetchValue("SELECT count(*) FROM a", as: Int.self) == 1)
    }

    @Test("opening a database in a missing folder fails with the path in the message")
    func openFailure() throws {
        let error = try #require(throws: DatabaseError.self) {
            try Connection(location: .file(path: "/nonexistent-folder/x/db.sqlite"))
        }
        #expect(error.resultCode == .cantOpen)
        #expect(error.message.contains("/nonexistent-folder/x/db.sqlite"))
    }

    @Test("a read-only connection refuses writes")
    func readOnlyConnection() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("ro.sqlite")
        do {
            let writer = try Connection(location: .file(path: path))
            try writer.execute("CREATE TABLE t (x)")
        }
        let reader = try Connection(location: .file(path: path), readOnly: true)
        let error = try #require(throws: DatabaseError.self) { try reader.execute("INSERT INTO t VALUES (1)") }
        #expect(error.resultCode == .readOnly)
    }
}

@Suite("Statement cache")
struct StatementCacheTests {
    @Test("the cache stays within its capacity")
    func boundedCapacity() throws {
        let connection = try Connection(location: .inMemory, statementCacheCapacity: 4)
        for number in 0..<10 {
            #expect(try connection.fetchValue("SELECT \(number)", as: Int.self) == number)
            #expect(connection.cachedStatementCount <= 4)
        }
    }

    @Test("a capacity of zero caches nothing and still runs statements")
    func noCache() throws {
        let connection = try Connection(location: .inMemory, statementCacheCapacity: 0)
        #expect(try connection.fetchValue("SELECT 7", as: Int.self) == 7)
        #expect(connection.cachedStatementCount == 0)
    }
}

@Suite("Reading rows into types")
struct RowDecodableTests {
    struct Note: RowDecodable, Equatable {
        let id: Int64
        let title: String
        let rating: Double?

        init(id: Int64, title: String, rating: Double?) {
            self.id = id
            self.title = title
            self.rating = rating
        }

        init(row: Row) throws {
            id = try row.value(named: "id")
            title = try row.value(named: "title")
            rating = try row.value(named: "rating")
        }
    }

    private func makeConnection() throws -> Connection {
        let connection = try Connection(location: .inMemory)
        try connection.executeScript(
            """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, rating REAL);
            INSERT INTO notes VALUES (1, 'first', 4.5), (2, 'second', NULL);
            """
        )
        return connection
    }

    @Test("rows are read into a type by column name, whatever the column order")
    func readsByName() throws {
        let connection = try makeConnection()
        let notes = try connection.fetchAll(Note.self, "SELECT rating, title, id FROM notes ORDER BY id")
        #expect(notes == [Note(id: 1, title: "first", rating: 4.5), Note(id: 2, title: "second", rating: nil)])
        #expect(try connection.fetchOne(Note.self, "SELECT * FROM notes WHERE id = ?", [3]) == nil)
    }

    @Test("a missing column is named in the error")
    func missingColumn() throws {
        let connection = try makeConnection()
        #expect(throws: RowDecodingError.noSuchColumn(name: "rating", sql: "SELECT id, title FROM notes")) {
            try connection.fetchAll(Note.self, "SELECT id, title FROM notes")
        }
    }
}
