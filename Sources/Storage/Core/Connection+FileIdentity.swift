import CSQLite

extension Connection {
    /// Throws SQLITE_READONLY_DBMOVED when the main database file was deleted, renamed or replaced
    /// since this connection opened it. In WAL mode SQLite goes on committing into the open file
    /// (which nothing can find any more) as if nothing happened, so a write acknowledged then would
    /// be lost with it; checked before a commit, such a write fails instead. One `stat` of the path.
    public func requireDatabaseFileInPlace() throws {
        var moved: Int32 = 0
        // SQLITE_NOTFOUND for a database that is not a file (in memory): nothing can move.
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK, moved != 0
        else { return }
        throw DatabaseError(
            extendedResultCode: .readOnlyDbMoved,
            message: "the database file at \(location) was deleted or replaced while open")
    }
}
