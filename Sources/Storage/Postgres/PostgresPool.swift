import Foundation

/// The connections of a `PostgresStore`: at most `size`, opened as work needs them and kept for the
/// next, dropped when they break (so the pool reconnects by itself once the server is back) or come
/// back inside a transaction. A caller waits at most `checkoutTimeout` for a free one.
final class PostgresPool: @unchecked Sendable {
    let url: PostgresURL
    let options: PostgresConnection.Options
    let size: Int
    let checkoutTimeout: Duration

    // `@unchecked Sendable`: `idle` and `open` are read and written only with `condition` locked;
    // a connection is used by one caller at a time, between its checkout and its check-in.
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    private var open = 0

    init(url: PostgresURL, options: PostgresConnection.Options, size: Int, checkoutTimeout: Duration) {
        self.url = url
        self.options = options
        self.size = size
        self.checkoutTimeout = checkoutTimeout
    }

    /// Runs `work` on a connection of the pool, on the calling thread (libpq blocks it).
    func withConnection<T>(_ work: (PostgresConnection) throws -> T) throws -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try work(connection)
    }

    var openConnections: Int {
        condition.lock()
        defer { condition.unlock() }
        return open
    }

    private func checkOut() throws -> PostgresConnection {
        let (seconds, attoseconds) = checkoutTimeout.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
        condition.lock()
        while idle.isEmpty && open >= size {
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw PostgresError(
                    kind: .connection,
                    message: "all \(size) connections to \(url) stayed busy for \(checkoutTimeout)")
            }
        }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        open += 1
        condition.unlock()
        do {
            return try PostgresConnection(url: url, options: options)
        } catch {
            condition.lock()
            open -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    /// A connection goes back to the pool unless it broke or was left inside a transaction.
    private func checkIn(_ connection: PostgresConnection) {
        let reusable = !connection.isBroken && !connection.inTransaction
        condition.lock()
        if reusable {
            idle.append(connection)
        } else {
            open -= 1
        }
        condition.signal()
        condition.unlock()
    }
}
