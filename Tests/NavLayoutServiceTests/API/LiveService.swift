import DedicatedExecutor
import Foundation
import HTTPServer
import JSON
import NavLayoutService
import Storage
import TestPostgres
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The service built by `buildApplication` and serving on an ephemeral port of 127.0.0.1, with a
/// known admin token, on a database file of its own. `stop()` shuts it down; the folder (and the
/// database) go away with the value unless the test keeps the folder for a restart.
final class LiveService: Sendable {
    static let adminToken = "test-admin-token-0123456789"
    /// Whether the live services keep their data in PostgreSQL (a schema of their own on the server
    /// of `NAVLAYOUT_TEST_POSTGRES`) rather than in a SQLite file: `NAVLAYOUT_TEST_SERVICE_DATABASE=postgres`.
    /// `.ci/run` runs the service's tests both ways.
    static let onPostgres =
        TestPostgres.available && ProcessInfo.processInfo.environment["NAVLAYOUT_TEST_SERVICE_DATABASE"] == "postgres"

    let application: NavLayoutApplication
    let running: RunningService
    let client: LiveClient
    /// The PostgreSQL schema the service's data is in, dropped when the service and its replicas go.
    let postgresSchema: TestPostgres.FreshSchema?

    /// - Parameter replicaOf: a service whose PostgreSQL database this one shares, as replicas
    ///   behind a balancer do; nil for a database of its own. (On SQLite, `databasePath` alone says
    ///   which file.)
    init(
        databasePath: String, replicaOf primary: LiveService? = nil,
        configure: (inout ServiceConfiguration) -> Void = { _ in }
    ) async throws {
        var configuration = ServiceConfiguration(
            server: ServerConfiguration(host: "127.0.0.1", port: 0), database: .file(path: databasePath),
            migrationsPath: packageMigrations, adminToken: Self.adminToken, accessLog: nil)
        configuration.server.eventLoopCount = 1
        // Handlers start without waiting behind the CPU-bound tests beside (see DedicatedExecutor);
        // the client, URLSession, runs on threads of its own.
        configuration.server.handlerExecutor = DedicatedExecutor()
        if let primary {
            postgresSchema = primary.postgresSchema  // nil on SQLite: the replica has `databasePath`
        } else {
            postgresSchema = Self.onPostgres ? try TestPostgres.FreshSchema() : nil
        }
        configuration.postgres = postgresSchema?.url
        configuration.databasePoolSize = 2  // many services at once share the test server's connections
        configure(&configuration)
        application = try await buildApplication(configuration)
        running = try application.start()
        client = LiveClient(port: running.port)
    }

    func stop() async {
        await running.shutdown(gracePeriod: .seconds(2))
    }

    /// Runs `body` against a fresh service on a fresh database, then stops it.
    static func with<T>(_ body: (LiveService) async throws -> T) async throws -> T {
        try await with(configure: { _ in }, run: body)
    }

    /// Runs `body` against a fresh service configured by `configure`, then stops it.
    static func with<T>(
        configure: (inout ServiceConfiguration) -> Void, run body: (LiveService) async throws -> T
    ) async throws -> T {
        let folder = try TemporaryFolder()
        return try await run(
            body, on: try await LiveService(databasePath: folder.file("live.sqlite"), configure: configure))
    }

    /// Runs `body` against a second service on this one's PostgreSQL database (a replica, as behind
    /// a balancer), then stops that one.
    func withReplica<T>(_ body: (LiveService) async throws -> T) async throws -> T {
        let folder = try TemporaryFolder()
        return try await Self.run(
            body, on: try await LiveService(databasePath: folder.file("replica.sqlite"), replicaOf: self))
    }

    /// Runs `body` against `service`, then stops the service, whether `body` threw or not.
    private static func run<T>(_ body: (LiveService) async throws -> T, on service: LiveService) async throws -> T {
        do {
            let result = try await body(service)
            await service.stop()
            return result
        } catch {
            await service.stop()
            throw error
        }
    }

    /// A tenant created through the API, with the secret of its first key.
    func createTenant(_ name: String) async throws -> TenantCredentials {
        let response = try await client.send(
            "POST", "/v1/tenants", token: Self.adminToken, json: #"{"name":\#(jsonStringLiteral(name))}"#)
        try #require(response.status == 201, "creating tenant \(name): \(response.text)")
        let body = try response.object()
        let tenant = try #require(body["tenant"] as? [String: Any])
        let key = try #require(body["key"] as? [String: Any])
        return TenantCredentials(
            id: try #require(tenant["id"] as? String), keyID: try #require(key["id"] as? String),
            secret: try #require(key["secret"] as? String))
    }
}

extension Trait where Self == ConditionTrait {
    /// A test of what only the SQLite backend has: its file, its writer, its backups, a restart on it.
    static var sqliteOnly: Self {
        .enabled(if: !LiveService.onPostgres, "it tests the SQLite file the service keeps its data in")
    }
}

struct TenantCredentials: Sendable {
    let id: String
    let keyID: String
    let secret: String
}

func jsonStringLiteral(_ text: String) -> String {
    let data = try? JSONSerialization.data(withJSONObject: [text], options: [])
    let array = data.flatMap { String(data: $0, encoding: .utf8) } ?? "[\"\"]"
    return String(array.dropFirst().dropLast())
}

/// A small HTTP client on URLSession for the live tests.
struct LiveClient: Sendable {
    let baseURL: String
    private let session: URLSession

    init(port: Int) {
        baseURL = "http://127.0.0.1:\(port)"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 20
        session = URLSession(configuration: configuration)
    }

    func send(
        _ method: String, _ path: String, token: String? = nil, json: String? = nil, headers: [String: String] = [:]
    ) async throws -> LiveResponse {
        let url = try #require(URL(string: baseURL + path), "not a URL: \(path)")
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return LiveResponse(status: http.statusCode, headers: fields, body: data)
    }
}

struct LiveResponse: Sendable {
    let status: Int
    /// Header fields by lower-cased name.
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    func object(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: body)
        return try #require(parsed as? [String: Any], "not a JSON object: \(text)", sourceLocation: sourceLocation)
    }

    func items(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try #require(try object()["items"] as? [[String: Any]], "no items: \(text)", sourceLocation: sourceLocation)
    }

    /// Checks this is an RFC 9457 problem with `status`, and returns its members.
    @discardableResult
    func expectProblem(_ status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(
            self.status == status, "expected \(status), got \(self.status): \(text)", sourceLocation: sourceLocation)
        #expect(
            header("Content-Type") == "application/problem+json", "content type \(header("Content-Type") ?? "none")",
            sourceLocation: sourceLocation)
        #expect(header("X-Request-Id")?.isEmpty == false, sourceLocation: sourceLocation)
        let problem = try object(sourceLocation: sourceLocation)
        #expect(problem["status"] as? Int == status, sourceLocation: sourceLocation)
        #expect(problem["title"] is String, sourceLocation: sourceLocation)
        #expect(problem["type"] is String, sourceLocation: sourceLocation)
        return problem
    }
}
