import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq, for one thread at a time (as `Connection`
/// is for SQLite), and an `SQLConnection` as that one is. Statements are written with SQLite's `?`
/// placeholders and the same `StatementArguments`; each distinct statement is prepared once on the
/// connection and run by name after that. Values come back as `DatabaseValue`s (see `PostgresRows`).
///
/// Every wait is bounded: connecting by `Options.connectTimeoutSeconds`, each statement by the
/// server's `statement_timeout`, which this connection sets. A connection that broke (the server
/// went away, a failover) stays broken: `isBroken` tells the pool to drop it.
public final class PostgresConnection {
    public struct Options: Sendable, Equatable {
        /// How long connecting may take, in whole seconds (libpq waits at least 2).
        public var connectTimeoutSeconds: Int
        /// The server's `statement_timeout` for this connection, in milliseconds; 0 for none.
        public var statementTimeoutMilliseconds: Int
        /// How long a server that stopped answering at the TCP level (its host gone, a network cut,
        /// nothing to reset the connection) may keep a call waiting before the connection counts
        /// as lost, in whole seconds. `statement_timeout` cannot help there: the server that would
        /// enforce it is the one that is gone.
        public var lostServerTimeoutSeconds: Int
        public var applicationName: String

        public init(
            connectTimeoutSeconds: Int = 5, statementTimeoutMilliseconds: Int = 30_000,
            lostServerTimeoutSeconds: Int = 10, applicationName: String = "navlayout"
        ) {
            self.connectTimeoutSeconds = connectTimeoutSeconds
            self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
            self.lostServerTimeoutSeconds = lostServerTimeoutSeconds
            self.applicationName = applicationName
        }

        /// libpq's keywords for these options on `url`, beside the URL's own `options` (server
        /// settings). TCP keepalives find a silent server while the connection waits for an answer
        /// (probes from half the time-out on, three of them a sixth of it apart); `tcp_user_timeout`
        /// bounds a send the server never acknowledges. Unless the URL says otherwise
        /// (`target_session_attrs`), only a server that takes writes is accepted: in a failover a
        /// balancer may lead to a server that is not yet, or no longer, the primary, and a
        /// connection to it would fail every write with an error of its own kind.
        func libpqParameters(for url: PostgresURL) -> [PostgresURL.Parameter] {
            let lost = max(2, lostServerTimeoutSeconds)
            let settings = "-c statement_timeout=\(max(0, statementTimeoutMilliseconds))"
            let urlOptions = url.parameters.last { $0.name == "options" }?.value
            let sessionAttributes =
                url.parameters.contains { $0.name == "target_session_attrs" }
                ? [] : [PostgresURL.Parameter(name: "target_session_attrs", value: "read-write")]
            return sessionAttributes + [
                PostgresURL.Parameter(name: "application_name", value: applicationName),
                PostgresURL.Parameter(
                    name: "options", value: [urlOptions, settings].compactMap { $0 }.joined(separator: " ")),
                PostgresURL.Parameter(name: "keepalives", value: "1"),
                PostgresURL.Parameter(name: "keepalives_idle", value: String(lost / 2)),
                PostgresURL.Parameter(name: "keepalives_interval", value: String(max(1, lost / 6))),
                PostgresURL.Parameter(name: "keepalives_count", value: "3"),
                PostgresURL.Parameter(name: "tcp_user_timeout", value: String(lost * 1000)),
            ]
        }
    }

    public let url: PostgresURL
    private let handle: OpaquePointer
    private let notices = NoticeLog()
    /// Prepared statements by their SQL as written (with `?`).
    private var prepared: [String: PreparedStatement] = [:]

    private struct PreparedStatement {
        var name: String
        var parameterCount: Int
    }

    /// A server notice (a WARNING, a NOTICE) received while a statement ran.
    public struct Notice: Sendable, Equatable {
        public var severity: String
        public var sqlState: String?
        public var message: String
    }

    public init(url: PostgresURL, options: Options = Options()) throws(PostgresError) {
        self.url = url
        let info = url.connectionString(
            connectTimeoutSeconds: options.connectTimeoutSeconds, extra: options.libpqParameters(for: url))
        guard let connection = PQconnectdb(info) else {
            throw PostgresError(kind: .connection, message: "cannot connect to \(url): libpq is out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.text(PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(kind: .connection, message: "cannot connect to \(url): \(message)")
        }
        handle = connection
        PQsetNoticeReceiver(connection, receiveNotice, Unmanaged.passUnretained(notices).toOpaque())
    }

    deinit {
        PQfinish(handle)
    }

    /// Whether the connection is lost; a lost connection never comes back.
    public var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

    /// Whether a transaction is open (or failed and not yet rolled back).
    public var inTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// The notices received since the last statement began.
    public var lastNotices: [Notice] { notices.entries }

    /// Runs one statement with `?` placeholders and its arguments; returns its rows.
    @discardableResult
    public func query(_ sql: String, _ arguments: StatementArguments = []) throws(PostgresError) -> PostgresRows {
        let statement = try prepare(sql)
        let values = arguments.values
        guard values.count == statement.parameterCount else {
            throw PostgresError(
                kind: .misuse,
                message: "the statement takes \(statement.parameterCount) arguments, \(values.count) given: \(sql)")
        }
        notices.entries.removeAll()
        // Each parameter's type is the one the server inferred when it prepared the statement.
        let result = Parameters(values).withPointers { pointers, lengths, formats in
            PQexecPrepared(handle, statement.name, Int32(values.count), pointers, lengths, formats, 0)
        }
        let rows = try rows(of: result, sql: sql)
        changedRowCount = rows.affectedRows
        return rows
    }

    /// The rows the last INSERT, UPDATE or DELETE run by `query` changed.
    public private(set) var changedRowCount = 0

    /// Runs statements without arguments, several separated by semicolons (a migration's script).
    @discardableResult
    public func executeScript(_ sql: String) throws(PostgresError) -> PostgresRows {
        notices.entries.removeAll()
        return try rows(of: PQexec(handle, sql), sql: sql)
    }

    /// Runs `body` in a SERIALIZABLE transaction and commits it. A transaction that loses to a
    /// concurrent one (40001, 40P01) is run again from the start, at most `attempts` times in all,
    /// after a short random pause; any other failure rolls back and is thrown. A COMMIT that the
    /// server turned into a rollback, or that came back with a warning that it was not replicated,
    /// throws: neither may be acknowledged as stored.
    @discardableResult
    public func serializable<Value>(attempts: Int = 10, _ body: (PostgresConnection) throws -> Value) throws -> Value {
        var attempt = 1
        while true {
            do {
                try executeScript("BEGIN ISOLATION LEVEL SERIALIZABLE")
                let value = try body(self)
                try commit()
                return value
            } catch let error as PostgresError where error.isRetryable && attempt < attempts {
                rollBackIfOpen()
                Self.pauseAfterConflict(attempt: attempt)
                attempt += 1
            } catch {
                rollBackIfOpen()
                throw error
            }
        }
    }

    /// COMMIT, refused unless it committed and raised no warning about replication.
    func commit() throws(PostgresError) {
        notices.entries.removeAll()
        guard let result = PQexec(handle, "COMMIT") else { throw Self.outcomeUnknown(connectionLost(sql: "COMMIT")) }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            let failure = error(of: result, sql: "COMMIT")
            throw failure.kind == .connection ? Self.outcomeUnknown(failure) : failure
        }
        // A transaction in which a statement failed ends in ROLLBACK, with no error, when committed.
        let tag = Self.text(PQcmdStatus(result))
        guard tag == "COMMIT" else {
            throw PostgresError(kind: .other, message: "COMMIT rolled back: a statement of the transaction had failed")
        }
        // A cancel or time-out while COMMIT waits for the synchronous standby leaves the transaction
        // committed on the primary alone, and says so only with this warning.
        if let warning = notices.entries.first(where: { $0.severity == "WARNING" }) {
            throw PostgresError(
                kind: .commitNotDurable, sqlState: warning.sqlState,
                message: "COMMIT was not confirmed as replicated: \(warning.message)")
        }
    }

    /// A COMMIT whose connection broke before its answer came: sent, so perhaps carried out.
    private static func outcomeUnknown(_ failure: PostgresError) -> PostgresError {
        PostgresError(
            kind: .commitOutcomeUnknown, sqlState: failure.sqlState,
            message: "the connection was lost during COMMIT, which may or may not have taken effect: \(failure.message)"
        )
    }

    /// Ends a transaction left open by a failure; nothing when there is none or the connection
    /// broke (the server ended it then).
    func rollBackIfOpen() {
        guard !isBroken, inTransaction else { return }
        if let result = PQexec(handle, "ROLLBACK") { PQclear(result) }
    }

    /// The pause before a transaction that lost to a concurrent one runs again: two that collided
    /// would collide again at once, so they are spread apart, a little more each attempt.
    static func pauseAfterConflict(attempt: Int) {
        usleep(UInt32.random(in: 1_000...(UInt32(1_000 << min(attempt, 6)))))
    }

    private func prepare(_ sql: String) throws(PostgresError) -> PreparedStatement {
        if let statement = prepared[sql] { return statement }
        let (numbered, count) = SQLPlaceholders.numbered(sql)
        let statement = PreparedStatement(name: "s\(prepared.count + 1)", parameterCount: count)
        let result = PQprepare(handle, statement.name, numbered, Int32(count), nil)
        _ = try rows(of: result, sql: sql)
        prepared[sql] = statement
        return statement
    }

    /// The rows of a result, or the error it reports; clears the result.
    private func rows(of result: OpaquePointer?, sql: String) throws(PostgresError) -> PostgresRows {
        guard let result else { throw connectionLost(sql: sql) }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return PostgresRows(columns: [], rows: [], affectedRows: Int(Self.text(PQcmdTuples(result))) ?? 0)
        case PGRES_TUPLES_OK:
            let columnCount = Int(PQnfields(result))
            let rowCount = Int(PQntuples(result))
            let columns = (0..<columnCount).map { Self.text(PQfname(result, Int32($0))) }
            let types = (0..<columnCount).map { UInt32(PQftype(result, Int32($0))) }
            var rows: [[DatabaseValue]] = []
            rows.reserveCapacity(rowCount)
            for row in 0..<Int32(rowCount) {
                var values: [DatabaseValue] = []
                values.reserveCapacity(columnCount)
                for column in 0..<Int32(columnCount) {
                    if PQgetisnull(result, row, column) != 0 {
                        values.append(.null)
                        continue
                    }
                    let length = Int(PQgetlength(result, row, column))
                    let value = PQgetvalue(result, row, column).withMemoryRebound(to: UInt8.self, capacity: length) {
                        PostgresRows.value(
                            text: UnsafeBufferPointer(start: $0, count: length), type: types[Int(column)])
                    }
                    values.append(value)
                }
                rows.append(values)
            }
            return PostgresRows(columns: columns, rows: rows, affectedRows: 0)
        default:
            throw error(of: result, sql: sql)
        }
    }

    private func error(of result: OpaquePointer, sql: String) -> PostgresError {
        let sqlState = PQresultErrorField(result, CLIBPQ_DIAG_SQLSTATE).map { String(cString: $0) }
        var message = PQresultErrorField(result, CLIBPQ_DIAG_MESSAGE_PRIMARY).map { String(cString: $0) }
        if message == nil { message = Self.text(PQresultErrorMessage(result)) }
        if let detail = PQresultErrorField(result, CLIBPQ_DIAG_MESSAGE_DETAIL).map({ String(cString: $0) }) {
            message = (message ?? "") + " (\(detail))"
        }
        if isBroken {
            return PostgresError(
                kind: .connection, sqlState: sqlState, message: "the connection was lost: \(message ?? "")")
        }
        return PostgresError(sqlState: sqlState, message: message ?? "the statement failed")
    }

    private func connectionLost(sql: String) -> PostgresError {
        PostgresError(kind: .connection, message: "the connection was lost: \(Self.text(PQerrorMessage(handle)))")
    }

    /// A C string from libpq on one line: its lines (a message and its indented hints) joined by
    /// spaces.
    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

extension PostgresConnection: SQLConnection {
    public func execute(_ sql: String, _ arguments: StatementArguments) throws {
        try query(sql, arguments)
    }

    public func fetchAll<T>(_ sql: String, _ arguments: StatementArguments, _ map: (Row) throws -> T) throws -> [T] {
        let rows = try query(sql, arguments)
        return try rows.rows.indices.map { try map(Row(rows, index: $0, sql: sql)) }
    }

    public func fetchOne<T>(_ sql: String, _ arguments: StatementArguments, _ map: (Row) throws -> T) throws -> T? {
        let rows = try query(sql, arguments)
        return try rows.rows.isEmpty ? nil : map(Row(rows, index: 0, sql: sql))
    }
}

/// The notices of one connection, filled by libpq's notice receiver (a C callback, hence a class
/// passed as its context pointer).
final class NoticeLog {
    var entries: [PostgresConnection.Notice] = []
}

/// libpq's notice receiver: keeps the severity, SQLSTATE and message of each notice (at most 64 per
/// statement, so a chatty server cannot grow the log without bound).
private func receiveNotice(_ context: UnsafeMutableRawPointer?, _ result: OpaquePointer?) {
    guard let context, let result else { return }
    let log = Unmanaged<NoticeLog>.fromOpaque(context).takeUnretainedValue()
    guard log.entries.count < 64 else { return }
    func field(_ code: Int32) -> String? { PQresultErrorField(result, code).map { String(cString: $0) } }
    log.entries.append(
        PostgresConnection.Notice(
            severity: field(CLIBPQ_DIAG_SEVERITY_NONLOCALIZED) ?? "NOTICE", sqlState: field(CLIBPQ_DIAG_SQLSTATE),
            message: field(CLIBPQ_DIAG_MESSAGE_PRIMARY) ?? ""))
}

/// Statement arguments in libpq's form: text for every value but blobs, which go in binary (bytea's
/// binary form is the bytes themselves).
private struct Parameters {
    var values: [DatabaseValue]

    init(_ values: [DatabaseValue]) {
        self.values = values
    }

    func withPointers<Result>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> Result
    ) -> Result {
        var buffers: [UnsafeMutableRawPointer?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        defer {
            for buffer in buffers { free(buffer) }
        }
        for value in values {
            switch value {
            case .null:
                buffers.append(nil)
                lengths.append(0)
                formats.append(0)
            case .blob(let data):
                let buffer = malloc(max(1, data.count))
                data.withUnsafeBytes {
                    if let buffer, let base = $0.baseAddress { memcpy(buffer, base, data.count) }
                }
                buffers.append(buffer)
                lengths.append(Int32(data.count))
                formats.append(1)
            default:
                buffers.append(UnsafeMutableRawPointer(strdup(Self.text(of: value))))
                lengths.append(0)
                formats.append(0)
            }
        }
        let pointers = buffers.map { $0.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) } }
        return pointers.withUnsafeBufferPointer { pointerBuffer in
            lengths.withUnsafeBufferPointer { lengthBuffer in
                formats.withUnsafeBufferPointer { formatBuffer in
                    body(pointerBuffer.baseAddress, lengthBuffer.baseAddress, formatBuffer.baseAddress)
                }
            }
        }
    }

    /// A value in PostgreSQL's text input format.
    static func text(of value: DatabaseValue) -> String {
        switch value {
        case .integer(let number): return String(number)
        case .real(let number):
            if number.isNaN { return "NaN" }
            if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
            return "\(number)"
        case .text(let string): return string
        case .null, .blob: return ""
        }
    }
}
