import Foundation
import HTTPServer
import NavLayoutService
import Storage
import Testing

/// The service on a database whose medium fails: writes answer 507 (full) or 503 with Retry-After
/// (read-only, vanished), never 500; /readyz is not ready from the first such write until one
/// commits again; reads go on; nothing acknowledged is lost.
@Suite("Storage faults over HTTP", .sqliteOnly)
struct StorageFaultApiTests {
    private static let sample = "seed-delegate-guidance.json"

    /// Runs SQL on the writer connection outside any transaction: `max_page_count` and `query_only`
    /// are settings of the connection the writes go through.
    private func onWriter(_ service: LiveService, _ sql: String) async throws {
        try await #require(service.application.environment.repositories.sqlite).writeWithoutTransaction {
            try $0.execute(sql)
        }
    }

    /// Caps the database file at the pages it has now.
    private func fillUp(_ service: LiveService) async throws {
        try await #require(service.application.environment.repositories.sqlite).writeWithoutTransaction { connection in
            let pages = try connection.fetchValue("PRAGMA page_count", as: Int.self) ?? 0
            try connection.execute("PRAGMA max_page_count = \(pages)")
        }
    }

    private func expectNotReady(_ service: LiveService, saying words: String) async throws {
        let ready = try await service.client.send("GET", "/readyz")
        let problem = try ready.expectProblem(503)
        #expect(ready.header("Retry-After") == "5")
        let detail = try #require(problem["detail"] as? String)
        #expect(detail.contains("writes cannot commit"), "\(detail)")
        #expect(detail.contains(words), "\(detail)")
    }

    private func expectReady(_ service: LiveService) async throws {
        let ready = try await service.client.send("GET", "/readyz")
        #expect(ready.status == 200, "\(ready.text)")
    }

    @Test("a full disk answers 507 to writes and 503 on /readyz until there is room, and keeps what it acknowledged")
    func diskFull() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let request = try Fixtures.text(Self.sample)
            let first = try await service.client.send("POST", "/v1/layouts", token: acme.secret, json: request)
            try #require(first.status == 200, "\(first.text)")
            var acknowledged = [try #require(try first.object()["id"] as? String)]

            try await fillUp(service)
            // Small rows can still fit the pages there are; the writes go on until one needs a new page.
            var refusal: LiveResponse?
            for _ in 0..<50 {
                let response = try await service.client.send("POST", "/v1/layouts", token: acme.secret, json: request)
                if response.status != 200 {
                    refusal = response
                    break
                }
                acknowledged.append(try #require(try response.object()["id"] as? String))
            }
            let refused = try #require(refusal, "the capped database took 50 more layouts")
            let problem = try refused.expectProblem(507)
            #expect(refused.header("Retry-After") == nil)
            let detail = try #require(problem["detail"] as? String)
            #expect(detail.contains("full"), "\(detail)")
            #expect(detail.contains("SQLite 13"), "\(detail)")
            try await expectNotReady(service, saying: "full")

            // Reads and solves without a record go on.
            let history = try await service.client.send("GET", "/v1/layouts?limit=100", token: acme.secret)
            #expect(history.status == 200)
            #expect(Set(try history.items().compactMap { $0["id"] as? String }) == Set(acknowledged))
            let unrecorded = try await service.client.send(
                "POST", "/v1/layouts?record=false", token: acme.secret, json: request)
            #expect(unrecorded.status == 200)

            // Room again: the next write commits and the service is ready.
            try await onWriter(service, "PRAGMA max_page_count = 1073741823")
            let after = try await service.client.send("POST", "/v1/layouts", token: acme.secret, json: request)
            try #require(after.status == 200, "\(after.text)")
            acknowledged.append(try #require(try after.object()["id"] as? String))
            try await expectReady(service)
            for id in acknowledged {
                let stored = try await service.client.send("GET", "/v1/layouts/\(id)", token: acme.secret)
                #expect(stored.status == 200, "acknowledged layout \(id) is gone")
            }
        }
    }

    @Test("a database that cannot be written answers 503 with Retry-After to writes while reads go on")
    func readOnly() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let profile = #"{"description":"first"}"#
            let put = try await service.client.send("PUT", "/v1/profiles/driver", token: acme.secret, json: profile)
            try #require(put.status == 201, "\(put.text)")

            try await onWriter(service, "PRAGMA query_only = 1")
            let refused = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: #"{"description":"second"}"#)
            let problem = try refused.expectProblem(503)
            #expect(refused.header("Retry-After") == "5")
            #expect((problem["detail"] as? String)?.contains("cannot be written") == true, "\(refused.text)")
            try await expectNotReady(service, saying: "cannot be written")
            let current = try await service.client.send("GET", "/v1/profiles/driver", token: acme.secret)
            #expect(current.status == 200)
            #expect(try current.object()["description"] as? String == "first")

            try await onWriter(service, "PRAGMA query_only = 0")
            let again = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: #"{"description":"third"}"#)
            #expect(again.status == 200, "\(again.text)")
            try await expectReady(service)
        }
    }

    @Test("a database file deleted under the running service answers 503 and stays not ready, never 500")
    func vanishedFile() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            guard case .file(let path) = try #require(service.application.environment.repositories.sqlite).location
            else {
                Issue.record("the live service runs on a file")
                return
            }
            try FileManager.default.removeItem(atPath: path)

            let refused = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret, json: #"{"description":"lost"}"#)
            let problem = try refused.expectProblem(503)
            #expect(refused.header("Retry-After") == "5")
            let detail = try #require(problem["detail"] as? String)
            #expect(!detail.contains(path), "the detail names no server path: \(detail)")
            try await expectNotReady(service, saying: "cannot be written")
            // The read-only connections fail too (an I/O error), with a 503 and not a 500.
            let read = try await service.client.send("GET", "/v1/profiles", token: acme.secret)
            #expect(read.status == 503 || read.status == 200, "\(read.text)")
            #expect(read.status != 500)
        }
    }
}
