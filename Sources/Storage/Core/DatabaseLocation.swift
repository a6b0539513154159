/// Where a database lives.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// A file, created when missing.
    case file(path: String)
    /// A private in-memory database that disappears with its connection. SQLite gives every
    /// `:memory:` connection its own database, so a `Database` on this location uses one single
    /// connection for reads and writes (see `Database`).
    case inMemory

    var sqlitePath: String {
        switch self {
        case .file(let path): path
        case .inMemory: ":memory:"
        }
    }

    public var description: String {
        switch self {
        case .file(let path): path
        case .inMemory: ":memory:"
        }
    }
}
