import Foundation
import Synchronization
import TestPostgres
import Testing

@testable import Storage

extension PostgresTests {
    @Suite("PostgreSQL migrations", .enabled(if: TestPostgres.available, "NAVLAYOUT_TEST_POSTGRES names no server"))
    struct PostgresMigrationTests {
        private let notes = [
            Migration(
                id: 1, name: "create_notes", sql: "CREATE TABLE notes (id bigint PRIMARY KEY, body text NOT NULL)"),
            Migration(id: 2, name: "index_notes", sql: "CREATE INDEX notes_by_body ON notes (body)"),
        ]

        @Test("the service's migrations describe the same tables, columns, keys and indexes on both databases")
        func schemasMatch() throws {
            let sqlite = try Connection(location: .inMemory)
            try Migrator(location: .folder(path: Fixtures.packageMigrations)).migrate(sqlite)
            let sqliteSchema = try SchemaDescription(sqlite: sqlite)
            try TestPostgres.withFreshSchema { url in
                let postgres = try PostgresConnection(url: url)
                let applied = try Migrator.postgres(location: .folder(path: Fixtures.packageMigrations)).migrate(
                    postgres)
                #expect(applied.map(\.id) == [1, 2, 3])
                let postgresSchema = try SchemaDescription(postgres: postgres)
                #expect(sqliteSchema.tables.keys.sorted() == postgresSchema.tables.keys.sorted())
                for (name, table) in sqliteSchema.tables.sorted(by: { $0.key < $1.key }) {
                    #expect(table == postgresSchema.tables[name], "table \(name)")
                }
                // The descriptions hold what they should, so equal ones say something.
                #expect(sqliteSchema.tables.count == 9)
                let versions = postgresSchema.tables["profile_versions"]
                #expect(versions?.primaryKey == ["profile_id", "version"])
                #expect(versions?.columns.first == "profile_id integer not null")
                #expect(versions?.foreignKeys.contains("[\"profile_id\"] -> profiles [\"id\"]") == true)
                #expect(
                    postgresSchema.tables["layouts"]?.indexes["layouts_by_tenant_device"] == [
                        "tenant_id", "device", "created_at", "id",
                    ])
                #expect(postgresSchema.tables["profiles"]?.unique == [["tenant_id", "name"]])
            }
        }

        @Test("replicas migrating an empty database at once apply each migration exactly once")
        func concurrentReplicas() throws {
            try TestPostgres.withFreshSchema { url in
                let migrator = try Migrator(migrations: notes)
                let applied = Mutex<[Int]>([])
                let failures = Mutex<[String]>([])
                let replicas = (0..<4).map { _ in
                    Thread {
                        do {
                            let connection = try PostgresConnection(url: url)
                            let ids = try migrator.migrate(connection).map(\.id)
                            applied.withLock { $0 += ids }
                        } catch {
                            failures.withLock { $0.append("\(error)") }
                        }
                    }
                }
                for replica in replicas { replica.start() }
                while !replicas.allSatisfy(\.isFinished) { usleep(5_000) }
                #expect(failures.withLock { $0 }.isEmpty)
                #expect(applied.withLock { $0 }.sorted() == [1, 2])
                let connection = try PostgresConnection(url: url)
                #expect(try migrator.status(of: connection).isUpToDate)
                #expect(try connection.fetchValue("SELECT count(*) FROM schema_migrations", as: Int.self) == 2)
            }
        }

        @Test("a migration that fails, or that commits by itself, is rolled back and not recorded")
        func failures() throws {
            try TestPostgres.withFreshSchema { url in
                let connection = try PostgresConnection(url: url)
                try Migrator(migrations: [notes[0]]).migrate(connection)
                let broken = try Migrator(migrations: [
                    notes[0], Migration(id: 2, name: "broken", sql: "CREATE TABLE tags (id bigint); SELECT nonsense"),
                ])
                #expect {
                    try broken.migrate(connection)
                } throws: { error in
                    guard case .postgresMigrationFailed(let id, _, let cause)? = error as? MigrationError else {
                        return false
                    }
                    return id == 2 && cause.sqlState == "42703"
                }
                #expect(try connection.fetchValue("SELECT to_regclass('tags') IS NULL", as: Bool.self) == true)

                let committing = try Migrator(migrations: [
                    notes[0], Migration(id: 2, name: "committing", sql: "CREATE TABLE tags (id bigint); COMMIT"),
                ])
                #expect(
                    throws: MigrationError.migrationControlsTransaction(
                        id: 2, fileName: "0002_committing.sql", sql: nil)
                ) {
                    try committing.migrate(connection)
                }
                #expect(try Migrator(migrations: [notes[0]]).status(of: connection).applied.map(\.id) == [1])
            }
        }

        @Test("a database that applied a migration whose SQL has since changed is refused before anything runs")
        func changedMigration() throws {
            try TestPostgres.withFreshSchema { url in
                let connection = try PostgresConnection(url: url)
                try Migrator(migrations: notes).migrate(connection)
                var changed = notes
                changed[1] = Migration(id: 2, name: "index_notes", sql: "CREATE INDEX notes_by_id ON notes (id)")
                #expect(throws: MigrationError.self) { try Migrator(migrations: changed).migrate(connection) }
                #expect(!(try Migrator(migrations: changed).status(of: connection).problems.isEmpty))
            }
        }
    }
}

