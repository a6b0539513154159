/// A type read from one result row: `try connection.fetchAll(Note.self, "SELECT id, title FROM notes")`.
public protocol RowDecodable {
    init(row: Row) throws
}

extension Connection {
    /// Every row of one query (cached statement), each read as `Record`.
    public func fetchAll<Record: RowDecodable>(
        _ type: Record.Type,
        _ sql: String,
        _ arguments: StatementArguments = []
    ) throws -> [Record] {
        try fetchAll(sql, arguments) { try Record(row: $0) }
    }

    /// The first row of one query (cached statement) read as `Record`; nil when there is none.
    public func fetchOne<Record: RowDecodable>(
        _ type: Record.Type,
        _ sql: String,
        _ arguments: StatementArguments = []
    ) throws -> Record? {
        try fetchOne(sql, arguments) { try Record(row: $0) }
    }
}
