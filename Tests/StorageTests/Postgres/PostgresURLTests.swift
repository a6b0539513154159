import Testing

@testable import Storage

@Suite("PostgreSQL URLs")
struct PostgresURLTests {
    @Test("a URL gives its user, password, host, port, database and parameters, percent-decoded")
    func parses() throws {
        let url = try PostgresURL.parse("postgres://nav%40app:p%40ss:w@db.internal:6432/layouts?sslmode=require")
        #expect(url.user == "nav@app")
        #expect(url.password == "p@ss:w")
        #expect(url.host == "db.internal")
        #expect(url.port == 6432)
        #expect(url.database == "layouts")
        #expect(url.parameters == [PostgresURL.Parameter(name: "sslmode", value: "require")])

        let plain = try PostgresURL.parse("postgresql://nav@[::1]/layouts")
        #expect(plain.password == nil)
        #expect(plain.host == "::1")
        #expect(plain.port == 5432)
        #expect(PostgresURL.isURL("postgresql://nav@[::1]/layouts"))
        #expect(!PostgresURL.isURL("navlayout.sqlite"))
    }

    @Test("its text hides the password")
    func redacted() throws {
        let url = try PostgresURL.parse("postgres://nav:secret@127.0.0.1:5433/layouts")
        #expect(url.description == "postgres://nav:***@127.0.0.1:5433/layouts")
        #expect(!url.description.contains("secret"))
    }

    @Test("libpq's connection string quotes every value and lets the caller's keywords win")
    func connectionString() throws {
        let url = try PostgresURL.parse("postgres://nav:it's\\@h/db?application_name=url")
        let text = url.connectionString(
            connectTimeoutSeconds: 1, extra: [PostgresURL.Parameter(name: "application_name", value: "navlayout")])
        #expect(
            text
                == #"host='h' port='5432' dbname='db' user='nav' password='it\'s\\' connect_timeout='2' application_name='navlayout'"#
        )
    }

    @Test("a connection's keywords bound a silent server's wait, ask for a primary and keep the URL's settings")
    func connectionKeywords() throws {
        let options = PostgresConnection.Options(statementTimeoutMilliseconds: 2_500, lostServerTimeoutSeconds: 12)
        let keywords = options.libpqParameters(
            for: try PostgresURL.parse("postgres://a@h/d?options=-c%20search_path%3Ds"))
        let byName = Dictionary(uniqueKeysWithValues: keywords.map { ($0.name, $0.value) })
        #expect(byName["options"] == "-c search_path=s -c statement_timeout=2500")
        #expect(byName["keepalives"] == "1")
        #expect(byName["keepalives_idle"] == "6")
        #expect(byName["keepalives_interval"] == "2")
        #expect(byName["keepalives_count"] == "3")
        #expect(byName["tcp_user_timeout"] == "12000")
        #expect(byName["target_session_attrs"] == "read-write")
        let plain = PostgresConnection.Options().libpqParameters(for: try PostgresURL.parse("postgres://a@h/d"))
        #expect(plain.first { $0.name == "options" }?.value == "-c statement_timeout=30000")
        // The URL's own choice of server stands.
        let any = try PostgresURL.parse("postgres://a@h/d?target_session_attrs=any")
        #expect(!options.libpqParameters(for: any).contains { $0.name == "target_session_attrs" })
    }

    @Test(
        "what is not a usable URL is refused with the reason",
        arguments: [
            ("mysql://a@b/c", "must start with postgres://"), ("postgres://a@b", "names no database"),
            ("postgres://b/c", "names no user"), ("postgres://a@:5432/c", "names no host"),
            ("postgres://a@b:99999/c", "the port 99999"),
            ("postgres://a@b/c?sslmod=require", "unknown parameter sslmod"),
            ("postgres://a%zz@b/c", "the user has a %"), ("postgres://a@[::1/c", "lacks its ]"),
        ])
    func refusals(text: String, reason: String) {
        #expect {
            try PostgresURL.parse(text)
        } throws: { error in
            (error as? PostgresURL.ParseError)?.description.contains(reason) == true
        }
    }
}

@Suite("SQL placeholders for PostgreSQL")
struct SQLPlaceholdersTests {
    @Test("each ? becomes $n in order, outside literals, quoted names, comments and dollar quotes")
    func numbers() {
        let sql = """
            SELECT '?', "a?b", ? -- what?
            FROM t /* ? */ WHERE x = ? AND y = $$?$$ AND z = $tag$ ? $tag$ AND w = 'it''s ?' AND v = ?
            """
        let (numbered, count) = SQLPlaceholders.numbered(sql)
        #expect(count == 3)
        #expect(
            numbered == """
                SELECT '?', "a?b", $1 -- what?
                FROM t /* ? */ WHERE x = $2 AND y = $$?$$ AND z = $tag$ ? $tag$ AND w = 'it''s ?' AND v = $3
                """)
        #expect(SQLPlaceholders.numbered("SELECT $1 + ?").sql == "SELECT $1 + $1")
        #expect(SQLPlaceholders.numbered("SELECT 1").count == 0)
    }
}

@Suite("PostgreSQL values")
struct PostgresValueTests {
    private func read(_ text: String, type: UInt32) -> DatabaseValue {
        Array(text.utf8).withUnsafeBufferPointer { PostgresRows.value(text: $0, type: type) }
    }

    @Test("values read by their column's type as SQLite would keep them")
    func types() {
        #expect(read("42", type: PostgresRows.TypeID.int8) == .integer(42))
        #expect(read("-7", type: PostgresRows.TypeID.int4) == .integer(-7))
        #expect(read("2.5", type: PostgresRows.TypeID.float8) == .real(2.5))
        #expect(read("t", type: PostgresRows.TypeID.bool) == .integer(1))
        #expect(read("f", type: PostgresRows.TypeID.bool) == .integer(0))
        #expect(read("\\x00ff10", type: PostgresRows.TypeID.bytea) == .blob(.init([0, 255, 16])))
        #expect(read("{\"a\": 1}", type: 114) == .text("{\"a\": 1}"))
        #expect(read("\\xf", type: PostgresRows.TypeID.bytea) == .text("\\xf"), "odd digits are not bytea's hex")
    }
}