/// What a schema holds, in the terms both databases share: per table, its columns (name, kind,
/// nullability, in order), primary key, unique constraints, foreign keys and other indexes.
struct SchemaDescription {
    struct Table: Equatable, CustomStringConvertible {
        var columns: [String] = []
        var primaryKey: [String] = []
        var unique: Set<[String]> = []
        var foreignKeys: Set<String> = []
        var indexes: [String: [String]] = [:]

        var description: String {
            "columns \(columns), primary key \(primaryKey), unique \(unique.sorted { $0.description < $1.description }), "
                + "foreign keys \(foreignKeys.sorted()), indexes \(indexes.sorted { $0.key < $1.key })"
        }
    }

    var tables: [String: Table] = [:]

    /// SQLite's affinities and PostgreSQL's types, as the kinds both keep.
    private static func kind(_ type: String) -> String {
        switch type.lowercased() {
        case "integer", "bigint": "integer"
        case "text", "json": "text"
        case "blob", "bytea": "blob"
        default: type.lowercased()
        }
    }

    init(sqlite connection: Connection) throws {
        let names = try connection.fetchAll(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> ?",
            [Migrator.tableName]
        ) { try $0.value(at: 0, as: String.self) }
        for name in names {
            var table = Table()
            var keyed: [(Int, String)] = []
            _ = try connection.fetchAll("PRAGMA table_info(\(name))") { row in
                let column: String = try row.value(at: 1)
                let notNull: Int = try row.value(at: 3)
                table.columns.append(
                    "\(column) \(Self.kind(try row.value(at: 2))) \(notNull == 1 ? "not null" : "null")")
                let key: Int = try row.value(at: 5)
                if key > 0 { keyed.append((key, column)) }
            }
            table.primaryKey = keyed.sorted { $0.0 < $1.0 }.map(\.1)
            let indexes = try connection.fetchAll("PRAGMA index_list(\(name))") { row in
                (name: try row.value(at: 1, as: String.self), origin: try row.value(at: 3, as: String.self))
            }
            for index in indexes {
                let columns = try connection.fetchAll("PRAGMA index_info(\(index.name))") {
                    try $0.value(at: 2, as: String.self)
                }
                switch index.origin {
                case "u": table.unique.insert(columns)
                case "c": table.indexes[index.name] = columns
                default: break
                }
            }
            var foreign: [Int: (table: String, from: [String], to: [String])] = [:]
            _ = try connection.fetchAll("PRAGMA foreign_key_list(\(name))") { row in
                let id: Int = try row.value(at: 0)
                let referenced: String = try row.value(at: 2)
                var key = foreign[id] ?? (referenced, [], [])
                key.from.append(try row.value(at: 3))
                key.to.append(try row.value(at: 4))
                foreign[id] = key
            }
            table.foreignKeys = Set(foreign.values.map { "\($0.from) -> \($0.table) \($0.to)" })
            tables[name] = table
        }
    }

    init(postgres connection: PostgresConnection) throws {
        let names = try connection.fetchAll(
            """
            SELECT table_name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> ?
            """, [Migrator.tableName]
        ) { try $0.value(at: 0, as: String.self) }
        // The column names of a key, in the key's order.
        let keyColumns = { (relation: String, keys: String) in
            """
            array_to_string(array(SELECT a.attname FROM unnest(\(keys)) WITH ORDINALITY k(n, o)
                JOIN pg_attribute a ON a.attrelid = \(relation) AND a.attnum = k.n ORDER BY k.o), ',')
            """
        }
        for name in names {
            var table = Table()
            _ = try connection.fetchAll(
                """
                SELECT column_name, data_type, is_nullable FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
                """, [name]
            ) { row in
                let nullable: String = try row.value(at: 2)
                table.columns.append(
                    "\(try row.value(at: 0, as: String.self)) \(Self.kind(try row.value(at: 1))) "
                        + (nullable == "NO" ? "not null" : "null"))
            }
            _ = try connection.fetchAll(
                """
                SELECT c.contype::text, \(keyColumns("c.conrelid", "c.conkey")),
                       coalesce(c.confrelid::regclass::text, ''), coalesce(\(keyColumns("c.confrelid", "c.confkey")), '')
                FROM pg_constraint c WHERE c.conrelid = to_regclass(?) AND c.contype IN ('p', 'u', 'f')
                """, [name]
            ) { row in
                let columns = (try row.value(at: 1, as: String.self)).split(separator: ",").map(String.init)
                switch try row.value(at: 0, as: String.self) {
                case "p": table.primaryKey = columns
                case "u": table.unique.insert(columns)
                default:
                    let referenced = (try row.value(at: 3, as: String.self)).split(separator: ",").map(String.init)
                    table.foreignKeys.insert("\(columns) -> \(try row.value(at: 2, as: String.self)) \(referenced)")
                }
            }
            _ = try connection.fetchAll(
                """
                SELECT i.relname::text, \(keyColumns("x.indrelid", "x.indkey::int2[]"))
                FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
                WHERE x.indrelid = to_regclass(?) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
                """, [name]
            ) { row in
                table.indexes[try row.value(at: 0)] = (try row.value(at: 1, as: String.self)).split(separator: ",").map(
                    String.init)
            }
            tables[name] = table
        }
    }
}
