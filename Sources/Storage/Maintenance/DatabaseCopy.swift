/// Copies every row of a SQLite database into an empty PostgreSQL database with the same schema
/// (Migrations and Migrations/postgres hold the two to the same tables and columns): each table
/// parents first, each row with its own values, so ids, versions, ETags and the order of history
/// are what they were. The whole copy is one transaction: a failure leaves the target as empty as it
/// was. Identity columns then continue after the largest id copied.
public enum DatabaseCopy {
    public struct Report: Sendable, Equatable {
        /// Rows copied per table, in the order the tables were copied.
        public var tables: [Table]

        public struct Table: Sendable, Equatable {
            public var name: String
            public var rows: Int
        }
    }

    /// A reason the copy will not start, named for the person running it.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }

        public init(message: String) {
            self.message = message
        }
    }

    /// Copies `source` (migrations applied, nothing pending) into `target` (migrated, no rows).
    public static func copy(from source: Connection, to target: PostgresConnection) throws -> Report {
        let tables = try tablesParentsFirst(source)
        let nonEmpty = try tables.filter {
            try target.fetchValue("SELECT count(*) FROM \($0)", as: Int.self) != 0
        }
        guard nonEmpty.isEmpty else {
            throw Refusal(
                message: "the target database is not empty (rows in \(nonEmpty.joined(separator: ", "))): copy into "
                    + "a new database")
        }
        var report = Report(tables: [])
        try target.serializable(attempts: 1) { target in
            for table in tables {
                let columns = try source.fetchAll("PRAGMA table_info(\(table))") {
                    try $0.value(at: 1, as: String.self)
                }
                let list = columns.joined(separator: ", ")
                let insert =
                    "INSERT INTO \(table) (\(list)) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
                var rows = 0
                _ = try source.fetchAll("SELECT \(list) FROM \(table) ORDER BY rowid") { row in
                    let values = try (0..<columns.count).map { try row.databaseValue(at: $0) }
                    try target.execute(insert, StatementArguments(values))
                    rows += 1
                }
                report.tables.append(Report.Table(name: table, rows: rows))
            }
            // Identity columns (PostgreSQL's form of SQLite's INTEGER PRIMARY KEY) go on after the ids
            // copied rather than from 1.
            let identities = try target.fetchAll(
                """
                SELECT table_name, column_name FROM information_schema.columns
                WHERE table_schema = current_schema() AND is_identity = 'YES'
                """
            ) { (try $0.value(at: 0, as: String.self), try $0.value(at: 1, as: String.self)) }
            for (table, column) in identities where tables.contains(table) {
                try target.execute(
                    """
                    SELECT setval(pg_get_serial_sequence(?, ?), coalesce((SELECT max(\(column)) FROM \(table)), 0) + 1, false)
                    """, [table, column])
            }
        }
        return report
    }

    /// The source's tables (the migrations' own record aside), each after the tables its foreign
    /// keys name; ties in name order.
    static func tablesParentsFirst(_ connection: Connection) throws -> [String] {
        let names = try connection.fetchAll(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> ? ORDER BY name",
            [Migrator.tableName]
        ) { try $0.value(at: 0, as: String.self) }
        var parents: [String: Set<String>] = [:]
        for name in names {
            parents[name] = Set(
                try connection.fetchAll("PRAGMA foreign_key_list(\(name))") { try $0.value(at: 2, as: String.self) }
            ).subtracting([name])
        }
        var ordered: [String] = []
        var placed = Set<String>()
        while ordered.count < names.count {
            guard
                let next = names.first(where: { !placed.contains($0) && parents[$0, default: []].isSubset(of: placed) })
            else {
                throw Refusal(message: "the tables' foreign keys form a cycle; they cannot be copied parents first")
            }
            ordered.append(next)
            placed.insert(next)
        }
        return ordered
    }
}
