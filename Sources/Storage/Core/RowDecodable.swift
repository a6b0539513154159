/// A type read from one result row: `try connection.fetchAll(Note.self, "SELECT id, title FROM notes")`.
public protocol RowDecodable {
    init(row: Row) throws
}
