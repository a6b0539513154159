import HTTPServer
import JSON
import Storage

/// Liveness, readiness, metrics and the API description; none needs credentials.
enum OperationsRoutes: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        // The document never changes while the process runs: encoded once.
        let openAPI = JSONWriter().bytes(for: OpenAPIDocument.make())
        return [
            ServiceRoute(.get, "/healthz") { _, _ in
                JSONValue.object([("status", .string("ok"))]).response()
            },
            ServiceRoute(.get, "/readyz") { _, _ in
                await readiness(environment)
            },
            ServiceRoute(.get, "/metrics") { _, _ in
                Response(
                    status: .ok, headers: ["Content-Type": PrometheusText.contentType],
                    body: Array(environment.metrics.exposition().utf8))
            },
            ServiceRoute(.get, "/openapi.json") { _, _ in
                Response.json(openAPI)
            },
        ]
    }

    /// 200 when writes commit, the database answers and its schema is the one this binary expects,
    /// else 503 with the reason in a problem details document. Writes that failed with a storage
    /// fault (disk full, I/O error, read-only or vanished file) keep it at 503 until one commits
    /// again, although reads may still be served meanwhile.
    static func readiness(_ environment: ServiceEnvironment) async -> Response {
        // The database is asked first: on PostgreSQL the answer also tells whether writes would
        // commit again (see `PostgresStore.migrationStatus`), which the failure below reflects.
        let answer: Result<MigrationStatus, any Error>
        do {
            answer = .success(try await environment.repositories.migrationStatus(environment.migrator))
        } catch {
            answer = .failure(error)
        }
        if let failure = environment.repositories.store.writeFailure {
            let count = failure.failedWrites == 1 ? "1 write has" : "\(failure.failedWrites) writes have"
            return ProblemDetails(
                title: HTTPStatus.serviceUnavailable.reasonPhrase, status: 503,
                detail: "writes cannot commit: \(failure.fault) (\(failure.code)); "
                    + "\(count) failed since the last commit"
            ).response(headers: ["Retry-After": "\(StorageFault.retryAfterSeconds)"])
        }
        let status: MigrationStatus
        switch answer {
        case .success(let answered):
            status = answered
        case .failure(let error):
            return ProblemDetails(
                title: HTTPStatus.serviceUnavailable.reasonPhrase, status: 503,
                detail: "the database does not answer: \(error)"
            ).response(headers: ["Retry-After": "5"])
        }
        guard status.isUpToDate else {
            let pending = status.pending.count
            let reasons = status.problems.map(\.description) + (pending > 0 ? ["\(pending) migration(s) pending"] : [])
            return ProblemDetails(
                title: HTTPStatus.serviceUnavailable.reasonPhrase, status: 503,
                detail: "the database schema is not current: \(reasons.joined(separator: "; "))"
            ).response(headers: ["Retry-After": "5"])
        }
        return JSONValue.object([("status", .string("ready")), ("database", .string("ok"))]).response()
    }

}
