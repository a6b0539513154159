import HTTPServer
import Storage
import Synchronization

/// The service's Prometheus metrics: requests by route pattern, method and status; request latency
/// by route; database time by operation; the writer's commits and the writes they held; layout
/// solve time; open connections.
///
/// Routes are labelled by pattern (`/v1/profiles/{name}`), never by path, so the number of series
/// stays bounded whatever clients send.
public final class ServiceMetrics: Sendable {
    private struct RequestKey: Hashable, Comparable {
        var route: String
        var method: String
        var status: Int

        static func < (lhs: RequestKey, rhs: RequestKey) -> Bool {
            (lhs.route, lhs.method, lhs.status) < (rhs.route, rhs.method, rhs.status)
        }
    }

    private struct State {
        var requests: [RequestKey: Int] = [:]
        var latency: [String: Histogram] = [:]
        var database: [String: Histogram] = [:]
        var solve = Histogram()
    }

    private let state = Mutex(State())
    private let connectionCount = Mutex<(@Sendable () -> Int)?>(nil)
    private let writerStatistics = Mutex<(@Sendable () -> WriterStatistics)?>(nil)

    public init() {}

    /// Records one answered request. `route` is the matched pattern, or nil when nothing matched.
    public func recordRequest(route: String?, method: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route ?? "unmatched", method: method, status: status)
        state.withLock { state in
            state.requests[key, default: 0] += 1
            state.latency[key.route, default: Histogram()].observe(duration.seconds)
        }
    }

    /// Records the time one database operation took (`DatabaseOperation`'s names).
    public func recordDatabase(operation: String, duration: Duration) {
        state.withLock { $0.database[operation, default: Histogram()].observe(duration.seconds) }
    }

    /// Records the time the layout engine took to solve one layout.
    public func recordSolve(duration: Duration) {
        state.withLock { $0.solve.observe(duration.seconds) }
    }

    /// Where the writer's commit counters read from: the service's database.
    public func readWriterStatistics(from source: (@Sendable () -> WriterStatistics)?) {
        writerStatistics.withLock { $0 = source }
    }

    /// Where the open connection gauge reads from: the running server, once it started.
    public func readConnectionCount(from source: (@Sendable () -> Int)?) {
        connectionCount.withLock { $0 = source }
    }

    /// The exposition text. Series are sorted, so two scrapes of the same state are identical.
    public func exposition() -> String {
        let snapshot = state.withLock { $0 }
        let connections = connectionCount.withLock { $0 }?() ?? 0
        var lines: [String] = []
        lines.append("# HELP navlayout_http_requests_total Requests answered, by route pattern, method and status.")
        lines.append("# TYPE navlayout_http_requests_total counter")
        for key in snapshot.requests.keys.sorted() {
            let labels =
                "route=\(PrometheusText.labelValue(key.route)),method=\(PrometheusText.labelValue(key.method)),status=\"\(key.status)\""
            lines.append("navlayout_http_requests_total{\(labels)} \(snapshot.requests[key] ?? 0)")
        }
        lines.append(
            "# HELP navlayout_http_request_duration_seconds Time from a complete request to its response, by route pattern."
        )
        lines.append("# TYPE navlayout_http_request_duration_seconds histogram")
        for route in snapshot.latency.keys.sorted() {
            if let histogram = snapshot.latency[route] {
                lines += histogram.lines(
                    name: "navlayout_http_request_duration_seconds", labels: "route=\(PrometheusText.labelValue(route))"
                )
            }
        }
        lines.append("# HELP navlayout_database_duration_seconds Time spent in database operations, by operation.")
        lines.append("# TYPE navlayout_database_duration_seconds histogram")
        for operation in snapshot.database.keys.sorted() {
            if let histogram = snapshot.database[operation] {
                lines += histogram.lines(
                    name: "navlayout_database_duration_seconds",
                    labels: "operation=\(PrometheusText.labelValue(operation))")
            }
        }
        if let writer = writerStatistics.withLock({ $0 })?() {
            lines.append("# HELP navlayout_database_commits_total Transactions the database writer committed.")
            lines.append("# TYPE navlayout_database_commits_total counter")
            lines.append("navlayout_database_commits_total \(writer.commits)")
            lines.append(
                "# HELP navlayout_database_committed_writes_total Writes acknowledged after a commit; over commits, the mean group size."
            )
            lines.append("# TYPE navlayout_database_committed_writes_total counter")
            lines.append("navlayout_database_committed_writes_total \(writer.committedWrites)")
            lines.append(
                "# HELP navlayout_database_transaction_seconds_total Time the writer spent in grouped transactions, BEGIN to COMMIT's end."
            )
            lines.append("# TYPE navlayout_database_transaction_seconds_total counter")
            lines.append("navlayout_database_transaction_seconds_total \(writer.transactionDuration.seconds)")
            lines.append(
                "# HELP navlayout_database_commit_seconds_total Of that, the time spent in COMMIT (log write and sync)."
            )
            lines.append("# TYPE navlayout_database_commit_seconds_total counter")
            lines.append("navlayout_database_commit_seconds_total \(writer.commitDuration.seconds)")
        }
        lines.append("# HELP navlayout_solve_duration_seconds Time the layout engine spent solving one layout.")
        lines.append("# TYPE navlayout_solve_duration_seconds histogram")
        lines += snapshot.solve.lines(name: "navlayout_solve_duration_seconds", labels: "")
        lines.append("# HELP navlayout_open_connections Client connections open right now.")
        lines.append("# TYPE navlayout_open_connections gauge")
        lines.append("navlayout_open_connections \(connections)")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Duration {
    /// Seconds as a floating-point number, for histograms.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
