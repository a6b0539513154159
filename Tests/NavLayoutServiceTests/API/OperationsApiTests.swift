import Foundation
import HTTPServer
import NavLayoutService
import Storage
import Testing

@Suite("Operations routes")
struct OperationsApiTests {
    @Test("healthz and readyz answer 200 on a migrated database")
    func healthAndReadiness() async throws {
        try await LiveService.with { service in
            let health = try await service.client.send("GET", "/healthz")
            #expect(health.status == 200)
            #expect(try health.object()["status"] as? String == "ok")
            let ready = try await service.client.send("GET", "/readyz")
            #expect(ready.status == 200)
            #expect(try ready.object()["status"] as? String == "ready")
        }
    }

    @Test("readyz answers 503 problem details once the database holds a migration this binary does not know")
    func notReady() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite")
        let application = try await buildApplication(
            ServiceConfiguration(
                database: .file(path: path), migrationsPath: packageMigrations, adminToken: LiveService.adminToken,
                accessLog: nil))
        let before = await application.http.respond(to: Request(method: .get, target: "/readyz"))
        #expect(before.status == .ok)

        // A newer release migrates the shared file while this one still runs.
        let current = try Migrator(location: .folder(path: packageMigrations)).migrations
        let newer = try Migrator(
            migrations: current + [
                Migration(
                    id: (current.map(\.id).max() ?? 0) + 1, name: "later",
                    sql: "CREATE TABLE later (id INTEGER PRIMARY KEY);")
            ])
        let other = try Database(location: .file(path: path))
        try await other.migrate(newer)

