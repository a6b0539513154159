/// What the repositories ask of a connection, whichever database is behind it: statements written
/// once with `?` placeholders, their arguments and their rows as `DatabaseValue`s. SQLite's
/// `Connection` and `PostgresConnection` both answer it; used on one thread at a time, inside the
/// transaction its database opened for the caller.
public protocol SQLConnection: AnyObject {
    /// Runs one statement with its arguments.
    func execute(_ sql: String, _ arguments: StatementArguments) throws
    /// Every row of one query, mapped.
    func fetchAll<T>(_ sql: String, _ arguments: StatementArguments, _ map: (Row) throws -> T) throws -> [T]
    /// The first row of one query, mapped; nil when there is none.
    func fetchOne<T>(_ sql: String, _ arguments: StatementArguments, _ map: (Row) throws -> T) throws -> T?
    /// The number of rows the last INSERT, UPDATE or DELETE changed.
    var changedRowCount: Int { get }
}

extension SQLConnection {
    public func execute(_ sql: String) throws {
        try execute(sql, [])
    }

    public func fetchAll<T>(_ sql: String, _ map: (Row) throws -> T) throws -> [T] {
        try fetchAll(sql, [], map)
    }

    public func fetchOne<T>(_ sql: String, _ map: (Row) throws -> T) throws -> T? {
        try fetchOne(sql, [], map)
    }

    /// The first column of the first row, read as `T`; nil when there is no row.
    public func fetchValue<T: DatabaseValueConvertible>(
        _ sql: String, _ arguments: StatementArguments = [], as type: T.Type = T.self
    ) throws -> T? {
        try fetchOne(sql, arguments) { try $0.value(at: 0, as: T.self) }
    }

    /// Every row of one query, each read as `Record`.
    public func fetchAll<Record: RowDecodable>(
        _ type: Record.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> [Record] {
        try fetchAll(sql, arguments) { try Record(row: $0) }
    }

    /// The first row of one query read as `Record`; nil when there is none.
    public func fetchOne<Record: RowDecodable>(
        _ type: Record.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> Record? {
        try fetchOne(sql, arguments) { try Record(row: $0) }
    }
}

extension Connection: SQLConnection {}
