import Storage

/// One newest-first page of a table whose rows are ordered by (created_at, id), as history and diffs
/// are listed. Pages continue strictly after the last row seen, by a row-value comparison on
/// (created_at, id), which is a total order: paging never repeats a row, and never skips one that
/// existed when paging started, whatever is inserted or deleted meanwhile.
enum KeysetPage {
    /// `conditions` (joined by AND, with their `arguments`) select the rows; `cursor` is the previous
    /// page's `nextCursor`. The SQL text depends only on which conditions are present, so the
    /// statement cache keeps each shape prepared.
    static func fetch<Item: RowDecodable & Sendable>(
        _ type: Item.Type, columns: String, from table: String, conditions: [String], arguments: [DatabaseValue],
        limit: Int?, cursor: String?, in database: any SQLDatabase, key: (Item) -> (createdAt: Timestamp, id: LayoutID)
    ) async throws -> Page<Item> {
        let size = PageSize.clamped(limit)
        var conditions = conditions
        var arguments = arguments
        if let after = try cursor.map(LayoutHistoryCursor.init(decoding:)) {
            conditions.append("(created_at, id) < (?, ?)")
            arguments.append(contentsOf: [after.createdAt.databaseValue, .text(after.id.text)])
        }
        arguments.append(.integer(Int64(size + 1)))
        let sql = """
            SELECT \(columns) FROM \(table) WHERE \(conditions.joined(separator: " AND "))
            ORDER BY created_at DESC, id DESC LIMIT ?
            """
        let statementArguments = StatementArguments(arguments)
        let rows = try await database.read { connection in
            try connection.fetchAll(Item.self, sql, statementArguments)
        }
        let items = Array(rows.prefix(size))
        let next =
            rows.count > size
            ? items.last.map { LayoutHistoryCursor(createdAt: key($0).createdAt, id: key($0).id).encoded } : nil
        return Page(items: items, nextCursor: next)
    }
}
