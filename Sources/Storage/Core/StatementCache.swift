/// Prepared statements kept by SQL text, so the SQL a service runs over and over is compiled once.
struct StatementCache {
    private var statements: [String: Statement] = [:]
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { statements.count }

    /// The cached statement for the SQL, preparing and keeping it if needed. A statement that is
    /// still being stepped through (a query run inside another query's row loop with the same SQL)
    /// is not reused: a fresh, uncached one is returned.
    mutating func statement(for sql: String, prepare: (String) throws -> Statement) throws -> Statement {
        if let cached = statements[sql] {
            if cached.isRunning {
                return try prepare(sql)
            }
            return cached
        }
        let statement = try prepare(sql)
        guard capacity > 0 else { return statement }
        // A service uses a fixed, small set of SQL strings, so the cache never fills in practice;
        // dropping everything when it does keeps a pathological caller (SQL built from input)
        // bounded without the bookkeeping of an LRU.
        if statements.count >= capacity {
            statements.removeAll()
        }
        statements[sql] = statement
        return statement
    }

    mutating func removeAll() {
        statements.removeAll()
    }
}