        let after = await application.http.respond(to: Request(method: .get, target: "/readyz"))
        #expect(after.status == .serviceUnavailable)
        #expect(after.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: after.body, as: UTF8.self).contains("not current"))
    }

    @Test("metrics count requests by route pattern and status and expose every family")
    func metrics() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            _ = try await service.client.send("GET", "/v1/profiles/one", token: acme.secret)
            _ = try await service.client.send("GET", "/v1/profiles/two", token: acme.secret)
            let metrics = try await service.client.send("GET", "/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = metrics.text
            #expect(
                text.contains(
                    #"navlayout_http_requests_total{route="/v1/profiles/{name}",method="GET",status="404"} 2"#))
            #expect(text.contains(#"navlayout_http_requests_total{route="/v1/tenants",method="POST",status="201"} 1"#))
            #expect(
                text.contains(
                    #"navlayout_http_request_duration_seconds_bucket{route="/v1/profiles/{name}",le="+Inf"} 2"#))
            #expect(text.contains(#"navlayout_database_duration_seconds_count{operation="profiles.current"} 2"#))
            #expect(text.contains("# TYPE navlayout_solve_duration_seconds histogram"))
            #expect(text.contains("navlayout_solve_duration_seconds_count 0"))
            if !LiveService.onPostgres {  // the counters of SQLite's writer
                #expect(text.contains("# TYPE navlayout_database_commits_total counter"))
                #expect(!text.contains("navlayout_database_commits_total 0"))  // creating the tenant committed
            }
            // The scrape itself is on an open connection.
            #expect(text.contains("navlayout_open_connections 1") || text.contains("navlayout_open_connections 2"))
        }
    }

    @Test("each repository operation the routes call is timed under its own fixed name")
    func databaseOperations() async throws {
        let names = [
            "tenants.create", "tenants.list", "tenants.get", "tenants.export", "tenants.import", "keys.create",
            "keys.list",
            "keys.get", "keys.rotate",
            "keys.revoke", "profiles.put", "profiles.delete", "profiles.current", "profiles.version",
            "profiles.versions", "profiles.list", "profile", "layouts.record", "layouts.get", "layouts.list",
            "layouts.retention", "audit.list", "matrices.record", "matrices.get", "matrices.cells", "diffs.record",
            "diffs.get", "diffs.list", "readyz",
        ]
        #expect(DatabaseOperation.allCases.map(\.rawValue) == names)
        try await LiveService.with { service in
            let client = service.client
            let admin = LiveService.adminToken
            let acme = try await service.createTenant("acme")
            _ = try await client.send("GET", "/v1/tenants", token: admin)
            _ = try await client.send("GET", "/v1/tenants/\(acme.id)", token: admin)
            let issued = try await client.send("POST", "/v1/tenants/\(acme.id)/keys", token: admin).object()
            let keyID = try #require(issued["id"] as? String)
            _ = try await client.send("GET", "/v1/tenants/\(acme.id)/keys", token: admin)
            _ = try await client.send("GET", "/v1/tenants/\(acme.id)/keys/\(keyID)", token: admin)
            _ = try await client.send("POST", "/v1/tenants/\(acme.id)/keys/\(keyID)/rotate", token: admin)
            _ = try await client.send("DELETE", "/v1/tenants/\(acme.id)/keys/\(keyID)", token: admin)

            let delegate = try #require(try Fixtures.object("seed-delegate-guidance.json")["delegate"])
            let profile = try Fixtures.json(["delegate": delegate])
            _ = try await client.send("PUT", "/v1/profiles/driver", token: acme.secret, json: profile)
            _ = try await client.send("GET", "/v1/profiles", token: acme.secret)
            _ = try await client.send("GET", "/v1/profiles/driver", token: acme.secret)
            _ = try await client.send("GET", "/v1/profiles/driver/versions", token: acme.secret)
            _ = try await client.send("GET", "/v1/profiles/driver/versions/1", token: acme.secret)
            var request = try Fixtures.object("seed-delegate-guidance.json")
            request["profile"] = "driver"
            let solved = try await client.send(
                "POST", "/v1/layouts", token: acme.secret, json: try Fixtures.json(request))
            let id = try #require(try solved.object()["id"] as? String, "\(solved.text)")
            _ = try await client.send("GET", "/v1/layouts", token: acme.secret)
            _ = try await client.send("GET", "/v1/layouts/\(id)", token: acme.secret)
            let matrix = try await client.send(
                "POST", "/v1/layouts/matrix", token: acme.secret,
                json: #"{"profile":"driver","matrix":{"devices":["iphone-se-3"],"directions":["ltr"]}}"#)
            let matrixID = try #require(try matrix.object()["id"] as? String)
            _ = try await client.send("GET", "/v1/layouts/matrix/\(matrixID).svg", token: acme.secret)
            let diff = try await client.send(
                "POST", "/v1/diffs", token: acme.secret,
                json:
                    #"{"before":{"profile":"driver"},"after":{"profile":"driver"},"matrix":{"devices":["iphone-se-3"]}}"#
            )
            let diffID = try #require(try diff.object()["id"] as? String, "\(diff.text)")
            _ = try await client.send("GET", "/v1/diffs/\(diffID)", token: acme.secret)
            _ = try await client.send("GET", "/v1/diffs", token: acme.secret)
            _ = try await client.send("GET", "/v1/audit", token: acme.secret)
            _ = try await client.send("DELETE", "/v1/profiles/driver", token: acme.secret)
            let archive = try await client.send("GET", "/v1/admin/tenants/acme/export", token: admin).text
            // Refused (the tenant exists), and timed all the same.
            _ = try await client.send("POST", "/v1/admin/tenants/import", token: admin, json: archive)
            _ = try await client.send("GET", "/readyz")
            try await service.application.retention.runOnce()

            let text = try await client.send("GET", "/metrics").text
            var timed: [String] = []
            for line in text.split(separator: "\n") where line.hasPrefix("navlayout_database_duration_seconds_count") {
                if let open = line.firstIndex(of: "\""),
                    let close = line[line.index(after: open)...].firstIndex(of: "\"")
                {
                    timed.append(String(line[line.index(after: open)..<close]))
                }
            }
            #expect(timed.sorted() == names.sorted())
            // One layout read by the history route, and one more by its picture's route.
            _ = try await client.send("GET", "/v1/layouts/\(id).svg", token: acme.secret)
            let after = try await client.send("GET", "/metrics").text
            #expect(after.contains(#"navlayout_database_duration_seconds_count{operation="layouts.get"} 2"#))
            // The profile read for the layout, the matrix and each side of the diff.
            #expect(after.contains(#"navlayout_database_duration_seconds_count{operation="profile"} 4"#))
        }
    }

    @Test("a suffixed route is counted under its own pattern, not under the plain parameter's")
    func suffixedRouteLabel() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let id = "01jd0000000000000000000000"
            try await service.client.send("GET", "/v1/layouts/\(id).svg", token: acme.secret).expectProblem(404)
            try await service.client.send("GET", "/v1/layouts/\(id)", token: acme.secret).expectProblem(404)
            let text = try await service.client.send("GET", "/metrics").text
            #expect(
                text.contains(
                    #"navlayout_http_requests_total{route="/v1/layouts/{id}.svg",method="GET",status="404"} 1"#))
            #expect(
                text.contains(#"navlayout_http_requests_total{route="/v1/layouts/{id}",method="GET",status="404"} 1"#))
        }
    }

    @Test("the solve histogram counts what the layout routes record")
    func solveHistogram() {
        let metrics = ServiceMetrics()
        metrics.recordSolve(duration: .microseconds(40))
        metrics.recordSolve(duration: .milliseconds(3))
        let text = metrics.exposition()
        #expect(text.contains(#"navlayout_solve_duration_seconds_bucket{le="0.0005"} 1"#))
        #expect(text.contains(#"navlayout_solve_duration_seconds_bucket{le="0.005"} 2"#))
        #expect(text.contains("navlayout_solve_duration_seconds_count 2"))
    }

    @Test("the writer's commits and the writes they held are read from the database when scraped")
    func writerCounters() {
        let metrics = ServiceMetrics()
        #expect(!metrics.exposition().contains("navlayout_database_commits_total"))
        metrics.readWriterStatistics {
            WriterStatistics(
                commits: 3, committedWrites: 7, transactionDuration: .milliseconds(1500),
                commitDuration: .milliseconds(250))
        }
        let text = metrics.exposition()
        #expect(text.contains("navlayout_database_commits_total 3\n"))
        #expect(text.contains("navlayout_database_committed_writes_total 7\n"))
        #expect(text.contains("navlayout_database_transaction_seconds_total 1.5\n"))
        #expect(text.contains("navlayout_database_commit_seconds_total 0.25\n"))
    }

    @Test("the access log writes one JSON line per request with the route pattern and status")
    func accessLog() async throws {
        let sink = InMemoryLogSink()
        try await LiveService.with(
            configure: { $0.accessLog = sink },
            run: { service in
                _ = try await service.client.send("GET", "/v1/profiles/x", headers: ["X-Request-Id": "log-check-1"])
                let line = try #require(sink.lines.first { $0.contains("log-check-1") })
                let entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(entry["route"] as? String == "/v1/profiles/{name}")
                #expect(entry["status"] as? Int == 401)
                #expect(entry["method"] as? String == "GET")
            })
    }

    @Test("an unexpected failure is a 500 problem that names no internals; the error log has the cause", .sqliteOnly)
    func unexpectedFailure() async throws {
        let errors = InMemoryLogSink()
        try await LiveService.with(
            configure: { $0.errorLog = errors },
            run: { service in
                let acme = try await service.createTenant("acme")
                // A database that lost a table under the running service.
                try await #require(service.application.environment.repositories.sqlite).write { connection in
                    try connection.execute("DROP TABLE audit_events")
                }
                let response = try await service.client.send(
                    "GET", "/v1/audit", token: acme.secret, headers: ["X-Request-Id": "boom-1"])
                let problem = try response.expectProblem(500)
                #expect(!response.text.contains("audit_events"))
                #expect((problem["detail"] as? String)?.contains("boom-1") == true)
                let line = try #require(errors.lines.first { $0.contains("boom-1") })
                #expect(line.contains("no such table: audit_events"))
            })
    }
}
