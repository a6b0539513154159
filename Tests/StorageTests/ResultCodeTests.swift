import Foundation
import Testing

@testable import Storage

/// One real SQLite failure, and the code and number (from sqlite3.h) SQLite reports for it.
struct SQLiteFailure: Sendable, CustomTestStringConvertible {
    let code: ResultCode
    let number: Int32
    let name: String
    let provoke: @Sendable () throws -> Void

    var testDescription: String { name }

    /// An in-memory connection after `setUp`, failing on `statement`.
    static func inMemory(
        _ name: String, _ code: ResultCode, _ number: Int32, setUp: String, failing statement: String
    ) -> SQLiteFailure {
        SQLiteFailure(code: code, number: number, name: name) {
            let connection = try Connection(location: .inMemory)
            try connection.executeScript(setUp)
            try connection.execute(statement)
        }
    }

    static let all: [SQLiteFailure] = [
        .inMemory(
            "a row names a parent that does not exist", .constraintForeignKey, 787,
            setUp: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent(id));
                """,
            failing: "INSERT INTO child VALUES (1)"),
        .inMemory(
            "a primary key is taken", .constraintPrimaryKey, 1555,
            setUp: "CREATE TABLE t (id TEXT PRIMARY KEY); INSERT INTO t VALUES ('a');",
            failing: "INSERT INTO t VALUES ('a')"),
        .inMemory(
            "a unique value is taken", .constraintUnique, 2067,
            setUp: "CREATE TABLE t (name TEXT UNIQUE); INSERT INTO t VALUES ('a');",
            failing: "INSERT INTO t VALUES ('a')"),
        .inMemory(
            "a CHECK constraint fails", .constraintCheck, 275,
            setUp: "CREATE TABLE t (x INTEGER CHECK (x > 0));",
            failing: "INSERT INTO t VALUES (0)"),
        .inMemory(
            "a NOT NULL column gets NULL", .constraintNotNull, 1299,
            setUp: "CREATE TABLE t (x INTEGER NOT NULL);",
            failing: "INSERT INTO t VALUES (NULL)"),
        .inMemory(
            "a trigger raises ABORT", .constraintTrigger, 1811,
            setUp: """
                CREATE TABLE t (x INTEGER);
                CREATE TRIGGER refuse BEFORE INSERT ON t BEGIN SELECT RAISE(ABORT, 'refused'); END;
                """,
            failing: "INSERT INTO t VALUES (1)"),
        .inMemory(
            "a STRICT column gets a value of another type", .constraintDatatype, 3091,
            setUp: "CREATE TABLE t (x INTEGER) STRICT;",
            failing: "INSERT INTO t VALUES ('text')"),
        .inMemory(
            "the database reaches its page limit", .full, 13,
            setUp: "CREATE TABLE t (x BLOB); PRAGMA max_page_count = 8;",
            failing: "INSERT INTO t VALUES (zeroblob(100000))"),
        .inMemory(
            "a rowid gets text", .mismatch, 20,
            setUp: "CREATE TABLE t (x);",
            failing: "INSERT INTO t (rowid) VALUES ('text')"),
        .inMemory(
            "a blob exceeds the length limit", .tooBig, 18,
            setUp: "",
            failing: "SELECT zeroblob(2000000000)"),
        .inMemory(
            "a statement does not parse", .error, 1,
            setUp: "",
            failing: "SELEC 1"),
        SQLiteFailure(code: .locked, number: 6, name: "a table is dropped while its own connection reads it") {
            let connection = try Connection(location: .inMemory)
            try connection.executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
            try connection.makeStatement("SELECT x FROM t").forEachRow { _ in
                try connection.execute("DROP TABLE t")
            }
        },
        SQLiteFailure(code: .readOnly, number: 8, name: "a read-only connection writes") {
            let folder = try TemporaryFolder()
            try Connection(location: .file(path: folder.file("db.sqlite"))).execute("CREATE TABLE t (x)")
            let reader = try Connection(location: .file(path: folder.file("db.sqlite")), readOnly: true)
            try reader.execute("INSERT INTO t VALUES (1)")
        },
        SQLiteFailure(code: .readOnlyDbMoved, number: 1032, name: "a connection writes after its file was renamed") {
            let folder = try TemporaryFolder()
            let connection = try Connection(location: .file(path: folder.file("db.sqlite")))
            try connection.execute("CREATE TABLE t (x)")
            try FileManager.default.moveItem(atPath: folder.file("db.sqlite"), toPath: folder.file("moved.sqlite"))
            try connection.execute("INSERT INTO t VALUES (1)")
        },
        SQLiteFailure(code: .busy, number: 5, name: "another connection holds the write lock") {
            let folder = try TemporaryFolder()
            let holder = try Connection(location: .file(path: folder.file("db.sqlite")))
            try holder.execute("BEGIN IMMEDIATE")
            let waiter = try Connection(location: .file(path: folder.file("db.sqlite")), busyTimeout: .zero)
            try withExtendedLifetime(holder) { try waiter.execute("BEGIN IMMEDIATE") }
        },
        SQLiteFailure(code: .cantOpen, number: 14, name: "the database's folder does not exist") {
            let folder = try TemporaryFolder()
            _ = try Connection(location: .file(path: folder.file("missing/db.sqlite")))
        },
        SQLiteFailure(code: .notADatabase, number: 26, name: "the file is not a database") {
            let folder = try TemporaryFolder()
            let text = String(repeating: "This file holds text, not a SQLite database.\n", count: 100)
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file("text.sqlite")))
            let connection = try Connection(location: .file(path: folder.file("text.sqlite")))
            try connection.execute("SELECT count(*) FROM sqlite_schema")
        },
    ]
}

@Suite("Result codes")
struct ResultCodeTests {
    @Test(
        "each named code is what SQLite reports for its failure, and matches that failure",
        arguments: SQLiteFailure.all)
    func namedCodeOfRealFailure(failure: SQLiteFailure) throws {
        #expect(failure.code.rawValue == failure.number)
        let error = try #require(throws: DatabaseError.self) { try failure.provoke() }
        #expect(error.extendedResultCode == failure.code)
        #expect(error.resultCode == failure.code.primaryResultCode)
        #expect(failure.code ~= error)
        #expect(failure.code.primaryResultCode ~= error)
    }

    @Test("a catch clause names the failure it handles, and the first clause that matches wins")
    func catchByName() throws {
        let foreignKey = try #require(SQLiteFailure.all.first { $0.code == .constraintForeignKey })
        var handled = ""
        do {
            try foreignKey.provoke()
        } catch DatabaseError.constraintPrimaryKey {
            handled = "primary key"
        } catch DatabaseError.constraintForeignKey {
            handled = "foreign key"
        } catch DatabaseError.constraint {
            handled = "another constraint"
        }
        #expect(handled == "foreign key")
    }

    @Test("a primary code catches each of its extended codes")
    func primaryCatchesExtended() throws {
        let constraintFailures = SQLiteFailure.all.filter { $0.code.primaryResultCode == .constraint }
        #expect(constraintFailures.count == 7)
        for failure in constraintFailures {
            var caught = false
            do {
                try failure.provoke()
            } catch DatabaseError.constraint {
                caught = true
            }
            #expect(caught, "\(failure.name)")
        }

        let moved = try #require(SQLiteFailure.all.first { $0.code == .readOnlyDbMoved })
        var caughtAsReadOnly = false
        do {
            try moved.provoke()
        } catch let error as DatabaseError where error.resultCode == .readOnly {
            caughtAsReadOnly = true
        }
        #expect(caughtAsReadOnly)
    }

    @Test("every extended code belongs to its family and is matched by its primary code, not by another one")
    func extendedCodesByFamily() {
        let families: [(ResultCode, [ResultCode])] = [
            (.error, [.errorMissingCollSeq, .errorRetry, .errorSnapshot]),
            (
                .ioErr,
                [
                    .ioErrRead, .ioErrShortRead, .ioErrWrite, .ioErrFsync, .ioErrDirFsync, .ioErrTruncate,
                    .ioErrFstat, .ioErrUnlock, .ioErrRdLock, .ioErrDelete, .ioErrBlocked, .ioErrNoMem,
                    .ioErrAccess, .ioErrCheckReservedLock, .ioErrLock, .ioErrClose, .ioErrDirClose,
                    .ioErrShmOpen, .ioErrShmSize, .ioErrShmLock, .ioErrShmMap, .ioErrSeek, .ioErrDeleteNoEnt,
                    .ioErrMmap, .ioErrGetTempPath, .ioErrConvPath, .ioErrVnode, .ioErrAuth, .ioErrBeginAtomic,
                    .ioErrCommitAtomic, .ioErrRollbackAtomic, .ioErrData, .ioErrCorruptFS,
                ]
            ),
            (.locked, [.lockedSharedCache, .lockedVtab]),
            (.busy, [.busyRecovery, .busySnapshot, .busyTimeout]),
            (
                .cantOpen,
                [
                    .cantOpenNoTempDir, .cantOpenIsDir, .cantOpenFullPath, .cantOpenConvPath, .cantOpenDirtyWal,
                    .cantOpenSymlink,
                ]
            ),
            (.corrupt, [.corruptVtab, .corruptSequence, .corruptIndex]),
            (
                .readOnly,
                [
                    .readOnlyRecovery, .readOnlyCantLock, .readOnlyRollback, .readOnlyDbMoved, .readOnlyCantInit,
                    .readOnlyDirectory,
                ]
            ),
            (.abort, [.abortRollback]),
            (
                .constraint,
                [
                    .constraintCheck, .constraintCommitHook, .constraintForeignKey, .constraintFunction,
                    .constraintNotNull, .constraintPrimaryKey, .constraintTrigger, .constraintUnique,
                    .constraintVtab, .constraintRowID, .constraintPinned, .constraintDatatype,
                ]
            ),
            (.notice, [.noticeRecoverWal, .noticeRecoverRollback]),
            (.warning, [.warningAutoIndex]),
            (.auth, [.authUser]),
            (.ok, [.okLoadPermanently, .okSymlink]),
        ]
        for (primary, extended) in families {
            #expect(primary.isPrimary)
            #expect(primary.primaryResultCode == primary)
            // sqlite3.h numbers a family's extended codes 1, 2, 3, ... in the second byte; the only
            // gap is ABORT's, whose one extended code is number 2.
            let expectedSecondBytes: [Int32] = primary == .abort ? [2] : Array(1...Int32(extended.count))
            #expect(extended.map { $0.rawValue >> 8 } == expectedSecondBytes, "\(primary)")
            for code in extended {
                #expect(!code.isPrimary)
                #expect(code.primaryResultCode == primary)
                #expect(primary ~= code)
                #expect(!(code ~= primary))
                for (other, _) in families where other != primary {
                    #expect(!(other ~= code))
                }
            }
        }
    }

    @Test("an extended code matches only itself")
    func extendedMatchesOnlyItself() throws {
        #expect(ResultCode.constraintForeignKey ~= .constraintForeignKey)
        #expect(!(ResultCode.constraintForeignKey ~= .constraintPrimaryKey))
        #expect(!(ResultCode.constraintForeignKey ~= .constraint))

        let primaryKey = try #require(SQLiteFailure.all.first { $0.code == .constraintPrimaryKey })
        var handled = ""
        do {
            try primaryKey.provoke()
        } catch DatabaseError.constraintForeignKey {
            handled = "foreign key"
        } catch DatabaseError.constraintUnique {
            handled = "unique"
        } catch {
            handled = "something else"
        }
        #expect(handled == "something else")
    }

    @Test("an unrelated code does not match, nor does an error that is not SQLite's")
    func unrelatedCodesDoNotMatch() throws {
        #expect(!(ResultCode.busy ~= .constraintUnique))
        #expect(!(ResultCode.readOnly ~= .full))
        #expect(!(ResultCode.full ~= .ioErrWrite))
        #expect(!(ResultCode.constraint ~= StatementError.emptyStatement(sql: "")))

        let unique = try #require(SQLiteFailure.all.first { $0.code == .constraintUnique })
        var handled = ""
        do {
            try unique.provoke()
        } catch DatabaseError.busy {
            handled = "busy"
        } catch DatabaseError.full {
            handled = "full"
        } catch let error as DatabaseError where error.resultCode == .readOnly {
            handled = "read-only"
        } catch {
            handled = "something else"
        }
        #expect(handled == "something else")
    }

    @Test("a switch over an extended code takes the first case that matches it")
    func switchOverCodes() {
        func kind(of code: ResultCode) -> String {
            switch code {
            case .constraintForeignKey: "missing parent"
            case .constraint: "constraint"
            case .busy, .locked: "contention"
            default: "other"
            }
        }
        #expect(kind(of: .constraintForeignKey) == "missing parent")
        #expect(kind(of: .constraintUnique) == "constraint")
        #expect(kind(of: .constraint) == "constraint")
        #expect(kind(of: .busyTimeout) == "contention")
        #expect(kind(of: .lockedSharedCache) == "contention")
        #expect(kind(of: .full) == "other")
    }

    @Test("the primary code is the low byte of the extended code")
    func primaryIsLowByte() {
        #expect(ResultCode(rawValue: 787) == .constraintForeignKey)
        #expect(ResultCode(rawValue: 787).primaryResultCode == .constraint)
        #expect(ResultCode.constraint.primaryResultCode == .constraint)
        let error = DatabaseError(extendedResultCode: .readOnlyDbMoved, message: "moved")
        #expect(error.resultCode == .readOnly)
        #expect(error.extendedResultCode.rawValue == 1032)
        // A code newer than this list still matches its primary code.
        #expect(ResultCode.ioErr ~= ResultCode(rawValue: 10 | (200 << 8)))
    }

    @Test("the description gives both numbers, SQLite's text for the primary code, the message and the SQL")
    func descriptionText() {
        let error = DatabaseError(
            extendedResultCode: .constraintUnique, message: "UNIQUE constraint failed: u.name",
            sql: "INSERT INTO u VALUES (?)")
        #expect(
            error.description
                == "SQLite error 2067 (19, constraint failed): UNIQUE constraint failed: u.name"
                + " - while executing: INSERT INTO u VALUES (?)")
    }

    @Test("a failure inside a database write reaches the caller with its code")
    func codeCrossesTheWriter() async throws {
        let database = try Database(location: .inMemory)
        try await database.write { try $0.execute("CREATE TABLE t (name TEXT UNIQUE)") }
        try await database.write { try $0.execute("INSERT INTO t VALUES ('a')") }
        var caught = false
        do {
            try await database.write { try $0.execute("INSERT INTO t VALUES ('a')") }
        } catch DatabaseError.constraintUnique {
            caught = true
        }
        #expect(caught)
    }
}
